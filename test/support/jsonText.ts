/**
 * JSON text for fuzzing, written independently of src/codecs/json.ts (JSON.stringify does the walking): bigints as exact integers,
 * `RawToken`s verbatim (number tokens JSON.stringify cannot write: `1e400`, `-0`, 5,000-digit integers),
 * own `__proto__` keys as ordinary keys, and duplicate keys on request.
 */

/** A token written into the text as it is. */
export class RawToken {
  constructor(readonly text: string) {}
}

/** Extra `[key, value]` entries written after an object's own keys: duplicate keys on the wire. */
export const EXTRA_ENTRIES = Symbol('extraEntries');

/** Sets an own, enumerable property, `__proto__` included, without touching any prototype. */
export function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Builds an object from entries with `setOwn`, so `__proto__` stays an ordinary key. */
export function objectOf(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) setOwn(out, key, value);
  return out;
}

/** A deep copy that keeps own `__proto__` keys, bigints, raw tokens and extra entries. */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  if (typeof value !== 'object' || value === null || value instanceof RawToken) return value;
  const out: Record<string | symbol, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = cloneJson((value as Record<string, unknown>)[key]);
    if (key === '__proto__') setOwn(out, key, item);
    else out[key] = item;
  }
  const extra = (value as { [EXTRA_ENTRIES]?: [string, unknown][] })[EXTRA_ENTRIES];
  if (extra) out[EXTRA_ENTRIES] = extra.map(([k, v]) => [k, cloneJson(v)]);
  return out as T;
}

// Tokens JSON.stringify cannot write go in as placeholder strings, swapped for their text afterwards.
const PLACEHOLDER = /"\\u0000\\u0001raw(\d+)\\u0001\\u0000"/g;

/** Writes a value as JSON text (see the module comment), with JSON.stringify doing the walking. */
export function toJsonText(value: unknown): string {
  const tokens: string[] = [];
  const placeholder = (text: string) => `\u0000\u0001raw${tokens.push(text) - 1}\u0001\u0000`;
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'bigint') return placeholder(item.toString());
    if (item instanceof RawToken) return placeholder(item.text);
    if (typeof item === 'number' && Object.is(item, -0)) return placeholder('-0');
    if (typeof item === 'object' && item !== null && EXTRA_ENTRIES in item) return placeholder(withExtraEntries(item));
    return item;
  });
  if (text === undefined) return 'null';
  return tokens.length === 0
    ? text
    : text.replace(PLACEHOLDER, (_match, index: string) => tokens[Number(index)] as string);
}

function withExtraEntries(object: object): string {
  const entries: [string, unknown][] = Object.keys(object).map((key) => [
    key,
    (object as Record<string, unknown>)[key],
  ]);
  entries.push(...((object as { [EXTRA_ENTRIES]?: [string, unknown][] })[EXTRA_ENTRIES] ?? []));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`).join(',')}}`;
}

/**
 * The raw text of a fixture's `result`, cut from the response text without parsing it (so integers
 * beyond 2^53 stay as written). Expects the envelope agave writes: `{"jsonrpc":"2.0","result":…,"id":…}`.
 */
export function resultText(responseText: string): string {
  const start = responseText.indexOf('"result":');
  const end = responseText.lastIndexOf(',"id":');
  if (start === -1 || end === -1 || end < start) throw new Error('not an agave success envelope');
  return responseText.slice(start + '"result":'.length, end);
}

/** Wraps result text in the envelope a node sends. */
export function envelope(result: string, id: number | string = 1): string {
  return `{"jsonrpc":"2.0","result":${result},"id":${JSON.stringify(id)}}`;
}
