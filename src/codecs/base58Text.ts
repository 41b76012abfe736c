/**
 * Checks of base58 text that needs no decoder: an address or a signature is only checked, never
 * decoded, on the way out. Kept apart from base58.ts so that an app which only checks addresses does not
 * carry bs58 (its codec runs at import, so a bundler cannot drop it from a module that imports it).
 */

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
  const bad = text.search(/[^1-9A-HJ-NP-Za-km-z]/);
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

const DIGITS = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * How many bytes base58 text (alphabet already checked, at most 88 characters) decodes to: one zero byte
 * per leading '1', then the bytes of the number the rest writes in base 58. A bigint keeps it short; at
 * most 88 digits, it costs a few microseconds per call. test/codecs/base58.test.ts holds it to bs58's answer.
 */
function decodedLength(text: string): number {
  let zeros = 0;
  while (text[zeros] === '1') zeros++;
  let value = 0n;
  for (let i = zeros; i < text.length; i++) value = value * 58n + BigInt(DIGITS.indexOf(text[i] as string));
  return zeros + (value === 0n ? 0 : (value.toString(16).length + 1) >> 1);
}
