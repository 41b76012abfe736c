import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { parseJson } from '../../src/codecs/json.js';
import { parseNonce } from '../../src/decoders/nonce.js';
import { parsedNonceProgram } from '../../src/schemas/nonce.js';
import { agaveJsonText } from './agaveJson.js';
import { concat, decodeErrorOf, le, propertyTimeout, resultOrDecodeError, runs, seed } from './helpers.js';

console.info(`fast-check seed ${seed}, ${runs} runs`);

const DEFAULT_KEY = '11111111111111111111111111111111';

function nonceBytes(version: number, state: number, authority: Uint8Array, nonce: Uint8Array, fee: bigint) {
  return concat(le.u32(version), le.u32(state), authority, nonce, le.u64(fee));
}

const zeroKey = new Uint8Array(32);

describe('parseNonce: agave parse_nonce.rs cases', () => {
  it('reads the default initialized nonce (current version), the fee as a string', () => {
    const bytes = nonceBytes(1, 1, zeroKey, zeroKey, 0n);
    expect(bytes.length).toBe(80);
    expect(parseNonce(bytes)).toStrictEqual({
      type: 'initialized',
      info: { authority: DEFAULT_KEY, blockhash: DEFAULT_KEY, feeCalculator: { lamportsPerSignature: '0' } },
    });
  });

  it('refuses four zero bytes (an uninitialized legacy nonce)', () => {
    expect(decodeErrorOf(() => parseNonce(new Uint8Array(4)))).toMatchObject({ field: 'state', offset: 4 });
  });
});

describe('parseNonce: layout', () => {
  const authority = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
  const nonce = Uint8Array.from({ length: 32 }, (_, i) => 200 - i);

  it('reads the legacy version as the current one, and ignores trailing bytes as bincode does', () => {
    const current = parseNonce(nonceBytes(1, 1, authority, nonce, 5000n));
    expect(parseNonce(nonceBytes(0, 1, authority, nonce, 5000n))).toStrictEqual(current);
    expect(parseNonce(concat(nonceBytes(1, 1, authority, nonce, 5000n), [9, 9, 9]))).toStrictEqual(current);
    expect(current).toStrictEqual({
      type: 'initialized',
      info: {
        authority: encodeBase58(authority),
        blockhash: encodeBase58(nonce),
        feeCalculator: { lamportsPerSignature: '5000' },
      },
    });
  });

  it('writes u64::MAX lamports per signature exactly', () => {
    const parsed = parseNonce(nonceBytes(1, 1, authority, nonce, 2n ** 64n - 1n));
    expect(parsed.info.feeCalculator.lamportsPerSignature).toBe('18446744073709551615');
  });

  it('refuses an uninitialized nonce of full size, as agave does (an empty system account is not a nonce)', () => {
    const error = decodeErrorOf(() => parseNonce(new Uint8Array(80)));
    expect(error).toMatchObject({ field: 'state', offset: 4 });
    expect(error.message).toMatch(/^nonce: /);
  });

  it('refuses a system account with no data, an unknown version or state, and a cut state', () => {
    expect(decodeErrorOf(() => parseNonce(new Uint8Array(0)))).toMatchObject({ field: 'version', offset: 0 });
    expect(decodeErrorOf(() => parseNonce(nonceBytes(2, 1, authority, nonce, 0n)))).toMatchObject({
      field: 'version',
      offset: 0,
    });
    expect(decodeErrorOf(() => parseNonce(nonceBytes(1, 2, authority, nonce, 0n)))).toMatchObject({
      field: 'state',
      offset: 4,
    });
    const full = nonceBytes(1, 1, authority, nonce, 0n);
    expect(decodeErrorOf(() => parseNonce(full.subarray(0, 79)))).toMatchObject({
      field: 'feeCalculator.lamportsPerSignature',
      offset: 72,
    });
    expect(decodeErrorOf(() => parseNonce(full.subarray(0, 50)))).toMatchObject({ field: 'blockhash', offset: 40 });
  });
});

describe('parseNonce: properties', () => {
  const key = fc.uint8Array({ minLength: 32, maxLength: 32 });
  const valid = fc.record({
    version: fc.integer({ min: 0, max: 1 }),
    authority: key,
    nonce: key,
    fee: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
    tail: fc.uint8Array({ maxLength: 8 }),
  });

  it(
    'any bytes give a value or a DecodeError',
    () => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.uint8Array({ maxLength: 100 }),
            fc
              .tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }), fc.uint8Array({ maxLength: 90 }))
              .map(([version, state, rest]) => concat(le.u32(version), le.u32(state), rest)),
          ),
          (bytes) => {
            const result = resultOrDecodeError(parseNonce, bytes);
            if (!(result instanceof Error))
              expect(parsedNonceProgram().check({ program: 'nonce', parsed: result, space: bytes.length })).toBe(true);
          },
        ),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it(
    'a valid nonce round-trips, validates, and equals what the client reads from agave-style JSON',
    () => {
      fc.assert(
        fc.property(valid, ({ version, authority, nonce, fee, tail }) => {
          const bytes = concat(nonceBytes(version, 1, authority, nonce, fee), tail);
          const parsed = parseNonce(bytes);
          expect(parsed.info.authority).toBe(encodeBase58(authority));
          expect(parsed.info.blockhash).toBe(encodeBase58(nonce));
          expect(BigInt(parsed.info.feeCalculator.lamportsPerSignature)).toBe(fee);
          const data = { program: 'nonce', parsed, space: bytes.length };
          expect(parsedNonceProgram().check(data)).toBe(true);
          expect(parseJson(agaveJsonText(data))).toStrictEqual(data);
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it('the schema refuses what agave never writes', () => {
    const good = parseNonce(nonceBytes(1, 1, zeroKey, zeroKey, 0n));
    const check = (parsed: unknown) => parsedNonceProgram().check({ program: 'nonce', parsed, space: 80 });
    expect(check(good)).toBe(true);
    expect(check({ type: 'uninitialized' })).toBe(true);
    expect(check({ type: 'other' })).toBe(false);
    expect(check({ ...good, info: { ...good.info, feeCalculator: { lamportsPerSignature: 0 } } })).toBe(false);
    expect(check({ ...good, info: { ...good.info, authority: 'not base58!' } })).toBe(false);
  });
});
