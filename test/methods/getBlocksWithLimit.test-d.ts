/** Type tests of `getBlocksWithLimit`: its one overload, its config and calls that must not compile. */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type CallOptions,
  createRpc,
  type GetBlocksWithLimit,
  type GetBlocksWithLimitConfig,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getBlocksWithLimit', () => {
  it('resolves to number[], with or without a config', async () => {
    expectTypeOf(rpc.getBlocksWithLimit(356139490, 5)).toEqualTypeOf<Promise<number[]>>();
    expectTypeOf(rpc.getBlocksWithLimit(356139490n, 5, { commitment: 'confirmed' })).toEqualTypeOf<Promise<number[]>>();
    const config: GetBlocksWithLimitConfig = { minContextSlot: 1 };
    const slots = await rpc.getBlocksWithLimit(356139490, 5, config);
    expectTypeOf(slots).toEqualTypeOf<number[]>();
  });

  it('config: confirmed or finalized, minContextSlot and the call options', () => {
    expectTypeOf<GetBlocksWithLimitConfig>().toExtend<CallOptions>();
    expectTypeOf<keyof GetBlocksWithLimitConfig>().toEqualTypeOf<
      'commitment' | 'minContextSlot' | 'signal' | 'timeoutMs'
    >();
  });

  it('is the hand-written GetBlocksWithLimit on the client', () => {
    expectTypeOf(rpc.getBlocksWithLimit).toEqualTypeOf<GetBlocksWithLimit>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error the limit is required
    rpc.getBlocksWithLimit(356139490);
    // @ts-expect-error the limit is a number
    rpc.getBlocksWithLimit(356139490, 5n);
    // @ts-expect-error agave refuses processed for block lists
    rpc.getBlocksWithLimit(356139490, 5, { commitment: 'processed' });
  });
});
