import { validate } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { toStruct } from '../../src/schemas/explain.js';
import { i64, safeInteger, u8, u64 } from '../../src/schemas/numbers.js';
import type { Schema } from '../../src/schemas/struct.js';

// Both verdicts: the predicate every response meets, and superstruct's, which names a failing field.
const ok = <T>(schema: Schema<T>, value: unknown) => {
  const valid = validate(value, toStruct(schema))[0] === undefined;
  expect(schema.check(value)).toBe(valid);
  return valid;
};

describe('number schemas', () => {
  it('u64: safe numbers and bigints up to u64::MAX, nothing rounded or out of range', () => {
    expect([0, 1, Number.MAX_SAFE_INTEGER, 2n ** 53n, 18446744073709551615n].every((v) => ok(u64(), v))).toBe(true);
    // 1e20 and a JSON.parse-rounded u64::MAX have lost digits already; 2^64 is out of range.
    for (const bad of [1e20, Number('18446744073709551615'), 2n ** 64n, -1, -1n, 1.5, '1', null])
      expect(ok(u64(), bad)).toBe(false);
  });

  it('i64: negative values too, within 64 bits', () => {
    expect([-5, -(2n ** 63n), 2n ** 63n - 1n].every((v) => ok(i64(), v))).toBe(true);
    expect([2n ** 63n, -(2n ** 63n) - 1n, -1e20, 0.5].some((v) => ok(i64(), v))).toBe(false);
  });

  it('safeInteger: a number, never a bigint, never above Number.MAX_SAFE_INTEGER', () => {
    expect(ok(safeInteger(), Number.MAX_SAFE_INTEGER)).toBe(true);
    const [failure] = validate(2n ** 53n, toStruct(safeInteger()));
    expect(failure?.message).toMatch(/no larger than Number\.MAX_SAFE_INTEGER/);
    expect([-1, 1.5, Number.MAX_SAFE_INTEGER + 1].some((v) => ok(safeInteger(), v))).toBe(false);
  });

  it('u8: 0 to 255', () => {
    expect(ok(u8(), 255)).toBe(true);
    expect([256, -1, 1.5].some((v) => ok(u8(), v))).toBe(false);
  });
});
