/**
 * The reading of a transaction argument's bytes (`sendTransaction`, `simulateTransaction`,
 * `sendAndConfirmTransaction`, `confirmTransaction`), loaded on first use by `readTransactionLayout`
 * (options/wireTransaction.ts). It returns what is wrong rather than throwing a solrpc error, so that it
 * imports nothing the client's entry has (the reason is in codecs/transactionLayout.ts); its caller
 * builds the `InvalidInputError`.
 * @module
 */
import { LayoutFault, readTransaction, type TransactionLayout } from '../codecs/transactionLayout.js';

/** What is wrong with a transaction argument: the `InvalidInputError`'s problem and hint. */
export interface TransactionProblem {
  problem: string;
  hint?: string;
}

/**
 * `bytes` read as one transaction, or why they cannot be sent: not exactly one transaction, or, when
 * `signed`, a signature left all zeros (not signed yet).
 */
export function readCheckedTransaction(
  bytes: Uint8Array,
  signed: boolean,
): { layout: TransactionLayout } | TransactionProblem {
  let layout: TransactionLayout;
  try {
    layout = readTransaction(bytes);
  } catch (error) {
    if (!(error instanceof LayoutFault)) throw error;
    return { problem: `not a transaction: ${error.field} at byte ${error.offset}: ${error.message}` };
  }
  const unsigned = signed ? layout.signatures.findIndex((signature) => signature.every((byte) => byte === 0)) : -1;
  if (unsigned === -1) return { layout };
  return {
    problem: `signature ${unsigned} is all zeros: the transaction is not signed`,
    hint: 'sign it with every required signer first; simulateTransaction takes unsigned transactions.',
  };
}
