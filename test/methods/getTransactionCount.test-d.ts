/** Type tests of `getTransactionCount`: its one overload, its config and calls that must not compile. */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type CallOptions,
  type Commitment,
  createRpc,
  type GetTransactionCount,
  type GetTransactionCountConfig,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getTransactionCount', () => {
  it('resolves to bigint, with or without a config', () => {
    expectTypeOf(rpc.getTransactionCount()).toEqualTypeOf<Promise<bigint>>();
    expectTypeOf(rpc.getTransactionCount({})).toEqualTypeOf<Promise<bigint>>();
    expectTypeOf(rpc.getTransactionCount({ timeoutMs: 500 })).toEqualTypeOf<Promise<bigint>>();
    const config: GetTransactionCountConfig = { signal: new AbortController().signal };
    expectTypeOf(rpc.getTransactionCount(config)).toEqualTypeOf<Promise<bigint>>();
  });

  it('takes commitment, minContextSlot and the call options', () => {
    expectTypeOf<GetTransactionCountConfig>().toExtend<CallOptions>();
    expectTypeOf<keyof GetTransactionCountConfig>().toEqualTypeOf<
      'commitment' | 'minContextSlot' | 'signal' | 'timeoutMs'
    >();
    expectTypeOf<GetTransactionCountConfig['commitment']>().toEqualTypeOf<Commitment | undefined>();
    expectTypeOf<GetTransactionCountConfig['minContextSlot']>().toEqualTypeOf<number | bigint | undefined>();
    expectTypeOf(rpc.getTransactionCount).toBeCallableWith({ commitment: 'confirmed', minContextSlot: 5n });
  });

  it('is the hand-written GetTransactionCount on the client', () => {
    expectTypeOf(rpc.getTransactionCount).toEqualTypeOf<GetTransactionCount>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error a positional commitment is not accepted
    rpc.getTransactionCount('confirmed');
    // @ts-expect-error commitment levels are fixed
    rpc.getTransactionCount({ commitment: 'recent' });
    // @ts-expect-error a string minContextSlot is rejected
    rpc.getTransactionCount({ minContextSlot: '5' });
    // @ts-expect-error getTransactionCount takes one config at most
    rpc.getTransactionCount({}, {});
  });
});
