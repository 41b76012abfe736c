/**
 * Send, resend and confirm a signed transaction over HTTP. `sendTransaction` is declared here by the shape
 * this needs, so any client with such a method serves.
 * @module
 */
import { encodeBase58 } from '../codecs/base58.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { isSolRpcError } from '../errors/isSolRpcError.js';
import { checkCommitment } from '../options/check.js';
import {
  readTransactionLayout,
  readWireTransaction,
  type TransactionTextEncoding,
  transactionEncoding,
} from '../options/wireTransaction.js';
import type { Commitment, ReadonlyUint8Array } from '../types/index.js';
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
  /** How `transaction` is written when it is text: `'base64'` (default) or `'base58'`, as `sendTransaction` takes it. */
  encoding?: TransactionTextEncoding;
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
 * Sends a signed transaction, given as wire bytes or as their base64 text (base58 with `encoding:
 * 'base58'`), as `sendTransaction` takes it, and waits until it reaches `commitment` (default
 * `'confirmed'`). Bytes that are not one signed transaction of at most 1,232 bytes are refused before any
 * request, with an `InvalidInputError` naming this function and `transaction`. Its lifetime
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
 * loop retries, and a preflight that refuses the lifetime (`BlockhashNotFound`, `AlreadyProcessed`): a node
 * behind the blockhash or nonce says so too, so the bytes are sent again without preflight at the first
 * poll, and the loop's own checks decide (a blockhash no node knows ends as expired, a blockhash's life
 * past the call's start).
 * @example
 * const bytes = getTransactionEncoder().encode(signedTransaction); // @solana/kit
 * const { slot } = await sendAndConfirmTransaction(rpc, bytes, { lastValidBlockHeight });
 */
export async function sendAndConfirmTransaction(
  rpc: SendAndConfirmRpc,
  transaction: ReadonlyUint8Array | string,
  options: SendAndConfirmOptions = {},
): Promise<ConfirmedTransaction> {
  const method = 'sendAndConfirmTransaction';
  const settings = checkConfirmOptions(method, options);
  const encoding = transactionEncoding(method, 'options.encoding', options.encoding ?? 'base64');
  // The checks sendTransaction makes, here, so that a refusal names this call; text is sent as its bytes.
  const bytes = readWireTransaction(method, transaction, encoding as TransactionTextEncoding);
  // One deadline for the whole call, from its start: the reader of transactions, loaded on first use, is
  // waited for under it too.
  let signature = 'not yet read';
  const deadline = callDeadline(settings, () => signature);
  const layout = await deadline.run(() => readTransactionLayout(method, bytes, true));
  signature = encodeBase58(layout.signatures[0] as Uint8Array);
  const lifetime = lifetimeOf(method, layout, options.lastValidBlockHeight);
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

  // The first send, under the call's deadline: its errors reject, except the transient ones and a preflight
  // that does not know the lifetime, after which the loop resends.
  let sent = false;
  /** The first send's preflight refused the blockhash or nonce: resent at the first poll, without preflight. */
  let refusedLifetime = false;
  try {
    await deadline.run((signal) =>
      rpc.sendTransaction(bytes, {
        skipPreflight: options.skipPreflight ?? false,
        preflightCommitment,
        maxRetries: 0,
        signal,
      }),
    );
    sent = true;
  } catch (error) {
    if (deadline.isOwn(error)) throw error;
    // A preflight bank without the blockhash or nonce (BlockhashNotFound) may be the node's, behind the one
    // the app read it from (a failover list, a load-balanced pool): no proof that the transaction cannot
    // land, which only the loop's fresh views give. AlreadyProcessed: it is in the ledger, and the loop finds it.
    const err = preflightErrOf(error);
    if (err === 'BlockhashNotFound' || err === 'AlreadyProcessed') refusedLifetime = true;
    else if (!(isSolRpcError(error) && error.retryable && error.name !== 'AbortError')) throw error;
  }
  if (sent) settings.onProgress?.({ stage: 'sent', signature });

  let resends = 0;
  const resend = {
    intervalMs: resendIntervalMs,
    lastSentAt: refusedLifetime ? Number.NEGATIVE_INFINITY : clock.now(),
    async send(bounded: CallDeadline) {
      try {
        await bounded.run((signal) => rpc.sendTransaction(bytes, { skipPreflight: true, maxRetries: 0, signal }));
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

/** The runtime error of a preflight refusal (-32002), as the node named it (`"BlockhashNotFound"`). */
function preflightErrOf(error: unknown): unknown {
  if (!isSolRpcError(error, 'RpcError') || error.code !== -32002) return undefined;
  const { data } = error;
  return typeof data === 'object' && data !== null ? (data as { err?: unknown }).err : undefined;
}
