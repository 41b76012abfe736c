/** Type tests of `getBlockHeight`: its one overload, its config and calls that must not compile. */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type CallOptions,
  type Commitment,
  createRpc,
  type GetBlockHeight,
  type GetBlockHeightConfig,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getBlockHeight', () => {
  it('resolves to number, with or without a config', () => {
    expectTypeOf(rpc.getBlockHeight()).toEqualTypeOf<Promise<number>>();
    expectTypeOf(rpc.getBlockHeight({})).toEqualTypeOf<Promise<number>>();
    expectTypeOf(rpc.getBlockHeight({ timeoutMs: 500 })).toEqualTypeOf<Promise<number>>();
    const config: GetBlockHeightConfig = { signal: new AbortController().signal };
    expectTypeOf(rpc.getBlockHeight(config)).toEqualTypeOf<Promise<number>>();
  });

  it('takes commitment, minContextSlot and the call options', () => {
    expectTypeOf<GetBlockHeightConfig>().toExtend<CallOptions>();
    expectTypeOf<keyof GetBlockHeightConfig>().toEqualTypeOf<
      'commitment' | 'minContextSlot' | 'signal' | 'timeoutMs'
    >();
    expectTypeOf<GetBlockHeightConfig['commitment']>().toEqualTypeOf<Commitment | undefined>();
    expectTypeOf<GetBlockHeightConfig['minContextSlot']>().toEqualTypeOf<number | bigint | undefined>();
    expectTypeOf(rpc.getBlockHeight).toBeCallableWith({ commitment: 'confirmed', minContextSlot: 5n });
  });

  it('is the hand-written GetBlockHeight on the client', () => {
    expectTypeOf(rpc.getBlockHeight).toEqualTypeOf<GetBlockHeight>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error a positional commitment is not accepted
    rpc.getBlockHeight('confirmed');
    // @ts-expect-error commitment levels are fixed
    rpc.getBlockHeight({ commitment: 'recent' });
    // @ts-expect-error a string minContextSlot is rejected
    rpc.getBlockHeight({ minContextSlot: '5' });
    // @ts-expect-error getBlockHeight takes one config at most
    rpc.getBlockHeight({}, {});
  });
});
