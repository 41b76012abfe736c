/**
 * setComputeBudget's types: it takes kit's ReadonlyUint8Array (what its encoders return) and a plain
 * Uint8Array, gives back a Uint8Array, and its options take a number limit and a bigint or number price.
 */
import { getCompiledTransactionMessageEncoder } from '@solana/kit';
import { expectTypeOf, test } from 'vitest';
import { type SetComputeBudgetOptions, setComputeBudget } from '../../src/send/setComputeBudget.js';
import type { ReadonlyUint8Array } from '../../src/types/index.js';

test('bytes in, a Uint8Array out', () => {
  const fromKit = getCompiledTransactionMessageEncoder().encode({} as never);
  expectTypeOf(setComputeBudget(fromKit, { unitLimit: 1 })).toEqualTypeOf<Uint8Array>();
  expectTypeOf(setComputeBudget(new Uint8Array(), { unitPrice: 1n })).toEqualTypeOf<Uint8Array>();
  expectTypeOf(setComputeBudget).parameter(0).toEqualTypeOf<ReadonlyUint8Array>();
  // @ts-expect-error: base64 text is not the message's bytes
  setComputeBudget('AQAB', {});
});

test('options: both optional, the price a bigint or a number, no other key', () => {
  expectTypeOf<SetComputeBudgetOptions>().toEqualTypeOf<{ unitLimit?: number; unitPrice?: bigint | number }>();
  const held: SetComputeBudgetOptions = { unitPrice: 5 };
  setComputeBudget(new Uint8Array(), held);
  // @ts-expect-error: the limit is a number (a u32 at most 1,400,000)
  setComputeBudget(new Uint8Array(), { unitLimit: 1n });
  // @ts-expect-error: a misspelt option
  setComputeBudget(new Uint8Array(), { unitLimt: 1 });
});
