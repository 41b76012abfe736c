/**
 * Base58 encoding, written here rather than taken from bs58: its codec (base-x) was 647 bytes of every
 * full client (docs/tree-shaking.md), for keys, signatures and instruction data the transaction decoder
 * writes. The alphabet is base58Text.ts's; test/codecs/base58.test.ts holds both directions to bs58.
 */
import { BASE58_DIGITS } from './base58Text.js';

/**
 * Encodes bytes as base58 text: one '1' per leading zero byte, then the number the rest writes, in base 58.
 * The digits are kept in an array, least significant first, and each byte multiplies them by 256: time
 * quadratic in the length, as bs58's, and a 32-byte key takes about a microsecond.
 */
export function encodeBase58(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  const digits: number[] = [];
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i] as number;
    for (let j = 0; j < digits.length; j++) {
      carry += (digits[j] as number) << 8;
      digits[j] = carry % 58;
      carry = (carry / 58) | 0;
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = (carry / 58) | 0;
    }
  }
  let text = '1'.repeat(zeros);
  for (let k = digits.length - 1; k >= 0; k--) text += BASE58_DIGITS[digits[k] as number];
  return text;
}
