/** Type tests of `getMaxShredInsertSlot`: its one overload, a bare slot, and calls that must not compile. */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type CallOptions,
  createRpc,
  type GetMaxShredInsertSlot,
  type GetMaxShredInsertSlotConfig,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getMaxShredInsertSlot', () => {
  it('resolves to a slot number, with or without call options', () => {
    expectTypeOf(rpc.getMaxShredInsertSlot()).toEqualTypeOf<Promise<number>>();
    expectTypeOf(rpc.getMaxShredInsertSlot({})).toEqualTypeOf<Promise<number>>();
    expectTypeOf(rpc.getMaxShredInsertSlot(undefined)).toEqualTypeOf<Promise<number>>();
    const config: GetMaxShredInsertSlotConfig = { timeoutMs: 1_000 };
    expectTypeOf(rpc.getMaxShredInsertSlot(config)).toEqualTypeOf<Promise<number>>();
  });

  it('takes only the call options', () => {
    expectTypeOf<keyof GetMaxShredInsertSlotConfig>().toEqualTypeOf<keyof CallOptions>();
    expectTypeOf(rpc.getMaxShredInsertSlot).toBeCallableWith({ signal: new AbortController().signal });
  });

  it('is the hand-written GetMaxShredInsertSlot on the client', () => {
    expectTypeOf(rpc.getMaxShredInsertSlot).toEqualTypeOf<GetMaxShredInsertSlot>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error agave takes no commitment here
    rpc.getMaxShredInsertSlot({ commitment: 'confirmed' });
    // @ts-expect-error nor minContextSlot
    rpc.getMaxShredInsertSlot({ minContextSlot: 1 });
    // @ts-expect-error no positional arguments
    rpc.getMaxShredInsertSlot(1);
  });
});
