/** Type tests of `getBlockTime`: its one overload, its config (call options only) and calls that must not compile. */
import { describe, expectTypeOf, it } from 'vitest';
import { type CallOptions, createRpc, type GetBlockTime, type GetBlockTimeConfig } from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getBlockTime', () => {
  it('resolves to number | null for a number or bigint slot, with or without call options', async () => {
    expectTypeOf(rpc.getBlockTime(356139500)).toEqualTypeOf<Promise<number | null>>();
    expectTypeOf(rpc.getBlockTime(356139500n)).toEqualTypeOf<Promise<number | null>>();
    expectTypeOf(rpc.getBlockTime(0, { timeoutMs: 500 })).toEqualTypeOf<Promise<number | null>>();
    const slot: number | bigint = BigInt(Date.now());
    const config: GetBlockTimeConfig = { signal: new AbortController().signal };
    expectTypeOf(rpc.getBlockTime(slot, config)).toEqualTypeOf<Promise<number | null>>();
    const seconds = await rpc.getBlockTime(slot);
    expectTypeOf(seconds).toEqualTypeOf<number | null>();
  });

  it('takes the call options only', () => {
    expectTypeOf<GetBlockTimeConfig>().toExtend<CallOptions>();
    expectTypeOf<keyof GetBlockTimeConfig>().toEqualTypeOf<'signal' | 'timeoutMs'>();
  });

  it('is the hand-written GetBlockTime on the client', () => {
    expectTypeOf(rpc.getBlockTime).toEqualTypeOf<GetBlockTime>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error the slot is required
    rpc.getBlockTime();
    // @ts-expect-error a slot is a number or bigint, not a string
    rpc.getBlockTime('356139500');
    // @ts-expect-error agave takes no commitment for getBlockTime
    rpc.getBlockTime(356139500, { commitment: 'confirmed' });
    // @ts-expect-error nor a minContextSlot
    rpc.getBlockTime(356139500, { minContextSlot: 1 });
  });
});
