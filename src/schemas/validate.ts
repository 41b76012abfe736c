import { type Struct, validate } from 'superstruct';
import { redactUrls } from '../errors/redact.js';
import { ValidationError } from '../errors/ValidationError.js';
import { checkOf } from './struct.js';

/**
 * Checks a wire result against its schema and returns it typed, or throws a `ValidationError` naming
 * the field (`result.value.lamports`), what it must hold, and what came instead.
 */
export function validateResult<T>(method: string, value: unknown, schema: Struct<T, unknown>): T {
  // The schema's predicate answers what superstruct would, ~10x faster (struct.ts); superstruct runs
  // only on a response that fails it, to find and name the first failing field.
  if (checkOf(schema)(value)) return value as T;
  let outcome: ReturnType<typeof validate<unknown, unknown>>;
  try {
    outcome = validate(value, schema);
  } catch (error) {
    // superstruct prints a failing value with `${value}`, which throws for an object whose `toString`
    // key the server set to a non-function ({"toString": ""}): report it as the invalid field it is.
    if (!(error instanceof TypeError)) throw error;
    throw new ValidationError({
      method,
      path: ['result', ...(unprintablePath(value) ?? [])].join('.'),
      expected: 'a value of the documented shape',
      received: 'an object with a toString or valueOf key',
    });
  }
  const [failure, checked] = outcome;
  if (!failure) return checked as T;
  // The error is the first failure itself. Its `failures()` would list every failure in the response,
  // which for a large bad response costs seconds and gigabytes to report one line.
  const first = failure;
  const path = ['result', ...first.path.map(String)].join('.');
  // The error's message is its first failure's, prefixed with the path when there is one.
  const prefix = `At path: ${first.path.join('.')} -- `;
  const message = first.message.startsWith(prefix) ? first.message.slice(prefix.length) : first.message;
  const match = /^Expected (.*?), but received: (.*)$/s.exec(message);
  const received =
    first.value === undefined
      ? 'nothing (the field is missing)'
      : match && (typeof first.value !== 'object' || first.value === null)
        ? shorten(match[2] as string)
        : describeValue(first.value); // superstruct prints arrays as '' and objects as [object Object]
  throw new ValidationError({
    method,
    path,
    expected: match ? (match[1] as string) : `a value of type ${first.type}`,
    received,
  });
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

// Superstruct prints whole strings; a 1 MiB base64 payload must not end up in a message. URLs are cut
// to their origin first: once truncated, a URL's key would no longer be recognised as part of one.
function shorten(full: string): string {
  const text = redactUrls(full);
  return text.length > 60 ? `${text.slice(0, 60)}… (${text.length} characters)` : text;
}
