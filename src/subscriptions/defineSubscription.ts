import { InvalidInputError } from '../errors/InvalidInputError.js';
import { checkArity, checkConfig, isAbortSignal } from '../options/check.js';
import type { OptionCheck, OptionChecks } from '../options/config.js';
import type { DecodeContext } from '../types/index.js';

/**
 * What a subscription keeps for a consumer that has not asked for its next notification yet:
 * - `latest`: only the newest (an account's state, a slot): an older one is of no use once a newer came;
 * - `latestByKey`: the newest per key (a program's accounts, by address), at most `queueSize` keys;
 * - `all`: every one, at most `queueSize` (logs, blocks, votes, slot updates): where none may be lost
 *   silently, a full queue ends the subscription with a `SubscriptionOverflowError`.
 */
export type QueuePolicy = 'latest' | 'latestByKey' | 'all';

/** A subscription checked and ready to send. */
export interface PreparedSubscription<TShape = unknown> {
  /** Positional wire params of the `*Subscribe` request. */
  params: unknown[];
  /** The caller's signal: aborting it ends the iterator and unsubscribes. */
  signal?: AbortSignal;
  /** Which notification shape the params ask for (the encoding). */
  shape?: TShape;
  /** Work that must finish before the first notification is decoded (loading zstd). */
  ready?: Promise<unknown>;
  /** The HTTP client that reads the current state after a resubscribe (account and program subscriptions). */
  rpc?: unknown;
}

/** The contract every subscription method fulfils; `TSignature` is its hand-written overloaded signature. */
export interface SubscriptionDefinition<TSignature = unknown, TShape = unknown> {
  /** The wire method (`accountSubscribe`); its notifications are `…Notification`, its end `…Unsubscribe`. */
  readonly name: string;
  /** What the consumer's queue keeps (see `QueuePolicy`). */
  readonly policy: QueuePolicy;
  /**
   * The flag an agave node must be started with to serve it, for the unstable subscriptions that are off
   * by default (agave's validator/src/commands/run/args/pub_sub_config.rs); left out where every node
   * serves it. A -32601 "Method not found" hint names it (errors/hints.ts).
   */
  readonly nodeFlag?: string;
  /** Whether a notification is the subscription's last (signatureSubscribe's status): the server drops it after. */
  last?(value: unknown): boolean;
  /** Checks the caller's arguments and builds the request; throws `InvalidInputError` before any I/O. */
  prepare(args: readonly unknown[]): PreparedSubscription<TShape>;
  /** Validates one notification's `result` and decodes it, as the matching HTTP method decodes its result. */
  decode(result: unknown, context: DecodeContext, prepared: PreparedSubscription<TShape>): unknown;
  /** The key of a decoded notification, for `latestByKey`. */
  keyOf?(value: unknown): string;
  /** The slot a decoded notification was observed at, where it has one: resynced reads older than it are dropped. */
  slotOf?(value: unknown): number;
  /**
   * Reads the current state over HTTP, as notifications, after a resubscribe: what changed while the
   * socket was down, an account closed meanwhile included. `delivered` holds the newest slot delivered by
   * key (`keyOf`'s, or `''`), at most `REMEMBERED_KEYS` of them: a program subscription reads back those
   * its read no longer lists. Account and program subscriptions have one.
   */
  resync?(
    prepared: PreparedSubscription<TShape>,
    signal: AbortSignal,
    delivered: ReadonlyMap<string, number>,
  ): Promise<unknown[]>;
  /** Type-only: never set at run time. */
  readonly signature?: TSignature;
}

/**
 * The most keys whose newest delivered slot a subscription remembers (a program's accounts), the least
 * recently delivered forgotten first: memory stays bounded however many accounts a program churns through.
 * A key forgotten is as one never delivered: its next read or notification is delivered whatever its slot,
 * and a program's resync cannot tell that it left.
 */
export const REMEMBERED_KEYS = 10_000;

/**
 * A resync's HTTP read, tried again after 1, 2 and 4 s while it fails with a retryable error (the client's
 * own retries spent: a node restarting, a rate limit): a failed read would leave a change made while the
 * socket was down unseen until the next. `signal` ends it (the socket lost, the subscription gone); a read
 * that still fails leaves the state to the next notification or reconnect. An answer that comes after the
 * abort (a transport that does not heed the signal) fails too: it will not be delivered, so nothing may be
 * concluded from it (a program's resync would mark an account reported gone, and never read it again).
 */
export async function readBack<T>(read: () => Promise<T>, signal: AbortSignal): Promise<T> {
  for (let delayMs = 1_000; ; delayMs *= 2) {
    try {
      const value = await read();
      signal.throwIfAborted();
      return value;
    } catch (error) {
      if (delayMs > 4_000 || signal.aborted || (error as { retryable?: unknown } | null)?.retryable !== true)
        throw error;
    }
    // Cut short by an abort: the next read then fails at once, with the signal's reason.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delayMs);
      signal.addEventListener('abort', () => resolve(clearTimeout(timer)), { once: true });
    });
  }
}

/** Declares a subscription method; the identity, typed, so each file writes its name once. */
export function defineSubscription<TSignature, TShape = unknown>(
  definition: Omit<SubscriptionDefinition<TSignature, TShape>, 'signature'>,
): SubscriptionDefinition<TSignature, TShape> {
  return definition;
}

/**
 * Checks a subscription's config: each option given, checked, into the wire config in the order `options`
 * lists them; `signal` always, `rpc` where the method can resync. Any other key (`timeoutMs`, which a
 * subscription has no use for) is refused before anything is sent.
 */
export function prepareSubscriptionConfig(
  method: string,
  options: OptionChecks,
  value: unknown,
  extra: readonly string[] = [],
): { wire: Record<string, unknown>; signal?: AbortSignal; given: Record<string, unknown> } {
  const given = checkConfig(method, 'config', value, [...Object.keys(options), ...extra, 'signal']);
  const wire: Record<string, unknown> = {};
  for (const key of Object.keys(options)) {
    if (given[key] !== undefined) wire[key] = (options[key] as OptionCheck)(method, `config.${key}`, given[key]);
  }
  const signal = given.signal;
  if (signal !== undefined && !isAbortSignal(signal)) {
    throw new InvalidInputError({ method, param: 'config.signal', problem: 'expected an AbortSignal' });
  }
  return { wire, signal, given };
}

/** Checks an `rpc` given for resyncing: an object with the method the subscription reads its state with. */
export function checkResyncRpc(method: string, value: unknown, needs: string): unknown {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || typeof (value as Record<string, unknown>)[needs] !== 'function') {
    throw new InvalidInputError({
      method,
      param: 'config.rpc',
      problem: `expected a solrpc client with ${needs} (createRpc(httpUrl))`,
    });
  }
  return value;
}

/**
 * The `prepare` of a subscription that takes no params, only `signal` (slots, roots, slot updates, votes):
 * agave's request is `[]`.
 */
export function prepareWithoutParams(method: string): (args: readonly unknown[]) => PreparedSubscription {
  return (args) => {
    checkArity(method, args, 1);
    const { signal } = prepareSubscriptionConfig(method, {}, args[0]);
    return { params: [], signal };
  };
}
