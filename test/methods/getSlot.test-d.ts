/** Type tests of `getSlot`: its one overload, its config and calls that must not compile. */
import { describe, expectTypeOf, it } from 'vitest';
import { type CallOptions, type Commitment, createRpc, type GetSlot, type GetSlotConfig } from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getSlot', () => {
  it('resolves to number, with or without a config', () => {
    expectTypeOf(rpc.getSlot()).toEqualTypeOf<Promise<number>>();
    expectTypeOf(rpc.getSlot({})).toEqualTypeOf<Promise<number>>();
    expectTypeOf(rpc.getSlot({ timeoutMs: 500 })).toEqualTypeOf<Promise<number>>();
    const config: GetSlotConfig = { signal: new AbortController().signal };
    expectTypeOf(rpc.getSlot(config)).toEqualTypeOf<Promise<number>>();
  });

  it('takes commitment, minContextSlot and the call options', () => {
    expectTypeOf<GetSlotConfig>().toExtend<CallOptions>();
    expectTypeOf<keyof GetSlotConfig>().toEqualTypeOf<'commitment' | 'minContextSlot' | 'signal' | 'timeoutMs'>();
    expectTypeOf<GetSlotConfig['commitment']>().toEqualTypeOf<Commitment | undefined>();
    expectTypeOf<GetSlotConfig['minContextSlot']>().toEqualTypeOf<number | bigint | undefined>();
    expectTypeOf(rpc.getSlot).toBeCallableWith({ commitment: 'confirmed', minContextSlot: 5n });
  });

  it('is the hand-written GetSlot on the client', () => {
    expectTypeOf(rpc.getSlot).toEqualTypeOf<GetSlot>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error a positional commitment is not accepted
    rpc.getSlot('confirmed');
    // @ts-expect-error commitment levels are fixed
    rpc.getSlot({ commitment: 'recent' });
    // @ts-expect-error a string minContextSlot is rejected
    rpc.getSlot({ minContextSlot: '5' });
    // @ts-expect-error getSlot takes one config at most
    rpc.getSlot({}, {});
  });
});
