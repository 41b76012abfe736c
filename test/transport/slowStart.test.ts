/**
 * The slow start after a 429 without `rateLimit` (src/transport/slowStart.ts): the calls a cool-down held
 * back are let go 1, 2, 4, … in flight, not all at once; a 429 in the ramp starts the cool-down and the
 * window again; a call waiting for a slot still ends at its deadline or abort; no slot is ever lost.
 * withRetries is driven directly, on a fake clock, with attempts the test answers one by one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AbortError } from '../../src/errors/AbortError.js';
import { HttpError } from '../../src/errors/HttpError.js';
import { isSolRpcError } from '../../src/errors/isSolRpcError.js';
import { NetworkError } from '../../src/errors/NetworkError.js';
import { RpcError } from '../../src/errors/RpcError.js';
import { TimeoutError } from '../../src/errors/TimeoutError.js';
import type { Endpoint } from '../../src/transport/endpoint.js';
import { type EndpointState, newEndpointState } from '../../src/transport/endpointState.js';
import { paceFor } from '../../src/transport/rateLimit.js';
import { realClock, withRetries } from '../../src/transport/retry.js';
// Loaded here too, so the transport's dynamic import of it finds it ready (a few promise reactions).
import '../../src/transport/slowStart.js';
import type { Clock } from '../../src/types/clock.js';
import { type FakeClock, fakeClock, flush } from '../support/fakeClock.js';

const ORIGIN = 'https://a.test';
const POLICY = { maxRetries: 3, baseDelayMs: 10, maxDelayMs: 100, maxRetryAfterMs: 30_000, endpointCooldownMs: 5_000 };

const tooMany = () => new HttpError({ status: 429, origin: ORIGIN, retryAfterMs: 1000 });

interface Sent {
  call: number;
  answer(outcome: 'ok' | Error): void;
}

/** One endpoint without a limit, and attempts that wait for the test to answer them. */
function harness(clock: Clock, index = 0, totalTimeoutMs = 600_000) {
  const state = newEndpointState({ origin: ORIGIN } as Endpoint, index, paceFor(undefined, clock, 'rateLimit'), 0);
  const inFlight: Sent[] = [];
  let most = 0;
  /** Checked as each attempt starts: what the window allows, it never exceeds. */
  const overruns: string[] = [];
  const fire = (call: number, options: { signal?: AbortSignal; totalTimeoutMs?: number } = {}) =>
    withRetries(
      [state],
      POLICY,
      {
        method: 'getBalance',
        signal: options.signal,
        attemptTimeoutMs: 30_000,
        totalTimeoutMs: options.totalTimeoutMs ?? totalTimeoutMs,
      },
      clock,
      () =>
        new Promise<string>((resolve, reject) => {
          const window = state.window;
          if (window && window.held > window.size) overruns.push(`${window.held} held of ${window.size}`);
          const sent: Sent = {
            call,
            answer(outcome) {
              inFlight.splice(inFlight.indexOf(sent), 1);
              if (outcome === 'ok') resolve(`answer ${call}`);
              else reject(outcome);
            },
          };
          inFlight.push(sent);
          most = Math.max(most, inFlight.length);
        }),
    );
  return { state, inFlight, overruns, fire, most: () => most };
}

/** Settles every call's promise into a record, so none rejects unobserved. */
function track(promise: Promise<unknown>) {
  const record: { done: boolean; error?: unknown; value?: unknown } = { done: false };
  promise.then(
    (value) => Object.assign(record, { done: true, value }),
    (error) => Object.assign(record, { done: true, error }),
  );
  return record;
}

/**
 * Lets every reaction run, real ones included: the slow start's code loads with the first window (a
 * dynamic import, retry.ts), which takes more than a few promise reactions.
 */
async function settle(until: () => boolean = () => true) {
  for (let i = 0; i < 200; i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    await flush();
    if (until()) return;
  }
}

/** Fires one call that draws a 429 (a cool-down of 1 s), then `count` calls that wait behind it. */
async function afterA429(clock: FakeClock, count: number, totalTimeoutMs?: number) {
  const h = harness(clock, 0, totalTimeoutMs);
  const calls = [track(h.fire(0))];
  await flush();
  (h.inFlight[0] as Sent).answer(tooMany());
  await flush();
  for (let i = 1; i <= count; i++) calls.push(track(h.fire(i)));
  await flush();
  expect(h.inFlight).toHaveLength(0);
  await clock.advance(1000);
  await settle(() => h.inFlight.length > 0);
  return { ...h, calls };
}

/** Answers every attempt in flight now with `outcome`; returns how many there were. */
async function answerAll(h: { inFlight: Sent[] }, outcome: () => 'ok' | Error = () => 'ok') {
  const now = [...h.inFlight];
  for (const sent of now) sent.answer(outcome());
  await flush();
  await new Promise((resolve) => setImmediate(resolve));
  return now.length;
}

describe('slow start after a 429', () => {
  it('lets the waiting calls go 1, 2, 4, … in flight, then all at once from a window of 64', async () => {
    const clock = fakeClock();
    const h = await afterA429(clock, 200);
    const rounds: number[] = [];
    while (h.inFlight.length > 0) rounds.push(await answerAll(h));
    expect(rounds).toEqual([1, 2, 4, 8, 16, 32, 138]);
    expect(h.state.window).toBeUndefined();
    expect(h.calls.every((call) => call.done && call.error === undefined)).toBe(true);
    expect(h.overruns).toEqual([]);
  });

  it('without any 429 nothing waits and no window is made', async () => {
    const h = harness(fakeClock());
    const calls = Array.from({ length: 100 }, (_, i) => track(h.fire(i)));
    await flush();
    expect(h.inFlight).toHaveLength(100);
    expect(h.state.window).toBeUndefined();
    await answerAll(h);
    expect(calls.every((call) => call.done)).toBe(true);
  });

  it('a 429 in the ramp starts the cool-down again and the window at one', async () => {
    const clock = fakeClock();
    const h = await afterA429(clock, 50);
    await answerAll(h); // the probe: 2 go
    expect(h.inFlight).toHaveLength(2);
    // One draws a 429, the other is answered after it: that answer was sent before, it grows nothing.
    (h.inFlight[0] as Sent).answer(tooMany());
    await flush();
    (h.inFlight[0] as Sent).answer('ok');
    await flush();
    expect(h.inFlight).toHaveLength(0);
    expect(h.state.window?.size).toBe(1);
    await clock.advance(999);
    expect(h.inFlight).toHaveLength(0);
    await clock.advance(1);
    await settle(() => h.inFlight.length > 0);
    expect(h.inFlight).toHaveLength(1);
    const rounds: number[] = [];
    while (h.inFlight.length > 0) rounds.push(await answerAll(h));
    expect(rounds.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(h.calls.every((call) => call.done && call.error === undefined)).toBe(true);
    expect(h.overruns).toEqual([]);
  });

  it('an abort takes a waiting call out of the queue at once, and the others keep their order', async () => {
    const clock = fakeClock();
    const h = harness(clock);
    const first = track(h.fire(0));
    await flush();
    (h.inFlight[0] as Sent).answer(tooMany());
    await flush();
    const controllers = Array.from({ length: 5 }, () => new AbortController());
    const calls = controllers.map((controller, i) => track(h.fire(i + 1, { signal: controller.signal })));
    await clock.advance(1000);
    await settle(() => h.inFlight.length > 0);
    expect(h.inFlight.map((sent) => sent.call)).toEqual([0]); // the first call, retried, probes
    expect(h.state.window?.queue).toHaveLength(5);
    (controllers[2] as AbortController).abort();
    await flush();
    expect(calls[2]?.done).toBe(true);
    expect(isSolRpcError(calls[2]?.error, 'AbortError')).toBe(true);
    expect(h.state.window?.queue).toHaveLength(4);
    // The probe holds its slot while aborted calls come and go; an abort of a call in flight frees its slot.
    (controllers[0] as AbortController).abort(); // still waiting
    await flush();
    await answerAll(h);
    expect(h.inFlight.map((sent) => sent.call)).toEqual([2, 4]);
    (controllers[1] as AbortController).abort(); // in flight: its attempt fails as an abort would make it
    (h.inFlight[0] as Sent).answer(new AbortError({ method: 'getBalance' }));
    await flush();
    await answerAll(h);
    await answerAll(h);
    expect(first.done && calls.every((call) => call.done)).toBe(true);
    expect(calls.map((call) => (call.error ? 'aborted' : 'ok'))).toEqual(['aborted', 'aborted', 'aborted', 'ok', 'ok']);
    expect(h.state.window).toMatchObject({ held: 0, queue: [] });
  });

  it('a call handed a slot as it is aborted frees it for the next', async () => {
    const clock = fakeClock();
    const h = await afterA429(clock, 0);
    expect(h.inFlight).toHaveLength(1); // the probe, holding the one slot
    const controller = new AbortController();
    const aborted = track(h.fire(1, { signal: controller.signal }));
    const next = track(h.fire(2));
    await flush();
    const window = h.state.window as NonNullable<EndpointState['window']>;
    expect(window.queue).toHaveLength(2);
    (h.inFlight[0] as Sent).answer('ok');
    // The abort lands between the hand-over and the moment the call resumes.
    for (let i = 0; i < 20 && window.queue.length === 2; i++) await Promise.resolve();
    expect(window.queue).toHaveLength(0);
    controller.abort();
    await flush();
    expect(isSolRpcError(aborted.error, 'AbortError')).toBe(true);
    expect(h.inFlight.map((sent) => sent.call)).toEqual([2]);
    await answerAll(h);
    expect(next.done).toBe(true);
    expect(h.state.window).toMatchObject({ held: 0, queue: [] });
  });

  it('a call waiting for a slot ends at its own deadline, behind a probe that hangs', async () => {
    // Real time: a slot's wait is on a real timer, as an attempt's timeout is.
    const h = harness(realClock);
    h.state.window = { size: 1, held: 0, queue: [] };
    const probe = track(h.fire(0));
    await flush();
    expect(h.inFlight).toHaveLength(1);
    const started = Date.now();
    const waiting = h.fire(1, { totalTimeoutMs: 80 });
    await expect(waiting).rejects.toSatisfy((error) => isSolRpcError(error, 'TimeoutError'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(h.state.window).toMatchObject({ held: 1, queue: [] });
    (h.inFlight[0] as Sent).answer('ok');
    await flush();
    expect(probe.done).toBe(true);
    expect(h.state.window).toMatchObject({ held: 0, size: 2 });
  });

  it('frees the slot whatever the attempt ends with', async () => {
    const failures: Array<() => Error> = [
      () => new TimeoutError({ method: 'getBalance', timeoutMs: 1, origin: ORIGIN }),
      () => new HttpError({ status: 503, origin: ORIGIN }),
      () => new HttpError({ status: 400, origin: ORIGIN }),
      () => new RpcError({ method: 'getBalance', code: -32602, message: 'bad' }),
      () =>
        new NetworkError({
          method: 'getBalance',
          origin: ORIGIN,
          cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }),
        }),
      () => new Error('a bug in a hook'),
      tooMany,
    ];
    for (const failure of failures) {
      const clock = fakeClock();
      const h = await afterA429(clock, 3, 20_000);
      // Every attempt fails, retries included, until no call is left.
      for (let i = 0; i < 50 && h.calls.some((call) => !call.done); i++) {
        await answerAll(h, failure);
        await clock.advance(1000);
      }
      expect(h.calls.every((call) => call.done)).toBe(true);
      expect(h.state.window?.held ?? 0).toBe(0);
      expect(h.state.window?.queue ?? []).toEqual([]);
      expect(h.overruns).toEqual([]);
    }
  });

  it('a model: any mix of answers, 429s, timeouts and aborts keeps the window, ends every call and frees every slot', async () => {
    type Step =
      | { kind: 'fire'; abortable: boolean }
      | { kind: 'answer'; pick: number; outcome: 'ok' | '429' | 'timeout' | '503' }
      | { kind: 'abort'; pick: number }
      | { kind: 'advance'; ms: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('fire' as const), abortable: fc.boolean() }) },
      {
        weight: 5,
        arbitrary: fc.record({
          kind: fc.constant('answer' as const),
          pick: fc.nat(),
          outcome: fc.constantFrom('ok' as const, 'ok' as const, '429' as const, 'timeout' as const, '503' as const),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('abort' as const), pick: fc.nat() }) },
      {
        weight: 2,
        arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 1500 }) }),
      },
    );
    const outcomeOf = (outcome: 'ok' | '429' | 'timeout' | '503') =>
      outcome === 'ok'
        ? ('ok' as const)
        : outcome === '429'
          ? tooMany()
          : outcome === 'timeout'
            ? new TimeoutError({ method: 'getBalance', timeoutMs: 1, origin: ORIGIN })
            : new HttpError({ status: 503, origin: ORIGIN });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 80 }), async (steps) => {
        const clock = fakeClock();
        const h = harness(clock);
        const calls: Array<ReturnType<typeof track>> = [];
        const controllers: AbortController[] = [];
        const check = () => {
          const window = h.state.window;
          if (window) {
            // Slots held: never below zero, and no call waits while a slot is free for it.
            expect(window.held).toBeGreaterThanOrEqual(0);
            if (window.queue.length > 0) expect(window.held).toBeGreaterThanOrEqual(window.size);
          }
          expect(h.overruns).toEqual([]);
        };
        for (const each of steps) {
          if (each.kind === 'fire') {
            const controller = new AbortController();
            controllers.push(controller);
            calls.push(track(h.fire(calls.length, { signal: each.abortable ? controller.signal : undefined })));
          } else if (each.kind === 'answer' && h.inFlight.length > 0) {
            const sent = h.inFlight[each.pick % h.inFlight.length] as Sent;
            const call = calls[sent.call];
            if (controllers[sent.call]?.signal.aborted && call) {
              sent.answer(new AbortError({ method: 'getBalance' }));
            } else sent.answer(outcomeOf(each.outcome));
          } else if (each.kind === 'abort' && controllers.length > 0) {
            const controller = controllers[each.pick % controllers.length] as AbortController;
            controller.abort();
            // An attempt in flight ends as the transport ends it: with an AbortError.
            const sent = h.inFlight.find((s) => controllers[s.call] === controller);
            sent?.answer(new AbortError({ method: 'getBalance' }));
          } else if (each.kind === 'advance') await clock.advance(each.ms);
          await flush();
          check();
        }
        // Then everything answers: every call ends, and no slot is left held or waited for.
        for (let i = 0; i < 400 && calls.some((call) => !call.done); i++) {
          await answerAll(h);
          check();
          await clock.advance(500);
        }
        expect(calls.every((call) => call.done)).toBe(true);
        expect(h.state.window?.held ?? 0).toBe(0);
        expect(h.state.window?.queue ?? []).toEqual([]);
        expect(clock.pending()).toBe(0);
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
