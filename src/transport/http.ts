/**
 * The HTTP transport: JSON-RPC 2.0 over one or more endpoints, with a per-attempt timeout and a total
 * deadline, retries of the failures worth retrying, failover, coalescing of identical reads, and
 * optional batching. Each layer lives in its own file; this one puts them together.
 */
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { isSolRpcError } from '../errors/isSolRpcError.js';
import { throwWithHint } from '../errors/withHint.js';
import { checkConfig, checkPositive } from '../options/check.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../options/limits.js';
import { linked } from '../options/onAbort.js';
import type { Clock } from '../types/clock.js';
import type { Transport, TransportRequest } from '../types/index.js';
import { BASIC_OPTIONS, type BasicTransportOptions } from './basic.js';
import { type BatchOptions, createBatcher } from './batch.js';
import { coalesce } from './coalesce.js';
import { createEndpoint } from './endpoint.js';
import { type EndpointState, newEndpointState } from './endpointState.js';
import type { FreshReadOptions } from './freshness.js';
import { withHealth } from './health.js';
import type { TransportHooks } from './hooks.js';
import { DEFAULT_TIMEOUT_MS } from './options.js';
import { checkRateLimit, paceFor, type RateLimiter, type RateLimitOptions } from './rateLimit.js';
import { type RetryOptions, type RetryPolicy, realClock, withRetries } from './retry.js';
import { ASK_FRESH, createSteering, DEFAULT_MAX_LAG_SLOTS, DEFAULT_PROBE_INTERVAL_MS } from './steering.js';

export { DEFAULT_TIMEOUT_MS };

/** One URL of a failover list with settings of its own. */
export interface EndpointConfig {
  /** The endpoint's URL. */
  url: string;
  /**
   * Its rate limit, in place of the client's `rateLimit`; `false` for none. A `RateLimiter` object is used
   * as given, so endpoints (and a subscriptions client) that share one share its budget.
   */
  rateLimit?: RateLimitOptions | RateLimiter | false;
}

/** Options of the HTTP transport: the basic transport's, and the reliability layer's. `createRpc` takes the same. */
export interface HttpTransportOptions extends BasicTransportOptions, TransportHooks {
  /**
   * Keeps to the endpoint's request limit: calls wait their turn instead of drawing 429s (see
   * docs/rate-limits.md). Each URL of a list gets a limit of its own from these options, unless its
   * `EndpointConfig` says otherwise; a `RateLimiter` from `createRateLimiter` is shared as given.
   */
  rateLimit?: RateLimitOptions | RateLimiter;
  /**
   * Reads never go back in time (default on): no call resolves with a view older than one the client
   * has already returned at the same commitment, and endpoints trailing the others are passed over.
   * `false` turns it off.
   */
  freshReads?: boolean | FreshReadOptions;
  /** How long one attempt may take, from sending to the last byte of the answer, in ms. Default 30 000. */
  timeoutMs?: number;
  /** How long a call may take in all, retries and waits included, in ms. Default 60 000. */
  totalTimeoutMs?: number;
  /** How failed calls are retried; `false` for no retries. See `RetryOptions` for the defaults. */
  retry?: RetryOptions | false;
  /** With several endpoints: how long one that failed is passed over, in ms. Default 30 000. */
  endpointCooldownMs?: number;
  /** Share one request between identical calls in flight at the same time. Default `true`. */
  coalesce?: boolean;
  /** Send calls made together as one JSON-RPC batch. Default off; `true` for the default batch options. */
  batch?: boolean | BatchOptions;
}

/** The default of `totalTimeoutMs`: how long a call may take in all, retries and waits included, 60 s. */
export const DEFAULT_TOTAL_TIMEOUT_MS = 60_000;

/** The options only the HTTP transport has, beside the basic transport's. */
export const RELIABILITY_OPTIONS = [
  'totalTimeoutMs',
  'retry',
  'endpointCooldownMs',
  'coalesce',
  'batch',
  'rateLimit',
  'freshReads',
  'onRequest',
  'onResponse',
];

/**
 * A transport over HTTP to `url`, or to several URLs in order of preference (failover). Credentials in
 * a URL move into an `Authorization` header before any request; everything the transport reports shows
 * a URL's origin only, never its path or query, where providers put API keys. An unknown option is
 * refused with an `InvalidInputError`.
 */
export function createHttpTransport(
  url: string | readonly (string | EndpointConfig)[],
  options: HttpTransportOptions = {},
): Transport {
  checkConfig(undefined, 'options', options, [...BASIC_OPTIONS, ...RELIABILITY_OPTIONS], 'createHttpTransport');
  return createTransport(url, options, realClock);
}

/** `createHttpTransport` with the clock given and the top-level options already checked (`createRpc` checks its own). */
export function createTransport(
  url: string | readonly (string | EndpointConfig)[],
  options: HttpTransportOptions,
  clock: Clock,
): Transport {
  const urls = typeof url === 'string' ? [url] : url;
  if (!Array.isArray(urls) || urls.length === 0) {
    throw new InvalidInputError({ param: 'url', problem: 'expected a URL or a non-empty list of URLs' });
  }
  const maxResponseBytes =
    checkPositive(options.maxResponseBytes, 'options.maxResponseBytes', true) ?? DEFAULT_MAX_RESPONSE_BYTES;
  const clientLimit = checkRateLimit(options.rateLimit, 'options.rateLimit');
  // Every URL's secrets, blanked out of every endpoint's answers.
  const secrets: string[] = [];
  const endpoints: EndpointState[] = urls.map((each, index) => {
    const param = urls.length > 1 ? `url.${index}` : 'url';
    const entry = endpointConfig(each, param);
    const limit = entry.rateLimit === undefined ? clientLimit : checkRateLimit(entry.rateLimit, `${param}.rateLimit`);
    const endpoint = createEndpoint(entry.url, {
      param: typeof each === 'object' && each !== null ? `${param}.url` : param,
      headers: options.headers,
      fetch: options.fetch,
      maxResponseBytes,
      secrets,
    });
    return newEndpointState(endpoint, index, paceFor(limit ?? undefined, clock, `${param}.rateLimit`), clock.now());
  });
  const attemptTimeoutMs = checkPositive(options.timeoutMs, 'options.timeoutMs') ?? DEFAULT_TIMEOUT_MS;
  const totalTimeoutMs = checkPositive(options.totalTimeoutMs, 'options.totalTimeoutMs') ?? DEFAULT_TOTAL_TIMEOUT_MS;
  const policy = retryPolicy(options);
  let nextId = 1;
  const newId = () => nextId++;
  const steering = createSteering({
    endpoints,
    clock,
    fresh: freshReadOptions(options.freshReads),
    recheckMs: policy === false ? 30_000 : policy.endpointCooldownMs,
    hooks: checkHooks(options),
    newId,
  });

  const limitsOf = (request: TransportRequest) => {
    const perCall = checkPositive(request.timeoutMs, 'timeoutMs');
    return {
      method: request.method,
      signal: request.signal,
      attemptTimeoutMs: perCall ?? attemptTimeoutMs,
      // A per-call timeout longer than the client's total raises the total with it.
      totalTimeoutMs: Math.max(totalTimeoutMs, perCall ?? 0),
      mayRetry: request.stream && (() => request.stream?.mayRetry() !== false),
      weight: (state: EndpointState) => state.pace.weightOf(request.method),
    };
  };

  const single: Transport = (request) =>
    linked(request.signal, (signal) => {
      const call = { ...request, signal };
      const begun = steering.begin(call);
      const sent = withRetries(endpoints, policy, limitsOf(call), clock, (state, timeoutMs, retries) =>
        steering.send(state, call, begun, timeoutMs, retries),
      );
      // Slot readings go after the call, never taking a turn it was waiting for (with one endpoint, or
      // none to read, no promise is added to the call).
      return steering.probes ? sent.finally(steering.probeIfDue) : sent;
    });

  let send: Transport = single;
  const batch = options.batch === true ? {} : options.batch || undefined;
  if (batch) {
    checkConfig(undefined, 'options.batch', batch, ['maxSize', 'waitMs'], 'batch');
    const batchOptions = { maxSize: batch.maxSize ?? 100, waitMs: batch.waitMs ?? 0 };
    if (!Number.isSafeInteger(batchOptions.maxSize) || batchOptions.maxSize < 1) {
      throw new InvalidInputError({ param: 'options.batch.maxSize', problem: 'expected a positive integer' });
    }
    // Which endpoint answered each batched call, for its freshness check: a tag the batcher's copies of
    // the request keep (a spread copies symbol keys).
    type Tag = { state?: EndpointState };
    const tagOf = (request: TransportRequest) => (request as { [ANSWERED_BY]?: Tag })[ANSWERED_BY];
    const batched = createBatcher(
      batchOptions,
      newId,
      (endpoints[0] as EndpointState).endpoint.origin,
      (endpoints[0] as EndpointState).endpoint.secrets,
      (body, requests) => {
        const methods = requests.map((request) => request.method);
        return withRetries(
          endpoints,
          policy,
          {
            ...limitsOf(requests[0] as TransportRequest),
            method: 'batch',
            // A batch takes the turns of all its calls.
            weight: (state) => methods.reduce((sum, method) => sum + state.pace.weightOf(method), 0),
          },
          clock,
          (state, timeoutMs, retries) =>
            steering.batch(state, methods, retries, () => {
              for (const request of requests) {
                const tag = tagOf(request);
                if (tag) tag.state = state;
              }
              return state.endpoint.post(body, { method: 'batch', timeoutMs });
            }),
        );
      },
      single,
    );
    // A batched call's answer older than one returned is asked again on its own, for the newest slot.
    send = async (request) => {
      const tag: Tag = {};
      const begun = steering.begin(request);
      const result = await batched({ ...request, [ANSWERED_BY]: tag } as TransportRequest);
      const { state } = tag;
      if (!state) return result;
      try {
        steering.checkBatched(request, begun, result, state);
        return result;
      } catch (error) {
        if (!isSolRpcError(error, 'StaleResponseError') || policy === false) throw error;
        return single({ ...request, [ASK_FRESH]: true } as TransportRequest);
      }
    };
  }
  const transport = options.coalesce === false ? send : coalesce(send);
  // An RPC or HTTP error leaves with its code name and hint, as it would through createRpc.
  return withHealth(
    (request) => transport(request).catch(throwWithHint),
    endpoints,
    () => clock.now(),
  );
}

const ANSWERED_BY = Symbol('solrpc.answeredBy');

/** A list entry as a URL and its own settings; refused, naming it, when it is neither a string nor an EndpointConfig. */
function endpointConfig(entry: unknown, param: string): EndpointConfig {
  // Anything but an object is taken for a URL, which createEndpoint checks and names.
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return { url: entry as string };
  checkConfig(undefined, param, entry, ['url', 'rateLimit'], 'createRpc');
  return entry as EndpointConfig;
}

function freshReadOptions(value: HttpTransportOptions['freshReads']): Required<FreshReadOptions> | false {
  if (value === false) return false;
  const given = checkConfig(
    undefined,
    'options.freshReads',
    value === true ? undefined : value,
    ['maxLagSlots', 'probeIntervalMs'],
    'freshReads',
  ) as FreshReadOptions;
  const whole = (number: number | undefined, param: string, fallback: number) => {
    if (number === undefined) return fallback;
    if (!Number.isSafeInteger(number) || number < 0) {
      throw new InvalidInputError({ param, problem: 'expected a whole number of at least 0' });
    }
    return number;
  };
  return {
    maxLagSlots: whole(given.maxLagSlots, 'options.freshReads.maxLagSlots', DEFAULT_MAX_LAG_SLOTS),
    probeIntervalMs: whole(given.probeIntervalMs, 'options.freshReads.probeIntervalMs', DEFAULT_PROBE_INTERVAL_MS),
  };
}

function checkHooks(options: HttpTransportOptions): TransportHooks {
  for (const name of ['onRequest', 'onResponse'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') {
      throw new InvalidInputError({ param: `options.${name}`, problem: 'expected a function' });
    }
  }
  return { onRequest: options.onRequest, onResponse: options.onResponse };
}

function retryPolicy(options: HttpTransportOptions): RetryPolicy | false {
  if (options.retry === false) return false;
  const retry = checkConfig(
    undefined,
    'options.retry',
    (options.retry as unknown) === true ? undefined : options.retry,
    ['maxRetries', 'baseDelayMs', 'maxDelayMs', 'maxRetryAfterMs'],
    'retry',
  ) as RetryOptions;
  const whole = (value: number | undefined, param: string, fallback: number, min = 0) => {
    if (value === undefined) return fallback;
    if (!Number.isSafeInteger(value) || value < min) {
      throw new InvalidInputError({ param, problem: `expected a whole number of at least ${min}` });
    }
    return value;
  };
  return {
    maxRetries: whole(retry.maxRetries, 'options.retry.maxRetries', 3),
    baseDelayMs: whole(retry.baseDelayMs, 'options.retry.baseDelayMs', 250),
    maxDelayMs: whole(retry.maxDelayMs, 'options.retry.maxDelayMs', 8000),
    maxRetryAfterMs: whole(retry.maxRetryAfterMs, 'options.retry.maxRetryAfterMs', 30_000),
    endpointCooldownMs: whole(options.endpointCooldownMs, 'options.endpointCooldownMs', 30_000),
  };
}
