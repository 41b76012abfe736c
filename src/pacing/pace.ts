/**
 * The pace of one endpoint: what the transport asks before each request (a turn) and tells after it (a
 * 429, a success). With a `rateLimit` it draws on that limit's bucket; without one it stays out of the
 * way until the endpoint answers 429, then paces itself at the rate the endpoint was serving, and stops
 * again after a minute without a 429.
 * @module
 */
import type { Clock } from '../types/clock.js';
import { type Adaptation, Bucket, type TurnCall } from './bucket.js';
import { LimitedPace, type Pace } from './limitedPace.js';
import {
  checkRateLimit,
  newBucket,
  type RateLimiter,
  type RateLimitOptions,
  rounded,
  settingsOf,
} from './rateLimiter.js';
import { isRateLimiter, sharedLimitOf } from './shared.js';

export type { Pace } from './limitedPace.js';

/** A learned pace stops after this long without a 429. */
export const LEARNED_PACE_MS = 60_000;
/** Successes are counted over the last this-many seconds, in one-second slices, for the learned pace's start. */
const SUCCESS_WINDOW_S = 2;

/**
 * The pace of an endpoint for its `rateLimit` value (checked here, named from `param`): its own bucket
 * for options, the limiter's shared one for a limiter of createRateLimiter, a learned pace for none
 * (`undefined`, or `false` on an endpoint that opts out of the client's limit).
 */
export function paceFor(limit: RateLimitOptions | RateLimiter | undefined | false, clock: Clock, param: string): Pace {
  const checked = checkRateLimit(limit, param);
  if (checked === undefined || checked === false) return new LearnedPace(clock);
  if (isRateLimiter(checked)) return sharedLimitOf(checked).pace(clock);
  const settings = settingsOf(checked);
  return new LimitedPace(settings, newBucket(settings, clock));
}

/**
 * No limit configured: nothing paces until the endpoint answers 429. Then a bucket of 1 starts at the
 * rate of successes of the last ~2 s (at least 1/s), adapts (x0.7 a 429, down to a sixteenth of its
 * start; +2% a success, no ceiling), and is dropped after a minute without a 429.
 */
class LearnedPace implements Pace {
  readonly subscriptionWeight = 1;
  private bucket: Bucket | undefined;
  private adaptation: Adaptation | undefined;
  private last429 = 0;
  /** Successes in the current second (`second`, of the clock) and in the one before. */
  private second = 0;
  private current = 0;
  private previous = 0;

  constructor(private readonly clock: Clock) {}

  weightOf(): number {
    return 1;
  }

  turn(weight: number, call: TurnCall): Promise<void> | undefined {
    const { bucket } = this;
    if (bucket === undefined || weight <= 0) return undefined;
    if (bucket.queued() === 0 && this.clock.now() - this.last429 > LEARNED_PACE_MS) {
      this.bucket = undefined;
      return undefined;
    }
    return bucket.take(weight) ? undefined : bucket.wait(weight, call);
  }

  rateLimited(): void {
    const now = this.clock.now();
    this.last429 = now;
    if (this.bucket !== undefined && this.adaptation !== undefined) {
      this.bucket.lowered(this.adaptation);
      return;
    }
    this.count(now);
    const start = Math.max(1, (this.current + this.previous) / SUCCESS_WINDOW_S);
    const floor = start / 16;
    this.adaptation = { lower: (rate) => Math.max(rate * 0.7, floor), raise: (rate) => rate * 1.02 };
    // Empty: the 429 says the endpoint's own bucket is.
    this.bucket = new Bucket(
      1,
      start,
      this.clock,
      (rate) => `the pace learned from the endpoint's 429s (${rounded(rate)} requests/s)`,
      0,
    );
  }

  succeeded(): void {
    const now = this.clock.now();
    this.count(now);
    this.current++;
    if (this.bucket !== undefined && this.adaptation !== undefined) this.bucket.raised(this.adaptation);
  }

  /** Moves the success count to the clock's current second. */
  private count(now: number): void {
    const second = Math.floor(now / 1000);
    if (second === this.second) return;
    this.previous = second === this.second + 1 ? this.current : 0;
    this.current = 0;
    this.second = second;
  }

  get state(): { rate: number; queued: number; limited: boolean } {
    const { bucket } = this;
    return bucket
      ? { rate: bucket.rate, queued: bucket.queued(), limited: true }
      : { rate: Number.POSITIVE_INFINITY, queued: 0, limited: false };
  }
}
