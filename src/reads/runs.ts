/**
 * One request whose answer is read as it downloads, turned into the runs of items its reader hands on:
 * the bridge between a body reader that pushes (`onItems`) and a loop that pulls (`for await`). The
 * reader waits until the loop has taken each run, so the socket is read no faster than the loop goes.
 * @module
 */
import type { BodyReader } from '../codecs/listReader.js';
import { AbortError } from '../errors/AbortError.js';
import { ResponseTooLargeError } from '../errors/ResponseTooLargeError.js';
import type { Transport } from '../types/index.js';

/**
 * The most characters of a streamed answer held unread at once: one account's text (the largest, 10 MiB
 * of data, is about 14 million characters in base64) or the envelope around the list. A stream is not
 * bound by the client's `maxResponseBytes`, since it never holds the answer; this bounds what it holds.
 */
export const MAX_STREAM_PENDING_CHARS = 64 * 1024 * 1024;

const tooLong = (limit: number) =>
  new ResponseTooLargeError({
    limit,
    what: 'body',
    hint: 'one account of the answer, or the text around the list, is longer than this; no real account is.',
  });

/** The request, and what turns each run of wire items into the values yielded. */
export interface RunsRequest<T> {
  method: string;
  params: readonly unknown[];
  signal: AbortSignal;
  timeoutMs: number | undefined;
  read: BodyReader | undefined;
  /** Checks and decodes one run; `base` is the index of its first item in the whole answer. */
  decode(items: unknown[], base: number): Promise<T[]>;
}

/**
 * Yields the decoded runs of one request's answer in order, then returns the answer's result (its list
 * emptied). A transport that cannot read bodies as they arrive (a custom one) answers whole: then
 * nothing is yielded, and the result holds the whole list.
 */
export async function* runsOf<T>(transport: Transport, request: RunsRequest<T>): AsyncGenerator<T[], unknown> {
  let run: T[] | undefined;
  let taken: (() => void) | undefined;
  let dropped: ((error: unknown) => void) | undefined;
  let wake: (() => void) | undefined;
  let outcome: { value: unknown } | { error: unknown } | undefined;
  // Items read so far: once any are, the request is not retried (they would come twice).
  let read = 0;
  const notify = () => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  const onItems = async (items: unknown[]) => {
    const base = read;
    read += items.length;
    const decoded = await request.decode(items, base);
    if (decoded.length === 0) return;
    await new Promise<void>((resolve, reject) => {
      run = decoded;
      taken = resolve;
      dropped = reject;
      notify();
    });
  };
  const { method, params, signal, timeoutMs } = request;
  const reader = request.read;
  transport({
    method,
    params,
    signal,
    timeoutMs,
    read: reader && ((body) => reader(body, { onItems, maxPendingChars: MAX_STREAM_PENDING_CHARS, tooLong })),
    stream: { mayRetry: () => read === 0 },
  }).then(
    (value) => {
      outcome = { value };
      notify();
    },
    (error: unknown) => {
      outcome = { error };
      notify();
    },
  );
  try {
    for (;;) {
      if (run) {
        const items = run;
        run = undefined;
        dropped = undefined;
        // Released before the loop works through this run: the next one is read meanwhile.
        taken?.();
        yield items;
        continue;
      }
      if (outcome) {
        if ('error' in outcome) throw outcome.error;
        return outcome.value;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    // The loop stopped early: the reader waiting for it gives up, and its request ends with it.
    dropped?.(new AbortError({ method, reason: 'the loop stopped reading' }));
  }
}
