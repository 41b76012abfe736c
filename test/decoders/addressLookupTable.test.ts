import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { parseJson } from '../../src/codecs/json.js';
import { parseAddressLookupTable } from '../../src/decoders/addressLookupTable.js';
import { parsedAddressLookupTableProgram } from '../../src/schemas/addressLookupTable.js';
import { agaveJsonText } from './agaveJson.js';
import { concat, decodeErrorOf, le, propertyTimeout, resultOrDecodeError, runs, seed } from './helpers.js';

console.info(`fast-check seed ${seed}, ${runs} runs`);

const U64_MAX = 2n ** 64n - 1n;

interface TableInput {
  deactivationSlot: bigint;
  lastExtendedSlot: bigint;
  startIndex: number;
  authority: Uint8Array | null;
  addresses: Uint8Array[];
}

/** A table as the program writes it: the meta in a 56-byte header (zero padding), then the keys. */
function tableBytes(table: TableInput): Uint8Array {
  const meta = concat(
    le.u32(1),
    le.u64(table.deactivationSlot),
    le.u64(table.lastExtendedSlot),
    [table.startIndex],
    table.authority ? concat([1], table.authority) : [0],
    le.u16(0),
  );
  const header = new Uint8Array(56);
  header.set(meta);
  return concat(header, ...table.addresses);
}

const key = (seedByte: number) => Uint8Array.from({ length: 32 }, (_, i) => (seedByte * 31 + i * 7) & 0xff);

describe('parseAddressLookupTable: agave parse_address_lookup_table.rs cases', () => {
  it('reads a table with an authority and 42 addresses; slots are strings, the index a number', () => {
    const authority = key(1);
    const addresses = Array.from({ length: 42 }, (_, i) => key(i + 2));
    const bytes = tableBytes({ deactivationSlot: 1n, lastExtendedSlot: 2n, startIndex: 3, authority, addresses });
    expect(parseAddressLookupTable(bytes)).toStrictEqual({
      type: 'lookupTable',
      info: {
        deactivationSlot: '1',
        lastExtendedSlot: '2',
        lastExtendedSlotStartIndex: 3,
        authority: encodeBase58(authority),
        addresses: addresses.map(encodeBase58),
      },
    });
  });

  it('reads 56 zero bytes as uninitialized, and refuses no bytes', () => {
    expect(parseAddressLookupTable(new Uint8Array(56))).toStrictEqual({ type: 'uninitialized' });
    expect(decodeErrorOf(() => parseAddressLookupTable(new Uint8Array(0)))).toMatchObject({ field: 'type', offset: 0 });
  });
});

describe('parseAddressLookupTable: layout', () => {
  it('leaves the authority out (not null) when there is none, and writes u64::MAX as text', () => {
    const parsed = parseAddressLookupTable(
      tableBytes({ deactivationSlot: U64_MAX, lastExtendedSlot: 0n, startIndex: 0, authority: null, addresses: [] }),
    );
    expect(parsed).toStrictEqual({
      type: 'lookupTable',
      info: {
        deactivationSlot: '18446744073709551615',
        lastExtendedSlot: '0',
        lastExtendedSlotStartIndex: 0,
        addresses: [],
      },
    });
    expect(Object.keys((parsed as { info: object }).info)).toStrictEqual([
      'deactivationSlot',
      'lastExtendedSlot',
      'lastExtendedSlotStartIndex',
      'addresses',
    ]);
  });

  it('reads uninitialized from the 4-byte tag alone, whatever follows (agave does)', () => {
    expect(parseAddressLookupTable(new Uint8Array(4))).toStrictEqual({ type: 'uninitialized' });
    expect(parseAddressLookupTable(concat(le.u32(0), [1, 2, 3]))).toStrictEqual({ type: 'uninitialized' });
  });

  it('refuses a tail that is not whole addresses, a short header, a bad option tag and an unknown state', () => {
    const good = tableBytes({
      deactivationSlot: 5n,
      lastExtendedSlot: 6n,
      startIndex: 1,
      authority: key(9),
      addresses: [key(3)],
    });
    expect(decodeErrorOf(() => parseAddressLookupTable(good.subarray(0, good.length - 1)))).toMatchObject({
      field: 'addresses',
      offset: 56,
    });
    expect(decodeErrorOf(() => parseAddressLookupTable(concat(good, [0])))).toMatchObject({ field: 'addresses' });
    // Without an authority the meta needs 24 bytes, but the addresses still start at 56.
    const noAuthority = tableBytes({
      deactivationSlot: 5n,
      lastExtendedSlot: 6n,
      startIndex: 1,
      authority: null,
      addresses: [],
    });
    expect(decodeErrorOf(() => parseAddressLookupTable(noAuthority.subarray(0, 40)))).toMatchObject({
      field: 'addresses',
      offset: 40,
    });
    expect(decodeErrorOf(() => parseAddressLookupTable(noAuthority.subarray(0, 23)))).toMatchObject({
      field: 'padding',
    });
    const badTag = Uint8Array.from(noAuthority);
    badTag[21] = 2;
    expect(decodeErrorOf(() => parseAddressLookupTable(badTag))).toMatchObject({ field: 'authority', offset: 21 });
    const unknown = Uint8Array.from(noAuthority);
    unknown[0] = 2;
    expect(decodeErrorOf(() => parseAddressLookupTable(unknown))).toMatchObject({ field: 'type', offset: 0 });
  });

  it('ignores what the padding holds', () => {
    const bytes = tableBytes({
      deactivationSlot: 5n,
      lastExtendedSlot: 6n,
      startIndex: 1,
      authority: null,
      addresses: [key(4)],
    });
    const dirty = Uint8Array.from(bytes);
    dirty.fill(0xee, 22, 56);
    expect(parseAddressLookupTable(dirty)).toStrictEqual(parseAddressLookupTable(bytes));
  });
});

describe('parseAddressLookupTable: properties', () => {
  const keyArb = fc.uint8Array({ minLength: 32, maxLength: 32 });
  const table = fc.record({
    deactivationSlot: fc.bigInt({ min: 0n, max: U64_MAX }),
    lastExtendedSlot: fc.bigInt({ min: 0n, max: U64_MAX }),
    startIndex: fc.integer({ min: 0, max: 255 }),
    authority: fc.option(keyArb, { nil: null }),
    addresses: fc.array(keyArb, { maxLength: 8 }),
  });
  const check = (parsed: unknown, space: number) =>
    parsedAddressLookupTableProgram().check({ program: 'address-lookup-table', parsed, space });

  it(
    'any bytes give a value or a DecodeError, and every value validates',
    () => {
      const bytes = fc.oneof(
        fc.uint8Array({ maxLength: 140 }),
        fc
          .tuple(fc.integer({ min: 0, max: 2 }), fc.uint8Array({ maxLength: 140 }))
          .map(([tag, rest]) => concat(le.u32(tag), rest)),
      );
      fc.assert(
        fc.property(bytes, (input) => {
          const result = resultOrDecodeError(parseAddressLookupTable, input);
          if (!(result instanceof Error)) expect(check(result, input.length)).toBe(true);
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it(
    'a valid table round-trips, validates, and equals what the client reads from agave-style JSON',
    () => {
      fc.assert(
        fc.property(table, (input) => {
          const bytes = tableBytes(input);
          const parsed = parseAddressLookupTable(bytes);
          expect(parsed).toStrictEqual({
            type: 'lookupTable',
            info: {
              deactivationSlot: input.deactivationSlot.toString(),
              lastExtendedSlot: input.lastExtendedSlot.toString(),
              lastExtendedSlotStartIndex: input.startIndex,
              ...(input.authority ? { authority: encodeBase58(input.authority) } : {}),
              addresses: input.addresses.map(encodeBase58),
            },
          });
          expect(check(parsed, bytes.length)).toBe(true);
          const data = { program: 'address-lookup-table', parsed, space: bytes.length };
          expect(parseJson(agaveJsonText(data))).toStrictEqual(data);
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it('the schema refuses what agave never writes', () => {
    const parsed = parseAddressLookupTable(
      tableBytes({ deactivationSlot: 1n, lastExtendedSlot: 2n, startIndex: 3, authority: key(1), addresses: [key(2)] }),
    ) as { type: string; info: Record<string, unknown> };
    expect(check(parsed, 88)).toBe(true);
    expect(check({ type: 'uninitialized' }, 56)).toBe(true);
    expect(check({ type: 'closed' }, 56)).toBe(false);
    expect(check({ ...parsed, info: { ...parsed.info, deactivationSlot: 1 } }, 88)).toBe(false);
    expect(check({ ...parsed, info: { ...parsed.info, authority: null } }, 88)).toBe(false);
    expect(check({ ...parsed, info: { ...parsed.info, lastExtendedSlotStartIndex: '3' } }, 88)).toBe(false);
  });
});
