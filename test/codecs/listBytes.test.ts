/**
 * The bytes of a long list of accounts (issue 33's parseOnClient reads 20,000 token accounts as
 * base64+zstd): each zstd frame is decoded from base64 into the list's byte arena, and each small
 * decompressed account is copied there too (`createByteArena().take`), not into an ArrayBuffer of its
 * own. Same bytes, same refusals as before.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createByteArena } from '../../src/codecs/byteArena.js';
import { decompressZstd, loadZstd } from '../../src/codecs/zstd.js';
import { decodeAccount } from '../../src/decoders/account.js';
import { ValidationError } from '../../src/errors/ValidationError.js';
import { loadZstdEncoder, type ZstdEncoder } from '../support/zstdEncoder.js';

const MiB = 1024 * 1024;

let codec: ZstdEncoder;

beforeAll(async () => {
  await loadZstd();
  codec = await loadZstdEncoder();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** Each case runs with Node's Buffer and without it, as in a browser (the arena takes another path). */
const BUFFER_OR_NOT: [string, () => void][] = [
  ['Node Buffer', () => undefined],
  ['no Buffer (browsers)', () => vi.stubGlobal('Buffer', undefined)],
];

/** A 165-byte token account's shape: two keys, an amount, zeros. */
function tokenAccount(i: number): Uint8Array {
  const bytes = new Uint8Array(165);
  for (let k = 0; k < 64; k++) bytes[k] = (i * 31 + k * 7) & 255;
  bytes[64] = i & 255;
  bytes[108] = 1;
  return bytes;
}

describe('createByteArena().take', () => {
  it.each(BUFFER_OR_NOT)('gives zeroed room side by side in 64 KiB chunks of the arena only (%s)', (_name, setup) => {
    setup();
    const arena = createByteArena();
    const first = arena.take(165);
    first.fill(1);
    const second = arena.take(165);
    expect(second.buffer).toBe(first.buffer);
    expect(first.buffer.byteLength).toBe(65_536);
    expect([first.byteOffset, second.byteOffset]).toEqual([0, 165]);
    expect(second.every((byte) => byte === 0)).toBe(true);
    expect(arena.take(5_000).buffer.byteLength).toBe(5_000);
    expect(createByteArena().take(1).buffer).not.toBe(first.buffer);
    const views = Array.from({ length: 17 }, () => arena.take(4_000));
    // 330 bytes taken, then 16 of 4,000 fit the chunk's 65,536.
    expect(views[15]?.buffer).toBe(first.buffer);
    expect(views[16]?.buffer).not.toBe(first.buffer);
    expect(views[16]?.byteOffset).toBe(0);
  });

  it('shares its chunks with the base64 payloads it decodes', () => {
    const arena = createByteArena();
    const decoded = arena(toBase64(Uint8Array.of(9, 9, 9))) as Uint8Array;
    const taken = arena.take(10);
    expect(taken.buffer).toBe(decoded.buffer);
    expect(taken.byteOffset).toBe(3);
    expect(arena('ab!d')).toBeUndefined();
    expect(arena.take(1).byteOffset).toBe(13); // a refused payload takes no room
  });
});

describe('decompressZstd into a byte arena', () => {
  it("gives the same bytes as without, each account's in the arena's chunk", () => {
    const arena = createByteArena();
    const accounts = Array.from({ length: 500 }, (_, i) => tokenAccount(i));
    const frames = accounts.map((bytes) => new codec.Streaming().compress(bytes, 3));
    const out = frames.map((frame) => decompressZstd(frame, 10 * MiB, arena.take));
    out.forEach((bytes, i) => {
      expect(bytes).toEqual(accounts[i]);
      expect(bytes).toEqual(decompressZstd(frames[i] as Uint8Array, 10 * MiB));
    });
    // 396 accounts of 165 bytes to a 64 KiB chunk.
    expect(new Set(out.map((bytes) => bytes.buffer)).size).toBe(2);
    expect(out[1]?.byteOffset).toBe(165);
  });

  it('keeps an output larger than the arena takes in a buffer of its own, at its size', () => {
    const arena = createByteArena();
    const large = new Uint8Array(100_000).map((_, i) => (i * 13) & 255);
    const out = decompressZstd(new codec.Streaming().compress(large, 3), 10 * MiB, arena.take);
    expect(out).toEqual(large);
    expect(out.buffer.byteLength).toBe(100_000);
  });
});

describe('decodeAccount of base64+zstd data with a byte arena', () => {
  const context = { method: 'getProgramAccounts', maxDecompressedBytes: 10 * MiB };
  const wire = (text: string) => ({
    lamports: 2039280,
    owner: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    data: [text, 'base64+zstd'] as [string, 'base64+zstd'],
    executable: false,
    rentEpoch: 18446744073709551615n,
    space: 165,
  });

  it.each(BUFFER_OR_NOT)(
    'decodes every account to its own bytes, frames and accounts side by side in the arena (%s)',
    (_name, setup) => {
      setup();
      const arena = createByteArena();
      const accounts = Array.from({ length: 50 }, (_, i) => tokenAccount(i));
      const decoded = accounts.map((bytes, i) => {
        const text = toBase64(new codec.Streaming().compress(bytes, 3));
        return decodeAccount<Uint8Array>(wire(text), context, `result.value.${i}.account`, arena).data;
      });
      decoded.forEach((bytes, i) => {
        expect(bytes).toEqual(accounts[i]);
      });
      expect(decoded[1]?.buffer).toBe(decoded[0]?.buffer);
    },
  );

  it('refuses text that is not base64, or not a frame, naming the field', () => {
    const arena = createByteArena();
    const refusal = (text: string) => {
      try {
        decodeAccount(wire(text), context, 'result.value.7.account', arena);
      } catch (error) {
        return error;
      }
    };
    const notBase64 = refusal('ab!d') as ValidationError;
    expect(notBase64).toBeInstanceOf(ValidationError);
    expect(notBase64.path).toBe('result.value.7.account.data.0');
    const notFrame = refusal(toBase64(new Uint8Array(12))) as ValidationError;
    expect(notFrame).toBeInstanceOf(ValidationError);
    expect(notFrame.path).toBe('result.value.7.account.data.0');
  });
});
