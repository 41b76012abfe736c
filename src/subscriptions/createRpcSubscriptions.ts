import { openDefaultWebSocket } from '#default-websocket';
import { stringifyJson } from '../codecs/json.js';
import { AbortError } from '../errors/AbortError.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { displayOrigin } from '../errors/redact.js';
import { secretsOf } from '../errors/secrets.js';
import { checkConfig } from '../options/check.js';
import { DEFAULT_MAX_DECOMPRESSED_BYTES, DEFAULT_MAX_RESPONSE_BYTES } from '../options/limits.js';
import { onAbort } from '../options/onAbort.js';
import { checkRateLimit, createRateLimiter, type RateLimiter, type RateLimitOptions } from '../pacing/rateLimiter.js';
import { isRateLimiter, sharedLimitOf } from '../pacing/shared.js';
import { Connection } from './connection.js';
import type { ConnectionEvent, Entry, ReconnectOptions } from './connectionOptions.js';
import type { SubscriptionDefinition } from './defineSubscription.js';
import { allSubscriptions } from './methods/index.js';
import { NotificationStream } from './stream.js';
import type { OpenWebSocket, WebSocketConstructor } from './webSocket.js';

/** Options of `createRpcSubscriptions` and `createRpcSubscriptionsWith`. */
export interface RpcSubscriptionsOptions {
  /** A `WebSocket` constructor to use instead of the global one (browsers) or `ws` (Node). */
  WebSocket?: WebSocketConstructor;
  /** Subscriptions one socket carries before another is opened. Default 100: providers drop sockets with too many. */
  maxSubscriptionsPerSocket?: number;
  /** Notifications a slow consumer's queue holds (see the subscriptions guide for each kind's policy). Default 1,000. */
  queueSize?: number;
  /** A quiet socket is pinged this often, in ms. Default 5,000. */
  heartbeatIntervalMs?: number;
  /**
   * A socket that has sent nothing for this long, pings unanswered, or has left a subscribe unanswered
   * this long, is dropped and reconnected. Default 20,000.
   */
  heartbeatTimeoutMs?: number;
  /** The most a connection's opening handshake may take, in ms. Default 10,000. */
  connectTimeoutMs?: number;
  /**
   * Reconnecting: jittered exponential backoff, bounded. A loss is over only once a new socket proved
   * healthy (its subscriptions and a ping answered); by default the client gives up within 60 s of a loss.
   * A close with code 1008 or 4000-4999 is not retried.
   */
  reconnect?: ReconnectOptions;
  /** The largest frame accepted, in bytes; a larger one drops the socket. Default 64 MiB, as HTTP responses. */
  maxFrameBytes?: number;
  /** The most bytes `base64+zstd` account data may decompress to. Default 10 MiB. */
  maxDecompressedBytes?: number;
  /**
   * A rate limit for the subscribe requests, where the provider counts them against the key's limit:
   * each subscribe sent (the first, and each re-subscribe after a reconnect) takes `subscriptionWeight`
   * tokens (default 1; 0: not counted) and waits its turn; unsubscribes are free. Pass the `RateLimiter`
   * of `createRateLimiter` that the HTTP client (`createRpc`) uses, and both share one budget. A
   * subscription waiting for its turn has no deadline: its `signal` (or `break`) ends the wait. None by
   * default. See docs/rate-limits.md. `createRpcSubscriptionsWith` takes only a `RateLimiter`, so an app
   * that never limits carries none of the option's code.
   * @example
   * const limit = createRateLimiter({ requestsPerSecond: 50, subscriptionWeight: 2 });
   * const rpc = createRpc('https://rpc.example.com', { rateLimit: limit });
   * const subs = createRpcSubscriptions('wss://rpc.example.com', { rateLimit: limit });
   */
  rateLimit?: RateLimitOptions | RateLimiter;
}

/** A set of subscription definitions, keyed by wire name. */
export type SubscriptionSet = Record<string, SubscriptionDefinition>;

/** The connection side of a subscriptions client, whatever its methods. */
export interface RpcSubscriptionsConnection {
  /**
   * Calls `listener` on every change of a socket's state: connected (again), reconnecting (attempt n,
   * after a wait), gave up, closed. Returns a function that stops the calls.
   * @example
   * subs.onConnectionChange((event) => {
   *   if (event.state === 'reconnecting') console.warn(`reconnecting (attempt ${event.attempt}): ${event.reason}`);
   * });
   */
  onConnectionChange(listener: (event: ConnectionEvent) => void): () => void;
  /** Ends every iterator (they finish normally) and closes every socket. */
  close(): void;
}

/** A subscriptions client with the given methods, each with its full overloaded signature. */
export type RpcSubscriptionsWith<TMethods> = RpcSubscriptionsConnection & {
  readonly [K in keyof TMethods]: TMethods[K] extends SubscriptionDefinition<infer TSignature> ? TSignature : never;
};

const OPTIONS = [
  'WebSocket',
  'maxSubscriptionsPerSocket',
  'queueSize',
  'heartbeatIntervalMs',
  'heartbeatTimeoutMs',
  'connectTimeoutMs',
  'reconnect',
  'maxFrameBytes',
  'maxDecompressedBytes',
  'rateLimit',
];

/**
 * Creates a subscriptions client with only the methods given, so bundles carry no other method's code.
 * Each method returns an `AsyncIterable` of decoded notifications; `break` (or `return()`, or an aborted
 * `signal`) ends it and unsubscribes.
 * @example
 * import { createRpcSubscriptionsWith, slotSubscribe } from 'solrpc';
 * const subs = createRpcSubscriptionsWith('wss://rpc.example.com', { slotSubscribe });
 * for await (const { slot } of subs.slotSubscribe()) console.log(slot);
 */
export function createRpcSubscriptionsWith<TMethods extends SubscriptionSet>(
  url: string,
  methods: TMethods,
  options: RpcSubscriptionsOptions = {},
): RpcSubscriptionsWith<TMethods> {
  const owner = 'createRpcSubscriptions';
  checkConfig(undefined, 'options', options, OPTIONS, owner);
  const parsed = checkUrl(url);
  const reconnect = checkConfig(undefined, 'options.reconnect', options.reconnect, [
    'maxAttempts',
    'maxElapsedMs',
    'initialDelayMs',
    'maxDelayMs',
  ]) as ReconnectOptions;
  const maxPerSocket = positive('maxSubscriptionsPerSocket', options.maxSubscriptionsPerSocket, 100);
  const queueSize = positive('queueSize', options.queueSize, 1_000);
  const maxDecompressedBytes = positive(
    'maxDecompressedBytes',
    options.maxDecompressedBytes,
    DEFAULT_MAX_DECOMPRESSED_BYTES,
  );
  const Custom = options.WebSocket;
  if (Custom !== undefined && typeof Custom !== 'function') {
    throw new InvalidInputError({ param: 'options.WebSocket', problem: 'expected a WebSocket constructor' });
  }
  const open: OpenWebSocket = Custom ? (target) => new Custom(target) : openDefaultWebSocket;
  const { rateLimit } = options;
  if (rateLimit !== undefined && !isRateLimiter(rateLimit)) {
    // Only a limiter: an app that never limits carries none of the option's checks.
    throw new InvalidInputError({ param: 'options.rateLimit', problem: 'expected createRateLimiter(options)' });
  }
  const pace = rateLimit && sharedLimitOf(rateLimit).pace();
  const listeners = new Set<(event: ConnectionEvent) => void>();
  const entries = new Map<string, Entry>();
  const connections: Connection[] = [];
  const settings = {
    url,
    origin: displayOrigin(parsed),
    // Longest first: a secret that holds another is blanked out whole.
    secrets: secretsOf(parsed, []).sort((a, b) => b.length - a.length),
    open,
    maxFrameBytes: positive('maxFrameBytes', options.maxFrameBytes, DEFAULT_MAX_RESPONSE_BYTES),
    heartbeatIntervalMs: positive('heartbeatIntervalMs', options.heartbeatIntervalMs, 5_000),
    heartbeatTimeoutMs: positive('heartbeatTimeoutMs', options.heartbeatTimeoutMs, 20_000),
    connectTimeoutMs: positive('connectTimeoutMs', options.connectTimeoutMs, 10_000),
    reconnect: {
      maxAttempts: positive('reconnect.maxAttempts', reconnect.maxAttempts, 10, true),
      maxElapsedMs: positive('reconnect.maxElapsedMs', reconnect.maxElapsedMs, 60_000),
      initialDelayMs: positive('reconnect.initialDelayMs', reconnect.initialDelayMs, 500),
      maxDelayMs: positive('reconnect.maxDelayMs', reconnect.maxDelayMs, 10_000),
    },
    emit(event: ConnectionEvent) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch {
          // A listener's own failure must not break the connection it watches.
        }
      }
    },
    forget(entry: Entry) {
      if (entries.get(entry.key) === entry) entries.delete(entry.key);
    },
    random: Math.random,
    now: Date.now,
    pace,
  };

  /** The socket for a new subscription: the first with room, or a new one. */
  const connectionWithRoom = (): Connection => {
    const found = connections.find((connection) => connection.entries.size < maxPerSocket);
    if (found) return found;
    const created = new Connection(connections.length, settings);
    connections.push(created);
    return created;
  };

  const subscribe = (definition: SubscriptionDefinition, args: readonly unknown[]) => {
    const prepared = definition.prepare(args);
    const { signal } = prepared;
    // Identical requests share one server subscription; each consumer still gets its own queue.
    const key = `${definition.name}:${stringifyJson(prepared.params)}`;
    let entry = entries.get(key);
    let connection = entry ? connections.find((c) => c.entries.has(entry as Entry)) : undefined;
    if (!entry || !connection) {
      entry = {
        key,
        definition,
        notification: `${definition.name.slice(0, -'Subscribe'.length)}Notification`,
        prepared,
        context: { method: definition.name, maxDecompressedBytes },
        streams: new Set(),
        id: undefined,
        slots: new Map(),
        tail: Promise.resolve(),
      };
      entries.set(key, entry);
      connection = undefined;
    }
    const owned = entry;
    let stopWaiting = (): void => undefined;
    const stream: NotificationStream<unknown> = new NotificationStream(
      definition.name,
      definition.policy,
      queueSize,
      definition.keyOf,
      () => {
        stopWaiting();
        owned.streams.delete(stream);
        if (owned.streams.size > 0) return;
        const holder = connections.find((c) => c.entries.has(owned));
        // Not on a socket yet (its zstd decoder still loading): nothing to unsubscribe, only to forget.
        if (holder) holder.remove(owned);
        else if (entries.get(key) === owned) entries.delete(key);
      },
    );
    const abort = () => {
      stream.fail(new AbortError({ method: definition.name, reason: signal?.reason }));
      stream.release();
    };
    if (signal?.aborted) {
      abort();
      return stream;
    }
    // One listener on a signal shared by any number of subscriptions (an app's shutdown signal).
    stopWaiting = onAbort(signal, abort);
    owned.streams.add(stream);
    if (!connection) {
      const target = connectionWithRoom();
      // Loading zstd (for base64+zstd) finishes before the first notification can need it.
      if (prepared.ready) {
        prepared.ready.then(
          () => {
            if (owned.streams.size > 0 && entries.get(key) === owned) target.add(owned);
          },
          (cause: unknown) => {
            entries.delete(key);
            for (const s of owned.streams) s.fail(cause);
          },
        );
      } else {
        target.add(owned);
      }
    }
    return stream;
  };

  const client: Record<string, unknown> = {
    onConnectionChange(listener: (event: ConnectionEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      const open = [...entries.values()];
      entries.clear();
      for (const connection of connections) connection.close();
      for (const entry of open) for (const stream of entry.streams) stream.end();
    },
  };
  for (const name of Object.keys(methods)) {
    const definition = methods[name] as SubscriptionDefinition;
    client[name] = (...args: unknown[]) => subscribe(definition, args);
  }
  return Object.freeze(client) as RpcSubscriptionsWith<TMethods>;
}

function checkUrl(url: unknown): URL {
  let parsed: URL | undefined;
  try {
    parsed = typeof url === 'string' ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:')) {
    throw new InvalidInputError({
      param: 'url',
      // Never the URL itself: it may carry an API key.
      problem: 'expected a ws:// or wss:// URL',
    });
  }
  return parsed;
}

function positive(name: string, value: unknown, fallback: number, zeroAllowed = false): number {
  if (value === undefined) return fallback;
  // Timers take at most 2^31 - 1 ms; no other option comes near it.
  if (typeof value !== 'number' || !Number.isInteger(value) || value < (zeroAllowed ? 0 : 1) || value > 2_147_483_647) {
    throw new InvalidInputError({
      param: `options.${name}`,
      problem: `expected a ${zeroAllowed ? 'non-negative' : 'positive'} integer`,
    });
  }
  return value;
}

/** The client `createRpcSubscriptions` returns: every subscription method, each with its full overloaded signature. */
export interface RpcSubscriptions extends RpcSubscriptionsWith<typeof allSubscriptions> {}

/**
 * Creates a subscriptions client with every method, over WebSocket to `url` (`ws://` or `wss://`).
 * Subscriptions share sockets (at most `maxSubscriptionsPerSocket` each), survive reconnects, and end
 * with a typed error rather than silently.
 * @example
 * const subs = createRpcSubscriptions('wss://rpc.example.com');
 * for await (const { value } of subs.accountSubscribe(address, { encoding: 'base64' })) {
 *   console.log(value.lamports); // bigint
 * }
 */
export function createRpcSubscriptions(url: string, options: RpcSubscriptionsOptions = {}): RpcSubscriptions {
  const rateLimit = checkRateLimit(options?.rateLimit, 'options.rateLimit');
  if (rateLimit === undefined || isRateLimiter(rateLimit))
    return createRpcSubscriptionsWith(url, allSubscriptions, options);
  // Options of its own (or `false`, none): a limiter for this client alone.
  return createRpcSubscriptionsWith(url, allSubscriptions, {
    ...options,
    rateLimit: rateLimit === false ? undefined : createRateLimiter(rateLimit),
  });
}
