/**
 * The reader of an answer that is one long list (a program's accounts), for a method's definition. The
 * list reader itself (jsonList.ts) is loaded on the first such answer: apps that never read a long list
 * do not carry it.
 * @module
 */
import type { ByteChunks } from '../types/index.js';
import { JsonSyntaxError } from './json.js';
import type { ListPath } from './jsonList.js';

/** What a stream adds to a reading: where the items go as they are read, and its bound on what is held. */
export interface ListStream {
  /** Takes each run of items in order; the next bytes are read once what it returns has settled. */
  onItems?: (items: unknown[]) => unknown;
  /** The most characters held unread at once; past it, the reading ends with `tooLong(limit)`. */
  maxPendingChars?: number;
  /** The error for a held text past `maxPendingChars`. */
  tooLong?: (limit: number) => Error;
}

/**
 * Reads a body from its bytes; given `stream.onItems`, hands it each run of the list's items as they are
 * read and leaves the answer's list empty (see `readJsonList`).
 */
export type BodyReader = (body: ByteChunks, stream?: ListStream) => Promise<unknown>;

/**
 * An answer read into a result (not streamed) that ends within this many bytes is parsed whole: one
 * `JSON.parse` of 9 MB cost 54 ms of CPU where the runs cost 84 (docs/performance.md, "Reading a long
 * list"). Past it, the runs keep any answer within what a string can hold.
 */
export const WHOLE_BELOW_BYTES = 32 * 1024 * 1024;

/** The reader of answers whose list is at one of `paths`, each text read by `parse` (the method's). */
export function listReader(paths: readonly ListPath[], parse: (text: string) => unknown): BodyReader {
  return (body, stream) =>
    import('./jsonList.js').then(({ readJsonList }) =>
      readJsonList(body, {
        paths,
        parse,
        fail: (offset, problem) => new JsonSyntaxError(offset, problem),
        wholeBelow: WHOLE_BELOW_BYTES,
        ...stream,
      }),
    );
}
