/** Type tests of `getFirstAvailableBlock`: its one overload, a bare slot, and calls that must not compile. */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type CallOptions,
  createRpc,
  type GetFirstAvailableBlock,
  type GetFirstAvailableBlockConfig,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getFirstAvailableBlock', () => {
  it('resolves to a slot number, with or without call options', () => {
    expectTypeOf(rpc.getFirstAvailableBlock()).toEqualTypeOf<Promise<number>>();
    expectTypeOf(rpc.getFirstAvailableBlock({})).toEqualTypeOf<Promise<number>>();
    expectTypeOf(rpc.getFirstAvailableBlock(undefined)).toEqualTypeOf<Promise<number>>();
    const config: GetFirstAvailableBlockConfig = { timeoutMs: 1_000 };
    expectTypeOf(rpc.getFirstAvailableBlock(config)).toEqualTypeOf<Promise<number>>();
  });

  it('takes only the call options', () => {
    expectTypeOf<keyof GetFirstAvailableBlockConfig>().toEqualTypeOf<keyof CallOptions>();
    expectTypeOf(rpc.getFirstAvailableBlock).toBeCallableWith({ signal: new AbortController().signal });
  });

  it('is the hand-written GetFirstAvailableBlock on the client', () => {
    expectTypeOf(rpc.getFirstAvailableBlock).toEqualTypeOf<GetFirstAvailableBlock>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error agave takes no commitment here
    rpc.getFirstAvailableBlock({ commitment: 'confirmed' });
    // @ts-expect-error nor minContextSlot
    rpc.getFirstAvailableBlock({ minContextSlot: 1 });
    // @ts-expect-error no positional arguments
    rpc.getFirstAvailableBlock(1);
  });
});
