/** Type tests of `getBlocks`: its two overloads (a config second, or an end slot then a config), configs in variables, and calls that must not compile. */
import { describe, expectTypeOf, it } from 'vitest';
import { type CallOptions, createRpc, type GetBlocks, type GetBlocksConfig } from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getBlocks', () => {
  it('resolves to number[] in each of the four call forms', async () => {
    expectTypeOf(rpc.getBlocks(356139490)).toEqualTypeOf<Promise<number[]>>();
    expectTypeOf(rpc.getBlocks(356139490, 356139500)).toEqualTypeOf<Promise<number[]>>();
    expectTypeOf(rpc.getBlocks(356139490n, { commitment: 'confirmed' })).toEqualTypeOf<Promise<number[]>>();
    expectTypeOf(rpc.getBlocks(356139490, 356139500n, { commitment: 'finalized' })).toEqualTypeOf<Promise<number[]>>();
    const slots = await rpc.getBlocks(356139490, 356139500);
    expectTypeOf(slots).toEqualTypeOf<number[]>();
  });

  it('accepts an end and a config held in variables, the end possibly undefined', () => {
    const end = (Date.now() % 2 === 0 ? 356139500 : undefined) as number | bigint | undefined;
    const config: GetBlocksConfig = { minContextSlot: 356139600n };
    expectTypeOf(rpc.getBlocks(356139490, end, config)).toEqualTypeOf<Promise<number[]>>();
    expectTypeOf(rpc.getBlocks(356139490, config)).toEqualTypeOf<Promise<number[]>>();
  });

  it('config: confirmed or finalized, minContextSlot and the call options', () => {
    expectTypeOf<GetBlocksConfig>().toExtend<CallOptions>();
    expectTypeOf<keyof GetBlocksConfig>().toEqualTypeOf<'commitment' | 'minContextSlot' | 'signal' | 'timeoutMs'>();
    expectTypeOf<GetBlocksConfig['commitment']>().toEqualTypeOf<'confirmed' | 'finalized' | undefined>();
  });

  it('is the hand-written GetBlocks on the client', () => {
    expectTypeOf(rpc.getBlocks).toEqualTypeOf<GetBlocks>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error the start slot is required
    rpc.getBlocks();
    // @ts-expect-error slots are numbers or bigints
    rpc.getBlocks('356139490');
    // @ts-expect-error agave refuses processed for block lists
    rpc.getBlocks(356139490, { commitment: 'processed' });
    // @ts-expect-error a config second takes no third argument
    rpc.getBlocks(356139490, { commitment: 'confirmed' }, { commitment: 'confirmed' });
    // @ts-expect-error getBlocks has no limit option
    rpc.getBlocks(356139490, { limit: 10 });
  });
});
