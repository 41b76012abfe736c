/**
 * Confirmation over HTTP: poll the signature's status and the transaction's lifetime until it reaches the
 * commitment asked for, fails, or can no longer land. Built only on public methods and taking the client
 * as an argument, so an app that never confirms carries none of it.
 * @module
 */

import { encodeBase58 } from '../codecs/base58.js';
import { decodeBase58 } from '../codecs/base58Text.js';
import { decodeTransaction } from '../codecs/transaction.js';
import type { RpcWith } from '../createRpc.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { isSolRpcError } from '../errors/isSolRpcError.js';
import { TransactionExpiredError } from '../errors/TransactionExpiredError.js';
import { TransactionFailedError } from '../errors/TransactionFailedError.js';
import { ValidationError } from '../errors/ValidationError.js';
import type { getAccountInfo } from '../methods/getAccountInfo.js';
import type { getBlockHeight } from '../methods/getBlockHeight.js';
import {
  checkSignatureStatus,
  type getSignatureStatuses,
  type SignatureStatus,
} from '../methods/getSignatureStatuses.js';
import type { getTransaction } from '../methods/getTransaction.js';
import type { isBlockhashValid } from '../methods/isBlockhashValid.js';
import { checkAddress, checkCommitment, checkHash, checkSignature } from '../options/check.js';
import type { SignatureStatusNotification, SignatureSubscribe } from '../subscriptions/methods/signatureSubscribe.js';
import { onAbort } from '../transport/onAbort.js';
import { realClock } from '../transport/retry.js';
import type { Address, Commitment } from '../types/index.js';
import { type CallDeadline, callDeadline } from './callDeadline.js';

/** The methods confirmation calls: a full `createRpc` client, or `createRpcWith` with just these five. */
export type ConfirmRpc = RpcWith<{
  /** Polled for the signature's status; once more with `searchTransactionHistory` before any expiry. */
  getSignatureStatuses: typeof getSignatureStatuses;
  /** Compared with `lastValidBlockHeight`, when it is given, to know when to ask `isBlockhashValid`. */
  getBlockHeight: typeof getBlockHeight;
  /** The only word on a blockhash's expiry: asked while the signature is not found. */
  isBlockhashValid: typeof isBlockhashValid;
  /** Reads a durable nonce account's stored value. */
  getAccountInfo: typeof getAccountInfo;
  /** Fetches a failed transaction's logs. */
  getTransaction: typeof getTransaction;
}>;

/** What confirmation needs of a subscriptions client: `signatureSubscribe`. */
export interface ConfirmSubscriptions {
  /** Subscribed to the signature at the commitment awaited, beside the poll. */
  signatureSubscribe: SignatureSubscribe;
}

/** Virtual or real time: `Date.now` and `setTimeout` by default; inject a fake to test without waiting. */
export interface ConfirmClock {
  /** Milliseconds since some fixed point. */
  now(): number;
  /** Waits `ms`; rejects (with any error) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * What `onProgress` is told: `sent` once, `resent` any number of times, then each commitment reached, in
 * that order; `stale-height` at most once, whenever it is found.
 */
export type ConfirmProgress =
  | {
      /** The first send was accepted by the node. */
      stage: 'sent';
      /** The transaction's first signature. */
      signature: string;
    }
  | {
      /** The same bytes were sent again (`count` resends so far). */
      stage: 'resent';
      /** The transaction's first signature. */
      signature: string;
      /** Resends so far, from 1. */
      count: number;
    }
  | {
      /**
       * The block height passed the `lastValidBlockHeight` given, yet the node still accepts the
       * transaction's blockhash: the height given was lower than the blockhash's own (kept from an older
       * blockhash, say). The call goes on, asking `isBlockhashValid` alone.
       */
      stage: 'stale-height';
      /** The transaction's first signature. */
      signature: string;
      /** The height given in the options. */
      lastValidBlockHeight: number;
      /** The block height seen past it. */
      blockHeight: number;
    }
  | {
      /** The commitment the transaction has reached; each is reported once, lower ones first. */
      stage: Commitment;
      /** The transaction's first signature. */
      signature: string;
      /** The slot of the block that holds it. */
      slot: number;
    };

/** Options both `confirmTransaction` and `sendAndConfirmTransaction` take. */
export interface ConfirmOptionsBase {
  /** The commitment to wait for. Default `'confirmed'`. */
  commitment?: Commitment;
  /**
   * The last block height at which the transaction can land, as `getLatestBlockhash` returned it with the
   * blockhash the transaction was signed on. It only says when to ask: `isBlockhashValid` is asked once
   * `getBlockHeight` has passed it (left out, at every poll), and only the node's `false` ends the call as
   * expired, so a height that is wrong never makes a false expiry: one too low (kept from an older
   * blockhash) is told as `stale-height` to `onProgress`; one too high delays the asking at most until the
   * chain is a blockhash's life (150 slots) past the call's start. The expiry error then has
   * `lastValidBlockHeight: null`. Needs the blockhash (`transaction` or `blockhash`). Ignored for
   * durable-nonce transactions.
   */
  lastValidBlockHeight?: number;
  /** Milliseconds between status polls. Default 500. */
  pollIntervalMs?: number;
  /**
   * The most milliseconds the whole call may take (more than 0), a request in flight included (it is aborted); it then
   * rejects with `TimeoutError` (the transaction may still land). Default 300,000: longer than a blockhash
   * lives (150 blocks, about 60-90 s) plus finalization, so it only ends calls that expiry cannot end: a
   * durable nonce that never advances, a node that stays unreachable, silent or behind.
   */
  timeoutMs?: number;
  /** Cancels the call; it then rejects with `AbortError`. The transaction may still land. */
  signal?: AbortSignal;
  /** Told of each step (sent, resent, processed, confirmed, finalized). A callback that throws ends the call with its error. */
  onProgress?: (event: ConfirmProgress) => void;
  /**
   * Time for the waits; inject a fake to test on virtual time. A request in flight is bounded by a real
   * timer of the time left, since a virtual clock does not move while a request is pending.
   */
  clock?: ConfirmClock;
  /**
   * A subscriptions client (`createRpcSubscriptions(wsUrl)`, or one with `signatureSubscribe` only): its
   * `signatureSubscribe` notification cuts the wait for the next poll short, so the answer comes as soon
   * as the node notifies rather than at the next poll. It only changes the speed: the outcome is always a
   * status read over HTTP (checked against its answer, with the block's slot), never the notification's
   * word, so a socket that fails, never notifies, or notifies what did not happen changes nothing else.
   */
  subscriptions?: ConfirmSubscriptions;
}

/** Options of `confirmTransaction`: how to tell when the transaction has expired, besides the shared ones. */
export interface ConfirmTransactionOptions extends ConfirmOptionsBase {
  /**
   * The signed transaction's wire bytes: its blockhash, or its durable nonce account, are read from them.
   * The surest source; `blockhash` and `nonceAccount` are for when the bytes are not at hand.
   */
  transaction?: Uint8Array;
  /** The blockhash (or, with `nonceAccount`, the nonce value) the transaction was signed on. */
  blockhash?: string;
  /** The durable nonce account the transaction advances; `blockhash` is then the nonce value it used. */
  nonceAccount?: Address;
}

/** Where a confirmed transaction stands. */
export interface ConfirmedTransaction {
  /** The transaction's first signature. */
  signature: string;
  /** The slot of the block that holds it. */
  slot: number;
  /** The commitment it reached: at least the one asked for. */
  commitment: Commitment;
}

/** How a transaction's lifetime ends: what the loop checks once the signature is not found. */
export type Lifetime =
  | { kind: 'blockhash'; blockhash: string | null; lastValidBlockHeight: number | null }
  | { kind: 'nonce'; nonceAccount: string; nonceValue: string };

/** Settings after checking, shared with `sendAndConfirmTransaction`. */
export interface ConfirmSettings {
  method: string;
  commitment: Commitment;
  pollIntervalMs: number;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  onProgress: ((event: ConfirmProgress) => void) | undefined;
  clock: ConfirmClock;
  subscriptions: ConfirmSubscriptions | undefined;
  /** When the call started, on `clock`: `timeoutMs` counts from here, the first send included. */
  startedAt: number;
}

const RANK: Record<Commitment, number> = { processed: 0, confirmed: 1, finalized: 2 };
const LEVELS: readonly Commitment[] = ['processed', 'confirmed', 'finalized'];
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
/** The System program's `AdvanceNonceAccount`: instruction index 4, a u32 little-endian tag. */
const ADVANCE_NONCE = 4;
/**
 * A nonce account's data (bincode `nonce::state::Versions`): u32 version, u32 state (1 = initialized),
 * the authority (32 bytes), the durable nonce (32 bytes), then the fee calculator (u64).
 */
const NONCE_STATE_OFFSET = 4;
const NONCE_VALUE_OFFSET = 40;
const NONCE_INITIALIZED = 1;
/** The default of `timeoutMs`: 300,000 ms, longer than a blockhash lives plus finalization. */
export const DEFAULT_CONFIRM_TIMEOUT_MS = 300_000;
/**
 * A blockhash's life: agave's MAX_PROCESSING_AGE, 150 blocks. As slots it is at least that many (skipped
 * slots make no block), so a view this many slots on from another has passed any blockhash that view held.
 */
const BLOCKHASH_LIFE_SLOTS = 150;
/**
 * The most a read that only adds detail to an outcome already known (a failure's logs, the block height
 * for an expiry error) may hold the call: past it the detail is `null`.
 */
const DETAIL_READ_MS = 5_000;
/** setTimeout's largest delay: a longer one fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Waits until a sent transaction reaches `commitment` (default `'confirmed'`), over HTTP: it polls
 * `getSignatureStatuses`, and while the signature is not found, whether the transaction can still land.
 * It resolves with `{ signature, slot, commitment }`; rejects with `TransactionFailedError` (the
 * runtime's `err`, and the logs when `getTransaction` has them) when it landed and failed, with
 * `TransactionExpiredError` when it can no longer land and did not, with `AbortError` on `signal`, and
 * with `TimeoutError` after `timeoutMs`.
 *
 * Never a false expiry: before it rejects as expired it asks for the signature once more with
 * `searchTransactionHistory: true`, from a view of the chain no older than any it saw before; a
 * transaction that landed is reported as landed. Transient failures while polling (HTTP 429, -32005,
 * timeouts, network errors) are retried by the loop until expiry or `timeoutMs`, since the client's
 * own retries give up sooner; any other error rejects as it came.
 *
 * Expiry, from the first source given: `transaction` (its own blockhash, or its durable nonce account),
 * `nonceAccount` with `blockhash` (the nonce value), `lastValidBlockHeight` against `getBlockHeight`,
 * `blockhash` against `isBlockhashValid`. With none, only `timeoutMs` ends the wait.
 * @example
 * const { value } = await rpc.getLatestBlockhash({ commitment: 'confirmed' });
 * // … build, sign and send a transaction on value.blockhash, keeping its wire bytes …
 * const done = await confirmTransaction(rpc, signature, { transaction: bytes, lastValidBlockHeight: value.lastValidBlockHeight });
 * console.log(`confirmed in slot ${done.slot}`);
 */
export async function confirmTransaction(
  rpc: ConfirmRpc,
  signature: string,
  options: ConfirmTransactionOptions = {},
): Promise<ConfirmedTransaction> {
  const method = 'confirmTransaction';
  checkSignature(method, 'signature', signature);
  const settings = checkConfirmOptions(method, options);
  let lifetime: Lifetime;
  if (options.transaction !== undefined) {
    lifetime = lifetimeOf(method, options.transaction, options.lastValidBlockHeight);
    checkSameTransaction(method, signature, options, lifetime);
  } else if (options.nonceAccount !== undefined) {
    checkAddress(method, 'options.nonceAccount', options.nonceAccount);
    if (options.blockhash === undefined) {
      throw new InvalidInputError({
        method,
        param: 'options.blockhash',
        problem: 'the nonce value is needed with nonceAccount',
      });
    }
    checkHash(method, 'options.blockhash', options.blockhash);
    lifetime = { kind: 'nonce', nonceAccount: options.nonceAccount, nonceValue: options.blockhash };
  } else {
    if (options.blockhash !== undefined) checkHash(method, 'options.blockhash', options.blockhash);
    else if (options.lastValidBlockHeight !== undefined) {
      // A height alone cannot prove expiry: only the node's word on the blockhash can (a height kept from
      // an older blockhash would otherwise end the call as expired while the transaction can still land).
      throw new InvalidInputError({
        method,
        param: 'options.lastValidBlockHeight',
        problem:
          'it needs the blockhash it came with: give options.transaction (the signed bytes) or options.blockhash',
      });
    }
    lifetime = {
      kind: 'blockhash',
      blockhash: options.blockhash ?? null,
      lastValidBlockHeight: options.lastValidBlockHeight ?? null,
    };
  }
  return waitForConfirmation(rpc, signature, lifetime, settings);
}

/**
 * The bytes given must be the signature's own transaction, and agree with a `blockhash` or `nonceAccount`
 * also given: another transaction's lifetime (an older blockhash, say) would end the call as expired while
 * the signature's transaction can still land.
 */
function checkSameTransaction(
  method: string,
  signature: string,
  options: ConfirmTransactionOptions,
  lifetime: Lifetime,
): void {
  const first = decodeTransaction(options.transaction as Uint8Array).signatures[0];
  if (first !== signature) {
    throw new InvalidInputError({
      method,
      param: 'options.transaction',
      problem: `its first signature is ${first}, not the signature to confirm (${signature})`,
    });
  }
  const value = lifetime.kind === 'nonce' ? lifetime.nonceValue : lifetime.blockhash;
  if (options.blockhash !== undefined && options.blockhash !== value) {
    throw new InvalidInputError({
      method,
      param: 'options.blockhash',
      problem: `it is not the ${lifetime.kind === 'nonce' ? 'nonce value' : 'blockhash'} of options.transaction (${value}): give one or the other`,
    });
  }
  if (
    options.nonceAccount !== undefined &&
    (lifetime.kind !== 'nonce' || lifetime.nonceAccount !== options.nonceAccount)
  ) {
    throw new InvalidInputError({
      method,
      param: 'options.nonceAccount',
      problem:
        lifetime.kind === 'nonce'
          ? `it is not the nonce account options.transaction advances (${lifetime.nonceAccount})`
          : 'options.transaction advances no durable nonce (its first instruction is not AdvanceNonceAccount)',
    });
  }
}

/** Checks the shared options, before any request. */
export function checkConfirmOptions(method: string, options: ConfirmOptionsBase): ConfirmSettings {
  if (typeof options !== 'object' || options === null) {
    throw new InvalidInputError({ method, param: 'options', problem: 'expected an object' });
  }
  const { subscriptions } = options;
  if (
    subscriptions !== undefined &&
    (typeof subscriptions !== 'object' ||
      subscriptions === null ||
      typeof subscriptions.signatureSubscribe !== 'function')
  ) {
    throw new InvalidInputError({
      method,
      param: 'options.subscriptions',
      problem: 'expected a subscriptions client with signatureSubscribe (createRpcSubscriptions(wsUrl))',
    });
  }
  const commitment = checkCommitment(method, options.commitment, 'options.commitment') ?? 'confirmed';
  const positive = (param: string, value: unknown, fallback: number): number => {
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new InvalidInputError({ method, param, problem: 'expected a non-negative number of milliseconds' });
    }
    return value;
  };
  const { lastValidBlockHeight, signal, onProgress, clock } = options;
  if (lastValidBlockHeight !== undefined && (!Number.isSafeInteger(lastValidBlockHeight) || lastValidBlockHeight < 0)) {
    throw new InvalidInputError({ method, param: 'options.lastValidBlockHeight', problem: 'expected a block height' });
  }
  if (signal !== undefined && (typeof signal !== 'object' || signal === null || !('aborted' in signal))) {
    throw new InvalidInputError({ method, param: 'options.signal', problem: 'expected an AbortSignal' });
  }
  if (onProgress !== undefined && typeof onProgress !== 'function') {
    throw new InvalidInputError({ method, param: 'options.onProgress', problem: 'expected a function' });
  }
  if (clock !== undefined && (typeof clock?.now !== 'function' || typeof clock.sleep !== 'function')) {
    throw new InvalidInputError({ method, param: 'options.clock', problem: 'expected { now(), sleep(ms, signal) }' });
  }
  const timeoutMs = positive('options.timeoutMs', options.timeoutMs, DEFAULT_CONFIRM_TIMEOUT_MS);
  // 0 would end the call before its first request; to some (axios, node:http) it means "no limit", which
  // this call does not have: refused, so neither reading fails silently.
  if (timeoutMs === 0) {
    throw new InvalidInputError({
      method,
      param: 'options.timeoutMs',
      problem: `expected a positive number of milliseconds (there is no "no limit": the default is ${DEFAULT_CONFIRM_TIMEOUT_MS})`,
    });
  }
  if (timeoutMs > MAX_TIMER_MS) {
    throw new InvalidInputError({
      method,
      param: 'options.timeoutMs',
      problem: `expected at most ${MAX_TIMER_MS} milliseconds (a timer's limit)`,
    });
  }
  const time = clock ?? { now: realClock.now, sleep: (ms, s) => realClock.sleep(ms, s, method) };
  return {
    method,
    commitment,
    pollIntervalMs: positive('options.pollIntervalMs', options.pollIntervalMs, 500),
    timeoutMs,
    signal,
    onProgress,
    clock: time,
    subscriptions,
    startedAt: time.now(),
  };
}

/**
 * The lifetime written in a signed transaction: a durable nonce when its first instruction is the System
 * program's AdvanceNonceAccount (the nonce account is that instruction's first account), its blockhash
 * otherwise.
 */
export function lifetimeOf(method: string, bytes: Uint8Array, lastValidBlockHeight?: number): Lifetime {
  const { message } = decodeTransaction(bytes);
  const first = message.instructions[0];
  if (first && message.accountKeys[first.programIdIndex] === SYSTEM_PROGRAM) {
    const data = decodeBase58(first.data, 1232);
    if (data && data.length >= 4 && data[0] === ADVANCE_NONCE && data[1] === 0 && data[2] === 0 && data[3] === 0) {
      const nonceAccount = message.accountKeys[first.accounts[0] ?? -1];
      if (nonceAccount === undefined) {
        throw new InvalidInputError({
          method,
          param: 'transaction',
          problem:
            'its AdvanceNonceAccount names the nonce account through a lookup table; confirm it with options.nonceAccount',
        });
      }
      return { kind: 'nonce', nonceAccount, nonceValue: message.recentBlockhash };
    }
  }
  return { kind: 'blockhash', blockhash: message.recentBlockhash, lastValidBlockHeight: lastValidBlockHeight ?? null };
}

/** An error the loop outlives: the node busy, behind or unreachable this time. */
function isTransient(error: unknown): boolean {
  return isSolRpcError(error) && error.retryable && error.name !== 'AbortError';
}

/**
 * The newest context slot this call has seen at each commitment. An answer from an older view (another
 * node, behind) proves nothing, and the expiry questions ask for at least this slot (`minContextSlot`), so
 * a node behind answers -32016 instead of a `false` about a blockhash it has not seen yet.
 */
type NewestSlots = Record<Commitment, number>;

/** What one look at the lifetime found: whether it is over, and as of which slot. */
interface ExpiryCheck {
  expired: boolean;
  /** The block height seen, when one was read. */
  blockHeight: number | null;
  /** The slot of the view that said it is over. */
  contextSlot: number;
}

/** What the expiry check keeps between polls. */
interface ExpiryState {
  newest: NewestSlots;
  /**
   * The `lastValidBlockHeight` given proved wrong: lower than the blockhash's own (ask `isBlockhashValid`
   * alone from then on), or higher (expired below it). The expiry error then does not claim it.
   */
  heightStale: boolean;
  /** The last block height read, for the error's `blockHeight`. */
  blockHeight: number | null;
  /** The first processed slot the call saw: where its view of the chain begins. */
  firstSlot: number | null;
  /** The newest processed slot at which the node called the blockhash valid. */
  validAt: number | null;
  /** For a durable nonce: the first slot, at each commitment, whose bank held the transaction's nonce. */
  heldAt: Record<Commitment, number | null>;
  onStale(lastValidBlockHeight: number, blockHeight: number): void;
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
  let lastTransient: unknown;
  const state: ExpiryState = {
    newest: { processed: 0, confirmed: 0, finalized: 0 },
    heightStale: false,
    blockHeight: null,
    firstSlot: null,
    validAt: null,
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
        const expiry = await attempt((s) => checkExpiry(rpc, lifetime, commitment, state, s));
        if (expiry?.expired) {
          // The last look, in the ledger too: a transaction that landed is never reported as expired.
          const final = await attempt((s) =>
            rpc.getSignatureStatuses([signature], { searchTransactionHistory: true, signal: s }),
          );
          // An answer from a view older than one already seen (another node, behind) proves nothing.
          const newestBefore = Math.max(state.newest.processed, expiry.contextSlot);
          if (final && final.context.slot >= newestBefore) {
            const status = statusIn(final);
            if (!status) {
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
            landed = true;
            seen = true;
            const done = await settle(status);
            if (done) return done;
          }
        }
      }
      if (clock.now() >= deadline.at) throw deadline.timedOut(lastTransient);
      if (resend && !seen && !landed && clock.now() - resend.lastSentAt >= resend.intervalMs) {
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
 * One look at the lifetime. A blockhash is over only when the node says so (`isBlockhashValid` false) from
 * a view no older than any this call has seen, first of the processed bank (the newest, where a blockhash
 * too new for an older bank is known), then, when the commitment awaited is higher, of that bank too, so
 * the verdict holds at the commitment awaited. `lastValidBlockHeight` only says when to start asking.
 */
async function checkExpiry(
  rpc: ConfirmRpc,
  lifetime: Lifetime,
  commitment: Commitment,
  state: ExpiryState,
  signal: AbortSignal,
): Promise<ExpiryCheck> {
  const { newest } = state;
  const notOver = { expired: false, blockHeight: null, contextSlot: 0 };
  const atLeast = (level: Commitment) => (newest[level] > 0 ? newest[level] : undefined);
  /** Takes an answer's slot at `level`; true when no answer at that level came from a newer view. */
  const fresh = (level: Commitment, slot: number) => {
    const isFresh = slot >= newest[level];
    newest[level] = Math.max(newest[level], slot);
    return isFresh;
  };
  if (lifetime.kind === 'nonce') return checkNonce(rpc, lifetime, commitment, state, signal, fresh);
  const { blockhash, lastValidBlockHeight } = lifetime;
  if (blockhash === null) return notOver;
  if (lastValidBlockHeight !== null && !state.heightStale) {
    const height = await rpc.getBlockHeight({ commitment: 'processed', minContextSlot: atLeast('processed'), signal });
    state.blockHeight = height;
    // A height above the blockhash's own (one kept from a newer blockhash) would leave the call to
    // timeoutMs: once the view is a blockhash's life past the call's first, the blockhash it was signed on
    // (before the call) is past its life unless the node is that far behind, so the node is asked anyway.
    const pastLife = state.firstSlot !== null && newest.processed >= state.firstSlot + BLOCKHASH_LIFE_SLOTS;
    if (height <= lastValidBlockHeight && !pastLife) return notOver;
  }
  const processed = await rpc.isBlockhashValid(blockhash, {
    commitment: 'processed',
    minContextSlot: atLeast('processed'),
    signal,
  });
  const isFresh = fresh('processed', processed.context.slot);
  if (processed.value) {
    state.validAt = Math.max(state.validAt ?? 0, processed.context.slot);
    const height = state.blockHeight;
    if (lastValidBlockHeight !== null && !state.heightStale && height !== null && height > lastValidBlockHeight) {
      state.heightStale = true;
      state.onStale(lastValidBlockHeight, height);
    }
    return notOver;
  }
  if (!isFresh) return notOver;
  // `false` also means "never seen": from a node behind the blockhash (all this call may have heard from).
  // Believed once the node called it valid before, or once its view is a blockhash's life past the call's
  // first one: the blockhash was in use by then, so a node that far on has seen it, unless it is more than
  // that far behind the cluster.
  const firstSlot = state.firstSlot ?? processed.context.slot;
  if (state.validAt === null && processed.context.slot < firstSlot + BLOCKHASH_LIFE_SLOTS) return notOver;
  if (commitment !== 'processed') {
    const atLevel = await rpc.isBlockhashValid(blockhash, { commitment, minContextSlot: atLeast(commitment), signal });
    if (!fresh(commitment, atLevel.context.slot) || atLevel.value) return notOver;
  }
  // Expired at or below the height given: that height was wrong (too high), as a stale one is.
  if (lastValidBlockHeight !== null && state.blockHeight !== null && state.blockHeight <= lastValidBlockHeight) {
    state.heightStale = true;
  }
  return { expired: true, blockHeight: state.blockHeight, contextSlot: processed.context.slot };
}

/**
 * One look at a durable nonce: over once the account no longer holds the transaction's nonce value, read
 * from the processed bank, then from the bank at the commitment awaited. Another value also comes from a
 * view behind that nonce (a bank before its latest advance is confirmed, a node behind the account's
 * creation), so at each bank it is believed only from a view no older than one that held the nonce, or a
 * blockhash's life (150 slots) past the call's first view: the signer read the nonce before the call
 * began, so a view that far on has it, unless the node is that far behind the cluster.
 */
async function checkNonce(
  rpc: ConfirmRpc,
  lifetime: Extract<Lifetime, { kind: 'nonce' }>,
  commitment: Commitment,
  state: ExpiryState,
  signal: AbortSignal,
  fresh: (level: Commitment, slot: number) => boolean,
): Promise<ExpiryCheck> {
  const notOver = { expired: false, blockHeight: null, contextSlot: 0 };
  const levels: Commitment[] = commitment === 'processed' ? ['processed'] : ['processed', commitment];
  let contextSlot = 0;
  for (const level of levels) {
    const { context, value } = await rpc.getAccountInfo(lifetime.nonceAccount, {
      commitment: level,
      encoding: 'base64',
      minContextSlot: state.newest[level] > 0 ? state.newest[level] : undefined,
      signal,
    });
    if (!fresh(level, context.slot)) return notOver;
    const data = value?.data;
    // A closed or uninitialized account holds no nonce: nothing can land on it any more.
    const stored =
      data && data.length >= NONCE_VALUE_OFFSET + 32 && readU32(data, NONCE_STATE_OFFSET) === NONCE_INITIALIZED
        ? encodeBase58(data.subarray(NONCE_VALUE_OFFSET, NONCE_VALUE_OFFSET + 32))
        : null;
    if (stored === lifetime.nonceValue) {
      state.heldAt[level] ??= context.slot;
      return notOver;
    }
    // A bank at or past a slot where the processed bank held the nonce has seen it too: a different value
    // there is an advance (or the nonce was set on a fork that is gone, where it can never be again).
    const held = [state.heldAt[level], state.heldAt.processed].some((slot) => slot !== null && slot <= context.slot);
    const firstSlot = state.firstSlot ?? context.slot;
    if (!held && context.slot < firstSlot + BLOCKHASH_LIFE_SLOTS) return notOver;
    if (level === 'processed') contextSlot = context.slot;
  }
  return { expired: true, blockHeight: null, contextSlot };
}

function readU32(data: Uint8Array, offset: number): number {
  return (
    ((data[offset] ?? 0) | ((data[offset + 1] ?? 0) << 8) | ((data[offset + 2] ?? 0) << 16)) +
    (data[offset + 3] ?? 0) * 2 ** 24
  );
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
