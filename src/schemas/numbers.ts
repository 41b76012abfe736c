import { memo } from './memo.js';
import { define, type Schema } from './struct.js';

const U64_MAX = 18446744073709551615n;

function describe(value: unknown): string {
  // An integer beyond 2^53 arrives as a number only from JSON.parse (results of methods marked
  // `parse: parseSafeJson`, or a custom transport): its digits may already be rounded, so say so.
  if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)) {
    return `${value} (beyond 2^53, so possibly rounded)`;
  }
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 24 ? `${value.slice(0, 24)}…` : value);
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/** Builds a superstruct failure message in the one form `toValidationError` reads. */
export function expected(what: string, value: unknown): string {
  return `Expected ${what}, but received: ${describe(value)}`;
}

/**
 * A u64 on the wire: a non-negative integer up to u64::MAX, as a safe `number` or an exact `bigint`
 * (the JSON parser's output). Decoders turn it into `bigint`. Integers above u64::MAX are rejected.
 */
export const u64 = /* @__PURE__ */ memo(
  (): Schema<number | bigint> =>
    define('u64', (value) =>
      // Unsafe integers arrive as bigint from the exact parser; an unsafe *number* (1e20, or anything
      // from a transport that used JSON.parse) has already lost digits, so it is refused.
      (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ||
      (typeof value === 'bigint' && value >= 0n && value <= U64_MAX)
        ? true
        : expected('an unsigned 64-bit integer', value),
    ),
);

/** An i64 on the wire (reward amounts can be negative), as `number` or exact `bigint`. */
export const i64 = /* @__PURE__ */ memo(
  (): Schema<number | bigint> =>
    define('i64', (value) =>
      (typeof value === 'number' && Number.isSafeInteger(value)) ||
      (typeof value === 'bigint' && value >= -(2n ** 63n) && value < 2n ** 63n)
        ? true
        : expected('a signed 64-bit integer', value),
    ),
);

/**
 * A slot, epoch, height, count, index or size: public as `number`, so it must be a non-negative integer
 * no larger than `Number.MAX_SAFE_INTEGER`. A larger value is an error, never a rounded number.
 */
export const safeInteger = /* @__PURE__ */ memo(
  (): Schema<number> =>
    define('safeInteger', (value) =>
      typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
        ? true
        : expected(
            typeof value === 'bigint' ? 'an integer no larger than Number.MAX_SAFE_INTEGER' : 'a non-negative integer',
            value,
          ),
    ),
);

/** An unsigned 8-bit integer (decimals, commission, account indexes). */
export const u8 = /* @__PURE__ */ memo(
  (): Schema<number> =>
    define('u8', (value) =>
      typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 255
        ? true
        : expected('an integer from 0 to 255', value),
    ),
);

/** An unsigned 16-bit integer (basis points, shred versions). */
export const u16 = /* @__PURE__ */ memo(
  (): Schema<number> =>
    define('u16', (value) =>
      typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 65535
        ? true
        : expected('an integer from 0 to 65535', value),
    ),
);

/** An unsigned 32-bit integer (feature-set identifiers). */
export const u32 = /* @__PURE__ */ memo(
  (): Schema<number> =>
    define('u32', (value) =>
      typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 4294967295
        ? true
        : expected('an integer from 0 to 4294967295', value),
    ),
);

/** Converts a validated u64/i64 wire value to `bigint`. */
export function toBigInt(value: number | bigint): bigint {
  return typeof value === 'bigint' ? value : BigInt(value);
}

/** A Unix timestamp in seconds (an i64 on the wire; negative values are legal): a safe-integer `number`. */
export const timestamp = /* @__PURE__ */ memo(
  (): Schema<number> =>
    define('timestamp', (value) =>
      typeof value === 'number' && Number.isSafeInteger(value)
        ? true
        : expected(
            typeof value === 'bigint' ? 'a timestamp within Number.MAX_SAFE_INTEGER' : 'an integer timestamp',
            value,
          ),
    ),
);
