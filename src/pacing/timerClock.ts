/**
 * The real clock of a limiter used by a subscriptions client, which may not import the transport's
 * (transport/retry.ts's realClock, the same in behaviour). An HTTP client's limit runs on the
 * transport's clock; a limiter shared by both runs on the clock of whichever used it first.
 * @module
 */
import { AbortError } from '../errors/AbortError.js';
import { onAbort } from '../options/onAbort.js';
import type { Clock } from '../types/clock.js';

export const timerClock: Clock = {
  now: () => Date.now(),
  random: () => Math.random(),
  sleep: (ms, signal, method) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new AbortError({ method, reason: signal.reason }));
      const timer = setTimeout(() => {
        stopWaiting();
        resolve();
      }, ms);
      const stopWaiting = onAbort(signal, () => {
        clearTimeout(timer);
        reject(new AbortError({ method, reason: signal?.reason }));
      });
    }),
};
