/**
 * Exact-integer JSON, in one pass over the text.
 *
 * `JSON.parse` rounds integers beyond 2^53, and agave sends them routinely (`rentEpoch` is u64::MAX on
 * every rent-exempt account). Re-walking `JSON.parse`'s tree cannot recover lost digits, and rewriting the
 * text first costs a second pass, so this is a small recursive-descent parser that reads each number
 * token once: safe integers and floats become `number`, integers beyond `Number.MAX_SAFE_INTEGER` become
 * `bigint`. Strings without escapes are sliced straight out of the text (the common case, and the whole
 * cost of a 1 MiB base64 account), so long payloads cost about what `JSON.parse` pays. That fast path
 * does not look for raw control characters inside strings, which strict JSON forbids; no value changes
 * because of it, and scanning for them would double the cost of large payloads.
 */

/**
 * The deepest nesting of arrays and objects read, the outermost counting as 1. agave's own JSON reader
 * (serde_json) stops at 128 as well, and no answer it writes nests more than a few dozen levels. Deeper
 * text is refused with a `JsonSyntaxError` whose `tooDeep` is true, by every parser here: nothing that
 * walks a value recursively afterwards (superstruct naming a failing field, `JSON.stringify`, a user's
 * own code) can then overflow the stack on what a server sent.
 */
export const MAX_JSON_DEPTH = 128;

const TOO_DEEP = `nesting too deep (more than ${MAX_JSON_DEPTH} levels)`;

/** A syntax error at a byte offset. The message never quotes the text: bodies may hold anything. */
export class JsonSyntaxError extends Error {
  override name = 'JsonSyntaxError';
  /** Whether the text is JSON but nests deeper than `MAX_JSON_DEPTH`. */
  readonly tooDeep: boolean;
  constructor(
    readonly offset: number,
    problem: string,
  ) {
    super(`${problem} at offset ${offset}`);
    this.tooDeep = problem === TOO_DEEP;
  }
}

const MAX_DEPTH = MAX_JSON_DEPTH;

const QUOTE = 34;
const ZERO = 48;
const NINE = 57;
const U64_MAX_TEXT = '18446744073709551615';
const U64_MAX = 18446744073709551615n;

// A number's fraction and exponent, read after its integer part (rare in RPC bodies).
const FRACTION_EXPONENT = /(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

// V8 returns a slice of 13 characters or more as a view that keeps the whole text alive: one address
// kept from a 3 MB response would keep all 3 MB (50 kept addresses held 170 MiB in a test, JSON.parse's
// 7.5). Strings up to this length are copied out (~15 ns each); longer ones are payloads (base64 account
// data, wire transactions) that are decoded and dropped at once, so they stay slices.
const MAX_DETACHED_STRING = 4096;

/** Parses JSON text; integers beyond 2^53 come out as exact `bigint`. Throws `JsonSyntaxError`. */
export function parseJson(text: string): unknown {
  let pos = 0;
  // Escapes are rare in RPC bodies: remember where the next backslash is instead of scanning each string.
  let nextBackslash = -1;

  /** Throws at `pos`: the end of the text, or the character there, is not what JSON allows. */
  const fail = (problem = pos < text.length ? 'unexpected character' : 'unexpected end of input'): never => {
    throw new JsonSyntaxError(pos, problem);
  };

  const skipSpace = (): number => {
    let c = text.charCodeAt(pos);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++pos);
    return c;
  };

  const parseString = (): string => {
    const start = ++pos; // after the opening quote
    let end = text.indexOf('"', start);
    if (end === -1) fail('unterminated string');
    if (nextBackslash < start) nextBackslash = text.indexOf('\\', start) >>> 0; // none: 2^32 - 1
    if (nextBackslash > end) {
      pos = end + 1;
      return text.slice(start, end);
    }
    // The string holds an escape (rare in RPC bodies): find its closing quote, the first one not itself
    // escaped, and let the engine decode the escapes and refuse bad ones and raw control characters.
    while (escaped(end)) {
      end = text.indexOf('"', end + 1);
      if (end === -1) fail('unterminated string');
    }
    pos = end + 1;
    try {
      return JSON.parse(text.slice(start - 1, pos));
    } catch {
      pos = start;
      return fail('bad escape or control character in string');
    }
  };

  /** Whether the quote at `at` is escaped: preceded by an odd number of backslashes. */
  const escaped = (at: number): boolean => {
    let count = 0;
    while (text.charCodeAt(at - 1 - count) === 92) count++;
    return count % 2 === 1;
  };

  const parseNumber = (): number | bigint => {
    const start = pos;
    let c = text.charCodeAt(pos);
    if (c === 45) c = text.charCodeAt(++pos);
    // Digits are accumulated while scanning: exact up to 15 of them, which covers almost every number
    // in a response, and cheaper than slicing each token out for Number().
    let magnitude = 0;
    const first = pos;
    if (c === ZERO) c = text.charCodeAt(++pos);
    else if (c > ZERO && c <= NINE) {
      do {
        magnitude = magnitude * 10 + (c - ZERO);
        c = text.charCodeAt(++pos);
      } while (c >= ZERO && c <= NINE);
    } else fail();
    if (c === 46 || c === 101 || c === 69) {
      FRACTION_EXPONENT.lastIndex = pos;
      FRACTION_EXPONENT.test(text);
      // A '.', 'e' or 'E' the pattern did not take has no digits after it.
      if (FRACTION_EXPONENT.lastIndex === pos) fail();
      pos = FRACTION_EXPONENT.lastIndex;
      return Number(text.slice(start, pos));
    }
    // 15 digits always fit a double exactly; longer integer tokens may not.
    if (pos - first <= 15) return start === first ? magnitude : -magnitude;
    // u64::MAX is the rentEpoch of every rent-exempt account: spare it Number() and BigInt().
    if (text.startsWith(U64_MAX_TEXT, start) && pos - start === 20) return U64_MAX;
    const token = text.slice(start, pos);
    const value = Number(token);
    return Number.isSafeInteger(value) ? value : BigInt(token);
  };

  const parseLiteral = (word: string, value: unknown): unknown => {
    if (!text.startsWith(word, pos)) fail();
    pos += word.length;
    return value;
  };

  const parseValue = (depth: number): unknown => {
    const c = skipSpace();
    if (c === QUOTE) {
      // Keys need no copy (storing a property makes V8 keep its own); string values do.
      const value = parseString();
      return value.length > MAX_DETACHED_STRING ? value : detached(value);
    }
    if (c === 123 || c === 91) return parseContainer(c, depth + 1);
    if (c === 45 || (c >= ZERO && c <= NINE)) return parseNumber();
    if (c === 116) return parseLiteral('true', true);
    if (c === 102) return parseLiteral('false', false);
    return parseLiteral('null', null);
  };

  /** An object (`open` is '{') or an array ('['): their items and separators are read by one loop. */
  const parseContainer = (open: number, depth: number): unknown => {
    if (depth > MAX_DEPTH) fail(TOO_DEEP);
    pos++;
    const isArray = open === 91;
    const close = open + 2; // ']' and '}'
    const container: unknown[] | Record<string, unknown> = isArray ? [] : {};
    if (skipSpace() === close) {
      pos++;
      return container;
    }
    for (;;) {
      if (isArray) (container as unknown[]).push(parseValue(depth));
      else {
        if (skipSpace() !== QUOTE) fail();
        const key = parseString();
        if (skipSpace() !== 58) fail();
        pos++;
        // defineProperty, not assignment, for "__proto__": a plain assignment would replace the prototype.
        if (key === '__proto__') {
          Object.defineProperty(container, key, {
            value: parseValue(depth),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        } else (container as Record<string, unknown>)[key] = parseValue(depth);
      }
      const c = skipSpace();
      if (c === close) {
        pos++;
        return container;
      }
      if (c !== 44) fail();
      pos++;
    }
  };

  const value = parseValue(0);
  skipSpace();
  if (pos < text.length) fail();
  return value;
}

/** A copy of `slice` that does not hold on to the text it was cut from. */
function detached(slice: string): string {
  // Concatenating makes a rope; slicing it flattens the rope into a new string first.
  return slice.length < 13 ? slice : ` ${slice}`.slice(1);
}

/**
 * `JSON.parse`'s reading of a response body, or `undefined` where `parseJson` must read it instead: text
 * `JSON.parse` refuses (so a syntax error never quotes the body), and error answers (so their `data`
 * keeps exact integers).
 */
function engineParse(text: string): object | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return typeof value === 'object' && value !== null && !('error' in value) ? value : undefined;
}

/**
 * Whether a tree from `JSON.parse` (which reads any depth without recursion) nests deeper than
 * `parseJson` reads: then `parseJson` reads the text again to refuse it at its offset. It stops at that
 * depth, so it cannot overflow the stack itself. Measured (bench: 5,000 jsonParsed token accounts, 50,000
 * slots, a 1 MiB account) at 5%, 11% and 0% of `JSON.parse`'s own time, where scanning the text for
 * brackets costs 39%, 167% and 1%.
 */
function tooDeep(node: object, depth: number): boolean {
  if (depth > MAX_DEPTH) return true;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const item: unknown = node[i];
      if (typeof item === 'object' && item !== null && tooDeep(item, depth + 1)) return true;
    }
    return false;
  }
  for (const key in node) {
    const item = (node as Record<string, unknown>)[key];
    if (typeof item === 'object' && item !== null && tooDeep(item, depth + 1)) return true;
  }
  return false;
}

/**
 * Parses a response whose result holds no integer above 2^53 (its schema refuses unsafe integers, so
 * nothing can be rounded unnoticed) with the engine's `JSON.parse`, 3-5x faster than `parseJson` on
 * results made of small numbers. A tree deeper than `MAX_JSON_DEPTH` is left to `parseJson`, to refuse.
 */
export function parseSafeJson(text: string): unknown {
  const value = engineParse(text);
  return value && !tooDeep(value, 1) ? value : parseJson(text);
}

/**
 * The start of a number token that can give an integer-valued double beyond 2^53 in `JSON.parse`'s
 * tree: 16 or more integer digits (`9007199254740993`, `9007199254740993.0`), or fewer and a positive
 * exponent (`1.8446744073709552e19`, as serde_json writes a large `uiAmount`). A token of at most 15
 * integer digits and no exponent, or a negative one, is below 10^15 and stays exact. The pattern stops
 * inside the token and captures nothing (`tokenAround` reads it whole): a capture group and a pattern
 * that reads to the token's end cost 15-30% more on long bodies.
 */
const WIDE_TOKEN = String.raw`-?\d(?:\d{15}|[\d.]*[eE]\+?\d)`;

/** Every such token after the `:`, `,` or `[` that puts a number in a value's place. */
const WIDE_NUMBER = /* @__PURE__ */ new RegExp(String.raw`[:,[]\s*${WIDE_TOKEN}`, 'g');

/** Whether a character can be part of a number token: a digit, `.`, `e`, `E`, `+` or `-`. */
const inToken = (c: number): boolean =>
  (c >= ZERO && c <= NINE) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45;

/**
 * The whole token around `at`, a position inside one. A match ends inside its token and begins with a
 * `:`, `,`, `[`, space or quote, none of which is part of a token, so the token is the run around `at`.
 */
function tokenAround(text: string, at: number): string {
  let start = at;
  while (start > 0 && inToken(text.charCodeAt(start - 1))) start--;
  let end = at;
  while (end < text.length && inToken(text.charCodeAt(end))) end++;
  return text.slice(start, end);
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/**
 * What `parseJson` makes of each integer-valued double beyond 2^53 that the tokens `pattern` finds
 * (`WIDE_NUMBER` unless given) hold, keyed by that double: the exact `bigint` of an integer
 * token, the double itself for a float token. `undefined` when two tokens round to the same double but
 * `parseJson` reads them differently (`18446744073709551615` and `1.8446744073709552e19`, or two integers
 * 1 apart): only their places could tell them apart. Keyed by value rather than paired by order, the
 * answer cannot depend on the order the engine lists keys in (keys that look like numbers come first, a
 * repeated key keeps its first place), and as every real token is found, a digit run inside a string can
 * only add a value no one asks for, or a conflict, never a wrong answer.
 */
export function exactValues(text: string, pattern = WIDE_NUMBER): Map<number, number | bigint> | undefined {
  const values = new Map<number, number | bigint>();
  let last = '';
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const token = tokenAround(text, pattern.lastIndex);
    if (token === last) continue; // u64::MAX, the rentEpoch of each account, again
    last = token;
    const rounded = Number(token);
    if (Number.isSafeInteger(rounded) || !Number.isInteger(rounded)) continue;
    const exact = token === U64_MAX_TEXT ? U64_MAX : /[.eE]/.test(token) ? rounded : BigInt(token);
    const seen = values.get(rounded);
    if (seen === undefined) values.set(rounded, exact);
    else if (seen !== exact) return undefined;
  }
  return values;
}

// Pure: apps that never read with parseJsonExact drop them.
const DOUBT = /* @__PURE__ */ new Error('parseJson must read this text');
const ELSEWHERE = /* @__PURE__ */ new Error('a value beyond 2^53 outside the keys');

/**
 * Replaces each integer-valued double beyond 2^53 in `root` by its value in `values`. Throws DOUBT where
 * `parseJson` must decide (nesting deeper than it reads, a `__proto__` member to rewrite, a value no
 * token explains), and, given `keys`, ELSEWHERE at such a double that is not the value of one of them.
 * What it replaced before throwing ELSEWHERE was replaced rightly, and is a bigint a later pass skips.
 */
function putBack(root: object, values: Map<number, number | bigint>, keys?: readonly string[]): void {
  const exact = (rounded: number): number | bigint => {
    const value = values.get(rounded);
    if (value === undefined) throw keys ? ELSEWHERE : DOUBT;
    return value;
  };
  const visit = (node: object, depth: number): void => {
    if (depth > MAX_DEPTH) throw DOUBT;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (typeof item === 'number') {
          if ((item > MAX_SAFE || item < -MAX_SAFE) && Number.isFinite(item)) {
            if (keys) throw ELSEWHERE;
            node[i] = exact(item);
          }
        } else if (typeof item === 'object' && item !== null) visit(item, depth + 1);
      }
      return;
    }
    const record = node as Record<string, unknown>;
    for (const key in record) {
      const item = record[key];
      if (typeof item === 'number') {
        if ((item > MAX_SAFE || item < -MAX_SAFE) && Number.isFinite(item)) {
          if (key === '__proto__') throw DOUBT;
          if (keys && !keys.includes(key)) throw ELSEWHERE;
          record[key] = exact(item);
        }
      } else if (typeof item === 'object' && item !== null) visit(item, depth + 1);
    }
  };
  visit(root, 1);
}

/** `value`, the engine's tree of `text`, made what `parseJson` gives: every value beyond 2^53 put back. */
function exactTree(text: string, value: object): unknown {
  const values = exactValues(text);
  if (values === undefined) return parseJson(text);
  if (values.size === 0) return tooDeep(value, 1) ? parseJson(text) : value;
  try {
    putBack(value, values);
    return value;
  } catch (error) {
    if (error !== DOUBT && !(error instanceof RangeError)) throw error;
  }
  return parseJson(text);
}

/**
 * Parses a response whose integers above 2^53 may sit anywhere (a block's balances, an account's
 * `rentEpoch`, a Token-2022 fee held as a number) with the engine's `JSON.parse`, then gives each
 * integer-valued double beyond 2^53 what `parseJson` makes of its token: an integer token's exact
 * `bigint`, a float token (`"uiAmount":1.8446744073709552e19`) its double. The result is always what
 * `parseJson` gives; any doubt (see `exactValues` and `putBack`, an error answer, bad text) hands the
 * text to `parseJson` instead. With no such token the engine's tree is already exact, and is returned as
 * it is once its depth is checked (`MAX_JSON_DEPTH`, as every parser here).
 */
export function parseJsonExact(text: string): unknown {
  const value = engineParse(text);
  return value === undefined ? parseJson(text) : exactTree(text, value);
}

/**
 * `parseJsonExact` for a response whose integers above 2^53 are mostly the values of `keys` (an
 * account's `lamports` and `rentEpoch`, a vote account's `activatedStake`): it first reads only the
 * tokens under those keys, a scan 2-3x cheaper than looking at every number. That answer is exact: every
 * match of `"key":` is a real key (a quote inside a string is escaped, and the one after the key then
 * ends the string), and with no `\u` in the text a key can be written only one way. A value beyond 2^53
 * anywhere else (a huge `uiAmount`, a Token-2022 fee held as a number) sends the tree on to
 * `parseJsonExact`'s scan of every number, never to `parseJson` for that alone. `keys` are plain names.
 */
export function parseJsonExactAt(text: string, keys: readonly string[] = []): unknown {
  const value = engineParse(text);
  if (value === undefined) return parseJson(text);
  if (keys.length === 0 || text.includes('\\u')) return exactTree(text, value);
  const values = exactValues(text, new RegExp(`"(?:${keys.join('|')})"\\s*:\\s*${WIDE_TOKEN}`, 'g'));
  if (values === undefined) return exactTree(text, value);
  try {
    putBack(value, values, keys);
    return value;
  } catch (error) {
    if (error === ELSEWHERE) return exactTree(text, value);
    if (error !== DOUBT && !(error instanceof RangeError)) throw error;
  }
  return parseJson(text);
}

/**
 * Serialises request params. Unlike `JSON.stringify`, it writes bigints as plain integers, ignores any
 * global `BigInt.prototype.toJSON` or `toJSON` on objects, and reads only own enumerable keys, so
 * polluted prototypes cannot change what is sent.
 */
export function stringifyJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('cannot send a non-finite number');
      return String(value);
    case 'bigint':
    case 'boolean':
      return String(value);
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value))
        return `[${value.map((item) => (item === undefined ? 'null' : stringifyJson(item))).join(',')}]`;
      const parts: string[] = [];
      for (const key of Object.keys(value)) {
        const item = (value as Record<string, unknown>)[key];
        if (item !== undefined) parts.push(`${JSON.stringify(key)}:${stringifyJson(item)}`);
      }
      return `{${parts.join(',')}}`;
    }
    default:
      throw new TypeError(`cannot send a value of type ${typeof value}`);
  }
}
