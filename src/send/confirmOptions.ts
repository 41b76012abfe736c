/**
 * What confirming takes and tells: the client it needs, its options (checked before any request), its
 * progress events and its result. Shared by `confirmTransaction` and `sendAndConfirmTransaction`.
 * @module
 */
import type { RpcWith } from '../createRpc.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import type { getAccountInfo } from '../methods/getAccountInfo.js';
import type { getBlockHeight } from '../methods/getBlockHeight.js';
import type { getSignatureStatuses } from '../methods/getSignatureStatuses.js';
import type { getTransaction } from '../methods/getTransaction.js';
import type { isBlockhashValid } from '../methods/isBlockhashValid.js';
import { checkCommitment } from '../options/check.js';
import type { SignatureSubscribe } from '../subscriptions/methods/signatureSubscribe.js';
import { realClock } from '../transport/retry.js';
import type { Commitment } from '../types/index.js';

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
   * blockhash the transaction was signed on. It only says when to ask: `isBlockhashValid` is asked at the
   * first poll that misses the signature, then again once `getBlockHeight` has passed the height (left
   * out, at every poll), and only the node's `false` ends the call as
   * expired, so a height that is wrong never makes a false expiry: one too low (kept from an older
   * blockhash) is told as `stale-height` to `onProgress`; one too high delays the asking at most until the
   * chain is a blockhash's life (150 slots) past the call's start. The expiry error then has
   * `lastValidBlockHeight: null`. Needs the blockhash (`transaction` or `blockhash`). Ignored for
   * durable-nonce transactions. A `bigint` as `getLatestBlockhash` gives it, or a `number`.
   */
  lastValidBlockHeight?: number | bigint;
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

/** Where a confirmed transaction stands. */
export interface ConfirmedTransaction {
  /** The transaction's first signature. */
  signature: string;
  /** The slot of the block that holds it. */
  slot: number;
  /** The commitment it reached: at least the one asked for. */
  commitment: Commitment;
}

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

/** The default of `timeoutMs`: 300,000 ms, longer than a blockhash lives plus finalization. */
export const DEFAULT_CONFIRM_TIMEOUT_MS = 300_000;
/** setTimeout's largest delay: a longer one fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

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
  if (
    lastValidBlockHeight !== undefined &&
    !(typeof lastValidBlockHeight === 'bigint'
      ? lastValidBlockHeight >= 0n && lastValidBlockHeight <= BigInt(Number.MAX_SAFE_INTEGER)
      : Number.isSafeInteger(lastValidBlockHeight) && lastValidBlockHeight >= 0)
  ) {
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
