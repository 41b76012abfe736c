/**
 * The faults a test cluster can be told to show, and the handle that switches one off. Each is what a
 * real provider or node does to a client at some point: refusing with 429, lagging behind the cluster,
 * losing a transaction, dropping or closing a WebSocket, answering late, never, or only in part; and
 * congestion: a market fee below which transactions never land, and statuses that lag.
 */
import type { MarketPrice, MarketWalk } from '../ledger/market.js';

export type { MarketPrice, MarketWalk };

/**
 * Which calls an HTTP fault applies to: the JSON-RPC method names, every method when left out.
 *
 * @example
 * ```ts fragment
 * cluster.fault('slow', { delayMs: 500, methods: ['getBalance', 'getAccountInfo'] });
 * ```
 */
export interface MethodScope {
  /** The methods whose calls the fault applies to (`['getBalance']`); every method when left out. */
  methods?: readonly string[];
}

/**
 * How long a fault lasts: a number of calls (or sockets), or until it is cleared.
 *
 * @example
 * ```ts fragment
 * cluster.fault('rateLimited', { count: 3 }); // the next three calls get 429
 * ```
 */
export interface FaultCount {
  /** How many calls (for the WebSocket faults, sockets) the fault applies to before it clears itself; until cleared when left out. */
  count?: number;
}

/**
 * `'rateLimited'`: HTTP 429 Too Many Requests with a `Retry-After` header, as providers answer a client over its quota.
 *
 * @example
 * ```ts fragment
 * cluster.fault('rateLimited', { retryAfterSeconds: 2, count: 1 });
 * ```
 */
export interface RateLimitedFault extends MethodScope, FaultCount {
  /** The `Retry-After` header's value in whole seconds; 1 when left out. */
  retryAfterSeconds?: number;
}

/**
 * `'behind'`: the node answers (and notifies) from a bank `slots` behind the cluster's, contexts included, so `minContextSlot`
 * ahead of it answers -32016.
 *
 * @example
 * ```ts fragment
 * cluster.fault('behind', { slots: 50 });
 * ```
 */
export interface BehindFault extends MethodScope {
  /** How many slots behind the cluster the node is (a positive whole number). */
  slots: number;
}

/**
 * `'dropSends'`: `sendTransaction` answers the transaction's signature, but the transaction never lands.
 * Every send while it is on, or with `share` a seeded share of them; `count` then counts the sends dropped.
 *
 * @example
 * ```ts fragment
 * cluster.fault('dropSends', { count: 1 });
 * cluster.fault('dropSends', { share: 0.5, seed: 7 }); // half the sends, the same ones on every run
 * ```
 */
export interface DropSendsFault extends FaultCount {
  /** The share of sends dropped, from 0 to 1: each send is dropped when a seeded draw falls below it. Every send when left out. */
  share?: number;
  /** The seed of the draws (a whole number): the same seed drops the same sends of the same sequence; 0 when left out. */
  seed?: number;
}

/**
 * `'marketFee'`: a congested leader. Transactions whose compute-unit price (SetComputeUnitPrice, 0 without
 * one) is below the market fee of the slot they would land in are taken (`sendTransaction` answers their
 * signature) and never land; sent again once the market is at or below their price, they land. The
 * market's own traffic lands in every slot it is on, so getRecentPrioritizationFees shows the market fee
 * for those slots, for any account. Faucet transfers (requestAirdrop) land whatever the market.
 *
 * @example
 * ```ts fragment
 * cluster.fault('marketFee', { price: 10_000 }); // 10,000 micro-lamports per compute unit
 * cluster.fault('marketFee', { price: 10_000, walk: { seed: 7, step: 0.1, min: 1_000 } }); // a random walk
 * cluster.fault('marketFee', { price: (slot) => 5_000 + (slot % 100) * 100 }); // a function of the slot
 * ```
 */
export interface MarketFeeFault {
  /** Micro-lamports per compute unit: the fee, the price a `walk` starts from, or a function of the slot returning a whole number. */
  price: MarketPrice;
  /** A seeded random walk from `price`, one step a slot; the price stays fixed when left out. */
  walk?: MarketWalk;
}

/**
 * `'statusLag'`: statuses lag. getSignatureStatuses answers null for a transaction, and signatureSubscribe
 * says nothing of it, until `slots` slots after the slot it landed in; the transaction itself has landed
 * (getTransaction, balances and preflight see it at once).
 *
 * @example
 * ```ts fragment
 * cluster.fault('statusLag', { slots: 4 });
 * ```
 */
export interface StatusLagFault {
  /** How many slots after landing a status shows (a positive whole number). */
  slots: number;
}

/**
 * `'slow'`: every matching call is answered `delayMs` milliseconds late.
 *
 * @example
 * ```ts fragment
 * cluster.fault('slow', { delayMs: 2_000 });
 * ```
 */
export interface SlowFault extends MethodScope, FaultCount {
  /** The delay before each answer, in milliseconds. */
  delayMs: number;
}

/**
 * `'silent'`: matching calls get no answer at all until the fault is cleared (then they are answered) or the
 * cluster closes.
 *
 * @example
 * ```ts fragment
 * const silence = cluster.fault('silent', { methods: ['getSlot'] });
 * ```
 */
export interface SilentFault extends MethodScope, FaultCount {}

/**
 * `'cutShort'`: the answer stops part-way. `'truncated'` (the default) sends the first half of the body as a
 * complete response (its Content-Length says so: the JSON is cut, the HTTP is well formed); `'reset'` sends
 * the headers announcing the whole body and half of it, then resets the connection.
 *
 * @example
 * ```ts fragment
 * cluster.fault('cutShort', { mode: 'reset', count: 1 });
 * ```
 */
export interface CutShortFault extends MethodScope, FaultCount {
  /** `'truncated'` (a well-framed, cut body; the default) or `'reset'` (the connection reset mid-body). */
  mode?: 'truncated' | 'reset';
}

/**
 * `'socketLost'`: WebSockets end without a close frame, as when a connection drops: the ones open now,
 * and each one opened while the fault is on.
 *
 * @example
 * ```ts fragment
 * cluster.fault('socketLost', { count: 1 });
 * ```
 */
export interface SocketLostFault extends FaultCount {}

/**
 * `'socketClosed'`: WebSockets are closed with a close frame of the given code and reason: the ones open now,
 * and each one opened while the fault is on.
 *
 * @example
 * ```ts fragment
 * cluster.fault('socketClosed', { code: 1013, reason: 'try again later', count: 1 });
 * ```
 */
export interface SocketClosedFault extends FaultCount {
  /** The close code: 1000-1003, 1007-1014 or 3000-4999 (what a close frame may carry). */
  code: number;
  /** The close reason, at most 123 bytes of UTF-8; empty when left out. */
  reason?: string;
}

/**
 * `'scanLimit'`: a node that refuses large scans, as some providers do: a getProgramAccounts,
 * getTokenAccountsByOwner or getTokenAccountsByDelegate call whose answer would list more than
 * `maxAccounts` accounts is refused with -32012 (agave's scan error) instead. `count` counts the calls
 * refused; getProgramAccountsV2's pages (`providerMethods`) are never refused.
 *
 * @example
 * ```ts fragment
 * cluster.fault('scanLimit', { maxAccounts: 1_000, methods: ['getProgramAccounts'] });
 * ```
 */
export interface ScanLimitFault extends MethodScope, FaultCount {
  /** The most accounts an answer may list (a whole number from 0). */
  maxAccounts: number;
}

/**
 * Every fault by its name, with its options.
 *
 * @example
 * ```ts fragment
 * const options: FaultOptions['behind'] = { slots: 10 };
 * ```
 */
export interface FaultOptions {
  /** HTTP 429 with `Retry-After`. */
  rateLimited: RateLimitedFault;
  /** A node `slots` behind the cluster. */
  behind: BehindFault;
  /** Sends answered with their signature, never landing: all, or a seeded share. */
  dropSends: DropSendsFault;
  /** Transactions paying less than the market fee never land. */
  marketFee: MarketFeeFault;
  /** Statuses shown only some slots after landing. */
  statusLag: StatusLagFault;
  /** Answers `delayMs` late. */
  slow: SlowFault;
  /** No answer until cleared. */
  silent: SilentFault;
  /** Answers cut short: truncated, or reset mid-body. */
  cutShort: CutShortFault;
  /** WebSockets ended with no close frame. */
  socketLost: SocketLostFault;
  /** WebSockets closed with a code and reason. */
  socketClosed: SocketClosedFault;
  /** Scans listing more than `maxAccounts` accounts refused with -32012. */
  scanLimit: ScanLimitFault;
}

/**
 * A fault's name: `'rateLimited'`, `'behind'`, `'dropSends'`, `'marketFee'`, `'statusLag'`, `'slow'`,
 * `'silent'`, `'cutShort'`, `'socketLost'`, `'socketClosed'` or `'scanLimit'`.
 *
 * @example
 * ```ts fragment
 * const kind: FaultKind = 'silent';
 * ```
 */
export type FaultKind = keyof FaultOptions;

/**
 * A fault switched on, returned by `cluster.fault(…)`.
 *
 * @example
 * ```ts fragment
 * const limited = cluster.fault('rateLimited', { retryAfterSeconds: 2 });
 * // … the calls made now are refused with 429 …
 * limited.clear();
 * ```
 */
export interface FaultHandle {
  /** The fault's name. */
  readonly kind: FaultKind;
  /** How many calls (or sockets) it has applied to so far. */
  readonly hits: number;
  /** Whether it is off: cleared, spent its count, or its cluster closed. */
  readonly cleared: boolean;
  /** Switches it off; calls held by a `'silent'` fault are answered. Clearing twice does nothing. */
  clear(): void;
}

/**
 * The faults a cluster can show, each switched on by `fault(kind, options)` and off by its handle or `clearFaults()`.
 *
 * @example
 * ```ts fragment
 * cluster.fault('behind', { slots: 5 }).clear();
 * ```
 */
export interface FaultControls {
  /**
   * Refuses matching calls with HTTP 429 and a `Retry-After` header, for `count` calls or until cleared.
   *
   * @example
   * ```ts fragment
   * cluster.fault('rateLimited', { retryAfterSeconds: 1, count: 1, methods: ['getBalance'] });
   * ```
   */
  fault(kind: 'rateLimited', options?: RateLimitedFault): FaultHandle;
  /**
   * Answers matching calls from a bank `slots` behind the cluster: their contexts lag, and a
   * `minContextSlot` the lagging bank has not reached answers -32016.
   *
   * @example
   * ```ts fragment
   * cluster.fault('behind', { slots: 50 });
   * ```
   */
  fault(kind: 'behind', options: BehindFault): FaultHandle;
  /**
   * `sendTransaction` answers the signature as if accepted, but the transaction never lands: its status stays
   * null and it is never confirmed. Every send, or a seeded `share` of them.
   *
   * @example
   * ```ts fragment
   * cluster.fault('dropSends', { share: 0.5, seed: 1 });
   * ```
   */
  fault(kind: 'dropSends', options?: DropSendsFault): FaultHandle;
  /**
   * Transactions paying a compute-unit price below the market fee are answered and never land; the fee
   * history (getRecentPrioritizationFees) shows the market. Until cleared.
   *
   * @example
   * ```ts fragment
   * cluster.fault('marketFee', { price: 10_000, walk: { seed: 7 } });
   * ```
   */
  fault(kind: 'marketFee', options: MarketFeeFault): FaultHandle;
  /**
   * getSignatureStatuses and signatureSubscribe show a landed transaction only `slots` slots after it landed. Until cleared.
   *
   * @example
   * ```ts fragment
   * cluster.fault('statusLag', { slots: 4 });
   * ```
   */
  fault(kind: 'statusLag', options: StatusLagFault): FaultHandle;
  /**
   * Answers matching calls (HTTP, and WebSocket requests) `delayMs` late.
   *
   * @example
   * ```ts fragment
   * cluster.fault('slow', { delayMs: 2_000, methods: ['getSlot'] });
   * ```
   */
  fault(kind: 'slow', options: SlowFault): FaultHandle;
  /**
   * Holds matching calls (HTTP, and WebSocket requests) unanswered until cleared; `close()` still ends at once.
   *
   * @example
   * ```ts fragment
   * const silence = cluster.fault('silent', { methods: ['getBalance'] });
   * ```
   */
  fault(kind: 'silent', options?: SilentFault): FaultHandle;
  /**
   * Cuts matching HTTP answers short: a truncated body, or the connection reset mid-body.
   *
   * @example
   * ```ts fragment
   * cluster.fault('cutShort', { mode: 'reset', count: 1 });
   * ```
   */
  fault(kind: 'cutShort', options?: CutShortFault): FaultHandle;
  /**
   * Ends WebSockets without a close frame: those open now and those opened while it is on.
   *
   * @example
   * ```ts fragment
   * cluster.fault('socketLost', { count: 1 });
   * ```
   */
  fault(kind: 'socketLost', options?: SocketLostFault): FaultHandle;
  /**
   * Closes WebSockets with a close frame of `code` and `reason`: those open now and those opened while it is on.
   *
   * @example
   * ```ts fragment
   * cluster.fault('socketClosed', { code: 1013, reason: 'try again later', count: 1 });
   * ```
   */
  fault(kind: 'socketClosed', options: SocketClosedFault): FaultHandle;
  /**
   * Refuses getProgramAccounts and the token account scans with -32012 when they would list more than
   * `maxAccounts` accounts, as providers that cap scans do.
   *
   * @example
   * ```ts fragment
   * cluster.fault('scanLimit', { maxAccounts: 1_000 });
   * ```
   */
  fault(kind: 'scanLimit', options: ScanLimitFault): FaultHandle;
  /**
   * Switches every fault off; calls held by `'silent'` are answered.
   *
   * @example
   * ```ts fragment
   * cluster.clearFaults();
   * ```
   */
  clearFaults(): void;
}
