/** Type tests of `getMaxRetransmitSlot`: its one overload, a bare slot, and calls that must not compile. */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type CallOptions,
  createRpc,
  type GetMaxRetransmitSlot,
  type GetMaxRetransmitSlotConfig,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getMaxRetransmitSlot', () => {
  it('resolves to a slot number, with or without call options', () => {
    expectTypeOf(rpc.getMaxRetransmitSlot()).toEqualTypeOf<Promise<number>>();
    expectTypeOf(rpc.getMaxRetransmitSlot({})).toEqualTypeOf<Promise<number>>();
    expectTypeOf(rpc.getMaxRetransmitSlot(undefined)).toEqualTypeOf<Promise<number>>();
    const config: GetMaxRetransmitSlotConfig = { timeoutMs: 1_000 };
    expectTypeOf(rpc.getMaxRetransmitSlot(config)).toEqualTypeOf<Promise<number>>();
  });

  it('takes only the call options', () => {
    expectTypeOf<keyof GetMaxRetransmitSlotConfig>().toEqualTypeOf<keyof CallOptions>();
    expectTypeOf(rpc.getMaxRetransmitSlot).toBeCallableWith({ signal: new AbortController().signal });
  });

  it('is the hand-written GetMaxRetransmitSlot on the client', () => {
    expectTypeOf(rpc.getMaxRetransmitSlot).toEqualTypeOf<GetMaxRetransmitSlot>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error agave takes no commitment here
    rpc.getMaxRetransmitSlot({ commitment: 'confirmed' });
    // @ts-expect-error nor minContextSlot
    rpc.getMaxRetransmitSlot({ minContextSlot: 1 });
    // @ts-expect-error no positional arguments
    rpc.getMaxRetransmitSlot(1);
  });
});
