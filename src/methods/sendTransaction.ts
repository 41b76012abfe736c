import { decodeBase64 } from '../codecs/base64.js';
import { decodePreflightFailure, PREFLIGHT_FAILURE } from '../decoders/simulation.js';
import { callMethod, defineCustomMethod } from '../defineMethod.js';
import { isSolRpcError } from '../errors/isSolRpcError.js';
import type { RpcError } from '../errors/RpcError.js';
import { sanitizeText } from '../errors/sanitize.js';
import { checkArity } from '../options/check.js';
import { commitment, flag, minContextSlot, prepareConfig, unsigned } from '../options/config.js';
import {
  checkWireTransaction,
  readTransactionLayout,
  type TransactionTextEncoding,
  transactionEncoding,
} from '../options/wireTransaction.js';
import { signature } from '../schemas/address.js';
import { validateResult } from '../schemas/validate.js';
import type { CallOptions, Commitment, ReadonlyUint8Array, Signature } from '../types/index.js';
import type { PreflightFailure } from '../types/simulation.js';

// 1. Config

/** Options of `sendTransaction`. */
export interface SendTransactionConfig extends CallOptions {
  /** How `transaction` is written when it is text: `'base64'` (default) or `'base58'`. solrpc sends base64 either way. */
  encoding?: TransactionTextEncoding;
  /** Send without the node's preflight checks (signatures and a simulation). Default `false`. */
  skipPreflight?: boolean;
  /** The bank the preflight simulation runs against. The node's default: `finalized`. */
  preflightCommitment?: Commitment;
  /** How many times the node re-sends the transaction to leaders; the node's own policy when left out. */
  maxRetries?: number;
  /** Fail with -32016 unless the node has reached this slot (checked before preflight). */
  minContextSlot?: number | bigint;
}

// 2. Result: the transaction's first signature, base58: what identifies it on the network.

// 3. Signature

/** Submits a signed transaction to the cluster through the node. */
export interface SendTransaction {
  /**
   * Sends a signed transaction and resolves to its signature as soon as the node accepts it: that is not
   * confirmation (poll getSignatureStatuses). Sending the same bytes again is safe, because the signature
   * does not change and the network processes a signature at most once. A failed preflight is an
   * `RpcError` with code -32002 whose `data`, narrowed by `isPreflightFailure`, holds the simulation.
   * @example
   * try {
   *   const signature = await rpc.sendTransaction(signedBytes);
   * } catch (error) {
   *   if (isPreflightFailure(error)) console.log(error.data.err, error.data.logs);
   * }
   */
  (transaction: ReadonlyUint8Array | string, config?: SendTransactionConfig): Promise<Signature>;
}

/** A -32002 error of `sendTransaction` whose `data` is the decoded preflight simulation. */
export interface PreflightFailureError extends RpcError {
  readonly code: -32002;
  readonly data: PreflightFailure;
}

/**
 * True when `error` is `sendTransaction`'s -32002 (preflight failure) with its simulation decoded into
 * `error.data`: `err` as `TransactionError`, `logs`, `unitsConsumed`, `returnData` as bytes. Works across
 * duplicate installs of solrpc.
 */
export function isPreflightFailure(error: unknown): error is PreflightFailureError {
  if (!isSolRpcError(error, 'RpcError') || error.code !== -32002) return false;
  const data = error.data as Record<symbol, unknown> | null;
  return typeof data === 'object' && data !== null && data[PREFLIGHT_FAILURE] === true;
}

// 4. Wire config and the -32002 decoder. The transaction always goes as base64, so the wire says so.

const OPTIONS = {
  skipPreflight: flag,
  preflightCommitment: commitment,
  maxRetries: unsigned,
  minContextSlot,
};

// A -32002's data is decoded here, in the method's own code: only an app that sends transactions carries
// the simulation decoder (in the lazily loaded hints module it landed in every app's up-front chunks).

/**
 * A -32002 whose `data` is a simulation result gets it decoded to a `PreflightFailure`, and its message
 * gains the `err` and the last log lines, sanitised and cut (errors/preflightLines.ts, loaded with the
 * first such error; without it the message stays as it is). Other errors, and data that is not a
 * simulation result (a proxy's own), pass as they are.
 */
async function preflightFailureOf(error: unknown): Promise<unknown> {
  if (!isSolRpcError(error, 'RpcError') || error.code !== -32002 || isPreflightFailure(error)) return error;
  const failure = decodePreflightFailure(error.data);
  if (!failure) return error;
  (error as { data: unknown }).data = failure;
  let lines: string[];
  try {
    lines = (await import('../errors/preflightLines.js')).preflightLines(failure, sanitizeText);
  } catch {
    return error;
  }
  const before = error.message;
  error.message = [before, ...lines].join('\n');
  // The stack's first lines repeat the message as it was at construction.
  if (error.stack?.includes(before)) error.stack = error.stack.replace(before, error.message);
  return error;
}

// 5. Definition

/** `sendTransaction`: submits a signed transaction; resolves to its signature. */
export const sendTransaction = /* @__PURE__ */ defineCustomMethod<SendTransaction>({
  name: 'sendTransaction',
  prepare(args, method) {
    checkArity(method, args, 2);
    const { wire, options } = prepareConfig(method, { encoding: transactionEncoding, ...OPTIONS }, args[1]);
    const { encoding, ...rest } = wire;
    const transaction = checkWireTransaction(method, args[0], encoding as TransactionTextEncoding);
    return { params: [transaction, { encoding: 'base64', ...rest }], options };
  },
  // Every check `prepare` makes, then the transaction's layout and signatures (a module loaded with the
  // first transaction, options/wireTransaction.ts), and only then the request; a -32002 is decoded after.
  async run(definition, transport, args, context) {
    const transaction = definition.prepare(args).params[0] as string;
    await readTransactionLayout(definition.name, decodeBase64(transaction) as Uint8Array, true);
    try {
      return await callMethod(definition, transport, args, context);
    } catch (error) {
      // After the hint, which a -32002 takes from the data as sent: the lines go below it, as before.
      throw await preflightFailureOf(error);
    }
  },
  decode: (result, context) => validateResult(context.method, result, signature()),
});
