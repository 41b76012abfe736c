/**
 * The HTTP transport: JSON-RPC 2.0 over one or more endpoints, with a per-attempt timeout and a total
 * deadline, retries of the failures worth retrying, failover, coalescing of identical reads, and
 * optional batching. Each layer lives in its own file; this one puts them together.
 */
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { throwWithHint } from '../errors/withHint.js';
import { checkConfig, checkPositive } from '../options/check.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../options/limits.js';
import { linked } from '../options/onAbort.js';
import type { Clock } from '../types/clock.js';
import type { Transport, TransportRequest } from '../types/index.js';
import { BASIC_OPTIONS, type BasicTransportOptions, exchange } from './basic.js';
import { type BatchOptions, createBatcher } from './batch.js';
import { coalesce } from './coalesce.js';
import { createEndpoint } from './endpoint.js';
import { DEFAULT_TIMEOUT_MS } from './options.js';
import { type EndpointState, type RetryOptions, type RetryPolicy, realClock, withRetries } from './retry.js';

export { DEFAULT_TIMEOUT_MS };

/** Options of the HTTP transport: the basic transport's, and the reliability layer's. `createRpc` takes the same. */
export interface HttpTransportOptions extends BasicTransportOptions {
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
export const RELIABILITY_OPTIONS = ['totalTimeoutMs', 'retry', 'endpointCooldownMs', 'coalesce', 'batch'];

/**
 * A transport over HTTP to `url`, or to several URLs in order of preference (failover). Credentials in
 * a URL move into an `Authorization` header before any request; everything the transport reports shows
 * a URL's origin only, never its path or query, where providers put API keys. An unknown option is
 * refused with an `InvalidInputError`.
 */
export function createHttpTransport(url: string | readonly string[], options: HttpTransportOptions = {}): Transport {
  checkConfig(undefined, 'options', options, [...BASIC_OPTIONS, ...RELIABILITY_OPTIONS], 'createHttpTransport');
  return createTransport(url, options, realClock);
}

/** `createHttpTransport` with the clock given and the top-level options already checked (`createRpc` checks its own). */
export function createTransport(
  url: string | readonly string[],
  options: HttpTransportOptions,
  clock: Clock,
): Transport {
  const urls = typeof url === 'string' ? [url] : url;
  if (!Array.isArray(urls) || urls.length === 0) {
    throw new InvalidInputError({ param: 'url', problem: 'expected a URL or a non-empty list of URLs' });
  }
  const maxResponseBytes =
    checkPositive(options.maxResponseBytes, 'options.maxResponseBytes', true) ?? DEFAULT_MAX_RESPONSE_BYTES;
  // Every URL's secrets, blanked out of every endpoint's answers.
  const secrets: string[] = [];
  const endpoints: EndpointState[] = urls.map((each, index) => ({
    endpoint: createEndpoint(each, {
      param: urls.length > 1 ? `url.${index}` : 'url',
      headers: options.headers,
      fetch: options.fetch,
      maxResponseBytes,
      secrets,
    }),
    unhealthyUntil: 0,
    coolDownUntil: 0,
    probe: undefined,
  }));
  const attemptTimeoutMs = checkPositive(options.timeoutMs, 'options.timeoutMs') ?? DEFAULT_TIMEOUT_MS;
  const totalTimeoutMs = checkPositive(options.totalTimeoutMs, 'options.totalTimeoutMs') ?? DEFAULT_TOTAL_TIMEOUT_MS;
  const policy = retryPolicy(options);
  let nextId = 1;
  const newId = () => nextId++;

  const limitsOf = (request: TransportRequest) => {
    const perCall = checkPositive(request.timeoutMs, 'timeoutMs');
    return {
      method: request.method,
      signal: request.signal,
      attemptTimeoutMs: perCall ?? attemptTimeoutMs,
      // A per-call timeout longer than the client's total raises the total with it.
      totalTimeoutMs: Math.max(totalTimeoutMs, perCall ?? 0),
      mayRetry: request.stream && (() => request.stream?.mayRetry() !== false),
    };
  };

  const single: Transport = (request) =>
    linked(request.signal, (signal) => {
      const call = { ...request, signal };
      return withRetries(endpoints, policy, limitsOf(call), clock, (endpoint, timeoutMs) =>
        exchange(endpoint, call, newId(), timeoutMs),
      );
    });

  let send: Transport = single;
  const batch = options.batch === true ? {} : options.batch || undefined;
  if (batch) {
    checkConfig(undefined, 'options.batch', batch, ['maxSize', 'waitMs'], 'batch');
    const batchOptions = { maxSize: batch.maxSize ?? 100, waitMs: batch.waitMs ?? 0 };
    if (!Number.isSafeInteger(batchOptions.maxSize) || batchOptions.maxSize < 1) {
      throw new InvalidInputError({ param: 'options.batch.maxSize', problem: 'expected a positive integer' });
    }
    send = createBatcher(
      batchOptions,
      newId,
      (endpoints[0] as EndpointState).endpoint.origin,
      (endpoints[0] as EndpointState).endpoint.secrets,
      (body, requests) =>
        withRetries(
          endpoints,
          policy,
          { ...limitsOf(requests[0] as TransportRequest), method: 'batch' },
          clock,
          (endpoint, timeoutMs) => endpoint.post(body, { method: 'batch', timeoutMs }),
        ),
      single,
    );
  }
  const transport = options.coalesce === false ? send : coalesce(send);
  // An RPC or HTTP error leaves with its code name and hint, as it would through createRpc.
  return (request) => transport(request).catch(throwWithHint);
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
