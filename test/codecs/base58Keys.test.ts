import bs58 from 'bs58';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase58, encodeBase58Range } from '../../src/codecs/base58.js';

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const runs = Number(process.env.FC_RUNS ?? 2000);

// The encoder works in limbs of five digits, two bytes at a time, into a reused buffer: keys and
// signatures (its common inputs), odd and even counts of significant bytes, and text longer than one
// String.fromCharCode slice are where it could differ from bs58.
describe('encodeBase58 on keys, signatures and long data', () => {
  const sized = (length: number) =>
    fc
      .tuple(fc.nat({ max: length }), fc.uint8Array({ minLength: length, maxLength: length }))
      .map(([zeros, bytes]) => bytes.fill(0, 0, zeros));

  it('writes 32-byte keys exactly as bs58 does, leading zeros included', () => {
    fc.assert(
      fc.property(sized(32), (bytes) => {
        expect(encodeBase58(bytes)).toBe(bs58.encode(bytes));
      }),
      { seed, numRuns: runs * 5 },
    );
  });

  it('writes 64-byte signatures exactly as bs58 does', () => {
    fc.assert(
      fc.property(sized(64), (bytes) => {
        expect(encodeBase58(bytes)).toBe(bs58.encode(bytes));
      }),
      { seed, numRuns: runs },
    );
  });

  it('writes limb edges exactly as bs58 does: one byte, all 0xff, a single high bit', () => {
    for (let length = 0; length <= 70; length++) {
      for (const bytes of [
        new Uint8Array(length).fill(255),
        Uint8Array.from({ length }, (_, i) => (i === 0 ? 1 : 0)),
        Uint8Array.from({ length }, (_, i) => (i === length - 1 ? 57 : 0)),
        Uint8Array.from({ length }, (_, i) => (i === length - 1 ? 58 : 0)),
      ]) {
        expect(encodeBase58(bytes)).toBe(bs58.encode(bytes));
      }
    }
  });

  it('writes data longer than one slice of character codes exactly as bs58 does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 3100, maxLength: 3600 }), (bytes) => {
        expect(encodeBase58(bytes)).toBe(bs58.encode(bytes));
      }),
      { seed, numRuns: 5 },
    );
  });
});

describe('encodeBase58Range', () => {
  it('writes a range of bytes as encodeBase58 writes the same bytes alone', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 120 }), fc.nat(), fc.nat(), (bytes, a, b) => {
        const start = a % (bytes.length + 1);
        const end = start + (b % (bytes.length - start + 1));
        expect(encodeBase58Range(bytes, start, end)).toBe(bs58.encode(bytes.subarray(start, end)));
      }),
      { seed, numRuns: runs },
    );
  });
});
