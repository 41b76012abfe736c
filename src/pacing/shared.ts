/**
 * How a limiter of createRateLimiter is recognised, and what it holds: a key only this package has (not a
 * shape anyone can copy), under which the limiter keeps its settings, its one bucket and the way to make
 * a Pace on it. A client that is given a limiter needs only this module to use it: the option's checks
 * and the limiter's construction stay in the app only when it calls createRateLimiter.
 * @module
 */
import type { Clock } from '../types/clock.js';
import type { Bucket } from './bucket.js';
import type { Pace } from './limitedPace.js';
import type { RateLimiter, RateLimitSettings } from './rateLimiter.js';

export const SHARED: unique symbol = /* @__PURE__ */ Symbol('solrpc.rateLimiter');

/** What a limiter of createRateLimiter holds. */
export interface SharedLimit {
  settings: RateLimitSettings;
  /** The bucket, made on the first use with that user's clock (a test's fake one, or the real one). */
  bucketFor(clock: Clock): Bucket;
  /** A Pace on the one bucket; on the real clock unless told (a subscriptions client may not import the transport's). */
  pace(clock?: Clock): Pace;
}

export type LimiterObject = RateLimiter & { readonly [SHARED]: SharedLimit };

export function isRateLimiter(value: unknown): value is RateLimiter {
  return typeof value === 'object' && value !== null && SHARED in value;
}

/** The shared state of a limiter of createRateLimiter. */
export function sharedLimitOf(limiter: RateLimiter): SharedLimit {
  return (limiter as LimiterObject)[SHARED];
}
