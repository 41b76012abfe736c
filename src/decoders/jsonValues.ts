/**
 * Values as agave's `jsonParsed` writes them, so that a decoder's output equals what the exact JSON parser
 * makes of the node's answer: integers by their JSON type, floats as Rust's `Display` prints them.
 * @module
 */

/** An integer as the exact JSON parser yields it: `number` when safe, `bigint` beyond 2^53. */
export function jsonInteger(value: bigint): number | bigint {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(value) : value;
}

/**
 * An f64 as Rust's `Display` writes it (agave shows the scaled-UI multipliers so): the shortest digits
 * that read back to the same value, never in exponent form, `1` rather than `1.0`, and `NaN`, `inf`, `-0`.
 */
export function rustFloatString(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return 'inf';
  if (value === Number.NEGATIVE_INFINITY) return '-inf';
  if (Object.is(value, -0)) return '-0';
  const text = String(value);
  const e = text.indexOf('e');
  if (e === -1) return text;
  // JavaScript switches to exponent form below 1e-6 and from 1e21; Rust writes every digit out.
  const sign = text.startsWith('-') ? '-' : '';
  const mantissa = text.slice(sign.length, e);
  const exponent = Number(text.slice(e + 1));
  const point = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  const pointAt = (point === -1 ? mantissa.length : point) + exponent;
  if (pointAt <= 0) return `${sign}0.${'0'.repeat(-pointAt)}${digits}`;
  if (pointAt >= digits.length) return `${sign}${digits}${'0'.repeat(pointAt - digits.length)}`;
  return `${sign}${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}
