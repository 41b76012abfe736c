/**
 * Slow start after a 429 (no `rateLimit`): the calls held back by a cool-down are let go a few at a time.
 * Let go all at once, they would empty the endpoint's bucket again at once and draw a 429 each, cycle
 * after cycle (~8 requests a call for a burst of 1,000 at 50/s). A window of calls in flight starts at
 * one (the probe) and grows by one with each attempt sent since the last 429 that ends other than in a
 * 429, so it doubles each round trip and is back to full speed within a few (six from one to FULL, where
 * it is removed). A 429 that sets a cool-down sets it back to one (retry.ts's delayAfter). It counts
 * calls, not time: no pace is learned (docs/rate-limits.md says why none is).
 *
 * Loaded with the first window (retry.ts imports it on demand), so an app that never draws a 429 carries
 * none of it. It imports nothing at run time: what it needs of the transport is passed in, so no module
 * is shared between it and the bundle loaded up front (which would split that module into a chunk of
 * its own).
 * @module
 */

import type { Clock } from '../types/clock.js';
import type { EndpointState } from './endpointState.js';
import type { CallLimits } from './retry.js';

export interface SlowStart {
  /** How many calls may hold a slot. */
  size: number;
  /** Calls holding a slot: sending, or waiting out a cool-down as the next probe. */
  held: number;
  /** Calls waiting for a slot, in order: each is handed its slot (held counts it) when one frees. */
  queue: Array<() => void>;
}

/** The window at which the endpoint is taken for recovered: calls go without one again. */
const FULL = 64;

/**
 * Frees a slot of `window` at `now`. The attempt grows the window only if no 429 came from the endpoint
 * since it was sent (`sent`, the endpoint's count of 429s then: a generation number that needs no field
 * of its own), no cool-down runs, and the window is still the endpoint's. So an answer to a request sent
 * before a 429 does not grow the window that 429 set to one, nor does the 429's own slot. A slot given
 * back unsent passes no `sent`. Hands free slots to the calls waiting, in order; a removed window hands
 * one to each.
 */
export function release(state: EndpointState, window: SlowStart, now: number, sent?: number): void {
  window.held--;
  if (
    sent === state.counters.rateLimited &&
    state.coolDownUntil <= now &&
    state.window === window &&
    ++window.size >= FULL
  ) {
    state.window = undefined;
    window.size = Number.POSITIVE_INFINITY;
  }
  while (window.held < window.size && window.queue.length > 0) {
    window.held++;
    (window.queue.shift() as () => void)();
  }
}

/** The function that frees a slot held, once however often it is called (its attempt is sent now). */
function freeing(state: EndpointState, window: SlowStart, clock: Clock): () => void {
  let held = true;
  const sent = state.counters.rateLimited;
  return () => {
    if (held) release(state, window, clock.now(), sent);
    held = false;
  };
}

/**
 * A slot of `state`'s window for one attempt: at once when one is free and nobody waits, else in the
 * queue until handed one, no longer than the call's deadline and not past its abort (a probe that hangs
 * must not hold every call behind it). `sleep` is the transport's real timer, ended early by `until`. A
 * slot handed over during a new cool-down is kept while `coolDown` waits it out: its call is the next
 * probe (unless the window shrank below the slots held meanwhile: then it queues again). A slot handed
 * over while the endpoint is passed over (cooling down after a 429, or failing) is given back at once
 * when another of `endpoints` is available: its call picks again (null), rather than wait for, or send to,
 * an endpoint that just asked for quiet or failed while one is idle. Returns the function that frees the
 * slot (see release; a second call does nothing), null to pick again, or undefined when there is no
 * window or no time left.
 */
export async function slotIn(
  state: EndpointState,
  deadline: number,
  limits: CallLimits,
  clock: Clock,
  sleep: (ms: number, signal: AbortSignal | undefined, method: string, until: Promise<void>) => Promise<void>,
  coolDown: (state: EndpointState, deadline: number, limits: CallLimits, clock: Clock) => Promise<void>,
  endpoints: readonly EndpointState[],
): Promise<(() => void) | null | undefined> {
  for (;;) {
    const window = state.window;
    if (!window || deadline - clock.now() <= 0) return undefined;
    if (window.held < window.size && window.queue.length === 0) {
      window.held++;
      return freeing(state, window, clock);
    }
    let take: () => void = () => undefined;
    const given = new Promise<void>((resolve) => {
      take = resolve;
    });
    window.queue.push(take);
    // Out of the queue: false when handed a slot (even as the timer or an abort ended the wait).
    const leave = () => {
      const at = window.queue.indexOf(take);
      if (at >= 0) window.queue.splice(at, 1);
      return at >= 0;
    };
    try {
      await sleep(deadline - clock.now(), limits.signal, limits.method, given);
    } catch (error) {
      if (!leave()) release(state, window, clock.now());
      throw error;
    }
    if (leave()) continue; // the time ran out: the deadline is checked again
    const now = clock.now();
    const passed = (each: EndpointState) => Math.max(each.unhealthyUntil, each.coolDownUntil) > now;
    if (passed(state) && !endpoints.every(passed)) {
      release(state, window, now);
      return null;
    }
    try {
      await coolDown(state, deadline, limits, clock);
    } catch (error) {
      release(state, window, clock.now());
      throw error;
    }
    // A 429 during that cool-down made the window smaller than the slots held: wait again, at the back.
    if (window.held <= window.size) return freeing(state, window, clock);
    release(state, window, clock.now());
  }
}
