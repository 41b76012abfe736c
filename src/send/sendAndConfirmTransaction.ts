/**
 * Send, resend and confirm a signed transaction over HTTP. `sendTransaction` is declared here by the shape
 * this needs, so any client with such a method serves.
 * @module
 */
import { decodeTransaction } from '../codecs/transaction.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { isSolRpcError } from '../errors/isSolRpcError.js';
import { checkCommitment } from '../options/check.js';
import type { Commitment } from '../types/index.js';
import { type CallDeadline, callDeadline } from './callDeadline.js';
import {
  type ConfirmedTransaction,
  type ConfirmOptionsBase,
  type ConfirmRpc,
  checkConfirmOptions,
  lifetimeOf,
  waitForConfirmation,
} from './confirmTransaction.js';

/** The `sendTransaction` config this sends: the node's fields, plus the per-call ones. */
export interface SendTransactionOptions {
  /** Skip the node's simulation before it forwards the transaction. */
  skipPreflight?: boolean;
  /** The commitment the simulation runs at. */
  preflightCommitment?: Commitment;
  /** How many times the node itself resends; always 0 here, as this function resends. */
  maxRetries?: number;
  /** Milliseconds one request may take. */
  timeoutMs?: number;
  /** Cancels the request. */
  signal?: AbortSignal;
}

/** What `sendAndConfirmTransaction` calls: the confirmation methods and `sendTransaction`. */
export interface SendAndConfirmRpc extends ConfirmRpc {
  /** Sends signed wire bytes; resolves with the transaction's first signature. */
  sendTransaction(transaction: Uint8Array, config?: SendTransactionOptions): Promise<string>;
}

/** Options of `sendAndConfirmTransaction`. */
export interface SendAndConfirmOptions extends ConfirmOptionsBase {
  /** Skip the node's simulation of the first send (resends always skip it). Default false. */
  skipPreflight?: boolean;
  /**
   * The commitment the first send's simulation runs at. Default `'confirmed'` (`'processed'` when that is
   * the commitment awaited): never `'finalized'` by default, whose bank does not yet know a blockhash read
   * at `'confirmed'`.
   */
  preflightCommitment?: Commitment;
  /** Milliseconds between resends of the same bytes while the signature is not found. Default 2000. */
  resendIntervalMs?: number;
}

/**
 * Sends a signed transaction and waits until it reaches `commitment` (default `'confirmed'`). Its lifetime
 * is read from its own bytes: its blockhash (with `lastValidBlockHeight` when given, compared with the
 * block height; `isBlockhashValid` otherwise), or, when its first instruction is AdvanceNonceAccount, the
 * nonce account's stored value. While the signature is not found, the same bytes are sent again every
 * `resendIntervalMs`, with `maxRetries: 0` and `skipPreflight: true` (the first send asks the node for no
 * retries either: this loop does them); a resend's failure is ignored, the next poll tells.
 *
 * Outcomes as `confirmTransaction`: `{ signature, slot, commitment }`, `TransactionFailedError`,
 * `TransactionExpiredError` (never while the transaction may have landed), `AbortError`, `TimeoutError`.
 * The first send's errors reject as they come (a preflight failure is the node's -32002 `RpcError`, its
 * `data` holding `err` and `logs`), except transient ones (429, -32005, timeouts, network), which the
 * loop retries.
 * @example
 * const bytes = getTransactionEncoder().encode(signedTransaction); // @solana/kit
 * const { slot } = await sendAndConfirmTransaction(rpc, bytes, { lastValidBlockHeight });
 */
export async function sendAndConfirmTransaction(
  rpc: SendAndConfirmRpc,
  transaction: Uint8Array,
  options: SendAndConfirmOptions = {},
): Promise<ConfirmedTransaction> {
  const method = 'sendAndConfirmTransaction';
  const settings = checkConfirmOptions(method, options);
  if (!(transaction instanceof Uint8Array)) {
    throw new InvalidInputError({
      method,
      param: 'transaction',
      problem: 'expected the signed wire bytes, a Uint8Array',
    });
  }
  const decoded = decodeTransaction(transaction);
  const signature = decoded.signatures[0] as string;
  if (/^1+$/.test(signature)) {
    throw new InvalidInputError({ method, param: 'transaction', problem: 'it is not signed by its fee payer' });
  }
  const lifetime = lifetimeOf(method, transaction, options.lastValidBlockHeight);
  const resendIntervalMs = options.resendIntervalMs ?? 2000;
  if (typeof resendIntervalMs !== 'number' || !Number.isFinite(resendIntervalMs) || resendIntervalMs < 0) {
    throw new InvalidInputError({
      method,
      param: 'options.resendIntervalMs',
      problem: 'expected a non-negative number of milliseconds',
    });
  }
  // Not `finalized` even when that is the commitment awaited: a blockhash read at `confirmed` (as usual) is
  // not yet known to the finalized bank, and the simulation would refuse it as BlockhashNotFound.
  const preflightCommitment =
    checkCommitment(method, options.preflightCommitment, 'options.preflightCommitment') ??
    (settings.commitment === 'processed' ? 'processed' : 'confirmed');
  const { clock } = settings;
  const deadline = callDeadline(settings, signature);

  // The first send, under the call's deadline: its errors reject, except the transient ones, after which
  // the loop resends.
  let sent = false;
  try {
    await deadline.run((signal) =>
      rpc.sendTransaction(transaction, {
        skipPreflight: options.skipPreflight ?? false,
        preflightCommitment,
        maxRetries: 0,
        signal,
      }),
    );
    sent = true;
  } catch (error) {
    if (deadline.isOwn(error)) throw error;
    if (!(isSolRpcError(error) && error.retryable && error.name !== 'AbortError')) throw error;
  }
  if (sent) settings.onProgress?.({ stage: 'sent', signature });

  let resends = 0;
  const resend = {
    intervalMs: resendIntervalMs,
    lastSentAt: clock.now(),
    async send(bounded: CallDeadline) {
      try {
        await bounded.run((signal) => rpc.sendTransaction(transaction, { skipPreflight: true, maxRetries: 0, signal }));
      } catch (error) {
        if (isSolRpcError(error, 'AbortError') || bounded.isOwn(error)) throw error;
        // Ignored: a node busy or already holding it; the next poll tells where the transaction stands.
        return;
      }
      if (!sent) {
        sent = true;
        settings.onProgress?.({ stage: 'sent', signature });
      } else {
        resends++;
        settings.onProgress?.({ stage: 'resent', signature, count: resends });
      }
    },
  };
  return waitForConfirmation(rpc, signature, lifetime, settings, resend);
}
