/**
 * A Clock whose time moves only when a test says: `advance(ms)` fires the sleeps due, in order, each at
 * its own time, and lets the promise reactions they start run before the next. `pending()` counts
 * sleeps not yet fired or aborted: what a test reads to say no timer was left behind.
 */
import { AbortError } from '../../src/errors/AbortError.js';
import type { Clock } from '../../src/types/clock.js';

interface Sleeper {
  at: number;
  order: number;
  resolve(): void;
}

export interface FakeClock extends Clock {
  advance(ms: number): Promise<void>;
  pending(): number;
}

/** Lets queued promise reactions run (a chain of a few links), without moving the time. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

export function fakeClock(start = 0): FakeClock {
  let now = start;
  let order = 0;
  const sleepers = new Set<Sleeper>();
  return {
    now: () => now,
    random: () => 0.5,
    sleep(ms, signal, method) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(new AbortError({ method, reason: signal.reason }));
        const sleeper: Sleeper = {
          at: now + Math.max(0, ms),
          order: order++,
          resolve: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          sleepers.delete(sleeper);
          reject(new AbortError({ method, reason: signal?.reason }));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        sleepers.add(sleeper);
      });
    },
    async advance(ms) {
      const target = now + ms;
      await flush();
      for (;;) {
        let next: Sleeper | undefined;
        for (const sleeper of sleepers) {
          if (
            sleeper.at <= target &&
            (!next || sleeper.at < next.at || (sleeper.at === next.at && sleeper.order < next.order))
          ) {
            next = sleeper;
          }
        }
        if (!next) break;
        sleepers.delete(next);
        now = Math.max(now, next.at);
        next.resolve();
        await flush();
      }
      now = target;
      await flush();
    },
    pending: () => sleepers.size,
  };
}
