/**
 * The rate limiter on a fake clock: the fast path, turns in order at the configured pace, weights and
 * batches, deadlines (rejected at once, or as soon as a 429 makes the turn too late), aborts, the adaptive
 * rule with its numbers, no pace without a limit, one limiter shared, and the option's checks.
 */
import { describe, expect, it } from 'vitest';
import { isSolRpcError } from '../../src/errors/isSolRpcError.js';
import type { RateLimitedError } from '../../src/errors/RateLimitedError.js';
import { checkRateLimit, createRateLimiter, type Pace, paceFor } from '../../src/transport/rateLimit.js';
import { fakeClock, flush } from '../support/fakeClock.js';

const ORIGIN = 'https://rpc.example.com';
const call = (deadline = Number.POSITIVE_INFINITY, signal?: AbortSignal, method = 'getBalance') => ({
  method,
  origin: ORIGIN,
  deadline,
  signal,
});

/** Starts a turn and records when (on the clock) and how it settled. */
function track(clock: { now(): number }, turn: Promise<void> | undefined) {
  const outcome: { at?: number; error?: unknown; fast: boolean } = { fast: turn === undefined };
  if (turn === undefined) outcome.at = clock.now();
  turn?.then(
    () => {
      outcome.at = clock.now();
    },
    (error: unknown) => {
      outcome.at = clock.now();
      outcome.error = error;
    },
  );
  return outcome;
}

describe('the fast path', () => {
  it('without a limit, every turn is undefined, whatever the weight, and no timer is set', () => {
    const clock = fakeClock();
    const pace = paceFor(undefined, clock, 'options.rateLimit');
    for (let i = 0; i < 1000; i++) expect(pace.turn(1, call())).toBeUndefined();
    expect(pace.turn(1e6, call())).toBeUndefined();
    expect(pace.state).toEqual({ rate: Number.POSITIVE_INFINITY, queued: 0, limited: false });
    expect(pace.weightOf('getProgramAccounts')).toBe(1);
    expect(clock.pending()).toBe(0);
  });

  it('with a limit, the burst goes at once; the next call waits', () => {
    const clock = fakeClock();
    const pace = paceFor({ requestsPerSecond: 5 }, clock, 'options.rateLimit');
    for (let i = 0; i < 5; i++) expect(pace.turn(1, call())).toBeUndefined();
    const next = pace.turn(1, call());
    expect(next).toBeInstanceOf(Promise);
    expect(pace.state).toEqual({ rate: 5, queued: 1, limited: true });
  });
});

describe('turns at the pace', () => {
  it('10 calls at 5/s with burst 5: five at once, then one every 200 ms, in arrival order', async () => {
    const clock = fakeClock();
    const pace = paceFor({ requestsPerSecond: 5 }, clock, 'options.rateLimit');
    const order: number[] = [];
    const outcomes = Array.from({ length: 10 }, (_, i) => {
      const turn = pace.turn(1, call());
      turn?.then(() => order.push(i));
      return track(clock, turn);
    });
    await clock.advance(2000);
    expect(outcomes.map((o) => o.at)).toEqual([0, 0, 0, 0, 0, 200, 400, 600, 800, 1000]);
    expect(order).toEqual([5, 6, 7, 8, 9]);
    expect(pace.state.queued).toBe(0);
    // The queue is empty: no timer keeps the process alive.
    expect(clock.pending()).toBe(0);
  });

  it('a fraction of a call a second: 0.5/s is one call every 2 s', async () => {
    const clock = fakeClock();
    const pace = paceFor({ requestsPerSecond: 0.5 }, clock, 'options.rateLimit');
    const outcomes = [1, 2, 3].map(() => track(clock, pace.turn(1, call())));
    await clock.advance(5000);
    expect(outcomes.map((o) => o.at)).toEqual([0, 2000, 4000]);
  });

  it('weights: a method weighs what weights says, a batch the sum the caller passes', async () => {
    const clock = fakeClock();
    const pace = paceFor({ requestsPerSecond: 10, weights: { getProgramAccounts: 5 } }, clock, 'options.rateLimit');
    expect(pace.weightOf('getProgramAccounts')).toBe(5);
    expect(pace.weightOf('getBalance')).toBe(1);
    const gpa = track(clock, pace.turn(pace.weightOf('getProgramAccounts'), call()));
    const batch = track(clock, pace.turn(3 * pace.weightOf('getBalance'), call()));
    const next = track(clock, pace.turn(5, call()));
    await clock.advance(1000);
    // 10 tokens: 5 + 3 go at once, leaving 2; the next 5 need 3 more, 300 ms at 10/s.
    expect([gpa.fast, batch.fast, next.fast]).toEqual([true, true, false]);
    expect(next.at).toBe(300);
  });

  it('a call heavier than the bucket waits for it to be full, then goes and leaves a debt', async () => {
    const clock = fakeClock();
    const pace = paceFor({ requestsPerSecond: 2, burst: 2 }, clock, 'options.rateLimit');
    expect(pace.turn(1, call())).toBeUndefined();
    const heavy = track(clock, pace.turn(6, call()));
    const after = track(clock, pace.turn(1, call()));
    await clock.advance(10_000);
    // Full again at 500 ms; the bucket then owes 4, and 1 more token is there at 3000 ms.
    expect(heavy.at).toBe(500);
    expect(after.at).toBe(3000);
  });

  it('a turn further off than a timer can wait (2^31 - 1 ms) is reached in steps, not by a timer firing at once', async () => {
    const clock = fakeClock();
    const slept: number[] = [];
    const sleep = clock.sleep;
    clock.sleep = (ms, signal, method) => {
      slept.push(ms);
      return sleep(ms, signal, method);
    };
    const pace = paceFor({ requestsPerSecond: 1e-7 }, clock, 'options.rateLimit');
    pace.turn(1, call());
    const far = track(clock, pace.turn(1, call()));
    await clock.advance(1e10);
    expect(far.at).toBe(1e10);
    expect(slept).toEqual([2_147_483_647, 2_147_483_647, 2_147_483_647, 2_147_483_647, 1_410_065_412]);
  });

  it('a call of weight 0 never waits, even behind a queue', () => {
    const clock = fakeClock();
    const pace = paceFor({ requestsPerSecond: 1 }, clock, 'options.rateLimit');
    pace.turn(1, call());
    expect(pace.turn(1, call())).toBeInstanceOf(Promise);
    expect(pace.turn(0, call())).toBeUndefined();
  });
});

describe('deadlines', () => {
  it('a call whose turn falls past its deadline is rejected at once with RateLimitedError (status null)', async () => {
    const clock = fakeClock();
    const pace = paceFor({ requestsPerSecond: 50 }, clock, 'options.rateLimit');
    for (let i = 0; i < 50; i++) pace.turn(1, call());
    // 50 queued ahead would take 1 s; its own turn comes at 1020 ms.
    for (let i = 0; i < 50; i++) pace.turn(1, call(2000));
    const late = track(clock, pace.turn(1, call(1000, undefined, 'getSlot')));
    await flush();
    expect(late.at).toBe(0);
    const error = late.error as RateLimitedError;
    expect(isSolRpcError(error, 'RateLimitedError')).toBe(true);
    expect(error.status).toBeNull();
    expect(error.retryAfterMs).toBe(1020);
    expect(error.method).toBe('getSlot');
    expect(error.origin).toBe(ORIGIN);
    expect(error.message).toContain("the client's rate limit of 50 requests/s");
    expect(error.message).toContain('1020 ms');
    expect(pace.state.queued).toBe(50);
  });

  it('a turn exactly at the deadline is kept and granted at it', async () => {
    const clock = fakeClock();
    const pace = paceFor({ requestsPerSecond: 1 }, clock, 'options.rateLimit');
    pace.turn(1, call());
    const onTime = track(clock, pace.turn(1, call(1000)));
    await clock.advance(1000);
    expect(onTime).toEqual({ at: 1000, fast: false });
  });

  it('a 429 lowers the pace and empties the bucket; waiters that can no longer make it are rejected then', async () => {
    const clock = fakeClock();
    const pace = paceFor({ requestsPerSecond: 10 }, clock, 'options.rateLimit');
    for (let i = 0; i < 10; i++) pace.turn(1, call());
    // Projected at 100, 200, ... 500 ms, each with 150 ms to spare.
    const waiters = [1, 2, 3, 4, 5].map((n) => track(clock, pace.turn(1, call(n * 100 + 150))));
    await clock.advance(50);
    pace.rateLimited();
    await flush();
    // 7/s from 50 ms with an empty bucket: turns at 193, 336, 479 ms... The third's deadline is 450 ms:
    // it is rejected now, takes nothing, and the two behind it move up to 479 and 622 ms, in their time.
    expect(pace.state.rate).toBeCloseTo(7);
    const rejected = waiters.map((w) => (w.error ? (w.error as RateLimitedError).name : undefined));
    expect(rejected).toEqual([undefined, undefined, 'RateLimitedError', undefined, undefined]);
    expect(waiters[2]?.at).toBe(50);
    const error = waiters[2]?.error as RateLimitedError;
    expect(error.retryAfterMs).toBe(429);
    expect(error.message).toContain('7/s now, after 429s');
    await clock.advance(1000);
    expect(waiters.map((w) => w.at)).toEqual([193, 336, 50, 479, 622]);
    expect(clock.pending()).toBe(0);
  });
});

describe('the adaptive rule', () => {
  it('429: x0.7 (once a second at most) down to requestsPerSecond / 16; success: + requestsPerSecond / 50 up to requestsPerSecond', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ requestsPerSecond: 100 });
    const pace = paceFor(limiter, clock, 'options.rateLimit');
    pace.rateLimited();
    expect(limiter.currentRate()).toBeCloseTo(70);
    // More 429s within the second (calls sent together) lower it no further.
    for (let i = 0; i < 20; i++) pace.rateLimited();
    expect(limiter.currentRate()).toBeCloseTo(70);
    await clock.advance(1000);
    pace.rateLimited();
    expect(limiter.currentRate()).toBeCloseTo(49);
    for (let i = 0; i < 20; i++) {
      await clock.advance(1000);
      pace.rateLimited();
    }
    expect(limiter.currentRate()).toBe(100 / 16);
    pace.succeeded();
    expect(limiter.currentRate()).toBeCloseTo(8.25);
    for (let i = 0; i < 100; i++) pace.succeeded();
    expect(limiter.currentRate()).toBe(100);
  });

  it('adaptive: false keeps the pace whatever the endpoint answers', () => {
    const clock = fakeClock();
    const pace = paceFor({ requestsPerSecond: 20, adaptive: false }, clock, 'options.rateLimit');
    pace.rateLimited();
    pace.rateLimited();
    expect(pace.state.rate).toBe(20);
    // The bucket is not emptied either.
    for (let i = 0; i < 20; i++) expect(pace.turn(1, call())).toBeUndefined();
  });

  it('a success raising the pace brings the waiters turns forward', async () => {
    const clock = fakeClock();
    const pace = paceFor({ requestsPerSecond: 10, burst: 1 }, clock, 'options.rateLimit');
    pace.rateLimited(); // 7/s, empty
    const first = track(clock, pace.turn(1, call()));
    for (let i = 0; i < 15; i++) pace.succeeded(); // back to 10/s
    await clock.advance(1000);
    expect(pace.state.rate).toBe(10);
    expect(first.at).toBe(100);
  });
});

describe('aborts', () => {
  it('an abort removes the waiter with AbortError naming the method; those behind move up', async () => {
    const clock = fakeClock();
    const pace = paceFor({ requestsPerSecond: 1 }, clock, 'options.rateLimit');
    pace.turn(1, call());
    const controller = new AbortController();
    const aborted = track(clock, pace.turn(1, call(Number.POSITIVE_INFINITY, controller.signal, 'getSlot')));
    const behind = track(clock, pace.turn(1, call(2500)));
    await clock.advance(100);
    controller.abort(new Error('stop'));
    await flush();
    expect(aborted.at).toBe(100);
    expect(isSolRpcError(aborted.error, 'AbortError')).toBe(true);
    expect((aborted.error as { method?: string }).method).toBe('getSlot');
    expect(pace.state.queued).toBe(1);
    await clock.advance(2000);
    expect(behind).toEqual({ at: 1000, fast: false });
  });

  it('an already aborted signal rejects at once; the last abort clears the timer', async () => {
    const clock = fakeClock();
    const pace = paceFor({ requestsPerSecond: 1 }, clock, 'options.rateLimit');
    pace.turn(1, call());
    const controller = new AbortController();
    controller.abort();
    const already = track(clock, pace.turn(1, call(Number.POSITIVE_INFINITY, controller.signal)));
    await flush();
    expect(isSolRpcError(already.error, 'AbortError')).toBe(true);
    const later = new AbortController();
    pace.turn(1, call(Number.POSITIVE_INFINITY, later.signal))?.catch(() => undefined);
    expect(clock.pending()).toBe(1);
    later.abort();
    await flush();
    expect(clock.pending()).toBe(0);
    expect(pace.state.queued).toBe(0);
  });
});

describe('without a limit', () => {
  it('never makes a call wait, whatever the endpoint answers: a 429 is left to its Retry-After', () => {
    const clock = fakeClock();
    for (const pace of [paceFor(undefined, clock, 'options.rateLimit'), paceFor(false, clock, 'url.0.rateLimit')]) {
      for (let i = 0; i < 30; i++) pace.rateLimited();
      for (let i = 0; i < 1_000; i++) expect(pace.turn(1, call())).toBeUndefined();
      expect(pace.state).toEqual({ rate: Number.POSITIVE_INFINITY, queued: 0, limited: false });
      expect(clock.pending()).toBe(0);
    }
  });
});

describe('one limiter shared', () => {
  it('two endpoints (or an HTTP client and a subscriptions client) draw on one bucket, in one queue', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ requestsPerSecond: 2 });
    expect([limiter.requestsPerSecond, limiter.burst, limiter.currentRate(), limiter.queued()]).toEqual([2, 2, 2, 0]);
    const a: Pace = paceFor(limiter, clock, 'url.0.rateLimit');
    const b: Pace = paceFor(limiter, clock, 'url.1.rateLimit');
    expect(a.turn(1, call())).toBeUndefined();
    expect(b.turn(1, call())).toBeUndefined();
    const fromA = track(clock, a.turn(1, call()));
    const fromB = track(clock, b.turn(1, call()));
    expect(limiter.queued()).toBe(2);
    b.rateLimited();
    expect(limiter.currentRate()).toBeCloseTo(1.4);
    await clock.advance(5000);
    expect([fromA.at, fromB.at]).toEqual([715, 1429]);
  });
});

describe('checkRateLimit', () => {
  const refusals: [unknown, string, string][] = [
    ['fast', 'options.rateLimit', 'expected an object'],
    [null, 'options.rateLimit', 'expected an object'],
    [{}, 'options.rateLimit.requestsPerSecond', 'missing'],
    [{ requestsPerSecond: 0 }, 'options.rateLimit.requestsPerSecond', 'above 0'],
    [{ requestsPerSecond: -1 }, 'options.rateLimit.requestsPerSecond', 'above 0'],
    [{ requestsPerSecond: Number.NaN }, 'options.rateLimit.requestsPerSecond', 'NaN'],
    [{ requestsPerSecond: Number.POSITIVE_INFINITY }, 'options.rateLimit.requestsPerSecond', 'Infinity'],
    [{ requestsPerSecond: '50' }, 'options.rateLimit.requestsPerSecond', '"50"'],
    [{ requestsPerSecond: 5, burst: 0 }, 'options.rateLimit.burst', 'whole number'],
    [{ requestsPerSecond: 5, burst: 1.5 }, 'options.rateLimit.burst', 'whole number'],
    [{ requestsPerSecond: 5, weights: [] }, 'options.rateLimit.weights', 'method names'],
    [
      { requestsPerSecond: 5, weights: { getProgramAccounts: -1 } },
      'options.rateLimit.weights.getProgramAccounts',
      '0 or more',
    ],
    [{ requestsPerSecond: 5, weights: { getSlot: Number.NaN } }, 'options.rateLimit.weights.getSlot', '0 or more'],
    [
      { requestsPerSecond: 5, subscriptionWeight: Number.POSITIVE_INFINITY },
      'options.rateLimit.subscriptionWeight',
      '0 or more',
    ],
    [{ requestsPerSecond: 5, adaptive: 'yes' }, 'options.rateLimit.adaptive', 'boolean'],
    [{ requestsPerSecond: 5, requestPerSecond: 5 }, 'options.rateLimit.requestPerSecond', 'not an option of rateLimit'],
  ];
  it.each(refusals)('refuses %j naming %s', (value, param, problem) => {
    let caught: unknown;
    try {
      checkRateLimit(value, 'options.rateLimit');
    } catch (error) {
      caught = error;
    }
    expect(isSolRpcError(caught, 'InvalidInputError')).toBe(true);
    expect((caught as { param: string }).param).toBe(param);
    expect((caught as Error).message).toContain(problem);
  });

  it('names an endpoint of a list by its index', () => {
    expect(() => checkRateLimit({ requestsPerSecond: 5, burst: -2 }, 'url.1.rateLimit')).toThrow(
      /invalid url\.1\.rateLimit\.burst/,
    );
  });

  it('takes undefined, false, options, and a limiter of createRateLimiter as it is; not a look-alike', () => {
    expect(checkRateLimit(undefined, 'options.rateLimit')).toBeUndefined();
    expect(checkRateLimit(false, 'url.0.rateLimit')).toBe(false);
    const options = { requestsPerSecond: 0.5, burst: 3, weights: { getProgramAccounts: 0 }, adaptive: false };
    expect(checkRateLimit(options, 'options.rateLimit')).toBe(options);
    const limiter = createRateLimiter({ requestsPerSecond: 5 });
    expect(checkRateLimit(limiter, 'options.rateLimit')).toBe(limiter);
    const lookAlike = { requestsPerSecond: 5, burst: 5, currentRate: () => 5, queued: () => 0 };
    expect(() => checkRateLimit(lookAlike, 'options.rateLimit')).toThrow(/options\.rateLimit\.currentRate/);
  });

  it('createRateLimiter checks its options and fills the default burst', () => {
    expect(() => createRateLimiter({ requestsPerSecond: 0 })).toThrow(/invalid options\.requestsPerSecond/);
    expect(createRateLimiter({ requestsPerSecond: 0.5 }).burst).toBe(1);
    expect(createRateLimiter({ requestsPerSecond: 12.7 }).burst).toBe(12);
    expect(createRateLimiter({ requestsPerSecond: 12.7, burst: 40 }).burst).toBe(40);
  });
});
