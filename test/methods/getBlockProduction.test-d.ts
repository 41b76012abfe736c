/** Type tests of `getBlockProduction`: the config's fields and the counts' tuple type. */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type Address,
  type BlockProduction,
  type BlockProductionResult,
  createRpc,
  type GetBlockProduction,
  type GetBlockProductionConfig,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');
const identity: Address = '8HrMoDGq2CgD3uomED9urHDQBBrB5bf4gsq2kTN1D26d';

describe('getBlockProduction', () => {
  it('resolves to BlockProductionResult, with or without a config', () => {
    expectTypeOf(rpc.getBlockProduction()).toEqualTypeOf<Promise<BlockProductionResult>>();
    const config: GetBlockProductionConfig = { identity, range: { firstSlot: 1n }, commitment: 'confirmed' };
    expectTypeOf(rpc.getBlockProduction(config)).toEqualTypeOf<Promise<BlockProductionResult>>();
    expectTypeOf(rpc.getBlockProduction).toEqualTypeOf<GetBlockProduction>();
  });

  it('gives a [leaderSlots, blocksProduced] pair per identity, possibly absent', () => {
    expectTypeOf<BlockProduction['byIdentity'][string]>().toEqualTypeOf<[number, number]>();
    expectTypeOf<BlockProduction['range']['firstSlot']>().toEqualTypeOf<number>();
    expectTypeOf<BlockProductionResult['value']>().toEqualTypeOf<BlockProduction>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error a range needs its firstSlot
    rpc.getBlockProduction({ range: { lastSlot: 5 } });
    // @ts-expect-error no minContextSlot in agave's RpcBlockProductionConfig
    rpc.getBlockProduction({ minContextSlot: 5 });
  });
});
