/**
 * The rate limiter against generated traffic on a fake clock: arrivals (weights, deadlines, signals),
 * time passing, aborts, 429s and successes in any order. After every step: no window of time grants more
 * than the bucket allows, turns go in arrival order, nothing settles after its deadline, a
 * RateLimitedError only when even the slowest honest turn would miss the deadline, and the fast path
 * whenever nothing can be in the way. At the end every call has settled and no timer is left.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSolRpcError } from '../../src/errors/isSolRpcError.js';
import type { RateLimitedError } from '../../src/errors/RateLimitedError.js';
import { type Pace, paceFor, type RateLimitOptions } from '../../src/transport/rateLimit.js';
import { fakeClock, flush } from '../support/fakeClock.js';

type Step =
  | { kind: 'arrive'; weight: number; deadlineIn: number; abortable: boolean }
  | { kind: 'advance'; ms: number }
  | { kind: 'abort'; pick: number }
  | { kind: 'rateLimited' }
  | { kind: 'succeeded'; times: number };

interface Waiter {
  seq: number;
  arrivedAt: number;
  weight: number;
  deadline: number;
  fast: boolean;
  controller: AbortController | undefined;
  settled?: { at: number; order: number; kind: 'granted' | 'RateLimitedError' | 'AbortError' };
}

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('arrive' as const),
      weight: fc.oneof({ weight: 4, arbitrary: fc.constant(1) }, fc.integer({ min: 0, max: 12 })),
      deadlineIn: fc.oneof(fc.integer({ min: 0, max: 4000 }), fc.constant(Number.POSITIVE_INFINITY)),
      abortable: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 1500 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('abort' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rateLimited' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('succeeded' as const), times: fc.integer({ min: 1, max: 30 }) }),
  },
);

const limitOptions: fc.Arbitrary<RateLimitOptions> = fc.record(
  {
    requestsPerSecond: fc.oneof(
      fc.constantFrom(0.5, 1, 5, 50),
      fc.double({ min: 0.2, max: 200, noNaN: true, noDefaultInfinity: true }),
    ),
    burst: fc.integer({ min: 1, max: 20 }),
    adaptive: fc.boolean(),
  },
  { requiredKeys: ['requestsPerSecond'] },
);

/** Sequences of up to 80 steps, most of them long: a queue builds only over many arrivals. */
const steps = fc.array(step, { minLength: 1, maxLength: 80, size: 'large' });

/** Runs the steps against a pace, checking the invariants after each; `limit` undefined: no limit. */
async function run(limit: RateLimitOptions | undefined, steps: Step[]): Promise<void> {
  const clock = fakeClock(1_000_000);
  const pace: Pace = paceFor(limit, clock, 'options.rateLimit');
  const burst = limit ? (limit.burst ?? Math.max(1, Math.floor(limit.requestsPerSecond))) : 1;
  const waiters: Waiter[] = [];
  const grants: { at: number; weight: number }[] = [];
  let order = 0;
  let heaviest = 0;
  /** When the bucket last lost tokens (a grant, a 429), and the pace then: it has only risen since. */
  let lastDrain = Number.NEGATIVE_INFINITY;
  let rateAtDrain = limit?.requestsPerSecond ?? Number.POSITIVE_INFINITY;
  const problems: string[] = [];

  const pending = () => waiters.filter((w) => !w.fast && !w.settled);
  const settle = (waiter: Waiter, kind: NonNullable<Waiter['settled']>['kind'], error?: unknown) => {
    const at = clock.now();
    waiter.settled = { at, order: order++, kind };
    if (at > waiter.deadline)
      problems.push(`#${waiter.seq} settled (${kind}) at ${at}, past its deadline ${waiter.deadline}`);
    if (kind === 'granted') {
      grants.push({ at, weight: waiter.weight });
      lastDrain = at;
      rateAtDrain = pace.state.rate;
    }
    if (kind === 'RateLimitedError') {
      const { retryAfterMs, status } = error as RateLimitedError;
      if (status !== null) problems.push(`#${waiter.seq}: status ${status}`);
      if (at + retryAfterMs <= waiter.deadline) problems.push(`#${waiter.seq}: rejected with a turn in time`);
      // The slowest honest turn: every token queued ahead, its own, and the deepest debt, at the pace now,
      // plus a millisecond a turn (turns fall on whole milliseconds, as timers fire).
      const ahead = pending().filter((w) => w.seq < waiter.seq);
      const tokens = ahead.reduce(
        (sum, w) => sum + w.weight,
        Math.min(waiter.weight, burst) + Math.max(0, heaviest - burst),
      );
      const latest = at + (tokens * 1000) / pace.state.rate + ahead.length + 1;
      if (latest < waiter.deadline) {
        problems.push(
          `#${waiter.seq}: rejected, though even at ${latest.toFixed(1)} its turn was within ${waiter.deadline}`,
        );
      }
    }
  };

  const check = () => {
    // Within every window [t, t+T]: at most max(burst, heaviest) + ceiling x T tokens.
    if (limit) {
      const sorted = [...grants].sort((a, b) => a.at - b.at);
      for (let i = 0; i < sorted.length; i++) {
        let sum = 0;
        for (let j = i; j < sorted.length; j++) {
          sum += (sorted[j] as { weight: number }).weight;
          const span = (sorted[j] as { at: number }).at - (sorted[i] as { at: number }).at;
          const allowed = Math.max(burst, heaviest) + (limit.requestsPerSecond * span) / 1000 + 1e-6;
          if (sum > allowed) problems.push(`${sum} tokens within ${span} ms (allowed ${allowed.toFixed(3)})`);
        }
      }
    }
    // Arrival order: queued waiters are granted in the order they came.
    const granted = waiters
      .filter((w) => !w.fast && w.settled?.kind === 'granted')
      .sort((a, b) => (a.settled?.order ?? 0) - (b.settled?.order ?? 0));
    for (let i = 1; i < granted.length; i++) {
      if ((granted[i] as Waiter).seq < (granted[i - 1] as Waiter).seq) problems.push('granted out of arrival order');
    }
    if (pace.state.queued !== pending().length) {
      problems.push(`the pace counts ${pace.state.queued} queued, ${pending().length} are waiting`);
    }
  };

  for (const current of steps) {
    const now = clock.now();
    if (current.kind === 'arrive') {
      const { weight, deadlineIn, abortable } = current;
      const controller = abortable ? new AbortController() : undefined;
      const waiter: Waiter = {
        seq: waiters.length,
        arrivedAt: now,
        weight,
        deadline: now + deadlineIn,
        fast: false,
        controller,
      };
      const nobodyAhead = pending().length === 0;
      waiters.push(waiter);
      heaviest = Math.max(heaviest, weight);
      const turn = pace.turn(weight, {
        method: 'getSlot',
        origin: 'https://rpc.example.com',
        deadline: waiter.deadline,
        signal: controller?.signal,
      });
      if (turn === undefined) {
        waiter.fast = true;
        if (!nobodyAhead && weight > 0) problems.push(`#${waiter.seq} jumped the queue on the fast path`);
        if (weight > 0) {
          grants.push({ at: now, weight });
          lastDrain = now;
          rateAtDrain = pace.state.rate;
        }
      } else {
        turn.then(
          () => settle(waiter, 'granted'),
          (error: unknown) =>
            settle(waiter, isSolRpcError(error, 'RateLimitedError') ? 'RateLimitedError' : 'AbortError', error),
        );
      }
      // The fast path whenever nothing can be in the way.
      const noLimitInForce = !limit;
      const refilled =
        limit !== undefined && ((now - lastDrain) * rateAtDrain) / 1000 >= burst + Math.max(0, heaviest - burst) + 1e-6;
      const mustBeFast = weight === 0 || (nobodyAhead && (noLimitInForce || (refilled && weight <= burst)));
      if (mustBeFast && turn !== undefined) problems.push(`#${waiter.seq} missed the fast path`);
    } else if (current.kind === 'advance') {
      await clock.advance(current.ms);
    } else if (current.kind === 'abort') {
      const abortable = pending().filter((w) => w.controller);
      abortable[current.pick % Math.max(1, abortable.length)]?.controller?.abort();
    } else if (current.kind === 'rateLimited') {
      pace.rateLimited();
      lastDrain = now;
      rateAtDrain = pace.state.rate;
    } else {
      for (let i = 0; i < current.times; i++) pace.succeeded();
    }
    await flush();
    check();
    if (problems.length > 0) break;
  }
  if (problems.length === 0) {
    // Long enough for any queue at the slowest pace: every call settles, and no timer is left.
    await clock.advance(1e9);
    check();
    const unsettled = waiters.filter((w) => !w.fast && !w.settled);
    if (unsettled.length > 0) problems.push(`${unsettled.length} never settled`);
    if (clock.pending() !== 0) problems.push(`${clock.pending()} timers left`);
  }
  expect(problems).toEqual([]);
}

describe('the rate limiter under generated traffic', () => {
  it('with a configured limit: bounded windows, FIFO, deadlines, honest rejections, the fast path', async () => {
    await fc.assert(fc.asyncProperty(limitOptions, steps, run), {
      numRuns: 1500,
    });
  }, 60_000);

  it('without a limit: the fast path always, whatever the endpoint answers', async () => {
    await fc.assert(
      fc.asyncProperty(steps, (steps) => run(undefined, steps)),
      { numRuns: 1000 },
    );
  }, 60_000);
});
