/**
 * Slow start after a 429 (no `rateLimit`): the calls held back by a cool-down are let go a few at a time.
 * Let go all at once, they would empty the endpoint's bucket again at once and draw a 429 each, cycle
 * after cycle (~8 requests a call for a burst of 1,000 at 50/s). A window of calls in flight starts at
 * one (the probe) and grows by one with each attempt that ends other than in a 429, so it doubles each
 * round trip and is back to full speed within a few (six from one to FULL, where it is removed). A 429 sets it back to one (retry.ts). It
 * counts calls, not time: no pace is learned (docs/rate-limits.md says why none is).
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
 * Frees a slot of `window` at `now`. The attempt grows the window unless a 429 (its own or another's)
 * began a cool-down since, or it was never sent (`now` -Infinity). Hands free slots to the calls waiting,
 * in order; a removed window hands one to each.
 */
export function release(state: EndpointState, window: SlowStart, now: number): void {
  window.held--;
  if (state.coolDownUntil <= now && state.window === window && ++window.size >= FULL) {
    state.window = undefined;
    window.size = Number.POSITIVE_INFINITY;
  }
  while (window.held < window.size && window.queue.length > 0) {
    window.held++;
    (window.queue.shift() as () => void)();
  }
}

/** The function that frees a slot held, once however often it is called. */
function freeing(state: EndpointState, window: SlowStart): (now: number) => void {
  let held = true;
  return (now) => {
    if (held) release(state, window, now);
    held = false;
  };
}

/**
 * A slot of `state`'s window for one attempt: at once when one is free and nobody waits, else in the
 * queue until handed one, no longer than the call's deadline and not past its abort (a probe that hangs
 * must not hold every call behind it). `sleep` is the transport's real timer, ended early by `until`. A
 * slot handed over during a new cool-down is kept while `coolDown` waits it out: its call is the next
 * probe (unless the window shrank below the slots held meanwhile: then it queues again). Returns the function that frees the slot (see release; a second call does nothing), or
 * undefined when there is no window or no time left.
 */
export async function slotIn(
  state: EndpointState,
  deadline: number,
  limits: CallLimits,
  clock: Clock,
  sleep: (ms: number, signal: AbortSignal | undefined, method: string, until: Promise<void>) => Promise<void>,
  coolDown: (state: EndpointState, deadline: number, limits: CallLimits, clock: Clock) => Promise<void>,
): Promise<((now: number) => void) | undefined> {
  for (;;) {
    const window = state.window;
    if (!window || deadline - clock.now() <= 0) return undefined;
    if (window.held < window.size && window.queue.length === 0) {
      window.held++;
      return freeing(state, window);
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
      if (!leave()) release(state, window, Number.NEGATIVE_INFINITY);
      throw error;
    }
    if (leave()) continue; // the time ran out: the deadline is checked again
    try {
      await coolDown(state, deadline, limits, clock);
    } catch (error) {
      release(state, window, Number.NEGATIVE_INFINITY);
      throw error;
    }
    // A 429 during that cool-down made the window smaller than the slots held: wait again, at the back.
    if (window.held <= window.size) return freeing(state, window);
    release(state, window, Number.NEGATIVE_INFINITY);
  }
}
