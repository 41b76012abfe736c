import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeBase64 } from '../../src/codecs/base64.js';
import { createByteArena } from '../../src/codecs/byteArena.js';

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const runs = Number(process.env.FC_RUNS ?? 2000);

afterEach(() => {
  vi.unstubAllGlobals();
});

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

describe.each([
  ['Node Buffer', () => undefined],
  [
    'browser atob',
    () => {
      vi.stubGlobal('Buffer', undefined);
    },
  ],
])('createByteArena (%s)', (_name, setup) => {
  it('decodes a list exactly as decodeBase64 decodes each', () => {
    setup();
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 5_000 }), { maxLength: 40 }), (list) => {
        const decode = createByteArena();
        list.forEach((bytes) => {
          const decoded = decode(toBase64(bytes));
          expect(decoded?.constructor).toBe(Uint8Array);
          expect(decoded).toEqual(bytes);
        });
      }),
      { seed, numRuns: Math.ceil(runs / 10) },
    );
  });

  it.each(['abc', 'ab!d', 'YW Jj', 'YWJj=', '===='])('refuses %j as decodeBase64 does', (text) => {
    setup();
    expect(decodeBase64(text)).toBeUndefined();
    expect(createByteArena()(text)).toBeUndefined();
  });
});

describe('createByteArena on Node', () => {
  const base64 = (length: number, fill: number) => Buffer.alloc(length, fill).toString('base64');

  it('puts small payloads side by side in 64 KiB chunks of their own, and large ones in buffers of their own', () => {
    const decode = createByteArena();
    const first = decode(base64(165, 1)) as Uint8Array;
    const second = decode(base64(165, 2)) as Uint8Array;
    expect(second.buffer).toBe(first.buffer);
    expect(first.buffer.byteLength).toBe(65_536);
    expect([first.byteOffset, second.byteOffset]).toEqual([0, 165]);
    // What the chunk holds beyond the payloads decoded into it is zero: nothing from elsewhere.
    expect(new Uint8Array(first.buffer, 330).every((byte) => byte === 0)).toBe(true);
    const large = decode(base64(5_000, 3)) as Uint8Array;
    expect(large.buffer).not.toBe(first.buffer);
    expect(large.buffer.byteLength).toBe(5_000);
    // Another response's decoder never shares a chunk with this one.
    expect(createByteArena()(base64(1, 4))?.buffer).not.toBe(first.buffer);
  });

  it('starts a new chunk when one is full, and a refused payload takes no room', () => {
    const decode = createByteArena();
    const views = Array.from({ length: 17 }, (_, i) => decode(base64(4_000, i)) as Uint8Array);
    expect(views[15]?.buffer).toBe(views[0]?.buffer);
    expect(views[16]?.buffer).not.toBe(views[0]?.buffer);
    expect(views[16]?.byteOffset).toBe(0);
    expect(decode('ab!d')).toBeUndefined();
    expect(decode(base64(3, 9))?.byteOffset).toBe(4_000);
    expect(views.map((view) => view[0])).toEqual(Array.from({ length: 17 }, (_, i) => i));
  });
});
