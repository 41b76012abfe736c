/**
 * The deadline of one confirming call: `timeoutMs` bounds the whole call, including a request that is in
 * flight when it passes, whatever that request (or the node behind it) is doing.
 * @module
 */
import { AbortError } from '../errors/AbortError.js';
import { TimeoutError } from '../errors/TimeoutError.js';
import { onAbort } from '../options/onAbort.js';
import type { ConfirmSettings } from './confirmTransaction.js';

/** Runs requests under the call's deadline and the caller's signal. */
export interface CallDeadline {
  /** When the call ends, on the settings' clock. */
  readonly at: number;
  /**
   * Runs one request with a signal that aborts at the deadline or with the caller's signal. It settles by
   * then even if the request ignores its signal: with `TimeoutError` at the deadline, `AbortError` on the
   * caller's signal. `withinMs` bounds this request more tightly (it then also rejects with `TimeoutError`).
   */
  run<T>(request: (signal: AbortSignal) => Promise<T>, withinMs?: number): Promise<T>;
  /** The call's `TimeoutError`, with the last transient failure as its `cause`. */
  timedOut(lastTransient?: unknown): TimeoutError;
  /** The call's `AbortError`. */
  aborted(): AbortError;
  /** Whether `error` is the deadline's own `TimeoutError` (not a transport's, which the loop outlives). */
  isOwn(error: unknown): boolean;
}

/** `signature` names the transaction in the `TimeoutError`; a function when it is read after the deadline starts. */
export function callDeadline(settings: ConfirmSettings, signature: string | (() => string)): CallDeadline {
  const { method, clock, signal } = settings;
  const at = settings.startedAt + settings.timeoutMs;
  const own = new WeakSet<object>();
  const timedOut = (lastTransient?: unknown) => {
    const error = new TimeoutError({
      method,
      timeoutMs: settings.timeoutMs,
      origin: '',
      summary: `transaction ${typeof signature === 'string' ? signature : signature()} did not reach ${settings.commitment} within ${settings.timeoutMs} ms`,
      hint: 'it may still land: look its signature up later, or raise options.timeoutMs.',
    });
    if (lastTransient !== undefined) Object.defineProperty(error, 'cause', { value: lastTransient });
    own.add(error);
    return error;
  };
  const aborted = () => new AbortError({ method, reason: signal?.reason });

  async function run<T>(request: (signal: AbortSignal) => Promise<T>, withinMs = Number.POSITIVE_INFINITY): Promise<T> {
    if (signal?.aborted) throw aborted();
    const left = Math.min(at - clock.now(), withinMs);
    if (left <= 0) throw timedOut();
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopWaiting: (() => void) | undefined;
    // A real timer, also under an injected clock: it only has to end a request that would otherwise
    // hold the call past its deadline, and a virtual clock does not move while a request is pending.
    const stop = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(timedOut());
      }, left);
      // One listener on the caller's signal for all the calls sharing it (an app's shutdown signal on
      // hundreds of confirmations), not one each: options/onAbort.ts.
      stopWaiting = onAbort(signal, () => {
        controller.abort(signal?.reason);
        reject(aborted());
      });
    });
    try {
      return await Promise.race([request(controller.signal), stop]);
    } catch (error) {
      // The request's own AbortError, when the deadline or the caller aborted it: say which.
      if (signal?.aborted) throw aborted();
      if (controller.signal.aborted) throw timedOut();
      throw error;
    } finally {
      clearTimeout(timer);
      stopWaiting?.();
    }
  }

  return {
    at,
    run,
    timedOut,
    aborted,
    isOwn: (error) => typeof error === 'object' && error !== null && own.has(error),
  };
}
