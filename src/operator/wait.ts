/**
 * Waits `ms`, ending early (rejecting with the signal's reason) when `signal` aborts. The waits between
 * `checkValidator`'s samples, and the CLI's between `check --watch` rounds and `catchup` checks.
 */
export function waitFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
