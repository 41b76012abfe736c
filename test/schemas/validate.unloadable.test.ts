/**
 * When the module that names the field cannot load (a browser app whose lazy chunk is gone offline), a
 * refused result is still refused, with a ValidationError at `result`.
 */
import { expect, it, vi } from 'vitest';
import { decodeResult, defineCustomMethod } from '../../src/defineMethod.js';
import { isSolRpcError } from '../../src/errors/isSolRpcError.js';
import type { ValidationError } from '../../src/errors/ValidationError.js';
import { string, type } from '../../src/schemas/struct.js';
import { validateResult } from '../../src/schemas/validate.js';

vi.mock('../../src/schemas/explain.js', () => {
  throw new Error('chunk failed to load');
});

it('refuses the result with a ValidationError at result', async () => {
  const schema = type({ owner: string() });
  const method = defineCustomMethod<() => Promise<unknown>>({
    name: 'getThing',
    prepare: () => ({ params: [] }),
    decode: (result, context) => validateResult(context.method, result, schema),
  });
  const error = (await decodeResult(
    method,
    { owner: 1 },
    { method: 'getThing', maxDecompressedBytes: 1 },
    {
      params: [],
    },
  ).catch((e: unknown) => e)) as ValidationError;
  expect(isSolRpcError(error, 'ValidationError')).toBe(true);
  expect(error).toMatchObject({ method: 'getThing', path: 'result' });
  expect(error.received).toMatch(/could not be loaded/);
});
