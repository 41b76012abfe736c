/** Type tests of `getIdentity`: its one overload, its config and calls that must not compile. */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type CallOptions,
  createRpc,
  type GetIdentity,
  type GetIdentityConfig,
  type NodeIdentity,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getIdentity', () => {
  it('resolves to NodeIdentity, with or without a config', () => {
    expectTypeOf(rpc.getIdentity()).toEqualTypeOf<Promise<NodeIdentity>>();
    expectTypeOf(rpc.getIdentity({})).toEqualTypeOf<Promise<NodeIdentity>>();
    expectTypeOf(rpc.getIdentity({ timeoutMs: 500 })).toEqualTypeOf<Promise<NodeIdentity>>();
    const config: GetIdentityConfig = { signal: new AbortController().signal };
    expectTypeOf(rpc.getIdentity(config)).toEqualTypeOf<Promise<NodeIdentity>>();
  });

  it('takes the call options only', () => {
    expectTypeOf<GetIdentityConfig>().toExtend<CallOptions>();
    expectTypeOf<keyof GetIdentityConfig>().toEqualTypeOf<'signal' | 'timeoutMs'>();
  });

  it('is the hand-written GetIdentity on the client', () => {
    expectTypeOf(rpc.getIdentity).toEqualTypeOf<GetIdentity>();
  });

  it('gives { identity }, not a bare string', () => {
    expectTypeOf<NodeIdentity>().toEqualTypeOf<{ identity: string }>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error getIdentity takes no commitment
    rpc.getIdentity({ commitment: 'confirmed' });
    // @ts-expect-error getIdentity takes no minContextSlot
    rpc.getIdentity({ minContextSlot: 5 });
    // @ts-expect-error getIdentity takes one config at most
    rpc.getIdentity({}, {});
  });
});
