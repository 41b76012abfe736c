/**
 * A second base58 implementation, written from the definition (a big number in base 58, one leading
 * '1' per leading zero byte) with BigInt, independently of bs58, to check src/codecs/base58.ts against.
 * Slow and simple on purpose.
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function referenceEncode(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  let n = 0n;
  for (const b of bytes) n = n * 256n + BigInt(b);
  let digits = '';
  while (n > 0n) {
    digits = ALPHABET[Number(n % 58n)] + digits;
    n /= 58n;
  }
  return '1'.repeat(zeros) + digits;
}

/** The bytes `text` encodes, or `undefined` if it holds a character outside the alphabet. */
export function referenceDecode(text: string): Uint8Array | undefined {
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros++;
  let n = 0n;
  for (const c of text) {
    const digit = ALPHABET.indexOf(c);
    if (digit === -1) return undefined;
    n = n * 58n + BigInt(digit);
  }
  const body: number[] = [];
  while (n > 0n) {
    body.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body]);
}
