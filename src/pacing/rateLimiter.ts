/**
 * The `rateLimit` option: its shape, its check, and the shareable limiter `createRateLimiter` makes.
 * HTTP clients (transport/) and subscriptions clients (subscriptions/) both read it, so it sits below both.
 * @module
 */
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { checkConfig, describe } from '../options/check.js';
import type { Clock } from '../types/clock.js';
import { type Adaptation, Bucket } from './bucket.js';
import { LimitedPace } from './limitedPace.js';
import { isRateLimiter, type LimiterObject, SHARED, type SharedLimit } from './shared.js';
import { timerClock } from './timerClock.js';

/**
 * A client-side rate limit: calls wait their turn in a token bucket instead of drawing 429s from the
 * endpoint. A call that cannot get its turn within its own time (`timeoutMs`) fails at once with
 * `RateLimitedError` (`status: null`) rather than waiting past it.
 *
 * Adaptive (the default): on a 429 the pace drops to max(pace x 0.7, requestsPerSecond / 16) and the
 * bucket is emptied; each success raises it by requestsPerSecond / 50, never above requestsPerSecond.
 */
export interface RateLimitOptions {
  /** Tokens a second: finite and above 0 (0.5 is one call every 2 s). One call costs 1 unless `weights` says otherwise. */
  requestsPerSecond: number;
  /** Tokens the bucket holds: how many calls may go at once after a quiet spell. A whole number >= 1; default max(1, floor(requestsPerSecond)). */
  burst?: number;
  /**
   * Tokens per call by method name (finite, >= 0; default 1 each): `{ getProgramAccounts: 10 }` where the
   * provider counts it as ten calls. A batch takes the sum of its calls. A call of weight 0 never waits.
   */
  weights?: Record<string, number>;
  /**
   * Tokens per subscribe request a subscriptions client sends through this limit (a re-subscribe after a
   * reconnect counts again; unsubscribes are free). Default 1; 0: subscriptions are not counted.
   */
  subscriptionWeight?: number;
  /** Whether 429s lower the pace and successes raise it back (see above). Default true. */
  adaptive?: boolean;
}

/**
 * A rate limit to share: pass the same one to several `createRpc` endpoints and to
 * `createRpcSubscriptions`, and their calls draw on one budget (a provider's limit per API key).
 */
export interface RateLimiter {
  /** As configured. */
  readonly requestsPerSecond: number;
  /** As configured, or its default. */
  readonly burst: number;
  /** The pace now, in tokens a second: `requestsPerSecond`, or lower after 429s. */
  currentRate(): number;
  /** Calls waiting for a turn now. */
  queued(): number;
}

/** The options checked, with their defaults. */
export interface RateLimitSettings {
  requestsPerSecond: number;
  burst: number;
  weights: ReadonlyMap<string, number> | undefined;
  subscriptionWeight: number;
  adaptive: boolean;
  adaptation: Adaptation;
}

const KEYS = ['requestsPerSecond', 'burst', 'weights', 'subscriptionWeight', 'adaptive'];

/**
 * Makes a rate limit to share between clients: every `createRpc` endpoint and `createRpcSubscriptions`
 * client given this object takes its turns from one bucket, and a 429 on any of them slows them all.
 * @example
 * const limit = createRateLimiter({ requestsPerSecond: 50, weights: { getProgramAccounts: 10 } });
 * const rpc = createRpc('https://rpc.example.com', { rateLimit: limit });
 * const subs = createRpcSubscriptions('wss://rpc.example.com', { rateLimit: limit });
 */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const checked = checkRateLimit(options, 'options');
  if (checked === undefined || checked === false) {
    throw new InvalidInputError({ param: 'options', problem: 'expected the rate limit options, got nothing' });
  }
  if (isRateLimiter(checked)) return checked;
  const settings = settingsOf(checked);
  let bucket: Bucket | undefined;
  const shared: SharedLimit = {
    settings,
    bucketFor(clock) {
      bucket ??= newBucket(settings, clock);
      return bucket;
    },
    pace: (clock = timerClock) => new LimitedPace(settings, shared.bucketFor(clock)),
  };
  const limiter: LimiterObject = {
    requestsPerSecond: settings.requestsPerSecond,
    burst: settings.burst,
    currentRate: () => bucket?.rate ?? settings.requestsPerSecond,
    queued: () => bucket?.queued() ?? 0,
    [SHARED]: shared,
  };
  return Object.freeze(limiter);
}

/**
 * Checks a `rateLimit` option before any request: `undefined` (none), `false` (none for this endpoint),
 * a limiter of createRateLimiter (as given), or options, each field checked and named from `param`
 * (`options.rateLimit.requestsPerSecond`, `url.1.rateLimit.burst`).
 */
export function checkRateLimit(value: unknown, param: string): RateLimitOptions | RateLimiter | false | undefined {
  if (value === undefined || value === false || isRateLimiter(value)) return value;
  const options = checkConfig(undefined, param, value, KEYS, 'rateLimit');
  const { requestsPerSecond, burst, weights, subscriptionWeight, adaptive } = options;
  if (typeof requestsPerSecond !== 'number' || !Number.isFinite(requestsPerSecond) || requestsPerSecond <= 0) {
    const problem =
      requestsPerSecond === undefined
        ? 'missing'
        : `expected a finite number above 0, got ${describe(requestsPerSecond)}`;
    throw new InvalidInputError({ param: `${param}.requestsPerSecond`, problem });
  }
  if (burst !== undefined && !(Number.isSafeInteger(burst) && (burst as number) >= 1)) {
    throw new InvalidInputError({
      param: `${param}.burst`,
      problem: `expected a whole number of 1 or more, got ${describe(burst)}`,
    });
  }
  if (weights !== undefined) {
    if (typeof weights !== 'object' || weights === null || Array.isArray(weights)) {
      throw new InvalidInputError({
        param: `${param}.weights`,
        problem: `expected an object of method names to numbers, got ${describe(weights)}`,
      });
    }
    for (const [method, weight] of Object.entries(weights)) checkWeight(weight, `${param}.weights.${nameOf(method)}`);
  }
  if (subscriptionWeight !== undefined) checkWeight(subscriptionWeight, `${param}.subscriptionWeight`);
  if (adaptive !== undefined && typeof adaptive !== 'boolean') {
    throw new InvalidInputError({
      param: `${param}.adaptive`,
      problem: `expected a boolean, got ${describe(adaptive)}`,
    });
  }
  return value as RateLimitOptions;
}

function checkWeight(value: unknown, param: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new InvalidInputError({ param, problem: `expected a finite number of 0 or more, got ${describe(value)}` });
  }
}

/** A method name as a parameter path: bounded, as checkConfig bounds unknown keys. */
function nameOf(method: string): string {
  return method.length > 40 ? `${method.slice(0, 40)}…` : method;
}

/** The settings of checked options, copied: a caller changing its object later changes nothing. */
export function settingsOf(options: RateLimitOptions): RateLimitSettings {
  const { requestsPerSecond } = options;
  const weights =
    options.weights && Object.keys(options.weights).length > 0 ? new Map(Object.entries(options.weights)) : undefined;
  return {
    requestsPerSecond,
    burst: options.burst ?? Math.max(1, Math.floor(requestsPerSecond)),
    weights,
    subscriptionWeight: options.subscriptionWeight ?? 1,
    adaptive: options.adaptive ?? true,
    adaptation: {
      lower: (rate) => Math.max(rate * 0.7, requestsPerSecond / 16),
      // Snapped to the ceiling when within rounding of it: fifty steps up from any rate end exactly there.
      raise: (rate) => {
        const next = rate + requestsPerSecond / 50;
        return next >= requestsPerSecond * (1 - 1e-9) ? requestsPerSecond : next;
      },
    },
  };
}

export function newBucket(settings: RateLimitSettings, clock: Clock): Bucket {
  const limit = `the client's rate limit of ${rounded(settings.requestsPerSecond)} requests/s`;
  return new Bucket(settings.burst, settings.requestsPerSecond, clock, (rate) =>
    rate < settings.requestsPerSecond ? `${limit} (${rounded(rate)}/s now, after 429s)` : limit,
  );
}

export function rounded(rate: number): string {
  return String(Math.round(rate * 100) / 100);
}
