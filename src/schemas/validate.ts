import { redacter } from '../errors/redact.js';
import { ValidationError } from '../errors/ValidationError.js';
import type { AnySchema, Schema } from './struct.js';

/**
 * Thrown by `validateResult` for a result that fails its schema. `decodeResult` (defineMethod.ts) turns
 * it into the `ValidationError` naming the field, after loading superstruct to find it; never seen by users.
 */
export class SchemaMismatch extends Error {
  constructor(
    readonly method: string,
    readonly value: unknown,
    readonly schema: AnySchema,
  ) {
    super(`${method}: the result does not match its schema`);
  }
}

/**
 * Checks a wire result against its schema and returns it typed. A result that fails throws, and the
 * caller gets a `ValidationError` naming the field (`result.value.lamports`), what it must hold, and what
 * came instead.
 */
export function validateResult<T>(method: string, value: unknown, schema: Schema<T>): T {
  // The schema's predicate answers what superstruct would, ~10x faster (struct.ts). Naming the failing
  // field takes superstruct, which is loaded only now (explain.ts).
  if (schema.check(value)) return value as T;
  throw new SchemaMismatch(method, value, schema);
}

/** The `ValidationError` for a mismatch, superstruct loaded to name the field. */
export async function explainMismatch(mismatch: SchemaMismatch): Promise<ValidationError> {
  let explainer: typeof import('./explain.js');
  try {
    explainer = await import('./explain.js');
  } catch {
    // The module could not load (an offline chunk in a browser): the result is refused all the same.
    return new ValidationError({
      method: mismatch.method,
      path: 'result',
      expected: 'a value of the documented shape',
      received: 'a value the schema refused (the check that names the field could not be loaded)',
    });
  }
  return new ValidationError({
    method: mismatch.method,
    ...explainer.explain(mismatch.value, mismatch.schema, redacter()),
  });
}
