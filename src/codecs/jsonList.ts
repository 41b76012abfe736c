/**
 * Reading a JSON-RPC answer whose bulk is one long list (a program's accounts) from its bytes as they
 * arrive, never as one string: a 1 GiB body is past what a JavaScript string can hold (about 512 MiB
 * in V8), and parsing while the rest downloads hides most of the parse.
 *
 * The body is decoded piece by piece. Up to the list, a small exact scanner reads the envelope and
 * finds the list by its keys (`result`, `result.value`…). From there, runs of whole items are cut out
 * of the text and handed to the engine's `JSON.parse` (through the method's exact reader) a run at a
 * time, so the engine does the bulk of the work.
 *
 * Cuts are guessed cheaply (the comma before the next item's first key) and proved by the parse
 * itself: JSON is read left to right, so if the text from the start of the list's items to a cut
 * parses as a sequence of whole values, the same characters read in the whole body also leave the
 * reader inside the list, between two items. A guess that fell inside a string or a nested value
 * makes that parse fail, and then an exact scan of the run (string, escape and depth aware) finds the
 * true cut: slower, never wrong. The end of the list and the envelope after it are proved the same way.
 */
// It imports nothing at run time: it is loaded on first use (codecs/listReader.ts), and a module shared
// with the client's up-front code would be split into a chunk of its own in browser bundles.
import type { ByteChunks } from '../types/index.js';

/** Where a list sits in an answer, key by key from its root: `['result']`, `['result', 'value']`. */
export type ListPath = readonly string[];

/** How to read one answer's list. */
export interface ListReading {
  /** Where the list may be, tried in this order; an answer with none of them is read whole. */
  readonly paths: readonly ListPath[];
  /**
   * Reads a JSON text exactly (a method's `parse`): the whole answer, its envelope, or a run of items.
   * Its syntax errors carry a numeric `offset` and are thrown again through `fail`, at their offset in
   * the body.
   */
  readonly parse: (text: string) => unknown;
  /** The syntax error to throw at a character offset of the body (`JsonSyntaxError`). */
  readonly fail: (offset: number, problem: string) => Error;
  /**
   * Given, each run of items is handed here in order as soon as it is read, and the next bytes are read
   * only once what it returns has settled (backpressure); the answer's list is then left empty. Absent,
   * the items are put back in the answer's list.
   */
  readonly onItems?: (items: unknown[]) => unknown;
  /**
   * The most characters held unread while items are handed on (`onItems`): one item, or the envelope,
   * longer than this ends the reading with what `tooLong` makes. Without `onItems`, the body's own size
   * cap bounds everything.
   */
  readonly maxPendingChars?: number;
  readonly tooLong?: (limit: number) => Error;
  /**
   * An answer that ends within this many bytes is decoded and parsed whole, at once: one `JSON.parse`
   * of the whole text costs less than the runs (measured in docs/performance.md). Only a longer answer,
   * or one read while it streams (`onItems`), is read in runs. Default 0: always in runs.
   */
  readonly wholeBelow?: number;
  /** The size of the first run and of the largest, in characters (tests make them small). */
  readonly runChars?: { first: number; max: number };
}

// The first run is cut small, so the first items come early; later runs grow to this size, where one
// parse call costs far more than its set-up. Larger runs keep more items alive through the young
// generation's collections, promoted to the old one as garbage: streaming 2,000,000 accounts peaked at
// 221-243 MiB of RSS with runs of 1 MiB, 137-156 MiB with 256 KiB, the same with 128 KiB.
const FIRST_RUN_CHARS = 16 * 1024;
const MAX_RUN_CHARS = 256 * 1024;

/**
 * Reads a body and returns the answer, exactly as `parse` would read the whole text. Throws what `fail`
 * makes for text that is not JSON, whatever part of it is wrong.
 */
export async function readJsonList(next: ByteChunks, reading: ListReading): Promise<unknown> {
  const { parse, fail, onItems, maxPendingChars = Number.POSITIVE_INFINITY } = reading;
  // Streaming, memory is bounded by what is held unread: a server sending one endless item is refused.
  const held = (chars: number) => {
    if (onItems && chars > maxPendingChars) throw reading.tooLong?.(maxPendingChars) ?? fail(offset, 'item too long');
  };
  const decoder = new TextDecoder();
  const scanner = envelopeScanner(reading.paths);
  let text = '';
  // Characters of the body before `text` (for the offsets in errors).
  let offset = 0;
  let done = false;
  /**
   * The body's next `want` bytes or more (fewer at its end), decoded at once. Pieces are joined as bytes
   * and decoded together: one flat string, where decoding each piece and adding it to the text builds a
   * chain of strings that costs more to flatten than to parse (measured: 140 pieces of 64 KiB, 32 ms to
   * join as strings), and a long envelope sent a byte at a time would be scanned again per byte.
   */
  const more = async (want: number, holding: number): Promise<string> => {
    const pieces: Uint8Array[] = [];
    let size = 0;
    while (size < want) {
      const chunk = await next();
      if (chunk === undefined) {
        done = true;
        break;
      }
      pieces.push(chunk);
      size += chunk.byteLength;
      held(holding + size);
    }
    return decoder.decode(joined(pieces, size), { stream: !done });
  };

  // 0. A short answer: read whole, as one text.
  if (!onItems && reading.wholeBelow) {
    text = await more(reading.wholeBelow, 0);
    if (done) return parse(text);
  }

  // 1. The envelope, up to the list's opening bracket.
  let found: { start: number; path: ListPath; depth: number } | undefined;
  for (;;) {
    found = scanner(text);
    if (found || done) break;
    text += await more(Math.max(FIRST_RUN_CHARS, text.length), text.length);
  }
  if (!found) return parse(text);
  const { path, depth } = found;
  const prefix = text.slice(0, found.start);
  offset = found.start;
  text = text.slice(found.start);

  // 2. The items, a run at a time.
  const kept: unknown[] = [];
  const deliver = async (items: unknown[]) => {
    if (onItems) await onItems(items);
    else for (let i = 0; i < items.length; i++) kept.push(items[i]);
  };
  // Each run is parsed as the list's contents at the list's own depth, so the depth limit counts as it
  // would in the whole body.
  const open = '['.repeat(depth);
  const close = ']'.repeat(depth);
  const parseRun = (run: string): unknown[] => {
    try {
      let value = parse(open + run + close) as unknown[];
      for (let level = 1; level < depth; level++) {
        // A run can close the brackets around it and open new ones (`A],[B`): then a level holds two.
        if (value.length !== 1) throw fail(offset, 'unexpected character');
        value = value[0] as unknown[];
      }
      return value;
    } catch (error) {
      const at = (error as { offset?: unknown }).offset;
      if (typeof at === 'number') throw fail(Math.max(0, offset + at - depth), problemOf(error as Error));
      throw error;
    }
  };
  // Whether the text starts after a comma, so that it must hold another item.
  let afterComma = false;
  let opener: string | undefined;
  const { first: firstRun, max: maxRun } = reading.runChars ?? { first: FIRST_RUN_CHARS, max: MAX_RUN_CHARS };
  let target = firstRun;
  let suffix: string | undefined;
  // Where the text after the list begins in the body, for the offsets of errors there.
  let suffixAt = 0;
  /** Hands on the items before the list's end that the exact scan found, and keeps what follows. */
  const lastRun = async (scan: { end: number; lastComma: number }) => {
    if (scan.end === -2) throw fail(offset + scan.lastComma, 'unexpected character');
    const exact = guardedRun(text.slice(0, scan.end), afterComma);
    if (exact === undefined) throw fail(offset + scan.end, 'unexpected character');
    await deliver(exact === '' ? [] : parseRun(exact));
    suffix = text.slice(scan.end + 1);
    suffixAt = offset + scan.end + 1;
  };
  while (suffix === undefined) {
    if (!done && text.length < target) {
      text += await more(target - text.length, text.length);
      if (!done) continue;
    }
    if (done) {
      // The list ends at the last ']' unless the envelope after it holds one: proved by the parses.
      const end = text.lastIndexOf(']');
      const run = end === -1 ? undefined : guardedRun(text.slice(0, end), afterComma);
      let items: unknown[] | undefined;
      if (run !== undefined) {
        try {
          items = run === '' ? [] : parseRun(run);
        } catch {}
      }
      if (items) {
        suffix = text.slice(end + 1);
        suffixAt = offset + end + 1;
        await deliver(items);
        break;
      }
      const scan = scanItems(text);
      if (scan.end === -1) throw fail(offset + text.length, 'unexpected end of input');
      await lastRun(scan);
      break;
    }
    opener ??= openerOf(text);
    // The comma before the last item that starts in the text: all before it are whole.
    let cut = opener === undefined ? -1 : text.lastIndexOf(`,${opener}`);
    let items: unknown[] | undefined;
    if (cut > 0) {
      try {
        items = parseRun(nonBlank(text.slice(0, cut)));
      } catch {}
    }
    if (!items) {
      // No guess, or a wrong one: the exact scan says where the items end, or where the list does.
      const scan = scanItems(text);
      if (scan.end !== -1) {
        await lastRun(scan);
        break;
      }
      cut = scan.lastComma;
      if (cut <= 0) {
        // One item longer than a run: read on (the size cap on the body bounds it). Doubling keeps the
        // scans of a long item linear in its length.
        target = text.length * 2;
        continue;
      }
      items = parseRun(nonBlank(text.slice(0, cut)));
    }
    offset += cut + 1;
    text = text.slice(cut + 1);
    afterComma = true;
    target = Math.min(maxRun, target * 2);
    await deliver(items);
  }

  // 3. The rest of the envelope, after the list (TypeScript cannot see the loop above end only with it).
  let rest = suffix as string;
  while (!done) rest += await more(Math.max(FIRST_RUN_CHARS, rest.length), rest.length);
  // The envelope is read with a mark of this call's own in place of the items: a server cannot guess it,
  // so finding it proves the list read is the one the answer holds.
  const mark = `list ${Math.random()}`;
  let answer: unknown;
  try {
    answer = parse(`${prefix}"${mark}"]${rest}`);
  } catch (error) {
    const at = (error as { offset?: unknown }).offset;
    if (typeof at !== 'number') throw error;
    // The offset in the body: before the list as it is, after it moved past the items read.
    const after = at - (prefix.length + mark.length + 3);
    throw fail(at < prefix.length ? at : suffixAt + Math.max(0, after), problemOf(error as Error));
  }
  const holder = path
    .slice(0, -1)
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | null | undefined)?.[key], answer) as
    | Record<string, unknown>
    | null
    | undefined;
  const key = path[path.length - 1] as string;
  const list = typeof holder === 'object' && holder !== null ? holder[key] : undefined;
  // A key repeated after the list replaces it, as in any JSON reader: then the items read do not count.
  if (!Array.isArray(list) || list.length !== 1 || list[0] !== mark) {
    throw fail(offset, `the list at ${path.join('.')} is given twice`);
  }
  (holder as Record<string, unknown>)[key] = kept;
  return answer;
}

/** The pieces as one array of `size` bytes (the piece itself when there is one). */
function joined(pieces: Uint8Array[], size: number): Uint8Array {
  if (pieces.length === 1) return pieces[0] as Uint8Array;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.byteLength;
  }
  return bytes;
}

/**
 * A run cut at a comma: only space before that comma (`A, ,B`, or `[ ,B`) is an item missing, which
 * the parse must refuse, where space alone would parse as no items.
 */
function nonBlank(run: string): string {
  return /^\s*$/.test(run) ? `${run},` : run;
}

/** A run of items as parsed, or `undefined` if it is only space after a comma (a trailing comma). */
function guardedRun(run: string, afterComma: boolean): string | undefined {
  if (!/^\s*$/.test(run)) return run;
  return afterComma ? undefined : '';
}

/** The problem of a syntax error, without the offset its message ends with. */
function problemOf(error: Error): string {
  return error.message.replace(/ at offset \d+$/, '');
}

/**
 * How items of this list begin, when they are objects written without space: `{"account":`. Its first
 * key is usually none of the keys nested inside an item, so `,` + opener marks the start of an item.
 */
function openerOf(text: string): string | undefined {
  const match = /^\s*(\{"[A-Za-z0-9_]{1,40}":)/.exec(text.slice(0, 64));
  return match ? match[1] : undefined;
}

/**
 * The exact reading of the list's items in `text`: where the list ends (its ']', or -1 if not in the
 * text) and the last comma between two items before that. Strings, escapes and nesting are followed
 * character by character; whether the items are valid JSON is left to the parse of each run. A '}'
 * closing the list gives `end` -2, with its place in `lastComma`.
 */
function scanItems(text: string): { end: number; lastComma: number } {
  let depth = 0;
  let lastComma = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash: the next character is escaped
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      if (depth === 0) {
        // The list's own ']'; a '}' cannot close a list.
        return { end: c === 93 ? i : -2, lastComma: c === 93 ? lastComma : i };
      }
      depth--;
    } else if (c === 44 && depth === 0) lastComma = i;
  }
  return { end: -1, lastComma };
}

/** A frame of the envelope scanner: an object (with its current key) or an array. */
interface Frame {
  array: boolean;
  key: string | undefined;
}

/**
 * An exact scanner of the envelope, fed the growing text: returns where the items of the first list
 * found at one of `paths` begin (just after its '['), with the list's depth, or `undefined` while none
 * is found. It follows strings, escapes and nesting; it does not check the syntax (the parse of the
 * envelope does, once the list is read).
 */
function envelopeScanner(
  paths: readonly ListPath[],
): (text: string) => { start: number; path: ListPath; depth: number } | undefined {
  const stack: Frame[] = [];
  let pos = 0;
  let inString = false;
  let stringStart = 0;
  let expectKey = false;
  return (text) => {
    for (; pos < text.length; pos++) {
      const c = text.charCodeAt(pos);
      if (inString) {
        if (c === 92) {
          // An escape that the text does not finish yet: wait for more.
          if (pos + 1 >= text.length) return undefined;
          pos++;
        } else if (c === 34) {
          inString = false;
          if (expectKey) {
            const raw = text.slice(stringStart, pos + 1);
            const frame = stack[stack.length - 1] as Frame;
            try {
              frame.key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
            } catch {
              frame.key = undefined;
            }
            expectKey = false;
          }
        }
        continue;
      }
      if (c === 34) {
        inString = true;
        stringStart = pos;
      } else if (c === 123) {
        stack.push({ array: false, key: undefined });
        expectKey = true;
      } else if (c === 91) {
        const path = pathMatch(stack, paths);
        // A list deeper than the parser allows is found too: the parse of the envelope refuses it.
        if (path) {
          pos++;
          return { start: pos, path, depth: stack.length + 1 };
        }
        stack.push({ array: true, key: undefined });
        expectKey = false;
      } else if (c === 125 || c === 93) {
        stack.pop();
        expectKey = false;
      } else if (c === 44) {
        const top = stack[stack.length - 1];
        if (top && !top.array) {
          top.key = undefined;
          expectKey = true;
        }
      }
    }
    return undefined;
  };
}

/** The path among `paths` that the keys of `stack` spell, all its frames objects; else `undefined`. */
function pathMatch(stack: readonly Frame[], paths: readonly ListPath[]): ListPath | undefined {
  outer: for (const path of paths) {
    if (path.length !== stack.length) continue;
    for (let i = 0; i < path.length; i++) {
      const frame = stack[i] as Frame;
      if (frame.array || frame.key !== path[i]) continue outer;
    }
    return path;
  }
  return undefined;
}
