import bs58 from 'bs58';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { base58Problem, decodeBase58 } from '../../src/codecs/base58Text.js';

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const runs = Number(process.env.FC_RUNS ?? 2000);

describe('base58', () => {
  it('round-trips bytes, leading zeros included', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        expect(decodeBase58(encodeBase58(bytes), 80)).toEqual(bytes);
      }),
      { seed, numRuns: runs },
    );
  });

  it('encodes any bytes exactly as bs58 does, leading zeros included', () => {
    const withZeros = fc
      .tuple(fc.nat({ max: 6 }), fc.uint8Array({ maxLength: 200 }))
      .map(([zeros, rest]) => Uint8Array.from([...new Uint8Array(zeros), ...rest]));
    fc.assert(
      fc.property(withZeros, (bytes) => {
        expect(encodeBase58(bytes)).toBe(bs58.encode(bytes));
      }),
      { seed, numRuns: runs },
    );
    for (const bytes of [
      new Uint8Array(0),
      new Uint8Array(32),
      new Uint8Array(64).fill(255),
      new Uint8Array(1232).fill(7),
    ])
      expect(encodeBase58(bytes)).toBe(bs58.encode(bytes));
  });

  it('decodes any base58 text exactly as bs58 does, leading zeros and nine-digit chunks included', () => {
    const digit = fc.constantFrom(...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz');
    const text = fc
      .tuple(fc.string({ unit: fc.constant('1'), maxLength: 12 }), fc.string({ unit: digit, maxLength: 240 }))
      .map(([ones, rest]) => ones + rest);
    fc.assert(
      fc.property(text, (t) => {
        expect(decodeBase58(t, 256)).toEqual(new Uint8Array(bs58.decode(t)));
      }),
      { seed, numRuns: runs },
    );
    expect(decodeBase58('', 1)).toEqual(new Uint8Array(0));
    expect(decodeBase58('2', 1)).toEqual(new Uint8Array([1]));
    expect(decodeBase58('0OIl', 8)).toBeUndefined();
    expect(decodeBase58('abc ', 8)).toBeUndefined();
  });

  it('accepts every 32-byte value as an address, and no other length', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 40 }), (bytes) => {
        const problem = base58Problem(encodeBase58(bytes), 32);
        expect(problem === undefined).toBe(bytes.length === 32);
      }),
      { seed, numRuns: runs },
    );
  });

  it('refuses text longer than maxBytes can need before decoding, and bytes past maxBytes after', () => {
    const full = new Uint8Array(128).fill(255);
    expect(decodeBase58(encodeBase58(full), 128)).toEqual(full);
    expect(encodeBase58(full)).toHaveLength(175); // ceil(128 × log 256 / log 58)
    expect(decodeBase58(encodeBase58(new Uint8Array(129).fill(255)), 128)).toBeUndefined();
    // 129 zero bytes are 129 characters, within the length bound: the decoded size catches them.
    expect(decodeBase58('1'.repeat(129), 128)).toBeUndefined();
    // A megabyte of base58 is refused at once rather than decoded in quadratic time.
    expect(decodeBase58('2'.repeat(1 << 20), 128)).toBeUndefined();
  });

  it('counts decoded bytes as bs58 does, for any text an address or signature check reads', () => {
    const digit = fc.constantFrom(...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz');
    // Leading '1's (zero bytes) are the edge a length count can get wrong, so they are made common.
    const text = fc
      .tuple(fc.string({ unit: fc.constant('1'), maxLength: 12 }), fc.string({ unit: digit, maxLength: 88 }))
      .map(([ones, rest]) => (ones + rest).slice(0, 88));
    fc.assert(
      fc.property(text, (t) => {
        const bytes = bs58.decode(t).length;
        for (const size of [32, 64] as const) {
          const inRange = size === 32 ? t.length >= 32 && t.length <= 44 : t.length >= 64;
          const problem = base58Problem(t, size);
          if (!inRange) continue;
          if (bytes === size) expect(problem).toBeUndefined();
          else expect(problem).toBe(`decodes to ${bytes} bytes, expected ${size}`);
        }
      }),
      { seed, numRuns: runs * 5 },
    );
  });

  it('accepts the edge addresses', () => {
    expect(base58Problem('11111111111111111111111111111111', 32)).toBeUndefined();
    expect(base58Problem(encodeBase58(new Uint8Array(32).fill(255)), 32)).toBeUndefined();
  });

  it.each([
    ['0 is outside the alphabet', '0'.repeat(32), /the character '0' at position 0 /],
    ['O is outside the alphabet', `O${'1'.repeat(31)}`, /the character 'O' at position 0 /],
    ['whitespace', ` ${'1'.repeat(32)}`, /the character U\+0020 at position 0 /],
    ['too short', '1'.repeat(31), /32–44/],
    ['too long', '2'.repeat(45), /32–44/],
    ['33 zero bytes in 33 characters', '1'.repeat(33), /decodes to 33 bytes/],
    ['31 bytes in 43 characters', encodeBase58(new Uint8Array(31).fill(255)), /decodes to 31 bytes|32–44/],
  ])('explains a bad address: %s', (_name, text, message) => {
    expect(base58Problem(text, 32)).toMatch(message);
  });

  it.each([
    [
      'a zero at the 11th character',
      `${'1'.repeat(10)}0${'1'.repeat(21)}`,
      "the character '0' at position 10 is not in the base58 alphabet (base58 leaves out 0, O, I and l)",
    ],
    ['a dash', `${'2'.repeat(39)}-${'2'.repeat(3)}`, "the character '-' at position 39 is not in the base58 alphabet"],
    [
      'ESC',
      `${'2'.repeat(5)}\u001b[31m${'2'.repeat(30)}`,
      'the character U+001B at position 5 is not in the base58 alphabet',
    ],
    ['a C1 control', `\u009b${'2'.repeat(32)}`, 'the character U+009B at position 0 is not in the base58 alphabet'],
    ['DEL', `${'2'.repeat(32)}\u007f`, 'the character U+007F at position 32 is not in the base58 alphabet'],
    [
      'a right-to-left override',
      `2\u202e${'2'.repeat(31)}`,
      'the character U+202E at position 1 is not in the base58 alphabet',
    ],
    [
      'a Cyrillic look-alike',
      `\u0410${'2'.repeat(31)}`,
      'the character U+0410 at position 0 is not in the base58 alphabet',
    ],
    [
      'an emoji',
      `\u{1f600}\u{1f600}${'2'.repeat(30)}`,
      'the character U+1F600 at position 0 is not in the base58 alphabet',
    ],
    [
      'a space in the middle',
      `${'2'.repeat(16)} ${'2'.repeat(16)}`,
      'the character U+0020 at position 16 is not in the base58 alphabet',
    ],
  ])(
    'names the character outside the alphabet and its position from 1, never raw if not printable: %s',
    (_name, text, message) => {
      const problem = base58Problem(text, 32) as string;
      expect(problem).toBe(message);
      expect(problem).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e\u0410\u{1f600}]/u);
    },
  );

  it('checks signatures at 64 bytes', () => {
    expect(base58Problem(encodeBase58(new Uint8Array(64).fill(7)), 64)).toBeUndefined();
    expect(base58Problem(encodeBase58(new Uint8Array(63).fill(7)), 64)).toMatch(/63 bytes|64–88/);
  });
});
