import { beforeAll, describe, expect, it } from 'vitest';
import { decompressZstd, loadZstd, ZstdError } from '../../src/codecs/zstd.js';
import { decodeFrames, ZstdFormatError } from '../../src/codecs/zstdFrames.js';
import { loadZstdEncoder, type ZstdEncoder } from '../support/zstdEncoder.js';

// The decoder against zstd's own encoder (test/support/zstdEncoder.ts), on data shaped to reach raw, RLE
// and Huffman literals (1 and 4 streams, treeless), predefined, RLE, FSE and repeated sequence tables, and
// overlapping matches. Frames with and without a content size.

let codec: ZstdEncoder;

beforeAll(async () => {
  await loadZstd();
  codec = await loadZstdEncoder();
});

const MiB = 1024 * 1024;

/** A seeded generator, so a failure names a case that can be run again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

const shapes: Record<string, (n: number, r: () => number) => Uint8Array> = {
  random: (n, r) => Uint8Array.from({ length: n }, () => (r() * 256) | 0),
  zeros: (n) => new Uint8Array(n),
  text: (n, r) => {
    const words = ['solana', 'account', 'lamports', 'owner', ' ', '\n', 'rent', 'epoch', '{"a":1}'];
    const bytes: number[] = [];
    while (bytes.length < n) bytes.push(...Buffer.from(words[(r() * words.length) | 0] as string));
    return Uint8Array.from(bytes.slice(0, n));
  },
  skewed: (n, r) => Uint8Array.from({ length: n }, () => (r() < 0.9 ? (r() * 4) | 0 : (r() * 256) | 0)),
  wide: (n, r) =>
    Uint8Array.from({ length: n }, () => {
      const x = r();
      return (x * x * 200) | 0;
    }),
  runs: (n, r) => Uint8Array.from({ length: n }, () => (r() < 0.02 ? (r() * 256) | 0 : 65)),
  // Fixed-size records of keys from a pool, counters and zero padding, like program accounts.
  records: (n, r) => {
    const bytes = new Uint8Array(n);
    const keys = Array.from({ length: 50 }, () => Uint8Array.from({ length: 32 }, () => (r() * 256) | 0));
    for (let at = 0; at + 64 <= n * 0.7; at += 64) {
      bytes.set(keys[(r() * 50) | 0] as Uint8Array, at);
      bytes[at + 40] = (r() * 256) | 0;
      bytes[at + 41] = at & 255;
    }
    return bytes;
  },
};

describe('the zstd decoder', () => {
  const sizes = [0, 1, 17, 1000, 65536, 131072, 131073, 400_000];
  for (const [shape, make] of Object.entries(shapes)) {
    it(`decodes what zstd encodes: ${shape}, sizes ${sizes.join(', ')}, levels 1, 3, 9`, () => {
      const simple = new codec.Simple();
      const streaming = new codec.Streaming();
      for (const size of sizes) {
        const data = make(size, random(size + 1));
        for (const level of [1, 3, 9]) {
          for (const frame of [simple.compress(data, level), Uint8Array.from(streaming.compress(data, level))]) {
            const out = decompressZstd(frame, 10 * MiB);
            expect(out.length, `${shape} ${size} level ${level}`).toBe(size);
            expect(Buffer.compare(out, data), `${shape} ${size} level ${level}`).toBe(0);
          }
        }
      }
    });
  }

  it('decodes the same whatever capacity the caller expected (the output grows)', () => {
    const data = shapes.records?.(300_000, random(3)) as Uint8Array;
    const frame = new codec.Streaming().compress(data, 3);
    for (const capacity of [0, 1000, 300_000, 10 * MiB]) {
      expect(Buffer.compare(decodeFrames(Uint8Array.from(frame), 10 * MiB, capacity), data)).toBe(0);
    }
  });

  it('decodes RLE literals and a block of 0x7f00 sequences (the 3-byte count)', () => {
    // One compressed block: 32,512 RLE literals 'X', then 32,512 sequences, all three tables RLE
    // (literal length code 1, offset code 0 = repeat offset 1 = 1, match length code 0 = 3): no bits.
    const count = 0x7f00;
    const literals = [0b1100 | 1 | ((count & 15) << 4), (count >> 4) & 0xff, count >> 12, 0x58];
    const sequences = [255, 0, 0, 0b0101_0100, 1, 0, 0, 0x01];
    const block = [...literals, ...sequences];
    const header = 1 | (2 << 1) | (block.length << 3);
    const frame = Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd, 0, 0x38, header & 0xff, header >> 8, header >> 16, ...block);
    const out = decompressZstd(frame, MiB);
    expect(out.length).toBe(count * 4);
    expect(out.every((byte) => byte === 0x58)).toBe(true);
  });

  it('decodes Huffman literals whose weights are stored directly (4 bits each)', () => {
    // Symbols 0-65 described (65, 'A', weight 1), the last ('B', 66) implied: 1 bit each, A = 0, B = 1.
    const weights = new Array(33).fill(0);
    weights[32] = 1; // symbol 65 is the second of byte 32
    const tree = [127 + 66, ...weights];
    const stream = [0b10110]; // end mark, then A B B A from the top bit down
    const compressed = tree.length + stream.length;
    const literalsHeader = 2 | (4 << 4) | (compressed << 14);
    const block = [literalsHeader & 0xff, (literalsHeader >> 8) & 0xff, literalsHeader >> 16, ...tree, ...stream, 0];
    const header = 1 | (2 << 1) | (block.length << 3);
    const frame = Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd, 0, 0x38, header & 0xff, header >> 8, header >> 16, ...block);
    expect(Buffer.from(decompressZstd(frame, MiB)).toString()).toBe('ABBA');
  });

  it('refuses a compressed block that regenerates more than the limit, as over the limit', () => {
    const data = shapes.records?.(300_000, random(4)) as Uint8Array;
    const frame = new codec.Streaming().compress(data, 3);
    expect(() => decompressZstd(frame, 200_000)).toThrow(
      expect.objectContaining({ name: 'ZstdError', limitExceeded: true }),
    );
  });

  it('refuses damaged frames with a ZstdError, never another error, never past the limit', () => {
    const r = random(9);
    const simple = new codec.Simple();
    const frames = [
      simple.compress(shapes.text?.(30_000, random(5)) as Uint8Array, 3),
      simple.compress(shapes.records?.(60_000, random(6)) as Uint8Array, 9),
    ];
    let refused = 0;
    for (let i = 0; i < 3000; i++) {
      const frame = Uint8Array.from(frames[i % frames.length] as Uint8Array);
      for (let flips = 1 + ((r() * 3) | 0); flips > 0; flips--) {
        const at = 4 + ((r() * (frame.length - 4)) | 0);
        frame[at] = (frame[at] as number) ^ (1 << ((r() * 8) | 0));
      }
      try {
        expect(decompressZstd(frame, 100_000).length).toBeLessThanOrEqual(100_000);
      } catch (error) {
        if (!(error instanceof ZstdError)) throw error;
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(500); // most damage is caught: the test reaches the refusals
  });

  it('throws ZstdFormatError (not a RangeError) for a truncated stream', () => {
    const frame = new codec.Simple().compress(shapes.text?.(5000, random(7)) as Uint8Array, 3);
    expect(() => decodeFrames(frame.subarray(0, frame.length - 5), MiB, 0)).toThrow(ZstdFormatError);
  });
});
