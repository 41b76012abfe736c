import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeBase64 } from '../../src/codecs/base64.js';

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const runs = Number(process.env.FC_RUNS ?? 2000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each([
  ['Node Buffer', () => undefined],
  [
    'browser atob',
    () => {
      vi.stubGlobal('Buffer', undefined);
    },
  ],
])('decodeBase64 (%s)', (_name, setup) => {
  it('round-trips any bytes to a plain Uint8Array', () => {
    setup();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const decoded = decodeBase64(btoa(String.fromCharCode(...bytes)));
        expect(decoded?.constructor).toBe(Uint8Array);
        expect(decoded).toEqual(bytes);
      }),
      { seed, numRuns: runs },
    );
  });

  it.each(['abc', 'ab!d', 'YW Jj', 'YWJj=', '===='])('refuses %j', (text) => {
    setup();
    expect(decodeBase64(text)).toBeUndefined();
  });
});

it('does not expose a shared memory pool through .buffer', () => {
  const small = decodeBase64('AQID');
  expect(small?.buffer.byteLength).toBe(3);
});
