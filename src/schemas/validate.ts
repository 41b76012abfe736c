import { type Struct, validate } from 'superstruct';
import { ValidationError } from '../errors/ValidationError.js';

/**
 * Checks a wire result against its schema and returns it typed, or throws a `ValidationError` naming
 * the field (`result.value.lamports`), what it must hold, and what came instead.
 */
export function validateResult<T>(method: string, value: unknown, schema: Struct<T, unknown>): T {
  const [failure, checked] = validate(value, schema);
  if (!failure) return checked as T;
  const first = failure.failures()[0] ?? failure;
  const path = ['result', ...first.path.map(String)].join('.');
  const match = /^Expected (.*?), but received: (.*)$/s.exec(first.message);
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

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string') return `a string of ${value.length} characters`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

// Superstruct prints whole strings; a 1 MiB base64 payload must not end up in a message.
function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}… (${text.length} characters)` : text;
}
