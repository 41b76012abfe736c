/**
 * options/onAbort.ts: one listener on a caller's signal for every call waiting on it, gone when the
 * last of them stops waiting; and `linked`, the call's own signal that follows the caller's.
 */
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { linked, onAbort } from '../../src/options/onAbort.js';

describe('onAbort', () => {
  it('adds one listener however many wait, runs each waiter once, and leaves none behind', () => {
    const controller = new AbortController();
    const { signal } = controller;
    const ran: number[] = [];
    const same = () => ran.push(0);
    const stops = [onAbort(signal, same), onAbort(signal, same), onAbort(signal, () => ran.push(2))];
    expect(getEventListeners(signal, 'abort')).toHaveLength(1);
    controller.abort();
    controller.abort();
    expect(ran.sort()).toEqual([0, 0, 2]);
    for (const stop of stops) stop();
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('removes the listener when the last waiter stops, and a stopped waiter never runs', () => {
    const controller = new AbortController();
    const ran: string[] = [];
    const first = onAbort(controller.signal, () => ran.push('first'));
    const second = onAbort(controller.signal, () => ran.push('second'));
    first();
    first(); // stopping twice changes nothing
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    second();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    // Waiting again after all stopped adds the listener again.
    const third = onAbort(controller.signal, () => ran.push('third'));
    controller.abort();
    third();
    expect(ran).toEqual(['third']);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('without a signal, waits for nothing: the listener never runs, and stopping is a no-op', () => {
    let ran = 0;
    const stop = onAbort(undefined, () => ran++);
    expect(stop).toBeTypeOf('function');
    expect(stop()).toBeUndefined();
    stop();
    expect(ran).toBe(0);
  });
});

describe('linked', () => {
  it("gives the call a signal of its own that aborts with the caller's reason, and lets go after", async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    let own: AbortSignal | undefined;
    const pending = linked(controller.signal, (signal) => {
      own = signal;
      return new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
    });
    expect(own).not.toBe(controller.signal);
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('passes an absent or already aborted signal through as it is', async () => {
    const aborted = AbortSignal.abort();
    expect(await linked(aborted, async (signal) => signal)).toBe(aborted);
    expect(await linked(undefined, async (signal) => signal)).toBeUndefined();
  });
});
