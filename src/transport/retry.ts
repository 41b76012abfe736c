/**
 * Retries, failover and rate-limit cool-downs for JSON-RPC reads: which failures are worth another try,
 * how long to wait, and which endpoint to try next, all within the call's total deadline.
 */
import { AbortError } from '../errors/AbortError.js';
import { isSolRpcError } from '../errors/isSolRpcError.js';
import { RateLimitedError } from '../errors/RateLimitedError.js';
import { TimeoutError } from '../errors/TimeoutError.js';
import { onAbort } from '../options/onAbort.js';
import type { Clock } from '../types/clock.js';
import type { Endpoint } from './endpoint.js';

/** How calls are retried. Every field has a default; `retry: false` turns retries off. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 3 (four attempts in all). */
  maxRetries?: number;
  /** The backoff's base: the n-th retry waits a random time up to `min(maxDelayMs, baseDelayMs × 2^n)`. Default 250. */
  baseDelayMs?: number;
  /** The longest backoff between attempts. Default 8000. */
  maxDelayMs?: number;
  /**
   * The longest `Retry-After` honoured, in ms. An endpoint asking for longer fails the call at once
   * with `RateLimitedError` carrying the delay. Default 30 000.
   */
  maxRetryAfterMs?: number;
}

export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
  /** How long a failed endpoint is passed over when others are available (failover). */
  endpointCooldownMs: number;
}

const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);
// TLS failures; EPROTO is node:https's for a TLS protocol failure, such as https:// to a plain HTTP server.
const NEVER_RETRIED_NETWORK = /CERT|TLS|SSL|SELF_SIGNED|EPROTO/;

/**
 * Whether a failure is worth another attempt: 408, 429 and 5xx gateway statuses; refused, reset or
 * timed-out connections; JSON-RPC -32005 (node behind) and -32016 (slot not reached yet). Never TLS
 * failures, other HTTP statuses, or malformed answers, which would only fail again. A host that
 * does not resolve is retried once.
 */
export function isRetryable(error: unknown, retriesSoFar: number): boolean {
  if (isSolRpcError(error, 'HttpError')) return RETRYABLE_STATUSES.has(error.status);
  if (isSolRpcError(error, 'TimeoutError')) return true;
  if (isSolRpcError(error, 'RpcError')) return error.code === -32005 || error.code === -32016;
  if (isSolRpcError(error, 'NetworkError')) {
    if (error.code && NEVER_RETRIED_NETWORK.test(error.code)) return false;
    return error.code === 'ENOTFOUND' ? retriesSoFar === 0 : true;
  }
  return false;
}

/** What the transport remembers about an endpoint between calls. */
export interface EndpointState {
  endpoint: Endpoint;
  /** Until when it is passed over after a failure (failover), in ms since the epoch. */
  unhealthyUntil: number;
  /** Until when nothing is sent to it: it answered 429 and asked for a pause. */
  coolDownUntil: number;
  /** The one request let through when a cool-down ends; the others wait for its outcome. */
  probe: Promise<unknown> | undefined;
}

export const realClock: Clock = {
  now: () => Date.now(),
  random: () => Math.random(),
  sleep: (ms, signal, method) => sleep(ms, signal, method),
};

/**
 * Waits `ms` on a real timer, or until `until` settles if it does first; an abort of `signal` ends the
 * wait with `AbortError`. However it ends, the timer is cleared and the abort listener removed.
 */
function sleep(ms: number, signal: AbortSignal | undefined, method: string, until?: Promise<unknown>): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError({ method, reason: signal.reason }));
    const end = (error?: AbortError) => {
      clearTimeout(timer);
      stopWaiting();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => end(), ms);
    const stopWaiting = onAbort(signal, () => end(new AbortError({ method, reason: signal?.reason })));
    until?.then(
      () => end(),
      () => end(),
    );
  });
}

export interface CallLimits {
  method: string;
  signal: AbortSignal | undefined;
  /** One attempt's limit. */
  attemptTimeoutMs: number;
  /** The whole call's limit, sleeps and retries included. */
  totalTimeoutMs: number;
  /** Whether another attempt may still be made (`TransportRequest.stream`); always, when left out. */
  mayRetry?: () => boolean;
}

/**
 * Runs `attempt` against the endpoints until it succeeds, fails for good, or the total deadline
 * passes. Failover: a failed endpoint is passed over for `endpointCooldownMs` while another is
 * healthy, and the next attempt goes there at once. A 429 cools its endpoint down for every call of
 * the client, so concurrent calls do not stampede; when the pause ends, one call probes first.
 */
export async function withRetries<T>(
  endpoints: EndpointState[],
  policy: RetryPolicy | false,
  limits: CallLimits,
  clock: Clock,
  attempt: (endpoint: Endpoint, timeoutMs: number) => Promise<T>,
): Promise<T> {
  const { method, signal } = limits;
  const started = clock.now();
  const deadline = started + limits.totalTimeoutMs;
  const maxRetries = policy === false ? 0 : policy.maxRetries;
  let timedOut = 0;
  // Out of time after retries: the error says how many attempts, of what limit, and the time in all,
  // since a per-attempt timeoutMs alone would understate how long the call ran.
  const outOfTime = (origin: string, attempts: number, total: boolean) => {
    const elapsedMs = clock.now() - started;
    const timeoutMs = total ? limits.totalTimeoutMs : limits.attemptTimeoutMs;
    const count = `${attempts} attempt${attempts === 1 ? '' : 's'}`;
    const inAll = `${(elapsedMs / 1000).toFixed(1)} s in all`;
    return new TimeoutError({
      method,
      timeoutMs,
      origin,
      attempts,
      elapsedMs,
      summary: `no complete answer from ${origin} ${
        total
          ? `within the call's total limit of ${timeoutMs} ms (${count}, ${inAll})`
          : timedOut === attempts
            ? `in ${count} of ${timeoutMs} ms each (${inAll})`
            : `within ${timeoutMs} ms on the last of ${count} (${inAll})`
      }`,
      hint: 'raise timeoutMs (each attempt) or totalTimeoutMs (the whole call), or check that the node is reachable and not overloaded.',
    });
  };
  for (let retries = 0; ; retries++) {
    const state = pick(endpoints, clock.now());
    await waitForCoolDown(state, deadline, limits, clock);
    const remaining = deadline - clock.now();
    if (remaining <= 0) throw outOfTime(state.endpoint.origin, retries, true);
    let probeDone: (() => void) | undefined;
    if (state.coolDownUntil > 0 && state.probe === undefined) {
      // The first call after a cool-down goes alone; the others wait for its outcome.
      state.probe = new Promise<void>((resolve) => {
        probeDone = resolve;
      });
    }
    try {
      return await attempt(state.endpoint, Math.min(limits.attemptTimeoutMs, remaining));
    } catch (error) {
      if (signal?.aborted) throw new AbortError({ method, reason: signal.reason });
      const timeout = isSolRpcError(error, 'TimeoutError');
      if (timeout) timedOut++;
      if (timeout && deadline - clock.now() <= 0) throw outOfTime(error.origin, retries + 1, true);
      // The last error as it is; a timeout after retries says what they were.
      const last = () => (timeout && retries > 0 ? outOfTime(error.origin, retries + 1, false) : error);
      if (policy === false || retries >= maxRetries || !isRetryable(error, retries) || limits.mayRetry?.() === false)
        throw last();
      const delay = await delayAfter(error, state, endpoints, policy, retries, deadline, method, clock);
      if (clock.now() + delay >= deadline) throw last();
      if (delay > 0) await clock.sleep(delay, signal, method);
    } finally {
      if (probeDone) {
        state.probe = undefined;
        if (clock.now() >= state.coolDownUntil) state.coolDownUntil = 0;
        probeDone();
      }
    }
  }
}

/** The first endpoint neither failed recently nor cooling down; else the one available soonest. */
function pick(endpoints: EndpointState[], now: number): EndpointState {
  let best = endpoints[0] as EndpointState;
  for (const state of endpoints) {
    if (state.unhealthyUntil <= now && state.coolDownUntil <= now) return state;
    const available = Math.max(state.unhealthyUntil, state.coolDownUntil);
    if (available < Math.max(best.unhealthyUntil, best.coolDownUntil)) best = state;
  }
  return best;
}

async function waitForCoolDown(
  state: EndpointState,
  deadline: number,
  limits: CallLimits,
  clock: Clock,
): Promise<void> {
  for (;;) {
    const wait = state.coolDownUntil - clock.now();
    if (wait > 0) {
      if (clock.now() + wait >= deadline) {
        throw new RateLimitedError({
          method: limits.method,
          retryAfterMs: wait,
          status: 429,
          origin: state.endpoint.origin,
          reason: 'longer than this call has left',
        });
      }
      await clock.sleep(wait, limits.signal, limits.method);
      continue;
    }
    if (!state.probe || deadline - clock.now() <= 0) return;
    // Another call's probe: waited for, but no longer than this call's own time and not past its abort
    // (a probe that hangs must not hold every call behind it). A real timer, as an attempt's timeout is:
    // the probe's outcome is real time too.
    await sleep(deadline - clock.now(), limits.signal, limits.method, state.probe);
  }
}

/** How long to wait before the next attempt, recording what the failure says about the endpoint. */
async function delayAfter(
  error: unknown,
  state: EndpointState,
  endpoints: EndpointState[],
  policy: RetryPolicy,
  retries: number,
  deadline: number,
  method: string,
  clock: Clock,
): Promise<number> {
  const now = clock.now();
  const backoff = Math.floor(clock.random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retries));
  if (isSolRpcError(error, 'HttpError') && (error.status === 429 || error.retryAfterMs !== undefined)) {
    const asked = error.retryAfterMs;
    if (asked !== undefined && (asked > policy.maxRetryAfterMs || now + asked >= deadline)) {
      // Too long to wait here, but another URL may answer now: pass this one over, as after any failure
      // (for endpointCooldownMs, not the pause asked: a proxy's absurd Retry-After must not retire a URL).
      if (endpoints.length > 1) {
        state.unhealthyUntil = now + policy.endpointCooldownMs;
        const next = pick(endpoints, now);
        if (Math.max(next.unhealthyUntil, next.coolDownUntil) <= now) return 0;
      }
      throw new RateLimitedError({
        method,
        retryAfterMs: asked,
        status: error.status,
        origin: state.endpoint.origin,
        reason:
          asked > policy.maxRetryAfterMs
            ? `more than the ${policy.maxRetryAfterMs} ms allowed`
            : 'longer than this call has left',
      });
    }
    const pause = asked ?? backoff;
    // The pause is the endpoint's, so every call of this client waits it out.
    if (error.status === 429) state.coolDownUntil = Math.max(state.coolDownUntil, now + pause);
    if (endpoints.length > 1 && pick(endpoints, now) !== state) return 0;
    return error.status === 429 ? 0 : pause; // a 429's wait happens in waitForCoolDown
  }
  if (endpoints.length > 1) {
    state.unhealthyUntil = now + policy.endpointCooldownMs;
    // Another endpoint is healthy: go there at once.
    if (pick(endpoints, now) !== state) return 0;
  }
  return backoff;
}
