/**
 * Coalescing: identical reads in flight at the same time share one request. Each caller still owns
 * its result (later callers get a copy, so no caller can change another's objects) and its signal
 * (the shared request is aborted only when every caller has given up).
 */

import { stringifyJson } from '../codecs/json.js';
import { AbortError } from '../errors/AbortError.js';
import { onAbort } from '../options/onAbort.js';
import type { Transport, TransportRequest } from '../types/index.js';

interface Shared {
  promise: Promise<unknown>;
  controller: AbortController;
  waiters: number;
}

export function coalesce(send: Transport): Transport {
  const inflight = new Map<string, Shared>();
  return (request: TransportRequest) => {
    // Refused before a request is shared out: an aborted call must never start one.
    if (request.signal?.aborted)
      return Promise.reject(new AbortError({ method: request.method, reason: request.signal.reason }));
    // A stream hands what it reads to its own caller alone.
    if (request.stream) return send(request);
    const key = `${request.method}\u0000${request.timeoutMs ?? ''}\u0000${stringifyJson(request.params)}`;
    let shared = inflight.get(key);
    const first = shared === undefined;
    if (!shared) {
      const controller = new AbortController();
      const entry: Shared = { controller, waiters: 0, promise: send({ ...request, signal: controller.signal }) };
      const forget = () => {
        if (inflight.get(key) === entry) inflight.delete(key);
      };
      entry.promise.then(forget, forget);
      inflight.set(key, entry);
      shared = entry;
    }
    return waitFor(shared, request, first);
  };
}

function waitFor(shared: Shared, request: TransportRequest, first: boolean): Promise<unknown> {
  const { signal, method } = request;
  shared.waiters++;
  return new Promise((resolve, reject) => {
    let done = false;
    const leave = () => {
      if (done) return;
      done = true;
      stopWaiting();
      shared.waiters--;
    };
    const aborted = () => {
      leave();
      if (shared.waiters === 0) shared.controller.abort(signal?.reason);
      reject(new AbortError({ method, reason: signal?.reason }));
    };
    const stopWaiting = onAbort(signal, aborted);
    if (signal?.aborted) return aborted();
    shared.promise.then(
      (result) => {
        if (done) return;
        leave();
        // The first caller takes the result as it came; the others get copies of their own.
        resolve(first ? result : structuredClone(result));
      },
      (error: unknown) => {
        if (done) return;
        leave();
        reject(error);
      },
    );
  });
}
