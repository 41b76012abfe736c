/**
 * One caller's `AbortSignal` may be shared by thousands of calls in flight (an app's shutdown signal).
 * A listener per call would pile up on it: Node warns past ten (`MaxListenersExceededWarning`), and each
 * abort would walk them all from the signal. So the transport adds one listener per signal, the set of
 * the calls waiting on it (a listener object: its `handleEvent` runs them), and removes it when the last
 * of them stops waiting, leaving the signal as the caller gave it.
 */
type Waiters = Set<() => void> & EventListenerObject;

const bySignal = new WeakMap<AbortSignal, Waiters>();

/**
 * Runs `listener` once when `signal` aborts (the caller checks `signal.aborted` first). Returns the
 * function that stops waiting: call it when the call ends, whatever its outcome.
 */
export function onAbort(signal: AbortSignal | undefined, listener: () => void): () => void {
  if (!signal) return () => undefined;
  let waiters = bySignal.get(signal);
  if (!waiters) {
    const calls: Waiters = Object.assign(new Set<() => void>(), {
      handleEvent() {
        bySignal.delete(signal);
        for (const call of [...calls]) call();
      },
    });
    bySignal.set(signal, calls);
    signal.addEventListener('abort', calls, { once: true });
    waiters = calls;
  }
  const calls = waiters;
  // Its own entry, so the same function waiting twice is two waiters.
  const entry = () => listener();
  calls.add(entry);
  return () => {
    if (calls.delete(entry) && calls.size === 0) {
      bySignal.delete(signal);
      signal.removeEventListener('abort', calls);
    }
  };
}

/**
 * Runs `run` with a signal of the call's own that aborts, with the same reason, when `signal` does: what
 * the layers below listen to, so the caller's signal holds one listener for all the calls sharing it.
 */
export async function linked<T>(
  signal: AbortSignal | undefined,
  run: (signal: AbortSignal | undefined) => Promise<T>,
): Promise<T> {
  if (!signal || signal.aborted) return run(signal);
  const controller = new AbortController();
  const stopWaiting = onAbort(signal, () => controller.abort(signal.reason));
  try {
    return await run(controller.signal);
  } finally {
    stopWaiting();
  }
}
