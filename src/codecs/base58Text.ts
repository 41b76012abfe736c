/**
 * Base58 text read without bs58: the checks of addresses and signatures, and decoding. Every client checks
 * addresses, which means reading base58 digits anyway; turning the number they write into bytes is a few
 * lines more, where bs58 (whose codec is built at import, so a bundler cannot drop it from a module that
 * imports it) would add 1.6 KB to every app that reads account data. codecs/base58.ts encodes;
 * test/codecs/base58.test.ts holds both directions to bs58.
 */

/** The base58 alphabet, digit 0 first. */
export const BASE58_DIGITS = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGITS = BASE58_DIGITS;
const NOT_BASE58 = /[^1-9A-HJ-NP-Za-km-z]/;

/** Base58 characters per byte: log(256) / log(58), written out so that no app runs it at load. */
const CHARS_PER_BYTE = 1.365658237309761;

/**
 * Why `text` is not a base58 value of exactly `byteLength` bytes, or `undefined` when it is one.
 * Length is checked on the text first (32 bytes need 32–44 characters, 64 bytes 64–88): counting the
 * bytes takes time quadratic in the length, so long garbage must not reach it.
 */
export function base58Problem(text: unknown, byteLength: 32 | 64): string | undefined {
  if (typeof text !== 'string') return `expected a base58 string, got ${text === null ? 'null' : typeof text}`;
  const [min, max] = byteLength === 32 ? [32, 44] : [64, 88];
  if (text.length < min || text.length > max) {
    return `expected ${min}–${max} base58 characters (${byteLength} bytes), got ${text.length} characters`;
  }
  const bad = text.search(NOT_BASE58);
  if (bad !== -1) return alphabetProblem(text, bad);
  const length = decodedLength(text);
  if (length !== byteLength) return `decodes to ${length} bytes, expected ${byteLength}`;
  return undefined;
}

/**
 * Names the first character outside the alphabet and its position, counted from 0 as a string index is
 * (every character before it is a base58 digit, so UTF-16 units and characters agree). Only a printable
 * ASCII character is shown as itself; anything else (a control character, a space, a look-alike letter
 * from another script) as its code point, so that nothing in the message can drive a terminal or hide
 * what is wrong.
 */
function alphabetProblem(text: string, index: number): string {
  const char = String.fromCodePoint(text.codePointAt(index) as number);
  const shown = /^[!-~]$/.test(char)
    ? `'${char}'`
    : `U+${(char.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;
  return `the character ${shown} at position ${index} is not in the base58 alphabet${
    '0OIl'.includes(char) ? ' (base58 leaves out 0, O, I and l)' : ''
  }`;
}

/**
 * Decodes base58 text of at most `maxBytes` bytes, or returns `undefined` when it holds a character outside
 * the alphabet or is longer than `maxBytes` bytes can need. The length check comes first because decoding
 * takes time quadratic in the length: a megabyte of text would hold the thread for minutes.
 */
export function decodeBase58(text: string, maxBytes: number): Uint8Array | undefined {
  if (text.length > Math.ceil(maxBytes * CHARS_PER_BYTE) || NOT_BASE58.test(text)) return undefined;
  const [zeros, value] = readDigits(text);
  const hex = value ? value.toString(16) : '';
  const bytes = new Uint8Array(zeros + ((hex.length + 1) >> 1));
  if (bytes.length > maxBytes) return undefined;
  // From the last byte back, so an odd number of hex digits leaves the first byte one digit.
  for (let i = bytes.length - 1, end = hex.length; end > 0; i--, end -= 2) {
    bytes[i] = Number.parseInt(hex.slice(Math.max(0, end - 2), end), 16);
  }
  return bytes;
}

/** How many bytes base58 text (alphabet already checked, at most 88 characters) decodes to. */
function decodedLength(text: string): number {
  const [zeros, value] = readDigits(text);
  return zeros + (value ? (value.toString(16).length + 1) >> 1 : 0);
}

/**
 * The leading '1's of base58 text (one zero byte each) and the number the rest writes in base 58. A
 * bigint keeps it short: 88 characters (a signature) take a few microseconds, 1,683 (the largest
 * transaction) under half a millisecond, faster than bs58.
 */
function readDigits(text: string): [zeros: number, value: bigint] {
  let zeros = 0;
  while (text[zeros] === '1') zeros++;
  let value = 0n;
  for (let i = zeros; i < text.length; i++) value = value * 58n + BigInt(DIGITS.indexOf(text[i] as string));
  return [zeros, value];
}
