/**
 * Byte helpers for the test cluster on plain Uint8Arrays: what it used Node's Buffer for, so that the msw
 * handlers run in a browser too. Little-endian integers as Solana's programs lay them out.
 */

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The u32 at `at`, little-endian (a RangeError past the end, as Buffer's reader). */
export const u32le = (bytes: Uint8Array, at: number): number => view(bytes).getUint32(at, true);

/** The u64 at `at`, little-endian. */
export const u64le = (bytes: Uint8Array, at: number): bigint => view(bytes).getBigUint64(at, true);

export function putU32le(bytes: Uint8Array, value: number, at: number): void {
  view(bytes).setUint32(at, value, true);
}

export function putU64le(bytes: Uint8Array, value: bigint, at: number): void {
  view(bytes).setBigUint64(at, value, true);
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Byte-wise order, then length: -1, 0 or 1. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number) ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

export const equalBytes = (a: Uint8Array, b: Uint8Array): boolean => compareBytes(a, b) === 0;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
export const utf8Bytes = (text: string): Uint8Array => encoder.encode(text);
export const utf8Text = (bytes: Uint8Array): string => decoder.decode(bytes);

const BASE64_VALUES = new Map<string, number>(
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((char, i) => [char, i]),
);
BASE64_VALUES.set('-', 62);
BASE64_VALUES.set('_', 63);

/**
 * Base64 read as leniently as Node's `Buffer.from(text, 'base64')`, which the cluster used before: the
 * standard and URL-safe alphabets, other characters skipped, reading stops at the first `=`, and a last
 * lone character dropped. Config values (a memcmp's bytes, preloaded data) keep meaning what they meant.
 */
export function looseBase64(text: string): Uint8Array {
  const out: number[] = [];
  let bits = 0;
  let count = 0;
  for (const char of text) {
    if (char === '=') break;
    const value = BASE64_VALUES.get(char);
    if (value === undefined) continue;
    bits = (bits << 6) | value;
    count += 6;
    if (count >= 8) {
      count -= 8;
      out.push((bits >> count) & 0xff);
      bits &= (1 << count) - 1;
    }
  }
  return new Uint8Array(out);
}
