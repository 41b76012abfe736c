/**
 * Names the field of a result that failed its schema's predicate, with superstruct. Loaded by
 * `validate.ts` only when a response is refused, so that apps whose responses are valid never download
 * superstruct (docs/tree-shaking.md).
 *
 * It imports nothing of the client but types, and `validate.ts` builds the `ValidationError` from what it
 * returns: a module shared by this chunk and an app's entry would be split into a third chunk, loaded up
 * front, which costs every app some 200 bytes of gzip that one file would not.
 */
import * as superstruct from 'superstruct';
import type { ValidationError } from '../errors/ValidationError.js';
import type { AnySchema, AnyStruct, Superstruct } from './struct.js';

/** A `ValidationError`'s fields but its method: what `validate.ts` builds the error from. */
export type Explanation = Omit<ConstructorParameters<typeof ValidationError>[0], 'method'>;

// Named one by one, never the namespace itself as a value: a namespace passed around makes bundlers keep
// all of superstruct in this chunk, and put a helper to build it in a chunk every app loads up front
// (docs/tree-shaking.md).
const combinators: Superstruct = {
  array: superstruct.array,
  boolean: superstruct.boolean,
  define: superstruct.define,
  dynamic: superstruct.dynamic,
  enums: superstruct.enums,
  literal: superstruct.literal,
  nullable: superstruct.nullable,
  number: superstruct.number,
  optional: superstruct.optional,
  refine: superstruct.refine,
  string: superstruct.string,
  tuple: superstruct.tuple,
  type: superstruct.type,
  union: superstruct.union,
  unknown: superstruct.unknown,
};

// Each schema's struct is built once: schemas are memoised, so the same objects come back every call.
const built = new WeakMap<AnySchema, AnyStruct>();

/** The superstruct struct equivalent to a schema (struct.ts). */
export function toStruct(schema: AnySchema): AnyStruct {
  let struct = built.get(schema);
  if (!struct) {
    struct = schema.toStruct(combinators, toStruct);
    built.set(schema, struct);
  }
  return struct;
}

/**
 * Why a result failed its schema: the first failing field and what it must hold. `redact` (passed in, see
 * above) cuts URLs in what the result held to their origin and blanks out the clients' secrets, before
 * the text is shortened: a key cut in half would no longer be recognised.
 */
export function explain(value: unknown, schema: AnySchema, redact: (text: string) => string): Explanation {
  let outcome: ReturnType<typeof superstruct.validate<unknown, unknown>>;
  try {
    outcome = superstruct.validate(value, toStruct(schema));
  } catch (error) {
    // superstruct prints a failing value with `${value}`, which throws for an object whose `toString`
    // key the server set to a non-function ({"toString": ""}): report it as the invalid field it is.
    if (!(error instanceof TypeError)) throw error;
    return {
      path: ['result', ...(unprintablePath(value) ?? [])].join('.'),
      expected: 'a value of the documented shape',
      received: 'an object with a toString or valueOf key',
    };
  }
  const [failure] = outcome;
  if (!failure) {
    // The predicates answer what superstruct answers (struct.differential.test.ts); should they ever part,
    // the refusal stands rather than letting a result through unchecked.
    return { path: 'result', expected: 'a value of the documented shape', received: 'a value the schema refused' };
  }
  // The error is the first failure itself. Its `failures()` would list every failure in the response,
  // which for a large bad response costs seconds and gigabytes to report one line.
  const path = ['result', ...failure.path.map(String)].join('.');
  // The error's message is its first failure's, prefixed with the path when there is one.
  const prefix = `At path: ${failure.path.join('.')} -- `;
  const message = failure.message.startsWith(prefix) ? failure.message.slice(prefix.length) : failure.message;
  const match = /^Expected (.*?), but received: (.*)$/s.exec(message);
  const received =
    failure.value === undefined
      ? 'nothing (the field is missing)'
      : match && (typeof failure.value !== 'object' || failure.value === null)
        ? shorten(redact(match[2] as string))
        : describeValue(failure.value); // superstruct prints arrays as '' and objects as [object Object]
  return { path, expected: match ? (match[1] as string) : `a value of type ${failure.type}`, received };
}

/** The path of the first object holding a `toString` or `valueOf` that is not a function. */
function unprintablePath(value: unknown, depth = 0): string[] | undefined {
  if (typeof value !== 'object' || value === null || depth > 64) return undefined;
  const record = value as Record<string, unknown>;
  for (const key of ['toString', 'valueOf']) {
    if (Object.hasOwn(record, key) && typeof record[key] !== 'function') return [];
  }
  for (const key of Object.keys(record)) {
    const inner = unprintablePath(record[key], depth + 1);
    if (inner) return [key, ...inner];
  }
  return undefined;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string') return `a string of ${value.length} characters`;
  if (typeof value === 'object') return 'an object';
  return shorten(`${typeof value} ${String(value)}`);
}

// Superstruct prints whole strings; a 1 MiB base64 payload must not end up in a message. URLs and secrets
// are blanked first (by the caller): once truncated, a URL's key would no longer be recognised.
function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}… (${text.length} characters)` : text;
}
