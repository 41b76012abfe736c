/**
 * Time as the library's waiting code sees it: the retries, cool-downs and confirmation loops take one,
 * so tests hand them a fake and the real one lives beside the code that sleeps (transport/retry.ts).
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Waits `ms`; an abort of `signal` ends the wait with `AbortError` naming `method`. */
  sleep(ms: number, signal: AbortSignal | undefined, method: string): Promise<void>;
  /** A number in [0, 1), for the backoff's jitter. */
  random(): number;
}
