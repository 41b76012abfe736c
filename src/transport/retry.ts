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
import type { EndpointState } from './endpointState.js';

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

/** One slot: how long a node behind by a little takes to move on. */
const SLOT_MS = 400;

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
  // An answer older than one already returned: another endpoint, or the same one later, has a newer view.
  if (isSolRpcError(error, 'StaleResponseError')) return true;
  if (isSolRpcError(error, 'NetworkError')) {
    if (error.code && NEVER_RETRIED_NETWORK.test(error.code)) return false;
    return error.code === 'ENOTFOUND' ? retriesSoFar === 0 : true;
  }
  return false;
}

export const realClock: Clock = {
  now: () => Date.now(),
  random: () => Math.random(),
  sleep,
};

/**
 * Waits `ms` on a real timer, or until `until` is fulfilled if it is first (then with its value; it must
 * not reject); an abort of `signal` ends the wait with `AbortError`. However it ends, the timer is
 * cleared and the abort listener removed.
 */
function sleep<T = void>(
  ms: number,
  signal: AbortSignal | undefined,
  method: string,
  until?: Promise<T>,
): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    // Settles the wait with `outcome` (resolve or reject), once the timer and listener are gone.
    const end = (outcome: (value?: never) => void, value?: unknown) => {
      clearTimeout(timer);
      stopWaiting();
      outcome(value as never);
    };
    const abort = () => end(reject, new AbortError({ method, reason: signal?.reason }));
    const timer = setTimeout(end, ms, resolve);
    const stopWaiting = onAbort(signal, abort);
    if (signal?.aborted) abort();
    until?.then((value) => end(resolve, value));
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
  /** The tokens of a rate limit one attempt takes (the method's weight; a batch's, the sum of its calls'). */
  weight?: (state: EndpointState) => number;
}

/**
 * Runs `attempt` against the endpoints until it succeeds, fails for good, or the total deadline
 * passes. Failover: a failed endpoint is passed over for `endpointCooldownMs` while another is
 * healthy, and the next attempt goes there at once; so is one lagging behind the others (see
 * endpointState.ts). A 429 cools its endpoint down for every call of the client, so concurrent calls do
 * not stampede; when the pause ends, calls go in a slow start (slowStart.ts), one first. Each attempt
 * first waits its turn under the endpoint's rate limit (rateLimit.ts); an endpoint that cannot give one
 * in time is passed over for another that can. A 429 with a Retry-After is retried for as long as the
 * call's time allows, whatever `maxRetries` says: the endpoint named its pace, and the call keeps to it.
 */
export async function withRetries<T>(
  endpoints: EndpointState[],
  policy: RetryPolicy | false,
  limits: CallLimits,
  clock: Clock,
  attempt: (state: EndpointState, timeoutMs: number, retries: number) => Promise<T>,
): Promise<T> {
  const { method, signal } = limits;
  const started = clock.now();
  const deadline = started + limits.totalTimeoutMs;
  const maxRetries = policy === false ? 0 : policy.maxRetries;
  let timedOut = 0;
  // Failures, against maxRetries: every failure but a 429 that named its pause.
  let failures = 0;
  // Endpoints whose rate limit had no turn for this call in its time.
  let noTurn: Set<EndpointState> | undefined;
  // Endpoints that answered this call from a view older than one returned: the others are asked first.
  let answeredBehind: Set<EndpointState> | undefined;
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
  let previous: EndpointState | undefined;
  for (let retries = 0; ; retries++) {
    const state = pick(endpoints, clock.now(), noTurn, answeredBehind);
    if (previous && previous !== state) previous.counters.failovers++;
    previous = state;
    await waitForCoolDown(state, deadline, limits, clock);
    // After a 429: a slot of the endpoint's slow start, held until this attempt's outcome; `held` frees it.
    // Its code (slowStart.ts) is loaded with the first window, so an app never answered 429 loads none; the
    // wait for it ends at the call's deadline or abort (then no slot: the attempt finds no time left). If it
    // fails to load, the window is dropped and the attempt goes without a slot (the next 429 tries again).
    const held =
      state.window &&
      (await (
        await sleep(
          deadline - clock.now(),
          signal,
          method,
          import('./slowStart.js').catch(() => (state.window = undefined)),
        )
      )?.slotIn(state, deadline, limits, clock, sleep, waitForCoolDown, endpoints));
    // Handed a slot on an endpoint now passed over, while another is available: pick again (no retry).
    if (held === null) {
      retries--;
      continue;
    }
    try {
      const turn = state.pace.turn(limits.weight?.(state) ?? 1, {
        method,
        origin: state.endpoint.origin,
        // The wait for a turn is bounded by one attempt's time too (a call's own timeoutMs), and a turn at
        // the deadline itself would leave the request no time at all.
        deadline: Math.min(deadline, clock.now() + limits.attemptTimeoutMs) - 1,
        signal,
      });
      if (turn) {
        try {
          await turn;
        } catch (error) {
          // No turn here in time: another endpoint may have one.
          if (
            !isSolRpcError(error, 'RateLimitedError') ||
            endpoints.every((each) => each === state || noTurn?.has(each))
          )
            throw error;
          noTurn ??= new Set();
          noTurn.add(state);
          retries--;
          continue;
        }
      }
      const remaining = deadline - clock.now();
      if (remaining <= 0) throw outOfTime(state.endpoint.origin, retries, true);
      try {
        const result = await attempt(state, Math.min(limits.attemptTimeoutMs, remaining), retries);
        state.pace.succeeded();
        return result;
      } catch (error) {
        if (signal?.aborted) throw new AbortError({ method, reason: signal.reason });
        const timeout = isSolRpcError(error, 'TimeoutError');
        if (timeout) timedOut++;
        if (timeout && deadline - clock.now() <= 0) throw outOfTime(error.origin, retries + 1, true);
        const rateLimited = isSolRpcError(error, 'HttpError') && error.status === 429;
        if (rateLimited) {
          state.counters.rateLimited++;
          state.pace.rateLimited();
        } else if (isSolRpcError(error, 'RpcError')) {
          // The node answered: an error of its own, not of the way to it.
          state.pace.succeeded();
        }
        // A 429 that names its pause (Retry-After) is a wait the endpoint asked for, not a failure: it is not
        // counted against maxRetries, and the call's own time bounds it. (An answer older than one returned
        // is a failure: a call whose endpoints all lag ends with StaleResponseError after its retries, and its
        // caller decides, rather than waiting out its whole time.)
        // (A Retry-After of 0, or a date gone by, names no pause: that 429 counts, as one without it.)
        const paced = rateLimited && (error.retryAfterMs ?? 0) > 0;
        // The last error as it is; a timeout after retries says what they were.
        const last = () => (timeout && retries > 0 ? outOfTime(error.origin, retries + 1, false) : error);
        if (
          policy === false ||
          (!paced && failures >= maxRetries) ||
          !isRetryable(error, retries) ||
          limits.mayRetry?.() === false
        )
          throw last();
        if (!paced) failures++;
        if (isSolRpcError(error, 'StaleResponseError')) {
          answeredBehind ??= new Set();
          answeredBehind.add(state);
        }
        // The backoff grows with the failures before this one.
        const delay = await delayAfter(
          error,
          state,
          endpoints,
          policy,
          Math.max(0, failures - 1),
          deadline,
          method,
          clock,
        );
        if (clock.now() + delay >= deadline) throw last();
        // The slot is freed before the backoff: the attempt is over.
        held?.();
        if (delay > 0) await clock.sleep(delay, signal, method);
      }
    } finally {
      // However the attempt ended, the slot is freed (before any backoff: the attempt is over). Its answer
      // grows the window, unless a 429 (its own or another's) came since it was sent.
      held?.();
    }
  }
}

/**
 * The first endpoint neither failed recently, cooling down nor lagging (nor without a turn for this call,
 * nor behind in its answer to it); else the first that only lags or answered behind (fresh reads keep its
 * answers honest); else the one available soonest.
 */
function pick(
  endpoints: EndpointState[],
  now: number,
  noTurn?: ReadonlySet<EndpointState>,
  behindForCall?: ReadonlySet<EndpointState>,
): EndpointState {
  let best: EndpointState | undefined;
  let behind: EndpointState | undefined;
  for (const state of endpoints) {
    if (noTurn?.has(state)) continue;
    const available = Math.max(state.unhealthyUntil, state.coolDownUntil) <= now;
    if (available && state.laggingUntil <= now && !behindForCall?.has(state)) return state;
    if (available) behind ??= state;
    else if (
      !best ||
      Math.max(state.unhealthyUntil, state.coolDownUntil) < Math.max(best.unhealthyUntil, best.coolDownUntil)
    )
      best = state;
  }
  return behind ?? best ?? (endpoints[0] as EndpointState);
}

/** Waits out the endpoint's cool-down after a 429, or fails at once when it ends past the call's deadline. */
async function waitForCoolDown(
  state: EndpointState,
  deadline: number,
  limits: CallLimits,
  clock: Clock,
): Promise<void> {
  for (let wait = state.coolDownUntil - clock.now(); wait > 0; wait = state.coolDownUntil - clock.now()) {
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
    const pause = asked ?? backoff;
    // The pause is the endpoint's, so every call of this client waits it out: it is recorded even when this
    // call cannot wait that long (the others may), unless it is more than any call may wait. The slow start
    // begins again at one call (a window made if there is none).
    if (error.status === 429 && !(pause > policy.maxRetryAfterMs)) {
      state.coolDownUntil = Math.max(state.coolDownUntil, now + pause);
      // biome-ignore lint/suspicious/noAssignInExpressions: one short line on the bundle's 429 path
      (state.window ??= { size: 1, held: 0, queue: [] }).size = 1;
    }
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
    if (endpoints.length > 1 && pick(endpoints, now) !== state) return 0;
    return error.status === 429 ? 0 : pause; // a 429's wait happens in waitForCoolDown
  }
  // An answer older than one returned: the endpoint works, it is behind. Its lag (endpointState.ts) says
  // whether others are passed to; the same one is asked again for at least the newest slot.
  if (isSolRpcError(error, 'StaleResponseError'))
    return pick(endpoints, now, undefined, new Set([state])) !== state ? 0 : SLOT_MS;
  if (endpoints.length > 1) {
    state.unhealthyUntil = now + policy.endpointCooldownMs;
    // Another endpoint is healthy: go there at once.
    if (pick(endpoints, now) !== state) return 0;
  }
  return backoff;
}
