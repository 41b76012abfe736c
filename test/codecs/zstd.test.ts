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
  ])('throws ZstdError for %s', (_name, bytes) => {
    expect(() => decompressZstd(bytes, MiB)).toThrow(ZstdError);
  });
});
