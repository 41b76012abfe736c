/**
 * The Pace interface, and the pace of an endpoint with a configured limit: its own bucket, or the
 * shared one of a limiter of createRateLimiter. Apart from the learned pace (pace.ts), which only HTTP
 * clients need, and from the option's checks (rateLimiter.ts): a subscriptions client given a limiter
 * carries no more code than this.
 * @module
 */
import type { Bucket, TurnCall } from './bucket.js';
import type { RateLimitSettings } from './rateLimiter.js';

export interface Pace {
  /** Weight of one call of `method` (1 by default; weights[method] when configured). */
  weightOf(method: string): number;
  /**
   * A turn for `weight` tokens. Returns undefined when the call may go at once (the fast path: no limit
   * configured and none learned, or tokens available and nobody queued): no promise, no allocation.
   * Otherwise a promise that resolves at the turn, or rejects with RateLimitedError (turn past
   * `deadline`, at once, or as soon as a 429 makes it so) or AbortError (signal). FIFO among waiters.
   * `deadline` is in the clock's ms. A weight of 0 always goes at once.
   */
  turn(weight: number, call: TurnCall): Promise<void> | undefined;
  /** The endpoint answered 429 (its Retry-After, if any, is handled by the transport's cool-down). */
  rateLimited(): void;
  /** The endpoint answered (anything but 429/5xx). */
  succeeded(): void;
  /** For health: current rate (Infinity when unlimited), queued count, whether it paces now. */
  readonly state: { rate: number; queued: number; limited: boolean };
  /** Tokens per subscribe request sent through this pace (`subscriptionWeight`; 1 without a limit). */
  readonly subscriptionWeight: number;
}

export class LimitedPace implements Pace {
  readonly subscriptionWeight: number;

  constructor(
    private readonly settings: RateLimitSettings,
    private readonly bucket: Bucket,
  ) {
    this.subscriptionWeight = settings.subscriptionWeight;
  }

  weightOf(method: string): number {
    const { weights } = this.settings;
    return weights === undefined ? 1 : (weights.get(method) ?? 1);
  }

  turn(weight: number, call: TurnCall): Promise<void> | undefined {
    if (weight <= 0 || this.bucket.take(weight)) return undefined;
    return this.bucket.wait(weight, call);
  }

  rateLimited(): void {
    if (this.settings.adaptive) this.bucket.lowered(this.settings.adaptation);
  }

  succeeded(): void {
    // At the ceiling (the usual case) a success changes nothing: no clock read.
    if (this.settings.adaptive && this.bucket.rate < this.settings.requestsPerSecond) {
      this.bucket.raised(this.settings.adaptation);
    }
  }

  get state(): { rate: number; queued: number; limited: boolean } {
    return { rate: this.bucket.rate, queued: this.bucket.queued(), limited: true };
  }
}
