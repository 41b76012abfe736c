/**
 * The token bucket behind a rate limit, with its queue: calls that find too few tokens wait in arrival
 * order, each rejected as soon as its projected turn falls past its deadline, and one timer (on the
 * clock) wakes the head of the queue. Kept apart from the options and the per-endpoint Pace so the
 * arithmetic reads in one place.
 * @module
 */
import { AbortError } from '../errors/AbortError.js';
import { RateLimitedError } from '../errors/RateLimitedError.js';
import { onAbort } from '../options/onAbort.js';
import type { Clock } from '../types/clock.js';

/** A 429 lowers the pace once in this long at most (see `lowered`). */
const LOWER_INTERVAL_MS = 1_000;

/** Rounding slack: levels are fractions of a token, and timers fire on whole milliseconds. */
const EPSILON = 1e-9;
const MAX_TIMER_MS = 2_147_483_647;

/** What the caller of a turn says about its call. */
export interface TurnCall {
  method: string;
  /** The endpoint's origin, for the error: never a path or a key. */
  origin: string;
  /** When the call's own time ends, in the clock's ms. */
  deadline: number;
  signal?: AbortSignal | undefined;
}

interface Waiter {
  weight: number;
  /** Tokens the bucket must hold before it goes: its weight, or the whole bucket for a heavier call. */
  need: number;
  call: TurnCall;
  resolve(): void;
  reject(error: unknown): void;
  stopWaiting(): void;
  /** When it gets its turn if nothing changes, in the clock's ms. */
  turnAt: number;
  /** The bucket's level at that turn, before it takes its weight. */
  levelBefore: number;
}

/** How the pace moves with the endpoint's answers. */
export interface Adaptation {
  /** The new rate after a 429 at `rate`. */
  lower(rate: number): number;
  /** The new rate after a success at `rate`. */
  raise(rate: number): number;
}

/**
 * A bucket of `burst` tokens refilled at `rate` tokens a second. A call of weight w goes when the bucket
 * holds min(w, burst) tokens and takes w: a call heavier than the bucket waits for it to be full and
 * leaves it in debt, so in any window of T seconds at most max(burst, heaviest call) + rate x T tokens go.
 */
export class Bucket {
  /** Tokens at `at` (negative: a heavy call's debt). */
  private level: number;
  private at: number;
  private readonly queue: Waiter[] = [];
  /** The wake-up under way (its controller ends it) and when it fires. */
  private timer: AbortController | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  /** When a 429 last lowered the pace. */
  private loweredAt = Number.NEGATIVE_INFINITY;

  constructor(
    readonly burst: number,
    /** Tokens a second now. */
    public rate: number,
    private readonly clock: Clock,
    /** What the error says of the limit: `the client's rate limit of 50 requests/s`. */
    private readonly describe: (rate: number) => string,
    /** Tokens at the start: a full bucket, or none for a pace that starts on a 429. */
    level = burst,
  ) {
    this.level = level;
    this.at = clock.now();
  }

  queued(): number {
    return this.queue.length;
  }

  /** The fast path: no one queued and tokens enough. Takes them and returns true, allocating nothing. */
  take(weight: number): boolean {
    if (this.queue.length > 0) return false;
    this.refill(this.clock.now());
    if (this.level + EPSILON < Math.min(weight, this.burst)) return false;
    this.level -= weight;
    return true;
  }

  /** Queues a call that `take` refused: resolves at its turn, or rejects (past its deadline, aborted). */
  wait(weight: number, call: TurnCall): Promise<void> {
    const { signal } = call;
    if (signal?.aborted) return Promise.reject(new AbortError({ method: call.method, reason: signal.reason }));
    const now = this.clock.now();
    const need = Math.min(weight, this.burst);
    const { turnAt, levelBefore } = this.projectNext(now, need);
    if (turnAt > call.deadline) return Promise.reject(this.tooLate(call, turnAt, now));
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { weight, need, call, resolve, reject, stopWaiting: noop, turnAt, levelBefore };
      this.queue.push(waiter);
      waiter.stopWaiting = onAbort(signal, () => {
        const index = this.queue.indexOf(waiter);
        if (index < 0) return;
        this.queue.splice(index, 1);
        reject(new AbortError({ method: call.method, reason: signal?.reason }));
        // Those behind it move up.
        this.reproject(this.clock.now());
      });
      this.schedule(now);
    });
  }

  /**
   * A 429: the bucket empties and the pace drops, once a second at most: the 429s of calls sent together
   * (a burst the endpoint's bucket was smaller than) say one thing, and each taken alone would cut the
   * pace to its floor at once. Waiters that can no longer make it are rejected now.
   */
  lowered(adaptation: Adaptation): void {
    const now = this.clock.now();
    this.refill(now);
    if (now - this.loweredAt >= LOWER_INTERVAL_MS) {
      this.rate = adaptation.lower(this.rate);
      this.loweredAt = now;
    }
    this.level = Math.min(this.level, 0);
    if (this.queue.length > 0) this.reproject(now);
  }

  /** A success: the pace rises; waiters' turns come sooner. */
  raised(adaptation: Adaptation): void {
    const next = adaptation.raise(this.rate);
    if (next === this.rate) return;
    const now = this.clock.now();
    this.refill(now);
    this.rate = next;
    if (this.queue.length > 0) this.reproject(now);
  }

  private refill(now: number): void {
    if (now > this.at) {
      this.level = Math.min(this.burst, this.level + ((now - this.at) * this.rate) / 1000);
      this.at = now;
    }
  }

  /** When a call needing `need` tokens would go if queued now, behind the waiters, and the level it would find. */
  private projectNext(now: number, need: number): { turnAt: number; levelBefore: number } {
    const last = this.queue[this.queue.length - 1];
    if (!last) {
      this.refill(now);
      return this.project(now, this.level, need);
    }
    // The bucket just after the last waiter's turn, refilled until now if that turn is already due.
    const from = Math.max(now, last.turnAt);
    const level = Math.min(this.burst, last.levelBefore - last.weight + ((from - last.turnAt) * this.rate) / 1000);
    return this.project(from, level, need);
  }

  /**
   * The turn of a call needing `need` tokens, from a level at a time, and the level then. Turns fall on
   * whole milliseconds, as timers fire: the tokens of the fraction waited beyond are counted (up to the
   * bucket's size), so a projection is where the clock will find the bucket.
   */
  private project(at: number, level: number, need: number): { turnAt: number; levelBefore: number } {
    if (level + EPSILON >= need) return { turnAt: at, levelBefore: level };
    const turnAt = Math.ceil(at + ((need - level) * 1000) / this.rate);
    return { turnAt, levelBefore: Math.min(this.burst, level + ((turnAt - at) * this.rate) / 1000) };
  }

  /**
   * Projects every waiter's turn again from now (after a change of rate, an abort, a late timer), and
   * rejects at once, in order, those whose turn falls past their deadline: they take nothing, so those
   * behind them are projected without them.
   */
  private reproject(now: number): void {
    this.refill(now);
    let at = now;
    let level = this.level;
    let kept = 0;
    for (const waiter of this.queue) {
      const { turnAt, levelBefore } = this.project(at, level, waiter.need);
      if (turnAt > waiter.call.deadline) {
        waiter.stopWaiting();
        waiter.reject(this.tooLate(waiter.call, turnAt, now));
        continue;
      }
      waiter.turnAt = turnAt;
      waiter.levelBefore = levelBefore;
      level = levelBefore - waiter.weight;
      at = turnAt;
      this.queue[kept++] = waiter;
    }
    this.queue.length = kept;
    this.schedule(now);
  }

  /** Sets the wake-up for the head's turn; none when the queue is empty (no timer left behind). */
  private schedule(now: number): void {
    const head = this.queue[0];
    if (!head) {
      this.timer?.abort();
      this.timer = undefined;
      this.timerAt = Number.POSITIVE_INFINITY;
      return;
    }
    // A wake-up due before the head's turn stays: it finds nothing to do and sets the next.
    if (this.timer && this.timerAt <= head.turnAt) return;
    this.timer?.abort();
    const controller = new AbortController();
    this.timer = controller;
    this.timerAt = head.turnAt;
    // Timers take at most 2^31 - 1 ms (a longer one fires at once): a turn further off is woken up to in steps.
    const ms = Math.min(MAX_TIMER_MS, Math.max(0, head.turnAt - now));
    this.clock.sleep(ms, controller.signal, 'rateLimit').then(
      () => {
        if (this.timer !== controller) return;
        this.timer = undefined;
        this.timerAt = Number.POSITIVE_INFINITY;
        this.wake();
      },
      () => undefined,
    );
  }

  /** Grants every waiter whose turn came, in order. */
  private wake(): void {
    const now = this.clock.now();
    this.refill(now);
    let late = false;
    let granted = 0;
    for (const waiter of this.queue) {
      // Its level, or its time: rounding must not leave a head due and never served.
      if (this.level + EPSILON < waiter.need && now < waiter.turnAt) break;
      this.level -= waiter.weight;
      // A timer that fired late moved every later turn: they are projected again below.
      if (now > waiter.turnAt) late = true;
      granted++;
      waiter.stopWaiting();
      waiter.resolve();
    }
    if (granted > 0) this.queue.splice(0, granted);
    if (late) this.reproject(now);
    else this.schedule(now);
  }

  private tooLate(call: TurnCall, turnAt: number, now: number): RateLimitedError {
    return new RateLimitedError({
      method: call.method,
      retryAfterMs: Math.max(0, Math.ceil(turnAt - now)),
      status: null,
      origin: call.origin,
      reason: this.describe(this.rate),
    });
  }
}

function noop(): void {}
