/**
 * Automatic JSON-RPC batching: calls made within `waitMs` of each other (and at most `maxSize`) go
 * out as one array. Answers are matched by id, so order does not matter, answers to ids never sent are
 * ignored, and a missing or repeated answer fails only its own call. Many providers refuse batches: the first refusal (an HTTP error, or a single
 * error object instead of an array) switches this client back to one request per call, and the
 * refused calls are sent again that way.
 */

import { decodeResponse, encodeRequest } from '../codecs/jsonrpc.js';
import { AbortError } from '../errors/AbortError.js';
import { InvalidResponseError } from '../errors/InvalidResponseError.js';
import { isSolRpcError } from '../errors/isSolRpcError.js';
import { onAbort } from '../options/onAbort.js';
import type { TransportRequest } from '../types/index.js';

/** Options of automatic JSON-RPC batching (`batch` in `createRpc`'s options). */
export interface BatchOptions {
  /** The most calls in one batch. Default 100. */
  maxSize?: number;
  /** How long to wait for more calls before sending, in ms. Default 0 (the calls of one tick). */
  waitMs?: number;
}

interface Pending {
  id: number;
  request: TransportRequest;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Wraps `postBatch` (which sends one body and returns the parsed answer, retrying as the client's
 * policy says) and `single` (one call on its own).
 */
export function createBatcher(
  options: Required<BatchOptions>,
  nextId: () => number,
  origin: string,
  secrets: readonly string[],
  postBatch: (body: string, requests: TransportRequest[]) => Promise<unknown>,
  single: (request: TransportRequest) => Promise<unknown>,
): (request: TransportRequest) => Promise<unknown> {
  let queue: Pending[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let refused = false;

  const flush = () => {
    timer = undefined;
    const calls = queue;
    queue = [];
    if (calls.length === 0) return;
    if (calls.length === 1) return runSingly(calls);
    void send(calls);
  };

  const runSingly = (calls: Pending[]) => {
    for (const call of calls) single(call.request).then(call.resolve, call.reject);
  };

  const send = async (calls: Pending[]) => {
    const body = `[${calls.map((c) => encodeRequest(c.id, c.request.method, c.request.params)).join(',')}]`;
    let answer: unknown;
    try {
      // One caller's signal must not abort a request that carries the others' calls.
      answer = await postBatch(
        body,
        calls.map((c) => ({ ...c.request, signal: undefined })),
      );
    } catch (error) {
      // A 4xx (or a JSON-RPC error in place of the array) means "no batches here"; anything else is
      // a failure of the request itself, shared by every call in it.
      if (
        isSolRpcError(error, 'HttpError') &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 408 &&
        error.status !== 429
      ) {
        refused = true;
        return runSingly(calls);
      }
      for (const call of calls) call.reject(error);
      return;
    }
    if (!Array.isArray(answer)) {
      refused = true;
      return runSingly(calls);
    }
    // By id as text: a proxy may turn 7 into "7", and both then answer the same call. Answers to ids
    // never sent are left unread; two answers to one id fail that call, whichever would be right.
    const byId = new Map<string, unknown[]>();
    for (const item of answer) {
      const id = (item as { id?: unknown } | null)?.id;
      if (typeof id !== 'number' && typeof id !== 'string') continue;
      const answers = byId.get(`${id}`) ?? [];
      byId.set(`${id}`, answers);
      answers.push(item);
    }
    for (const call of calls) {
      const items = byId.get(`${call.id}`) ?? [];
      const answers = items.length;
      if (answers !== 1) {
        call.reject(
          new InvalidResponseError({
            method: call.request.method,
            reason: answers === 0 ? 'missing-response' : 'id-mismatch',
            origin,
            detail: `the batch answer has ${answers === 0 ? 'no response' : `${answers} responses`} for id ${call.id}`,
          }),
        );
        continue;
      }
      try {
        call.resolve(decodeResponse(items[0], call.id, call.request.method, origin, secrets));
      } catch (error) {
        call.reject(error);
      }
    }
  };

  return (request) => {
    // A batch goes out under one set of limits (its first call's), so a call with a time limit of its own
    // goes on its own: its timeoutMs then holds whatever the others ask.
    // A long list is read from its own body's bytes (`read`), which a batch's answer cannot give.
    if (refused || request.timeoutMs !== undefined || request.read) return single(request);
    const { signal, method } = request;
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new AbortError({ method, reason: signal.reason }));
      let settled = false;
      const finish = (settle: () => void) => {
        if (settled) return;
        settled = true;
        stopWaiting();
        settle();
      };
      const call: Pending = {
        id: nextId(),
        request,
        resolve: (value) => finish(() => resolve(value)),
        reject: (error) => finish(() => reject(error)),
      };
      const stopWaiting = onAbort(signal, () => {
        // Still queued: it leaves the queue. Already sent: the others' answers are unaffected.
        queue = queue.filter((pending) => pending !== call);
        finish(() => reject(new AbortError({ method, reason: signal?.reason })));
      });
      queue.push(call);
      if (queue.length >= options.maxSize) {
        if (timer) clearTimeout(timer);
        flush();
      } else if (!timer) {
        timer = setTimeout(flush, options.waitMs);
      }
    });
  };
}
