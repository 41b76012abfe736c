/**
 * A refused result: the predicate refuses it synchronously, and the caller gets the `ValidationError`
 * naming the field once superstruct (loaded then) has found it.
 */
import { describe, expect, it } from 'vitest';
import { decodeResult, defineCustomMethod } from '../../src/defineMethod.js';
import { isSolRpcError } from '../../src/errors/isSolRpcError.js';
import type { ValidationError } from '../../src/errors/ValidationError.js';
import { u64 } from '../../src/schemas/numbers.js';
import { string, type } from '../../src/schemas/struct.js';
import { SchemaMismatch, validateResult } from '../../src/schemas/validate.js';

const schema = type({ owner: string(), lamports: u64() });
const method = defineCustomMethod<() => Promise<unknown>>({
  name: 'getThing',
  prepare: () => ({ params: [] }),
  decode: (result, context) => validateResult(context.method, result, schema),
});
const context = { method: 'getThing', maxDecompressedBytes: 1024 };

describe('validateResult', () => {
  it('returns a matching result as it is, and throws SchemaMismatch for one that does not', () => {
    const good = { owner: 'x', lamports: 5, extra: true };
    expect(validateResult('getThing', good, schema)).toBe(good);
    expect(() => validateResult('getThing', { owner: 'x', lamports: -1 }, schema)).toThrow(SchemaMismatch);
  });

  it('reaches the caller, through decodeResult, as a ValidationError naming the field', async () => {
    const error = (await decodeResult(method, { owner: 'x', lamports: -1 }, context, { params: [] }).catch(
      (e: unknown) => e,
    )) as ValidationError;
    expect(isSolRpcError(error, 'ValidationError')).toBe(true);
    expect(error).toMatchObject({
      method: 'getThing',
      path: 'result.lamports',
      expected: 'an unsigned 64-bit integer',
      received: '-1',
    });
    expect(error.message).toBe('getThing: invalid result: result.lamports must be an unsigned 64-bit integer, got -1');
  });

  it('passes other errors through untouched', async () => {
    const boom = new RangeError('boom');
    const throwing = defineCustomMethod<() => Promise<unknown>>({
      name: 'getThing',
      prepare: () => ({ params: [] }),
      decode: () => {
        throw boom;
      },
    });
    await expect(decodeResult(throwing, {}, context, { params: [] })).rejects.toBe(boom);
  });
});
