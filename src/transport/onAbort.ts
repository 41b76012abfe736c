/**
 * One caller's `AbortSignal` may be shared by thousands of calls in flight (an app's shutdown signal).
 * A listener per call would pile up on it: Node warns past ten (`MaxListenersExceededWarning`), and each
 * abort would walk them all from the signal. So the transport adds one listener per signal and dispatches
 * to the calls waiting on it; that listener goes when the last of them stops waiting, leaving the signal
 * as the caller gave it.
 */
interface Waiters {
  calls: Set<() => void>;
  dispatch: () => void;
}

const bySignal = new WeakMap<AbortSignal, Waiters>();

/**
 * Runs `listener` once when `signal` aborts (the caller checks `signal.aborted` first). Returns the
 * function that stops waiting: call it when the call ends, whatever its outcome.
 */
export function onAbort(signal: AbortSignal | undefined, listener: () => void): () => void {
  if (!signal) return () => undefined;
  let waiters = bySignal.get(signal);
  if (!waiters) {
    const calls = new Set<() => void>();
    const dispatch = () => {
      bySignal.delete(signal);
      for (const call of [...calls]) call();
      calls.clear();
    };
    waiters = { calls, dispatch };
    bySignal.set(signal, waiters);
    signal.addEventListener('abort', dispatch, { once: true });
  }
  const { calls, dispatch } = waiters;
  // Its own entry, so the same function waiting twice is two waiters.
  const entry = () => listener();
  calls.add(entry);
  return () => {
    if (!calls.delete(entry) || calls.size > 0) return;
    bySignal.delete(signal);
    signal.removeEventListener('abort', dispatch);
  };
}
