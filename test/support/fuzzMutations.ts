/**
 * Structure-aware mutations of real responses, for the fuzz tests: a mutation is plain data that
 * fast-check generates and shrinks (which node, which operation, which payload), applied to a copy of a
 * parsed fixture; text-level mutations (truncation, stray characters) apply to the written JSON.
 */
import fc from 'fast-check';
import { cloneJson, EXTRA_ENTRIES, objectOf, RawToken, setOwn, toJsonText } from './jsonText.js';

/** Keys that reach prototypes when an object is merged or assigned carelessly. */
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Values that would pollute `Object.prototype` if any code merged them into a plain object. */
export const pollutingValue = (): Record<string, unknown> =>
  objectOf([
    ['polluted', true],
    ['__proto__', objectOf([['polluted', true]])],
    ['prototype', objectOf([['polluted', true]])],
    ['constructor', objectOf([['prototype', objectOf([['polluted', true]])]])],
  ]);

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * Longest string of base58 characters the fuzz inserts. Base58 decoding is quadratic in the text length
 * (bs58), so longer ones are left to the explicit scaling test, which pins that path deterministically.
 */
export const MAX_FUZZ_BASE58_STRING = 1500;

/** A huge string, described compactly so fast-check shrinks the description, not a million characters. */
const hugeString: fc.Arbitrary<string> = fc
  .record({
    unit: fc.constantFrom('=', '0', 'é', ' ', '"', '\\', '\u2028', 'A', 'KLUv', '1'),
    length: fc.integer({ min: 1000, max: 40_000 }),
  })
  .map(({ unit, length }) => {
    const base58Only = [...unit].every((c) => BASE58.includes(c));
    const n = base58Only ? Math.min(length, MAX_FUZZ_BASE58_STRING) : length;
    return unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
  });

/** Number tokens at and past every boundary a field may have, some that JSON.parse cannot keep exact. */
const edgeNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    1.5,
    -0,
    255,
    256,
    65535,
    65536,
    4294967296,
    2 ** 53 - 1,
    2 ** 53,
    Number.MAX_VALUE,
    2n ** 53n + 1n,
    2n ** 63n,
    -(2n ** 63n) - 1n,
    2n ** 64n - 1n,
    2n ** 64n,
    10n ** 40n,
  ),
  fc
    .constantFrom('1e400', '-1e400', '1E2', '1.0', '0.0', '-0', '1e-400', '123456789012345678901234567890.5')
    .map((text) => new RawToken(text)),
  fc.integer({ min: 16, max: 5000 }).map((digits) => new RawToken(`9${'0'.repeat(digits - 1)}`)),
  fc.integer({ min: 16, max: 2000 }).map((digits) => new RawToken(`-${'7'.repeat(digits)}`)),
);

const smallJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 });

/**
 * Longest array the fuzz inserts: long enough that a cost per invalid element (validateResult once
 * enumerated every failure to report the first) shows up, short enough for 5,000 inputs per method.
 */
export const MAX_FUZZ_ARRAY_LENGTH = 2_000;

/** Arrays long enough to expose per-element costs (see MAX_FUZZ_ARRAY_LENGTH). */
const hugeArray: fc.Arbitrary<unknown[]> = fc
  .record({
    length: fc.integer({ min: 20, max: MAX_FUZZ_ARRAY_LENGTH }),
    item: fc.constantFrom<unknown>(0, 'x', null, 2n ** 64n - 1n, [], {}, '11111111111111111111111111111111'),
  })
  .map(({ length, item }) => Array.from({ length }, () => cloneJson(item)));

/** Something to put where a value was: any type, any size, hostile keys. */
export const payload: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom<unknown>(null, true, false, '', [], {}, 'base64', 'base64+zstd', 'legacy'),
  },
  { weight: 6, arbitrary: edgeNumber },
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 4, arbitrary: smallJson },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: hugeArray },
  { weight: 2, arbitrary: fc.constant(null).map(() => pollutingValue()) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '11111111111111111111111111111111',
      'So11111111111111111111111111111111111111112',
      '0x4f3a9bd2e1c0ffee',
      ['AAAA', 'base64'],
      ['KLUv/QBYAQAA', 'base64+zstd'],
      ['', 'base58'],
      ['AAAA', 'base65'],
    ),
  },
);

/** Keys to add to objects: the polluting ones most of all, then ordinary and random ones. */
const extraKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PROTO_KEYS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'then', 'polluted'),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
);

export type Mutation =
  | { op: 'delete'; at: number }
  | { op: 'replace'; at: number; value: unknown }
  | { op: 'addKey'; at: number; key: string; value: unknown }
  | { op: 'duplicateKey'; at: number; value: unknown }
  | { op: 'swap'; at: number }
  | { op: 'nest'; at: number; depth: number; objects: boolean };

/** Mutations of the parsed tree; `at` picks a node, taken modulo the number of nodes. */
export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('replace' as const), at: fc.nat(), value: payload }),
  fc.record({ op: fc.constant('addKey' as const), at: fc.nat(), key: extraKey, value: payload }),
  fc.record({ op: fc.constant('duplicateKey' as const), at: fc.nat(), value: payload }),
  fc.record({ op: fc.constant('swap' as const), at: fc.nat() }),
  fc.record({
    op: fc.constant('nest' as const),
    at: fc.nat(),
    depth: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 200, max: 400 })),
    objects: fc.boolean(),
  }),
);

/** Text-level damage, applied after writing: cut the text short, or splice stray characters in. */
export type TextMutation = { op: 'none' } | { op: 'truncate'; at: number } | { op: 'insert'; at: number; text: string };

export const textMutation: fc.Arbitrary<TextMutation> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ op: 'none' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('insert' as const),
      at: fc.nat(),
      text: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }), fc.constantFrom(',', '}', ']', '"')),
    }),
  },
);

interface Slot {
  parent: Record<string, unknown> | unknown[];
  key: string | number;
}

/** Every position in the tree that holds a value, in a fixed order; the root sits in a holder. */
function slots(holder: { root: unknown }): Slot[] {
  const out: Slot[] = [{ parent: holder as unknown as Record<string, unknown>, key: 'root' }];
  const stack: unknown[] = [holder.root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      // Long arrays (inserted by earlier mutations) contribute a few slots, not thousands.
      const step = Math.max(1, Math.floor(node.length / 64));
      for (let i = 0; i < node.length; i += step) {
        out.push({ parent: node, key: i });
        stack.push(node[i]);
      }
    } else if (typeof node === 'object' && node !== null && !(node instanceof RawToken)) {
      for (const key of Object.keys(node)) {
        out.push({ parent: node as Record<string, unknown>, key });
        stack.push((node as Record<string, unknown>)[key]);
      }
    }
  }
  return out;
}

/** How many positions `applyMutations` can pick in a tree: `at` from 0 to this minus one reaches each once. */
export function slotCount(tree: unknown): number {
  return slots({ root: cloneJson(tree) }).length;
}

function get(slot: Slot): unknown {
  return (slot.parent as Record<string | number, unknown>)[slot.key];
}

function put(slot: Slot, value: unknown): void {
  if (Array.isArray(slot.parent)) slot.parent[slot.key as number] = value;
  else setOwn(slot.parent, slot.key as string, value);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RawToken);

/** Applies mutations to a copy of `tree` and returns the copy. */
export function applyMutations(tree: unknown, mutations: readonly Mutation[]): unknown {
  const holder = { root: cloneJson(tree) };
  for (const m of mutations) {
    const all = slots(holder);
    const slot = all[m.at % all.length] as Slot;
    const value = get(slot);
    switch (m.op) {
      case 'delete':
        if (slot.parent === (holder as unknown)) holder.root = undefined;
        else if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
        else delete slot.parent[slot.key as string];
        break;
      case 'replace':
        put(slot, cloneJson(m.value));
        break;
      case 'addKey': {
        const target = isPlainObject(value) ? value : isPlainObject(slot.parent) ? slot.parent : undefined;
        if (target) setOwn(target, m.key, cloneJson(m.value));
        else put(slot, objectOf([[m.key, cloneJson(m.value)]]));
        break;
      }
      case 'duplicateKey': {
        const target = isPlainObject(value) ? value : isPlainObject(slot.parent) ? slot.parent : undefined;
        const key = target ? Object.keys(target)[m.at % Math.max(1, Object.keys(target).length)] : undefined;
        if (target && key !== undefined) {
          const t = target as { [EXTRA_ENTRIES]?: [string, unknown][] };
          t[EXTRA_ENTRIES] = [...(t[EXTRA_ENTRIES] ?? []), [key, cloneJson(m.value)]];
        }
        break;
      }
      case 'swap':
        if (Array.isArray(value)) put(slot, objectOf(value.map((item, i) => [String(i), item])));
        else if (isPlainObject(value)) put(slot, Object.values(value));
        else if (typeof value === 'string') put(slot, [value]);
        else if (typeof value === 'number' || typeof value === 'bigint') put(slot, String(value));
        else put(slot, value === null ? {} : null);
        break;
      case 'nest': {
        let nested = value;
        for (let i = 0; i < m.depth; i++) nested = m.objects && i % 2 === 0 ? objectOf([['a', nested]]) : [nested];
        put(slot, nested);
        break;
      }
    }
  }
  return holder.root;
}

/** Applies a text mutation; `at` is taken modulo the text length. */
export function applyTextMutation(text: string, m: TextMutation): string {
  if (m.op === 'none' || text.length === 0) return text;
  const at = m.at % text.length;
  return m.op === 'truncate' ? text.slice(0, at) : text.slice(0, at) + m.text + text.slice(at);
}

/** Random JSON values, bigints and hostile keys included, for inputs not derived from any fixture. */
export const generatedJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
    fc.string({ unit: 'binary' }),
    edgeNumber,
    fc.array(tie('value'), { maxLength: 6 }),
    fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(...PROTO_KEYS, 'context', 'value', 'slot', 'lamports', 'data', 'current', 'transaction'),
            fc.string(),
          ),
          tie('value'),
        ),
        { maxLength: 6 },
      )
      .map((entries) => objectOf(entries)),
  ),
})).value;

/** Writes a mutated tree; `undefined` (the root deleted) becomes an envelope without `result`. */
export function envelopeText(result: unknown): string {
  return result === undefined ? '{"jsonrpc":"2.0","id":1}' : `{"jsonrpc":"2.0","result":${toJsonText(result)},"id":1}`;
}
