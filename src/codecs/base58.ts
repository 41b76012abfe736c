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
/** Every two-digit string, 58 * 58 of them, by value (a limb is written in three pieces): built on first use, not at load. */
let pairs: string[] | undefined;
const ONES = '1'.repeat(64);

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
  if (pairs === undefined)
    pairs = Array.from({ length: 58 * 58 }, (_, n) => BASE58_DIGITS[(n / 58) | 0]! + BASE58_DIGITS[n % 58]!);
  let text = zeros <= ONES.length ? ONES.slice(0, zeros) : '1'.repeat(zeros);
  if (used === 0) return text;
  // The top limb's digits without its leading zeros, which are not digits of the number.
  let head = '';
  for (let limb = limbs[used - 1] as number; limb > 0; ) {
    const digit = limb % 58;
    head = BASE58_DIGITS[digit] + head;
    limb = (limb - digit) / 58;
  }
  text += head;
  // Every other limb is five digits, most significant first: one, then two pairs from a table.
  for (let j = used - 2; j >= 0; j--) {
    const limb = limbs[j] as number;
    const low = limb % 3364;
    const high = (limb - low) / 3364;
    const middle = high % 3364;
    text += BASE58_DIGITS[(high - middle) / 3364]! + pairs[middle]! + pairs[low]!;
  }
  return text;
}
