/**
 * The clients these functions take, proved by types: the full client and the narrow `createRpcWith`
 * ones serve them, and a client whose `sendTransaction` has the signature announced for the method to
 * come (bytes or a string, the node's config) serves `sendAndConfirmTransaction` once it lands.
 */
import { expectTypeOf, test } from 'vitest';
import {
  type ConfirmedTransaction,
  type ConfirmRpc,
  confirmTransaction,
  createRpc,
  createRpcSubscriptions,
  createRpcWith,
  type EstimatePriorityFeeRpc,
  estimatePriorityFee,
  getAccountInfo,
  getBlockHeight,
  getRecentPrioritizationFees,
  getSignatureStatuses,
  getTransaction,
  isBlockhashValid,
  type Rpc,
  type SendAndConfirmRpc,
  sendAndConfirmTransaction,
} from '../../src/index.js';

test('the full client serves confirmation, fee estimates and sending', () => {
  expectTypeOf<Rpc>().toExtend<ConfirmRpc>();
  expectTypeOf<Rpc>().toExtend<EstimatePriorityFeeRpc>();
  expectTypeOf<Rpc>().toExtend<SendAndConfirmRpc>();
});

test('a createRpcWith client with just the methods used serves them', () => {
  const narrow = createRpcWith('http://127.0.0.1:8899', {
    getSignatureStatuses,
    getBlockHeight,
    isBlockhashValid,
    getAccountInfo,
    getTransaction,
  });
  expectTypeOf(confirmTransaction(narrow, 'sig')).toEqualTypeOf<Promise<ConfirmedTransaction>>();
  const fees = createRpcWith('http://127.0.0.1:8899', { getRecentPrioritizationFees });
  expectTypeOf(estimatePriorityFee(fees, { percentile: 75 })).toEqualTypeOf<Promise<bigint>>();
  // Without getTransaction it is not enough: the logs of a failure need it.
  const short = createRpcWith('http://127.0.0.1:8899', { getSignatureStatuses, getBlockHeight });
  // @ts-expect-error missing isBlockhashValid, getAccountInfo and getTransaction
  confirmTransaction(short, 'sig');
});

test('the result and options', () => {
  const rpc = createRpc('http://127.0.0.1:8899');
  expectTypeOf(sendAndConfirmTransaction(rpc, new Uint8Array())).resolves.toEqualTypeOf<ConfirmedTransaction>();
  expectTypeOf<ConfirmedTransaction['commitment']>().toEqualTypeOf<'processed' | 'confirmed' | 'finalized'>();
  // A subscriptions client with signatureSubscribe, and nothing less.
  sendAndConfirmTransaction(rpc, new Uint8Array(), { subscriptions: createRpcSubscriptions('ws://127.0.0.1:8900') });
  // @ts-expect-error no signatureSubscribe
  sendAndConfirmTransaction(rpc, new Uint8Array(), { subscriptions: {} });
});
