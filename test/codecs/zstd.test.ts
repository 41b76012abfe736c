import { beforeAll, describe, expect, it } from 'vitest';
import { decompressZstd, loadZstd, ZstdError } from '../../src/codecs/zstd.js';
import { loadCase } from '../support/conformance.js';
import { rleBomb, zstdFrame } from '../support/zstdFrames.js';

beforeAll(() => loadZstd());

const MiB = 1024 * 1024;

describe('decompressZstd', () => {
  it("decodes agave's streaming frame (no content size, no checksum)", () => {
    const c = loadCase('getAccountInfo.base64zstd.token-account.json');
    const frame = Buffer.from(c.expect['value.data.compressedHex'] as string, 'hex');
    expect(frame[4]).toBe(0); // FHD: no content size
    expect(Buffer.from(decompressZstd(frame, 10 * MiB)).toString('hex')).toBe(c.expect['value.data.hex']);
  });

  it("decodes agave's empty-data frame", () => {
    expect(decompressZstd(Buffer.from('KLUv/SAAAQAA', 'base64'), 10 * MiB)).toEqual(new Uint8Array(0));
  });

  it('decodes raw and RLE blocks across several chunks', () => {
    const frame = zstdFrame([{ raw: Uint8Array.of(1, 2, 3) }, { rle: 7, size: 200_000 }, { raw: Uint8Array.of(9) }], {
      windowLog: 18,
    });
    const out = decompressZstd(frame, 10 * MiB);
    expect(out.length).toBe(200_004);
    expect([...out.subarray(0, 4)]).toEqual([1, 2, 3, 7]);
    expect(out[200_003]).toBe(9);
  });

  it('stops a bomb at the limit, before producing the rest', () => {
    const bomb = rleBomb(64 * MiB); // about 2 KiB of input
    expect(bomb.length).toBeLessThan(3000);
    const before = process.memoryUsage().arrayBuffers;
    let error: unknown;
    try {
      decompressZstd(bomb, 10 * MiB);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ZstdError);
    expect((error as ZstdError).limitExceeded).toBe(true);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(24 * MiB);
  });

  it('refuses a frame that declares more than the limit, or a huge window, before decoding', () => {
    const declared = zstdFrame([{ rle: 0, size: 10 }], { contentSize: 11 * MiB });
    expect(() => decompressZstd(declared, 10 * MiB)).toThrow(/declares/);
    const window = zstdFrame([{ rle: 0, size: 10 }], { windowLog: 30 });
    expect(() => decompressZstd(window, 10 * MiB)).toThrow(/window/);
  });

  it.each([
    ['too short', Uint8Array.of(0x28, 0xb5)],
    ['bad magic', Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8)],
    ['truncated block', zstdFrame([{ raw: Uint8Array.of(1, 2, 3, 4) }]).subarray(0, 10)],
    [
      'bytes after the last frame',
      concat(zstdFrame([{ raw: Uint8Array.of(1) }]), Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8)),
    ],
    [
      'a truncated second frame',
      concat(zstdFrame([{ raw: Uint8Array.of(1) }]), zstdFrame([{ rle: 0, size: 9 }]).subarray(0, 8)),
    ],
    ['a frame needing a dictionary', withDictionary(zstdFrame([{ raw: Uint8Array.of(1) }]), 7)],
    ['a reserved block type', Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd, 0, 0x38, 0b111, 0, 0)],
  ])('throws ZstdError for %s', (_name, bytes) => {
    let error: unknown;
    try {
      decompressZstd(bytes, MiB);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ZstdError);
    expect((error as ZstdError).limitExceeded).toBe(false);
  });

  // fzstd allocates each frame's window when it reaches that frame: every header is read before it starts.
  it("refuses a later frame's huge window before spending the memory", () => {
    const data = concat(zstdFrame([{ raw: Uint8Array.of(1) }]), zstdFrame([{ rle: 0, size: 10 }], { windowLog: 30 }));
    const before = process.memoryUsage().arrayBuffers;
    expect(() => decompressZstd(data, 10 * MiB)).toThrow(/window/);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * MiB);
  });

  it('refuses frames whose declared sizes add up to more than the limit', () => {
    const six = zstdFrame([{ rle: 0, size: 10 }], { contentSize: 6 * MiB });
    expect(() => decompressZstd(concat(six, six), 10 * MiB)).toThrow(
      expect.objectContaining({ name: 'ZstdError', limitExceeded: true }),
    );
  });

  it('decodes several frames, a skippable frame between them, and a frame with a checksum', () => {
    const skippable = Uint8Array.of(0x5a, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 9, 9, 9);
    const checked = withChecksum(zstdFrame([{ raw: Uint8Array.of(4, 5) }]));
    const data = concat(concat(zstdFrame([{ raw: Uint8Array.of(1, 2, 3) }]), skippable), checked);
    expect([...decompressZstd(data, MiB)]).toEqual([1, 2, 3, 4, 5]);
  });
});

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** The same frame with a 1-byte dictionary id after its window descriptor (frames here declare no size). */
function withDictionary(frame: Uint8Array, id: number): Uint8Array {
  const out = concat(frame.subarray(0, 6), concat(Uint8Array.of(id), frame.subarray(6)));
  out[4] = (out[4] as number) | 1;
  return out;
}

/** The same frame with the checksum flag and 4 checksum bytes (fzstd skips them unverified, as we do). */
function withChecksum(frame: Uint8Array): Uint8Array {
  const out = concat(frame, Uint8Array.of(0, 0, 0, 0));
  out[4] = (out[4] as number) | 4;
  return out;
}
