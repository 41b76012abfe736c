/** Type tests of `minimumLedgerSlot`: its one overload, a bare slot, and calls that must not compile. */
import { describe, expectTypeOf, it } from 'vitest';
import { type CallOptions, createRpc, type MinimumLedgerSlot, type MinimumLedgerSlotConfig } from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('minimumLedgerSlot', () => {
  it('resolves to a slot number, with or without call options', () => {
    expectTypeOf(rpc.minimumLedgerSlot()).toEqualTypeOf<Promise<number>>();
    expectTypeOf(rpc.minimumLedgerSlot({})).toEqualTypeOf<Promise<number>>();
    expectTypeOf(rpc.minimumLedgerSlot(undefined)).toEqualTypeOf<Promise<number>>();
    const config: MinimumLedgerSlotConfig = { timeoutMs: 1_000 };
    expectTypeOf(rpc.minimumLedgerSlot(config)).toEqualTypeOf<Promise<number>>();
  });

  it('takes only the call options', () => {
    expectTypeOf<keyof MinimumLedgerSlotConfig>().toEqualTypeOf<keyof CallOptions>();
    expectTypeOf(rpc.minimumLedgerSlot).toBeCallableWith({ signal: new AbortController().signal });
  });

  it('is the hand-written MinimumLedgerSlot on the client', () => {
    expectTypeOf(rpc.minimumLedgerSlot).toEqualTypeOf<MinimumLedgerSlot>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error agave takes no commitment here
    rpc.minimumLedgerSlot({ commitment: 'confirmed' });
    // @ts-expect-error nor minContextSlot
    rpc.minimumLedgerSlot({ minContextSlot: 1 });
    // @ts-expect-error no positional arguments
    rpc.minimumLedgerSlot(1);
  });
});
