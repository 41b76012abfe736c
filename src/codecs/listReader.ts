/**
 * The reader of an answer that is one long list (a program's accounts), for a method's definition. The
 * list reader itself (jsonList.ts) is loaded on the first such answer: apps that never read a long list
 * do not carry it.
 * @module
 */
import { ResponseTooLargeError } from '../errors/ResponseTooLargeError.js';
import type { ByteChunks } from '../types/index.js';
import { JsonSyntaxError } from './json.js';
import type { ListPath } from './jsonList.js';

/**
 * Reads a body from its bytes; given `onItems`, hands it each run of the list's items as they are read
 * and leaves the answer's list empty (see `readJsonList`).
 */
export type BodyReader = (body: ByteChunks, onItems?: (items: unknown[]) => unknown) => Promise<unknown>;

/**
 * The most characters of a streamed answer held unread at once: one account's text (the largest, 10 MiB
 * of data, is about 14 million characters in base64) or the envelope around the list. A stream is not
 * bound by the client's `maxResponseBytes`, since it never holds the answer; this bounds what it holds.
 */
export const MAX_STREAM_PENDING_CHARS = 64 * 1024 * 1024;

/**
 * An answer read into a result (not streamed) that ends within this many bytes is parsed whole: one
 * `JSON.parse` of 9 MB cost 54 ms of CPU where the runs cost 84 (docs/performance.md, "Reading long
 * lists"). Past it, the runs keep any answer within what a string can hold.
 */
export const WHOLE_BELOW_BYTES = 32 * 1024 * 1024;

/** The reader of answers whose list is at one of `paths`, each text read by `parse` (the method's). */
export function listReader(paths: readonly ListPath[], parse: (text: string) => unknown): BodyReader {
  return (body, onItems) =>
    import('./jsonList.js').then(({ readJsonList }) =>
      readJsonList(body, {
        paths,
        parse,
        onItems,
        fail: (offset, problem) => new JsonSyntaxError(offset, problem),
        maxPendingChars: MAX_STREAM_PENDING_CHARS,
        wholeBelow: WHOLE_BELOW_BYTES,
        tooLong: (limit) =>
          new ResponseTooLargeError({
            limit,
            what: 'body',
            hint: 'one account of the answer, or the text around the list, is longer than this; no real account is.',
          }),
      }),
    );
}
