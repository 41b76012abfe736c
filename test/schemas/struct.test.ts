/**
 * Each combinator's predicate against superstruct's own verdict, on the values where the two could part:
 * arrays where objects belong, NaN, holes, missing and extra elements, undefined and null, prototype keys.
 */
import { is, validate } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { toStruct } from '../../src/schemas/explain.js';
import {
  type AnySchema,
  array,
  boolean,
  define,
  dynamic,
  enums,
  literal,
  nullable,
  number,
  optional,
  refine,
  string,
  tuple,
  type,
  union,
  unknown,
} from '../../src/schemas/struct.js';

const VALUES: unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  10n,
  '',
  'a',
  'spl-token',
  [],
  [1],
  [1, 2],
  [1, 2, 3],
  // biome-ignore lint/suspicious/noSparseArray: a hole reads as undefined
  [1, , 3],
  ['a', 'b'],
  {},
  { a: 1 },
  { a: 'x', b: 2 },
  { a: 'x', b: 2, c: true },
  { a: undefined },
  { toString: 'x' },
  Object.create(null),
  Object.assign(Object.create({ a: 'inherited' }), { b: 2 }),
];

const evenLength = define<string>('even', (value) =>
  typeof value === 'string' && value.length % 2 === 0 ? true : 'Expected an even-length string',
);

const STRUCTS = {
  'type({ a: string, b: optional(number) })': type({ a: string(), b: optional(number()) }),
  'type({})': type({}),
  'array(number)': array(number()),
  'array(optional(number))': array(optional(number())),
  'tuple([number, number])': tuple([number(), number()]),
  'tuple([number, optional(number), optional(number)])': tuple([number(), optional(number()), optional(number())]),
  'union([string, number])': union([string(), number()]),
  'optional(string)': optional(string()),
  'nullable(string)': nullable(string()),
  'nullable(optional(type))': nullable(optional(type({ a: string() }))),
  'type({ a: string, b: nullable(number) })': type({ a: string(), b: nullable(number()) }),
  boolean: boolean(),
  number: number(),
  unknown: unknown(),
  "literal('a')": literal('a'),
  'literal(0)': literal(0),
  "enums(['a', 'spl-token'])": enums(['a', 'spl-token']),
  'define (even-length string)': evenLength,
  // biome-ignore lint/suspicious/noExplicitAny: the chosen struct's type varies with the value
  'dynamic (by type)': dynamic<any>((value) => (typeof value === 'string' ? evenLength : array(number()))),
  'refine (a before b)': refine(type({ a: optional(string()), b: optional(number()) }), 'aOrB', (value) =>
    value.a !== undefined || value.b !== undefined ? true : 'Expected a or b',
  ),
  'optional(refine)': optional(refine(number(), 'positive', (value) => (value > 0 ? true : 'Expected > 0'))),
};

describe('every predicate gives superstruct.is() its own answer', () => {
  for (const [name, struct] of Object.entries(STRUCTS)) {
    it(name, () => {
      const check = struct.check;
      const disagreements = VALUES.map((value, index) => ({ index, fast: check(value), slow: safeIs(value, struct) }))
        .filter((x) => x.fast !== x.slow)
        .map((x) => `value #${x.index}: predicate ${x.fast}, superstruct ${x.slow}`);
      expect(disagreements).toEqual([]);
      // Every struct meets both verdicts among these values.
      expect(new Set(VALUES.map((value) => check(value))).size).toBe(name === 'unknown' ? 1 : 2);
    });
  }
});

function safeIs(value: unknown, schema: AnySchema): boolean {
  try {
    return is(value, toStruct(schema));
  } catch {
    return false; // superstruct throws only while printing a failure ({ toString: 'x' })
  }
}

describe('nullable: null, or missing', () => {
  const schema = type({ a: string(), b: nullable(number()) });

  it.each([
    { name: 'present', value: { a: 'x', b: 2 }, accepted: true },
    { name: 'null', value: { a: 'x', b: null }, accepted: true },
    { name: 'missing', value: { a: 'x' }, accepted: true },
    { name: 'undefined', value: { a: 'x', b: undefined }, accepted: true },
    { name: 'of the wrong type', value: { a: 'x', b: '2' }, accepted: false },
    { name: 'present, with the required key missing', value: { b: 2 }, accepted: false },
  ])('a nullable field $name: predicate and superstruct say $accepted', ({ value, accepted }) => {
    expect(schema.check(value)).toBe(accepted);
    expect(safeIs(value, schema)).toBe(accepted);
  });

  it('a missing required key is still named by superstruct', () => {
    const [failure] = validate({ b: null }, toStruct(schema));
    expect(failure?.path).toStrictEqual(['a']);
    expect(failure?.value).toBeUndefined();
  });
});
