/**
 * The confirmation loop: poll the signature's status and, while it is not found, the transaction's
 * lifetime, under the call's deadline, until it reaches the commitment asked for, fails, or can no longer
 * land.
 * @module
 */
import { isSolRpcError } from '../errors/isSolRpcError.js';
import { TransactionExpiredError } from '../errors/TransactionExpiredError.js';
import { TransactionFailedError } from '../errors/TransactionFailedError.js';
import { ValidationError } from '../errors/ValidationError.js';
import { checkSignatureStatus, type SignatureStatus } from '../methods/getSignatureStatuses.js';
import { onAbort } from '../options/onAbort.js';
import type { SignatureStatusNotification } from '../subscriptions/methods/signatureSubscribe.js';
import type { Commitment } from '../types/index.js';
import { type CallDeadline, callDeadline } from './callDeadline.js';
import type { ConfirmedTransaction, ConfirmRpc, ConfirmSettings, ConfirmSubscriptions } from './confirmOptions.js';
import { checkExpiry, type ExpiryState, type Lifetime } from './lifetime.js';

const RANK: Record<Commitment, number> = { processed: 0, confirmed: 1, finalized: 2 };
const LEVELS: readonly Commitment[] = ['processed', 'confirmed', 'finalized'];
/**
 * The most a read that only adds detail to an outcome already known (a failure's logs, the block height
 * for an expiry error) may hold the call: past it the detail is `null`.
 */
const DETAIL_READ_MS = 5_000;
/**
 * How many slots past the first look that found the lifetime over the ledger is searched before the call
 * says expired: a node can show a status some slots after the block that holds it (a load-balanced pool,
 * a status cache behind its bank), so a transaction that landed in the last slots of its blockhash's life
 * may be absent at the first look. 32 is the depth of finalization: by then the block holding it is
 * finalized, and a node that shows no status for it then is not behind but wrong.
 */
export const STATUS_GRACE_SLOTS = 32;

/** An error the loop outlives: the node busy, behind or unreachable this time. */
function isTransient(error: unknown): boolean {
  return isSolRpcError(error) && error.retryable && error.name !== 'AbortError';
}

/**
 * The confirmation loop. `resend`, when given, is called every `resendIntervalMs` while the signature is
 * not found (sendAndConfirmTransaction's resending), under the call's deadline.
 */
export async function waitForConfirmation(
  rpc: ConfirmRpc,
  signature: string,
  lifetime: Lifetime,
  settings: ConfirmSettings,
  resend?: { intervalMs: number; send: (deadline: CallDeadline) => Promise<void>; lastSentAt: number },
): Promise<ConfirmedTransaction> {
  const { method, commitment, clock, signal } = settings;
  const deadline = callDeadline(settings, signature);
  let reported = -1;
  /** Found by the final check after its lifetime ended: no more expiry checks. */
  let landed = false;
  /** The lifetime was seen over: the ledger is searched until STATUS_GRACE_SLOTS pass, and nothing resent. */
  let overSeen = false;
  let seenOver: Awaited<ReturnType<typeof checkExpiry>> | undefined;
  let lastTransient: unknown;
  const state: ExpiryState = {
    newest: { processed: 0, confirmed: 0, finalized: 0 },
    heightStale: false,
    blockHeight: null,
    firstSlot: null,
    validAt: null,
    overSince: null,
    heldAt: { processed: null, confirmed: null, finalized: null },
    onStale: (lastValidBlockHeight, blockHeight) =>
      settings.onProgress?.({ stage: 'stale-height', signature, lastValidBlockHeight, blockHeight }),
  };

  const notified = notifyWhenReached(settings.subscriptions, signature, commitment, signal);
  /** Runs requests under the deadline; a transient failure comes back as `undefined` and is remembered. */
  const attempt = async <T>(call: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> => {
    try {
      const result = await deadline.run(call);
      lastTransient = undefined;
      return result;
    } catch (error) {
      if (deadline.isOwn(error)) throw deadline.timedOut(lastTransient);
      if (!isTransient(error)) throw error;
      lastTransient = error;
      return undefined;
    }
  };
  /** Reports each level up to `status`'s, once; resolves or rejects once `commitment` is reached. */
  const settle = async (status: SignatureStatus): Promise<ConfirmedTransaction | undefined> => {
    const level = status.confirmationStatus ?? (status.confirmations === null ? 'finalized' : 'processed');
    for (let i = reported + 1; i <= RANK[level]; i++) {
      settings.onProgress?.({ stage: LEVELS[i] as Commitment, signature, slot: status.slot });
      reported = i;
    }
    if (RANK[level] < RANK[commitment]) return undefined;
    if (status.err !== null) {
      throw new TransactionFailedError({
        method,
        signature,
        slot: status.slot,
        err: status.err,
        logs: await logsOf(rpc, signature, commitment, deadline),
      });
    }
    return { signature, slot: status.slot, commitment: level };
  };
  /** A status as the node reported it, checked against its own answer's slot (a client of any make may lie). */
  const statusIn = (answer: { context: { slot: number }; value: (SignatureStatus | null)[] }) => {
    // One status per signature asked: a missing one read as "not found" could end the call as expired.
    if (answer.value.length !== 1) {
      throw new ValidationError({
        method: 'getSignatureStatuses',
        path: 'result.value',
        expected: 'one entry per signature asked (1)',
        received: `${answer.value.length} entries`,
      });
    }
    const status = answer.value[0] ?? null;
    if (status) checkSignatureStatus('getSignatureStatuses', status, answer.context.slot, 'result.value.0');
    state.firstSlot ??= answer.context.slot;
    state.newest.processed = Math.max(state.newest.processed, answer.context.slot);
    return status;
  };

  try {
    return await loop();
  } finally {
    notified.stop();
  }

  async function loop(): Promise<ConfirmedTransaction> {
    for (;;) {
      // A notification only cuts one wait short: the poll that follows it is the one it asked for.
      const afterNotification = notified.value() !== undefined;
      const polled = await attempt((s) => rpc.getSignatureStatuses([signature], { signal: s }));
      let seen = false;
      if (polled) {
        const status = statusIn(polled);
        if (status) {
          seen = true;
          const done = await settle(status);
          if (done) return done;
        }
      }
      if (polled && !seen && !landed) {
        // Once seen over, only the ledger is searched again (the lifetime cannot come back).
        const expiry = overSeen ? seenOver : await attempt((s) => checkExpiry(rpc, lifetime, commitment, state, s));
        if (expiry?.expired) {
          // The last look, in the ledger too: a transaction that landed is never reported as expired.
          const final = await attempt((s) =>
            rpc.getSignatureStatuses([signature], { searchTransactionHistory: true, signal: s }),
          );
          // An answer from a view older than one already seen (another node, behind) proves nothing.
          const newestBefore = Math.max(state.newest.processed, expiry.contextSlot);
          if (final && final.context.slot >= newestBefore) {
            const status = statusIn(final);
            overSeen = true;
            seenOver = expiry;
            const since = state.overSince ?? expiry.contextSlot;
            if (!status && final.context.slot >= since + STATUS_GRACE_SLOTS) {
              throw new TransactionExpiredError({
                method,
                signature,
                blockhash: lifetime.kind === 'nonce' ? lifetime.nonceValue : lifetime.blockhash,
                // A height given that proved wrong (stale, or above the blockhash's own) is not claimed.
                lastValidBlockHeight:
                  lifetime.kind === 'blockhash' && !state.heightStale ? lifetime.lastValidBlockHeight : null,
                blockHeight: expiry.blockHeight ?? (await heightOrNull(rpc, commitment, deadline)),
                nonceAccount: lifetime.kind === 'nonce' ? lifetime.nonceAccount : null,
              });
            }
            if (status) {
              landed = true;
              seen = true;
              const done = await settle(status);
              if (done) return done;
            }
          }
        }
      }
      if (clock.now() >= deadline.at) throw deadline.timedOut(lastTransient);
      if (resend && !seen && !landed && !overSeen && clock.now() - resend.lastSentAt >= resend.intervalMs) {
        await resend.send(deadline);
        resend.lastSentAt = clock.now();
      }
      if (signal?.aborted) throw deadline.aborted();
      // The wait ends at the caller's signal, or at once when the notification arrives (its timer cleared);
      // once a poll has followed it, at the caller's signal only, so a node that never shows what the
      // socket said is polled at the interval, not in a tight loop.
      await clock
        .sleep(
          Math.max(0, Math.min(settings.pollIntervalMs, deadline.at - clock.now())),
          afterNotification ? signal : notified.wake,
        )
        .catch((error) => {
          if (signal?.aborted) throw deadline.aborted();
          if (afterNotification || !notified.value()) throw error;
        });
    }
  }
}

/**
 * Listens for the signature's status over a subscription, beside the poll: `value()` is the status once
 * notified, `wake` aborts then (and with the caller's signal) to cut the poll's wait short, and `stop()`
 * unsubscribes. A subscription that fails (refused, the socket lost) just leaves the poll to do the work.
 */
function notifyWhenReached(
  subscriptions: ConfirmSubscriptions | undefined,
  signature: string,
  commitment: Commitment,
  signal: AbortSignal | undefined,
): { value(): SignatureStatusNotification | undefined; wake: AbortSignal | undefined; stop(): void } {
  if (!subscriptions) return { value: () => undefined, wake: signal, stop: () => undefined };
  let received: SignatureStatusNotification | undefined;
  const stopper = new AbortController();
  const waker = new AbortController();
  const abortAll = () => {
    waker.abort(signal?.reason);
    stopper.abort();
  };
  let stopWaiting: () => void = () => undefined;
  if (signal?.aborted) abortAll();
  else stopWaiting = onAbort(signal, abortAll);
  (async () => {
    const iterator = subscriptions.signatureSubscribe(signature, { commitment, signal: stopper.signal });
    for await (const notification of iterator) {
      received = notification;
      waker.abort();
    }
  })().catch(() => undefined);
  return {
    value: () => received,
    wake: waker.signal,
    stop() {
      stopWaiting();
      stopper.abort();
    },
  };
}

/**
 * The failed transaction's logs, when the node has them within `DETAIL_READ_MS` (and the deadline); `null`
 * otherwise (never an error of its own: the outcome is known).
 */
async function logsOf(
  rpc: ConfirmRpc,
  signature: string,
  commitment: Commitment,
  deadline: CallDeadline,
): Promise<string[] | null> {
  try {
    const found = await deadline.run(
      (signal) =>
        rpc.getTransaction(signature, {
          // getTransaction serves nothing below confirmed.
          commitment: commitment === 'processed' ? 'confirmed' : commitment,
          maxSupportedTransactionVersion: 0,
          signal,
        }),
      DETAIL_READ_MS,
    );
    return found?.meta?.logMessages ?? null;
  } catch (error) {
    if (isSolRpcError(error, 'AbortError') && !deadline.isOwn(error)) throw error;
    return null;
  }
}

async function heightOrNull(rpc: ConfirmRpc, commitment: Commitment, deadline: CallDeadline): Promise<number | null> {
  try {
    return await deadline.run((signal) => rpc.getBlockHeight({ commitment, signal }), DETAIL_READ_MS);
  } catch {
    return null;
  }
}
