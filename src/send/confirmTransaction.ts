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
import { AbortError } from '../errors/AbortError.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { isSolRpcError } from '../errors/isSolRpcError.js';
import { TimeoutError } from '../errors/TimeoutError.js';
import { TransactionExpiredError } from '../errors/TransactionExpiredError.js';
import { TransactionFailedError } from '../errors/TransactionFailedError.js';
import type { getAccountInfo } from '../methods/getAccountInfo.js';
import type { getBlockHeight } from '../methods/getBlockHeight.js';
import type { getEpochInfo } from '../methods/getEpochInfo.js';
import type { getSignatureStatuses, SignatureStatus } from '../methods/getSignatureStatuses.js';
import type { getTransaction } from '../methods/getTransaction.js';
import type { isBlockhashValid } from '../methods/isBlockhashValid.js';
import { checkAddress, checkCommitment, checkHash, checkSignature } from '../options/check.js';
import type { SignatureStatusNotification, SignatureSubscribe } from '../subscriptions/methods/signatureSubscribe.js';
import { realClock } from '../transport/retry.js';
import type { Address, Commitment } from '../types/index.js';

/** The methods confirmation calls: a full `createRpc` client, or `createRpcWith` with just these six. */
export type ConfirmRpc = RpcWith<{
  /** Polled for the signature's status; once more with `searchTransactionHistory` before any expiry. */
  getSignatureStatuses: typeof getSignatureStatuses;
  /** Compared with `lastValidBlockHeight`, when it is given. */
  getBlockHeight: typeof getBlockHeight;
  /**
   * Read once the block height has passed `lastValidBlockHeight`: the height and the slot of one bank, so
   * the last look at the signature can be required to come from a view at least that recent.
   */
  getEpochInfo: typeof getEpochInfo;
  /** Asked about the blockhash when `lastValidBlockHeight` is not given. */
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

/** What `onProgress` is told, in this order: `sent` once, `resent` any number of times, then each commitment reached. */
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
   * blockhash the transaction was signed on. Given, expiry is `getBlockHeight` (at `commitment`) passing
   * it, confirmed by `getEpochInfo` (the height and slot of one bank); left out, expiry is
   * `isBlockhashValid` answering `false`. Ignored for durable-nonce transactions.
   */
  lastValidBlockHeight?: number;
  /** Milliseconds between status polls. Default 500. */
  pollIntervalMs?: number;
  /**
   * The most milliseconds the whole call may take; it then rejects with `TimeoutError` (the transaction
   * may still land). Default 300,000: longer than a blockhash lives (150 blocks, about 60-90 s) plus
   * finalization, so it only ends calls that expiry cannot end: a durable nonce that never advances, a
   * node that stays unreachable or behind.
   */
  timeoutMs?: number;
  /** Cancels the call; it then rejects with `AbortError`. The transaction may still land. */
  signal?: AbortSignal;
  /** Told of each step (sent, resent, processed, confirmed, finalized). A callback that throws ends the call with its error. */
  onProgress?: (event: ConfirmProgress) => void;
  /** Time for the waits; inject a fake to test on virtual time. */
  clock?: ConfirmClock;
  /**
   * A subscriptions client (`createRpcSubscriptions(wsUrl)`, or one with `signatureSubscribe` only): its
   * `signatureSubscribe` races the HTTP poll, so the answer comes as soon as the node notifies rather than
   * at the next poll. The poll goes on beside it, so a socket that fails or never notifies changes nothing
   * but the speed: expiry is still decided over HTTP, never from the socket's silence.
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
    lifetime = {
      kind: 'blockhash',
      blockhash: options.blockhash ?? null,
      lastValidBlockHeight: options.lastValidBlockHeight ?? null,
    };
  }
  return waitForConfirmation(rpc, signature, lifetime, settings);
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
  return {
    method,
    commitment,
    pollIntervalMs: positive('options.pollIntervalMs', options.pollIntervalMs, 500),
    timeoutMs: positive('options.timeoutMs', options.timeoutMs, DEFAULT_CONFIRM_TIMEOUT_MS),
    signal,
    onProgress,
    clock: clock ?? { now: realClock.now, sleep: (ms, s) => realClock.sleep(ms, s, method) },
    subscriptions,
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

/** What one look at the lifetime found: whether it is over, and as of which slot, when the answer says. */
interface ExpiryCheck {
  expired: boolean;
  blockHeight: number | null;
  contextSlot: number;
}

/**
 * The confirmation loop. `resend`, when given, is called every `resendIntervalMs` while the signature is
 * not found (sendAndConfirmTransaction's resending).
 */
export async function waitForConfirmation(
  rpc: ConfirmRpc,
  signature: string,
  lifetime: Lifetime,
  settings: ConfirmSettings,
  resend?: { intervalMs: number; send: () => Promise<void>; lastSentAt: number },
): Promise<ConfirmedTransaction> {
  const { method, commitment, clock, signal } = settings;
  const deadline = clock.now() + settings.timeoutMs;
  let reported = -1;
  /** Found by the final check after its lifetime ended: no more expiry checks. */
  let landed = false;
  /** The newest slot a status answer came from: an older answer is from a node behind. */
  let newestStatusSlot = 0;
  let lastTransient: unknown;

  const aborted = () => new AbortError({ method, reason: signal?.reason });
  const notified = notifyWhenReached(settings.subscriptions, signature, commitment, signal);
  /** Runs one request; a transient failure comes back as `undefined` and is remembered. */
  const attempt = async <T>(call: () => Promise<T>): Promise<T | undefined> => {
    if (signal?.aborted) throw aborted();
    try {
      const result = await call();
      lastTransient = undefined;
      return result;
    } catch (error) {
      if (signal?.aborted) throw aborted();
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
        logs: await logsOf(rpc, signature, commitment, signal),
      });
    }
    return { signature, slot: status.slot, commitment: level };
  };

  try {
    return await loop();
  } finally {
    notified.stop();
  }

  async function loop(): Promise<ConfirmedTransaction> {
    for (;;) {
      const polled = await attempt(() => rpc.getSignatureStatuses([signature], { signal }));
      let seen = false;
      if (polled) {
        newestStatusSlot = Math.max(newestStatusSlot, polled.context.slot);
        const status = polled.value[0];
        if (status) {
          seen = true;
          const done = await settle(status);
          if (done) return done;
        }
      }
      // The socket told first. The poll just made (the notification cut its wait short) gives the slot of
      // the block that holds it; from a node behind the socket's, the notification's own status stands,
      // with the slot it was observed at.
      const pushed = notified.value();
      if (pushed) {
        const done = await settle({
          slot: pushed.context.slot,
          confirmations: null,
          err: pushed.value.err,
          confirmationStatus: commitment,
          status: pushed.value.err === null ? { Ok: null } : { Err: pushed.value.err },
        } as SignatureStatus);
        if (done) return done;
      }
      if (polled && !seen && !landed) {
        const expiry = await attempt(() => checkExpiry(rpc, lifetime, commitment, signal));
        if (expiry?.expired) {
          // The last look, in the ledger too: a transaction that landed is never reported as expired.
          const final = await attempt(() =>
            rpc.getSignatureStatuses([signature], { searchTransactionHistory: true, signal }),
          );
          // An answer from a view older than one already seen (another node, behind) proves nothing.
          if (final && final.context.slot >= Math.max(newestStatusSlot, expiry.contextSlot)) {
            const status = final.value[0];
            if (!status) {
              throw new TransactionExpiredError({
                method,
                signature,
                blockhash: lifetime.kind === 'nonce' ? lifetime.nonceValue : lifetime.blockhash,
                lastValidBlockHeight: lifetime.kind === 'blockhash' ? lifetime.lastValidBlockHeight : null,
                blockHeight: expiry.blockHeight ?? (await heightOrNull(rpc, commitment, signal)),
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
      if (clock.now() >= deadline) throw timedOut(settings, signature, lastTransient);
      if (resend && !seen && !landed && clock.now() - resend.lastSentAt >= resend.intervalMs) {
        await resend.send();
        resend.lastSentAt = clock.now();
      }
      if (signal?.aborted) throw aborted();
      // The wait ends at the caller's signal, or at once when the notification arrives (its timer cleared).
      await clock
        .sleep(Math.max(0, Math.min(settings.pollIntervalMs, deadline - clock.now())), notified.wake)
        .catch((error) => {
          if (signal?.aborted) throw aborted();
          if (!notified.value()) throw error;
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
  const onAbort = () => {
    waker.abort(signal?.reason);
    stopper.abort();
  };
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
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
      signal?.removeEventListener('abort', onAbort);
      stopper.abort();
    },
  };
}

async function checkExpiry(
  rpc: ConfirmRpc,
  lifetime: Lifetime,
  commitment: Commitment,
  signal: AbortSignal | undefined,
): Promise<ExpiryCheck> {
  if (lifetime.kind === 'nonce') {
    const { context, value } = await rpc.getAccountInfo(lifetime.nonceAccount, {
      commitment,
      encoding: 'base64',
      signal,
    });
    const data = value?.data;
    // A closed or uninitialized account holds no nonce: nothing can land on it any more.
    const stored =
      data && data.length >= NONCE_VALUE_OFFSET + 32 && readU32(data, NONCE_STATE_OFFSET) === NONCE_INITIALIZED
        ? encodeBase58(data.subarray(NONCE_VALUE_OFFSET, NONCE_VALUE_OFFSET + 32))
        : null;
    return { expired: stored !== lifetime.nonceValue, blockHeight: null, contextSlot: context.slot };
  }
  if (lifetime.lastValidBlockHeight !== null) {
    const height = await rpc.getBlockHeight({ commitment, signal });
    if (height <= lifetime.lastValidBlockHeight) return { expired: false, blockHeight: height, contextSlot: 0 };
    // getBlockHeight tells no slot; getEpochInfo tells both of one bank (another node may have answered).
    const info = await rpc.getEpochInfo({ commitment, signal });
    return {
      expired: info.blockHeight > lifetime.lastValidBlockHeight,
      blockHeight: info.blockHeight,
      contextSlot: info.absoluteSlot,
    };
  }
  if (lifetime.blockhash !== null) {
    const { context, value } = await rpc.isBlockhashValid(lifetime.blockhash, { commitment, signal });
    return { expired: !value, blockHeight: null, contextSlot: context.slot };
  }
  return { expired: false, blockHeight: null, contextSlot: 0 };
}

function readU32(data: Uint8Array, offset: number): number {
  return (
    ((data[offset] ?? 0) | ((data[offset + 1] ?? 0) << 8) | ((data[offset + 2] ?? 0) << 16)) +
    (data[offset + 3] ?? 0) * 2 ** 24
  );
}

/** The failed transaction's logs, when the node has them; `null` otherwise (never an error of its own). */
async function logsOf(
  rpc: ConfirmRpc,
  signature: string,
  commitment: Commitment,
  signal: AbortSignal | undefined,
): Promise<string[] | null> {
  try {
    const found = await rpc.getTransaction(signature, {
      // getTransaction serves nothing below confirmed.
      commitment: commitment === 'processed' ? 'confirmed' : commitment,
      maxSupportedTransactionVersion: 0,
      signal,
    });
    return found?.meta?.logMessages ?? null;
  } catch {
    if (signal?.aborted) throw new AbortError({ method: 'getTransaction', reason: signal.reason });
    return null;
  }
}

async function heightOrNull(
  rpc: ConfirmRpc,
  commitment: Commitment,
  signal: AbortSignal | undefined,
): Promise<number | null> {
  try {
    return await rpc.getBlockHeight({ commitment, signal });
  } catch {
    return null;
  }
}

function timedOut(settings: ConfirmSettings, signature: string, lastTransient: unknown): TimeoutError {
  const error = new TimeoutError({
    method: settings.method,
    timeoutMs: settings.timeoutMs,
    origin: '',
    summary: `transaction ${signature} did not reach ${settings.commitment} within ${settings.timeoutMs} ms`,
    hint: 'it may still land: look its signature up later, or raise options.timeoutMs.',
  });
  if (lastTransient !== undefined) Object.defineProperty(error, 'cause', { value: lastTransient });
  return error;
}
