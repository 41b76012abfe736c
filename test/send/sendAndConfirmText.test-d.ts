/**
 * sendAndConfirmTransaction's transaction parameter is sendTransaction's: wire bytes or their text, with
 * `encoding` for base58 text; nothing else compiles.
 */
import { expectTypeOf, test } from 'vitest';
import {
  type ConfirmedTransaction,
  createRpc,
  type SendAndConfirmOptions,
  type SendTransaction,
  sendAndConfirmTransaction,
  type TransactionTextEncoding,
} from '../../src/index.js';

const rpc = createRpc('http://127.0.0.1:8899');

test('bytes, base64 text and base58 text with encoding resolve to the confirmed transaction', () => {
  expectTypeOf(sendAndConfirmTransaction(rpc, new Uint8Array(215))).toEqualTypeOf<Promise<ConfirmedTransaction>>();
  expectTypeOf(sendAndConfirmTransaction(rpc, 'AQID')).toEqualTypeOf<Promise<ConfirmedTransaction>>();
  expectTypeOf(sendAndConfirmTransaction(rpc, '4vJ9', { encoding: 'base58' })).toEqualTypeOf<
    Promise<ConfirmedTransaction>
  >();
});

test('the transaction parameter takes what sendTransaction takes', () => {
  expectTypeOf<Parameters<typeof sendAndConfirmTransaction>[1]>().toEqualTypeOf<Parameters<SendTransaction>[0]>();
  expectTypeOf<NonNullable<SendAndConfirmOptions['encoding']>>().toEqualTypeOf<TransactionTextEncoding>();
});

test('anything else is a compile error', () => {
  // @ts-expect-error a number is not a transaction
  sendAndConfirmTransaction(rpc, 42);
  // @ts-expect-error a transaction as a list of numbers is not taken: bytes are a Uint8Array
  sendAndConfirmTransaction(rpc, [1, 2, 3]);
  // @ts-expect-error hex is not an encoding of a transaction
  sendAndConfirmTransaction(rpc, 'AQID', { encoding: 'hex' });
});
