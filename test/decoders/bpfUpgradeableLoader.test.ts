import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { parseJson } from '../../src/codecs/json.js';
import { parseBpfUpgradeableLoader } from '../../src/decoders/bpfUpgradeableLoader.js';
import { parsedBpfUpgradeableLoaderProgram } from '../../src/schemas/bpfUpgradeableLoader.js';
import { agaveJsonText } from './agaveJson.js';
import { concat, decodeErrorOf, le, propertyTimeout, resultOrDecodeError, runs, seed } from './helpers.js';

console.info(`fast-check seed ${seed}, ${runs} runs`);

const key = (seedByte: number) => Uint8Array.from({ length: 32 }, (_, i) => (seedByte * 29 + i * 5) & 0xff);
const option = (value: Uint8Array | null) => (value ? concat([1], value) : [0]);
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
/** Arbitrary program bytes, as agave's test appends them. */
const program = new Uint8Array(64).fill(7);

const buffer = (authority: Uint8Array | null, data: Uint8Array) => concat(le.u32(1), option(authority), data);
const programData = (slot: bigint, authority: Uint8Array | null, data: Uint8Array) =>
  concat(le.u32(3), le.u64(slot), option(authority), data);

describe('parseBpfUpgradeableLoader: agave parse_bpf_loader.rs cases', () => {
  it('reads uninitialized', () => {
    expect(parseBpfUpgradeableLoader(Uint8Array.from(le.u32(0)))).toStrictEqual({ type: 'uninitialized' });
  });

  it('reads a buffer with and without an authority; the data after the header in [base64, "base64"]', () => {
    const authority = key(1);
    expect(parseBpfUpgradeableLoader(buffer(authority, program))).toStrictEqual({
      type: 'buffer',
      info: { authority: encodeBase58(authority), data: [base64(program), 'base64'] },
    });
    expect(parseBpfUpgradeableLoader(buffer(null, program))).toStrictEqual({
      type: 'buffer',
      info: { authority: null, data: [base64(program), 'base64'] },
    });
  });

  it('reads a program', () => {
    const address = key(2);
    expect(parseBpfUpgradeableLoader(concat(le.u32(2), address))).toStrictEqual({
      type: 'program',
      info: { programData: encodeBase58(address) },
    });
  });

  it('reads program data with and without an authority; the slot a number', () => {
    const authority = key(3);
    expect(parseBpfUpgradeableLoader(programData(42n, authority, program))).toStrictEqual({
      type: 'programData',
      info: { slot: 42, authority: encodeBase58(authority), data: [base64(program), 'base64'] },
    });
    expect(parseBpfUpgradeableLoader(programData(42n, null, program))).toStrictEqual({
      type: 'programData',
      info: { slot: 42, authority: null, data: [base64(program), 'base64'] },
    });
  });
});

describe('parseBpfUpgradeableLoader: layout', () => {
  it('shows the 32 bytes a missing authority leaves in a full-size header as data (agave does)', () => {
    const header = concat(le.u32(3), le.u64(1n), [0], new Uint8Array(32));
    expect(parseBpfUpgradeableLoader(concat(header, program))).toStrictEqual({
      type: 'programData',
      info: { slot: 1, authority: null, data: [base64(concat(new Uint8Array(32), program)), 'base64'] },
    });
  });

  it('writes a slot beyond 2^53 as a bigint, and empty data as ""', () => {
    const parsed = parseBpfUpgradeableLoader(programData(2n ** 64n - 1n, null, new Uint8Array(0)));
    expect(parsed).toStrictEqual({
      type: 'programData',
      info: { slot: 2n ** 64n - 1n, authority: null, data: ['', 'base64'] },
    });
  });

  it('ignores bytes after a program account and after uninitialized (bincode does)', () => {
    expect(parseBpfUpgradeableLoader(concat(le.u32(0), [1, 2]))).toStrictEqual({ type: 'uninitialized' });
    expect(parseBpfUpgradeableLoader(concat(le.u32(2), key(2), [1, 2]))).toStrictEqual(
      parseBpfUpgradeableLoader(concat(le.u32(2), key(2))),
    );
  });

  it('refuses no bytes, an unknown kind, a bad option tag and cut headers', () => {
    expect(decodeErrorOf(() => parseBpfUpgradeableLoader(new Uint8Array(0)))).toMatchObject({
      field: 'type',
      offset: 0,
    });
    expect(decodeErrorOf(() => parseBpfUpgradeableLoader(Uint8Array.from(le.u32(4))))).toMatchObject({ field: 'type' });
    expect(decodeErrorOf(() => parseBpfUpgradeableLoader(concat(le.u32(1), [2])))).toMatchObject({
      field: 'authority',
      offset: 4,
    });
    expect(decodeErrorOf(() => parseBpfUpgradeableLoader(concat(le.u32(1), [1], new Uint8Array(31))))).toMatchObject({
      field: 'authority',
      offset: 5,
    });
    expect(decodeErrorOf(() => parseBpfUpgradeableLoader(concat(le.u32(2), new Uint8Array(31))))).toMatchObject({
      field: 'programData',
    });
    expect(decodeErrorOf(() => parseBpfUpgradeableLoader(concat(le.u32(3), new Uint8Array(7))))).toMatchObject({
      field: 'slot',
    });
  });
});

describe('parseBpfUpgradeableLoader: properties', () => {
  const keyArb = fc.uint8Array({ minLength: 32, maxLength: 32 });
  const account = fc.oneof(
    fc.constant({ kind: 0 as const }),
    fc.record({
      kind: fc.constant(1 as const),
      authority: fc.option(keyArb, { nil: null }),
      data: fc.uint8Array({ maxLength: 80 }),
    }),
    fc.record({ kind: fc.constant(2 as const), programData: keyArb }),
    fc.record({
      kind: fc.constant(3 as const),
      slot: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
      authority: fc.option(keyArb, { nil: null }),
      data: fc.uint8Array({ maxLength: 80 }),
    }),
  );
  const check = (parsed: unknown, space: number) =>
    parsedBpfUpgradeableLoaderProgram().check({ program: 'bpf-upgradeable-loader', parsed, space });

  it(
    'any bytes give a value or a DecodeError, and every value validates',
    () => {
      const bytes = fc.oneof(
        fc.uint8Array({ maxLength: 90 }),
        fc
          .tuple(fc.integer({ min: 0, max: 4 }), fc.uint8Array({ maxLength: 90 }))
          .map(([tag, rest]) => concat(le.u32(tag), rest)),
      );
      fc.assert(
        fc.property(bytes, (input) => {
          const result = resultOrDecodeError(parseBpfUpgradeableLoader, input);
          if (!(result instanceof Error)) expect(check(result, input.length)).toBe(true);
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it(
    'a valid account round-trips, validates, and equals what the client reads from agave-style JSON',
    () => {
      fc.assert(
        fc.property(account, (input) => {
          let bytes: Uint8Array;
          let expected: unknown;
          if (input.kind === 0) {
            bytes = Uint8Array.from(le.u32(0));
            expected = { type: 'uninitialized' };
          } else if (input.kind === 1) {
            bytes = buffer(input.authority, input.data);
            const authority = input.authority && encodeBase58(input.authority);
            expected = { type: 'buffer', info: { authority, data: [base64(input.data), 'base64'] } };
          } else if (input.kind === 2) {
            bytes = concat(le.u32(2), input.programData);
            expected = { type: 'program', info: { programData: encodeBase58(input.programData) } };
          } else {
            bytes = programData(input.slot, input.authority, input.data);
            const slot = input.slot <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(input.slot) : input.slot;
            const authority = input.authority && encodeBase58(input.authority);
            expected = { type: 'programData', info: { slot, authority, data: [base64(input.data), 'base64'] } };
          }
          const parsed = parseBpfUpgradeableLoader(bytes);
          expect(parsed).toStrictEqual(expected);
          expect(check(parsed, bytes.length)).toBe(true);
          const data = { program: 'bpf-upgradeable-loader', parsed, space: bytes.length };
          expect(parseJson(agaveJsonText(data))).toStrictEqual(data);
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it('the schema refuses what agave never writes', () => {
    const parsed = parseBpfUpgradeableLoader(programData(42n, key(1), program)) as {
      type: string;
      info: Record<string, unknown>;
    };
    expect(check(parsed, 109)).toBe(true);
    expect(check({ type: 'closed' }, 4)).toBe(false);
    expect(check({ ...parsed, info: { ...parsed.info, slot: '42' } }, 109)).toBe(false);
    expect(check({ ...parsed, info: { ...parsed.info, data: [base64(program), 'base58'] } }, 109)).toBe(false);
    expect(check({ ...parsed, info: { ...parsed.info, data: base64(program) } }, 109)).toBe(false);
  });
});
