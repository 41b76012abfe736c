/** Type tests of `getGenesisHash`: its one overload, its config and calls that must not compile. */
import { describe, expectTypeOf, it } from 'vitest';
import { type CallOptions, createRpc, type GetGenesisHash, type GetGenesisHashConfig } from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getGenesisHash', () => {
  it('resolves to string, with or without a config', () => {
    expectTypeOf(rpc.getGenesisHash()).toEqualTypeOf<Promise<string>>();
    expectTypeOf(rpc.getGenesisHash({})).toEqualTypeOf<Promise<string>>();
    expectTypeOf(rpc.getGenesisHash({ timeoutMs: 500 })).toEqualTypeOf<Promise<string>>();
    const config: GetGenesisHashConfig = { signal: new AbortController().signal };
    expectTypeOf(rpc.getGenesisHash(config)).toEqualTypeOf<Promise<string>>();
  });

  it('takes the call options only', () => {
    expectTypeOf<GetGenesisHashConfig>().toExtend<CallOptions>();
    expectTypeOf<keyof GetGenesisHashConfig>().toEqualTypeOf<'signal' | 'timeoutMs'>();
  });

  it('is the hand-written GetGenesisHash on the client', () => {
    expectTypeOf(rpc.getGenesisHash).toEqualTypeOf<GetGenesisHash>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error getGenesisHash takes no commitment
    rpc.getGenesisHash({ commitment: 'confirmed' });
    // @ts-expect-error getGenesisHash takes no minContextSlot
    rpc.getGenesisHash({ minContextSlot: 5 });
    // @ts-expect-error getGenesisHash takes one config at most
    rpc.getGenesisHash({}, {});
  });
});
