/**
 * The pace of one endpoint: what the transport asks before each request (a turn) and tells after it (a
 * 429, a success). With a `rateLimit` it draws on that limit's bucket; without one it never makes a call
 * wait, and a 429's Retry-After (the transport's cool-down) is the only pause.
 *
 * Why no pace is learned from 429s without a limit: a pace started from the successes seen before the
 * first 429 is a guess, and a wrong one starves the client. On the project's congested test cluster (429s
 * for the first 60 requests of three methods, at whatever pace they came), a pace learned that way fell
 * from 5/s to 0.2/s within 20 s and 12 landings at once timed out; with the cool-down alone they landed.
 * @module
 */
import type { Clock } from '../types/clock.js';
import type { TurnCall } from './bucket.js';
import { LimitedPace, type Pace } from './limitedPace.js';
import { checkRateLimit, newBucket, type RateLimiter, type RateLimitOptions, settingsOf } from './rateLimiter.js';
import { isRateLimiter, sharedLimitOf } from './shared.js';

export type { Pace } from './limitedPace.js';

/**
 * The pace of an endpoint for its `rateLimit` value (checked here, named from `param`): its own bucket
 * for options, the limiter's shared one for a limiter of createRateLimiter, none for `undefined` (or
 * `false` on an endpoint that opts out of the client's limit).
 */
export function paceFor(limit: RateLimitOptions | RateLimiter | undefined | false, clock: Clock, param: string): Pace {
  const checked = checkRateLimit(limit, param);
  if (checked === undefined || checked === false) return UNLIMITED;
  if (isRateLimiter(checked)) return sharedLimitOf(checked).pace(clock);
  const settings = settingsOf(checked);
  return new LimitedPace(settings, newBucket(settings, clock));
}

/** No limit: every turn at once, nothing counted; one object for every such endpoint. */
const UNLIMITED: Pace = {
  subscriptionWeight: 1,
  weightOf: () => 1,
  turn: (_weight: number, _call: TurnCall) => undefined,
  rateLimited: () => undefined,
  succeeded: () => undefined,
  state: { rate: Number.POSITIVE_INFINITY, queued: 0, limited: false },
};
