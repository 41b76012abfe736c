/**
 * Base58 encoding, written here rather than taken from bs58: its codec (base-x) was 647 bytes of every
 * full client (docs/tree-shaking.md), for keys, signatures and instruction data the transaction decoder
 * writes. The alphabet is base58Text.ts's; test/codecs/base58.test.ts holds both directions to bs58.
 */
import { BASE58_DIGITS } from './base58Text.js';

/** Five base58 digits a limb: 58^5 < 2^30, so a limb times 2^16 plus a carry stays an exact double. */
const LIMB = 58 ** 5;
/** Limbs a byte needs at most: log(256) / log(58^5), rounded up a little. */
const LIMBS_PER_BYTE = 0.2734;
/** Reused limbs for inputs up to a signature's size and more, so a key allocates only its text. */
const scratch = new Float64Array(64);
const CODES = Array.from(BASE58_DIGITS, (char) => char.charCodeAt(0));
/**
 * Reused arrays of character codes, one per text length up to 128 (a key is 32 to 44 characters, a
 * signature 64 to 88): the text is one `String.fromCharCode` over one of them, a flat string and nothing
 * else. Joining pieces (as two-digit strings from a table) took as long, but left a chain of some thirty
 * short strings behind every key, kept as long as the key is where the key is kept (parsed accounts).
 */
const codeArrays: number[][] = [];
const MAX_REUSED = 128;

/**
 * Encodes bytes as base58 text: one '1' per leading zero byte, then the number the rest writes, in base 58.
 * The number is kept in limbs of five base58 digits each, least significant first, and is multiplied by
 * 2^16 (two bytes) at a time: about 25 times fewer steps than a digit and a byte at a time, which made a
 * 32-byte key cost a microsecond (token accounts hold two, and there are tens of thousands in a read).
 * Time is still quadratic in the length, as bs58's.
 */
export function encodeBase58(bytes: Uint8Array): string {
  return encodeBase58Range(bytes, 0, bytes.length);
}

/** `encodeBase58(bytes.subarray(start, end))` without making the subarray (a key inside account data). */
export function encodeBase58Range(bytes: Uint8Array, start: number, end: number): string {
  let zeros = start;
  while (zeros < end && bytes[zeros] === 0) zeros++;
  const most = Math.ceil((end - zeros) * LIMBS_PER_BYTE) + 1;
  const limbs = most <= scratch.length ? scratch : new Float64Array(most);
  let used = 0;
  let i = zeros;
  // An odd count of significant bytes: the first one alone, then pairs.
  if ((end - zeros) & 1) {
    limbs[0] = bytes[i++] as number;
    used = 1;
  }
  for (; i < end; i += 2) {
    let carry = ((bytes[i] as number) << 8) | (bytes[i + 1] as number);
    for (let j = 0; j < used; j++) {
      carry += (limbs[j] as number) * 65536;
      const high = Math.floor(carry / LIMB);
      limbs[j] = carry - high * LIMB;
      carry = high;
    }
    while (carry > 0) {
      const high = Math.floor(carry / LIMB);
      limbs[used++] = carry - high * LIMB;
      carry = high;
    }
  }
  // Drop limbs that are zero at the top (an odd lone byte of 0 cannot happen: it would be a leading zero).
  while (used > 0 && limbs[used - 1] === 0) used--;
  zeros -= start;
  // The top limb's digits, without its leading zeros (which are not digits of the number).
  // Limbs are below 2^30: as int32 values their digits come from integer division, not the floating-point
  // remainder V8 computes with a call.
  let top = used === 0 ? 0 : (limbs[used - 1] as number) | 0;
  const topDigits = top >= 58 ** 4 ? 5 : top >= 58 ** 3 ? 4 : top >= 58 ** 2 ? 3 : top >= 58 ? 2 : top > 0 ? 1 : 0;
  const length = zeros + topDigits + 5 * (used > 0 ? used - 1 : 0);
  let codes = codeArrays[length];
  if (codes === undefined) {
    codes = Array.from({ length }, () => 0);
    if (length <= MAX_REUSED) codeArrays[length] = codes;
  }
  let k = 0;
  for (; k < zeros; k++) codes[k] = 49; // '1'
  for (let d = k + topDigits - 1; d >= k; d--) {
    const next = (top / 58) | 0;
    codes[d] = CODES[top - next * 58] as number;
    top = next;
  }
  k += topDigits;
  // Every other limb is five digits, most significant first.
  for (let j = used - 2; j >= 0; j--) {
    let limb = (limbs[j] as number) | 0;
    for (let d = k + 4; d >= k; d--) {
      const next = (limb / 58) | 0;
      codes[d] = CODES[limb - next * 58] as number;
      limb = next;
    }
    k += 5;
  }
  if (length <= MAX_REUSED) return String.fromCharCode.apply(null, codes);
  // Long data in slices: spreading a very long array as arguments would overflow the stack.
  let text = '';
  for (let c = 0; c < length; c += 4096) text += String.fromCharCode.apply(null, codes.slice(c, c + 4096));
  return text;
}
