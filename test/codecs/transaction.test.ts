import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { decodeBase64 } from '../../src/codecs/base64.js';
import { decodeTransaction } from '../../src/codecs/transaction.js';
import { DecodeError } from '../../src/errors/DecodeError.js';
import { InvalidInputError } from '../../src/errors/InvalidInputError.js';
import { isSolRpcError } from '../../src/errors/isSolRpcError.js';
import { encodeLength, encodeTransaction } from '../../src/testing/encodeTransaction.js';
import type { DecodedTransaction, TransactionVersion } from '../../src/types/transaction.js';
import { startWorkClock } from '../support/workTime.js';

// Property runs are fixed in number and seeded from the environment when set, so a failure reproduces.
const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const runs = Number(process.env.FC_RUNS ?? 2000);
console.info(`fast-check seed ${seed}, ${runs} runs`);
/** Property tests build and base58-encode hundreds of bytes per run: give them time in proportion. */
const propertyTimeout = Math.max(10_000, runs * 10);

interface Fixture {
  params: unknown[];
  responseText: string;
  expect: Record<string, string>;
}

function fixture(name: string): Fixture {
  return JSON.parse(readFileSync(new URL(`../fixtures/conformance/${name}`, import.meta.url), 'utf8'));
}

/** The json encoding's transaction, with `stackHeight` (which the wire does not carry) taken off. */
function jsonTransaction(name: string): { transaction: Omit<DecodedTransaction, 'version'>; version: unknown } {
  const result = JSON.parse(fixture(name).responseText).result;
  const { message } = result.transaction;
  message.instructions = message.instructions.map(({ stackHeight, ...instruction }: { stackHeight: unknown }) => {
    expect(stackHeight).toBe(1);
    return instruction;
  });
  return { transaction: result.transaction, version: result.version };
}

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

const LEGACY = fixture('getTransaction.base64.legacy.json');
const V0 = fixture('getTransaction.base64.v0.json');
const legacyBytes = hexBytes(LEGACY.expect['transaction.hex']!);
const v0Bytes = hexBytes(V0.expect['transaction.hex']!);

/** The DecodeError `decodeTransaction` throws for `bytes`; fails the test on a result or any other error. */
function decodeError(bytes: Uint8Array): DecodeError {
  try {
    decodeTransaction(bytes);
  } catch (error) {
    if (error instanceof DecodeError) return error;
    throw error;
  }
  throw new Error('expected a DecodeError, got a result');
}

/** Decodes, and when that succeeds proves the result encodes back to exactly the same bytes. */
function decodeOrDecodeError(bytes: Uint8Array): DecodedTransaction | DecodeError {
  let decoded: DecodedTransaction;
  try {
    decoded = decodeTransaction(bytes);
  } catch (error) {
    if (!(error instanceof DecodeError)) throw error;
    expect(error.offset).toBeGreaterThanOrEqual(0);
    expect(error.offset).toBeLessThanOrEqual(bytes.length);
    return error;
  }
  // Only canonical bytes decode: no aliases, no trailing bytes, so re-encoding gives them back.
  expect(encodeTransaction(decoded)).toEqual(bytes);
  return decoded;
}

describe('decodeTransaction: real transactions', () => {
  it.each([
    ['legacy', LEGACY, legacyBytes],
    ['v0', V0, v0Bytes],
  ])('decodes the %s fixture as its expect table says', (_name, c, bytes) => {
    const result = JSON.parse(c.responseText).result;
    // The fixture's base64 and hex are the same bytes.
    expect(decodeBase64(result.transaction[0])).toEqual(bytes);

    const decoded = decodeTransaction(bytes);
    expect(String(decoded.version)).toBe(c.expect.version);
    expect(decoded.version).toBe(result.version);
    const checked = Object.entries(c.expect).filter(([path]) => path.startsWith('transaction.decoded.'));
    expect(checked.length).toBeGreaterThanOrEqual(4);
    for (const [path, want] of checked) {
      expect(decodedField(decoded, path.slice('transaction.decoded.'.length)), path).toBe(want);
    }
  });

  it('decodes the legacy transaction exactly as the json encoding shows it, with no addressTableLookups', () => {
    const decoded = decodeTransaction(legacyBytes);
    // Asked without maxSupportedTransactionVersion, the node leaves `version` out; with it, 'legacy'.
    const plain = jsonTransaction('getTransaction.json.legacy.json');
    expect(plain.version).toBeUndefined();
    const versioned = jsonTransaction('getTransaction.json.legacy-max-version-0.json');
    expect(versioned.version).toBe('legacy');
    expect(decoded.version).toBe('legacy');
    for (const json of [plain, versioned]) {
      expect({ signatures: decoded.signatures, message: decoded.message }).toStrictEqual(json.transaction);
    }
    expect(Object.keys(decoded.message).sort()).toEqual(['accountKeys', 'header', 'instructions', 'recentBlockhash']);
    expect(decoded.message.instructions).toHaveLength(3);
  });

  it('decodes the v0 transaction exactly as the json encoding shows it, lookups included', () => {
    const decoded = decodeTransaction(v0Bytes);
    const json = jsonTransaction('getTransaction.json.v0-lookup-table.json');
    expect(json.version).toBe(0);
    expect(decoded.version).toBe(0);
    expect({ signatures: decoded.signatures, message: decoded.message }).toStrictEqual(json.transaction);
    expect(decoded.message.addressTableLookups).toEqual([
      { accountKey: 'YhXoxfj68EyeYsaXyNLTRZvkuze2kh74hsr1Hkdto88', writableIndexes: [1], readonlyIndexes: [2, 3, 4] },
    ]);
  });

  it('re-encodes both fixtures to their own bytes', () => {
    expect(encodeTransaction(decodeTransaction(legacyBytes))).toEqual(legacyBytes);
    expect(encodeTransaction(decodeTransaction(v0Bytes))).toEqual(v0Bytes);
  });

  it('reads a Buffer, and a view that starts inside a larger buffer, by the view', () => {
    expect(decodeTransaction(Buffer.from(v0Bytes))).toEqual(decodeTransaction(v0Bytes));
    const padded = new Uint8Array(v0Bytes.length + 10).fill(0xee);
    padded.set(v0Bytes, 5);
    const view = padded.subarray(5, 5 + v0Bytes.length);
    expect(decodeTransaction(view)).toEqual(decodeTransaction(v0Bytes));
    const cut = decodeError(padded.subarray(5, 5 + 100));
    expect(cut.field).toBe('message.accountKeys.0');
    expect(cut.offset).toBe(70); // relative to the view, not the buffer
  });

  it('fails on every truncation of the fixtures, within the bytes it was given', () => {
    for (const bytes of [legacyBytes, v0Bytes]) {
      for (let length = 0; length < bytes.length; length++) {
        const error = decodeError(bytes.subarray(0, length));
        expect(error.offset).toBeLessThanOrEqual(length);
      }
    }
  });
});

/** A path of the fixtures' `transaction.decoded.*` table, read from a decoded transaction. */
function decodedField(decoded: DecodedTransaction, path: string): string {
  // The table names the message's version and, for v0, its static keys in the SDK's words.
  const aliases: Record<string, string> = {
    'message.version': 'version',
    'message.staticAccountKeys': 'message.accountKeys',
  };
  let value: unknown = decoded;
  for (const segment of (aliases[path] ?? path).split('.')) {
    value = (value as Record<string, unknown> | undefined)?.[segment];
  }
  return Array.isArray(value) ? value.join(',') : String(value);
}

const base58Of = (size: number) => fc.uint8Array({ minLength: size, maxLength: size }).map(encodeBase58);
const u8 = fc.integer({ min: 0, max: 255 });

/** Transactions whose headers agree with their signatures and keys; indexes and data are random. */
const validTransaction: fc.Arbitrary<DecodedTransaction> = fc
  .record({
    version: fc.constantFrom<TransactionVersion>('legacy', 0),
    signers: fc.integer({ min: 1, max: 6 }),
    nonSigners: fc.integer({ min: 0, max: 40 }),
  })
  .chain(({ version, signers, nonSigners }) =>
    fc
      .record({
        signatures: fc.array(base58Of(64), { minLength: signers, maxLength: signers }),
        // The fee payer, the first signer, is always writable.
        numReadonlySignedAccounts: fc.integer({ min: 0, max: signers - 1 }),
        numReadonlyUnsignedAccounts: fc.integer({ min: 0, max: nonSigners }),
        accountKeys: fc.array(base58Of(32), { minLength: signers + nonSigners, maxLength: signers + nonSigners }),
        recentBlockhash: base58Of(32),
        instructions: fc.array(
          fc.record({
            programIdIndex: u8,
            // size 'max': fast-check otherwise keeps lists to about 10 items, and lengths from 128 take 2 bytes.
            accounts: fc.array(u8, { maxLength: 160, size: 'max' }),
            data: fc.uint8Array({ maxLength: 300, size: 'max' }).map(encodeBase58),
          }),
          { maxLength: 4 },
        ),
        addressTableLookups: fc.array(
          fc.record({
            accountKey: base58Of(32),
            writableIndexes: fc.array(u8, { maxLength: 20 }),
            readonlyIndexes: fc.array(u8, { maxLength: 20 }),
          }),
          { maxLength: 4 },
        ),
      })
      .map(({ signatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts, addressTableLookups, ...rest }) => {
        // fc.record makes null-prototype objects; the decoder makes plain ones, which toStrictEqual tells apart.
        const message = {
          header: { numRequiredSignatures: signers, numReadonlySignedAccounts, numReadonlyUnsignedAccounts },
          accountKeys: rest.accountKeys,
          recentBlockhash: rest.recentBlockhash,
          instructions: rest.instructions.map((instruction) => ({ ...instruction })),
        };
        return {
          signatures,
          message:
            version === 0 ? { ...message, addressTableLookups: addressTableLookups.map((l) => ({ ...l })) } : message,
          version,
        };
      }),
  );

describe('decodeTransaction: properties', () => {
  it(
    'decodes every valid legacy and v0 transaction back to what was encoded',
    () => {
      fc.assert(
        fc.property(validTransaction, (tx) => {
          expect(decodeTransaction(encodeTransaction(tx))).toStrictEqual(tx);
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it(
    'returns or throws DecodeError for any bytes, and what it returns re-encodes to them',
    () => {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 1500 }), (bytes) => {
          decodeOrDecodeError(bytes);
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  /** Byte edits: overwrite at a position, delete one, or insert one. */
  const edits = fc.array(fc.record({ kind: fc.constantFrom('set', 'delete', 'insert'), at: fc.nat(), value: u8 }), {
    minLength: 1,
    maxLength: 4,
  });
  function applyEdits(bytes: Uint8Array, list: { kind: string; at: number; value: number }[]): Uint8Array {
    const out = [...bytes];
    for (const { kind, at, value } of list) {
      const i = at % (out.length + 1);
      if (kind === 'insert') out.splice(i, 0, value);
      else if (i < out.length) {
        if (kind === 'delete') out.splice(i, 1);
        else out[i] = value;
      }
    }
    return Uint8Array.from(out);
  }

  it(
    'meets edits of the real fixtures with a DecodeError or a valid result',
    () => {
      fc.assert(
        fc.property(fc.constantFrom(legacyBytes, v0Bytes), edits, (bytes, list) => {
          decodeOrDecodeError(applyEdits(bytes, list));
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it(
    'meets edits of random valid transactions with a DecodeError or a valid result',
    () => {
      fc.assert(
        fc.property(validTransaction, edits, (tx, list) => {
          decodeOrDecodeError(applyEdits(encodeTransaction(tx), list));
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it('refuses any byte appended to the fixtures, at the end of the message', () => {
    fc.assert(
      fc.property(fc.constantFrom(legacyBytes, v0Bytes), u8, (bytes, extra) => {
        const error = decodeError(Uint8Array.from([...bytes, extra]));
        expect({ field: error.field, offset: error.offset }).toEqual({ field: 'message', offset: bytes.length });
      }),
      { seed, numRuns: Math.min(runs, 500) },
    );
  });
});

// Hand-built transactions, so every offset below can be counted.
const sig = new Uint8Array(64).fill(7);
const keyA = new Uint8Array(32).fill(1);
const keyB = new Uint8Array(32).fill(2);
const hash = new Uint8Array(32).fill(3);
const table = new Uint8Array(32).fill(4);

function wire(...parts: (number | ArrayLike<number>)[]): Uint8Array {
  return Uint8Array.from(parts.flatMap((part) => (typeof part === 'number' ? [part] : Array.from(part))));
}

// Legacy: 0 signature count, 1 signature, 65 header, 68 key count, 69 keys, 133 blockhash,
// 165 instruction count, 166 instruction 0 (programIdIndex, accounts 167-168, data 169-171); 172 bytes.
const legacyKeys = [1, sig, 1, 0, 1, 2, keyA, keyB] as const;
const legacyTx = wire(...legacyKeys, hash, 1, [1, 1, 0, 2, 0xaa, 0xbb]);
// v0: 65 prefix, 66 header, 69 key count, 70 key, 102 blockhash, 134 instruction count (0),
// 135 lookup count, 136 table key, 168 writable count, 169 writable, 170 readonly count, 171 readonly; 173 bytes.
const v0Tx = wire(1, sig, 0x80, 1, 0, 0, 1, keyA, hash, 0, 1, table, 1, 0, 2, 5, 6);

describe('decodeTransaction: errors', () => {
  it('decodes the hand-built transactions the error cases start from', () => {
    expect(legacyTx.length).toBe(172);
    expect(decodeTransaction(legacyTx).message.instructions).toEqual([
      { programIdIndex: 1, accounts: [0], data: encodeBase58(Uint8Array.of(0xaa, 0xbb)) },
    ]);
    expect(v0Tx.length).toBe(173);
    expect(decodeTransaction(v0Tx).message.addressTableLookups).toEqual([
      { accountKey: encodeBase58(table), writableIndexes: [0], readonlyIndexes: [5, 6] },
    ]);
  });

  it.each<[string, Uint8Array, string, number, RegExp]>([
    // Truncation
    ['no bytes', wire(), 'signatures', 0, /end before its length/],
    ['a signature cut short', wire(1, sig.subarray(0, 10)), 'signatures.0', 1, /needs 64 bytes, 10 remain/],
    ['the second signature cut short', wire(2, sig, sig.subarray(0, 5)), 'signatures.1', 65, /needs 64 bytes/],
    ['no message', wire(1, sig), 'message', 65, /bytes end here/],
    ['a legacy header cut short', wire(1, sig, 1, 0), 'message.header.numReadonlyUnsignedAccounts', 67, /end/],
    ['a v0 header cut short', wire(1, sig, 0x80), 'message.header.numRequiredSignatures', 66, /end/],
    ['no key count', wire(1, sig, 1, 0, 0), 'message.accountKeys', 68, /end before its length/],
    [
      'key 3 cut short',
      wire(1, sig, 1, 0, 0, 5, keyA, keyA, keyA, keyA.subarray(0, 7)),
      'message.accountKeys.3',
      165,
      /7 remain/,
    ],
    [
      '60,000 keys with 10 bytes left',
      wire(1, sig, 1, 0, 0, encodeLength(60_000), new Uint8Array(10)),
      'message.accountKeys.0',
      71,
      /needs 32 bytes, 10 remain/,
    ],
    [
      'the blockhash cut short',
      wire(...legacyKeys, hash.subarray(0, 31)),
      'message.recentBlockhash',
      133,
      /needs 32 bytes, 31 remain/,
    ],
    ['no instruction count', wire(...legacyKeys, hash), 'message.instructions', 165, /end before its length/],
    [
      'more instructions than bytes could hold',
      wire(...legacyKeys, hash, 5, 1, 0, 0),
      'message.instructions',
      166,
      /length of 5 needs at least 15 more bytes, 3 remain/,
    ],
    [
      'an instruction without a data length',
      wire(...legacyKeys, hash, 2, [1, 0, 0], [1, 1, 0]),
      'message.instructions.1.data',
      172,
      /end before its length/,
    ],
    [
      'instruction data cut short',
      wire(...legacyKeys, hash, 2, [1, 1, 0, 2, 0xaa, 0xbb], [1, 0, 5, 0xcc, 0xdd]),
      'message.instructions.1.data',
      175,
      /length of 5 needs at least 5 more bytes, 2 remain/,
    ],
    [
      'instruction accounts cut short',
      wire(...legacyKeys, hash, 1, 1, 9, 0, 0),
      'message.instructions.0.accounts',
      168,
      /length of 9/,
    ],
    [
      'v0 without a lookup count',
      wire(1, sig, 0x80, 1, 0, 0, 1, keyA, hash, 0),
      'message.addressTableLookups',
      135,
      /end before its length/,
    ],
    [
      'more lookups than bytes could hold',
      wire(1, sig, 0x80, 1, 0, 0, 1, keyA, hash, 0, 2, table, 0, 0),
      'message.addressTableLookups',
      136,
      /length of 2 needs at least 68 more bytes, 34 remain/,
    ],
    [
      'a lookup key cut short',
      wire(1, sig, 0x80, 1, 0, 0, 1, keyA, hash, 0, 1, table.subarray(0, 20)),
      'message.addressTableLookups',
      136,
      /needs at least 34 more bytes, 20 remain/,
    ],
    [
      'readonly indexes cut short',
      wire(1, sig, 0x80, 1, 0, 0, 1, keyA, hash, 0, 1, table, 1, 0, 3, 1),
      'message.addressTableLookups.0.readonlyIndexes',
      171,
      /length of 3 needs at least 3 more bytes, 1 remain/,
    ],
    // Trailing bytes
    ['a byte after a legacy message', wire(legacyTx, 0xff), 'message', 172, /1 bytes follow the end of the message/],
    ['bytes after a v0 message', wire(v0Tx, 1, 2, 3), 'message', 173, /3 bytes follow/],
    ['an empty lookup list after a legacy message (legacy has none)', wire(legacyTx, 0), 'message', 172, /follow/],
    // Lengths (compact-u16)
    ['a length cut short', wire(0x80), 'signatures', 0, /cut short/],
    ['a length cut short after two bytes', wire(0xff, 0xff), 'signatures', 0, /cut short/],
    ['a two-byte alias of 0', wire(0x80, 0x00), 'signatures', 0, /shortest encoding/],
    ['a three-byte alias of 1', wire(0x81, 0x80, 0x00), 'signatures', 0, /shortest encoding/],
    ['a three-byte alias of 0x3fff', wire(0xff, 0xff, 0x00), 'signatures', 0, /shortest encoding/],
    ['a length of 0x10000', wire(0x80, 0x80, 0x04), 'signatures', 0, /16 bits/],
    ['a length that continues past byte three', wire(0x80, 0x80, 0x80, 0x00), 'signatures', 0, /16 bits/],
    [
      'the largest length, with nothing after it',
      wire(0xff, 0xff, 0x03),
      'signatures.0',
      3,
      /needs 64 bytes, 0 remain/,
    ],
    [
      'an aliased key count',
      wire(1, sig, 1, 0, 1, 0x82, 0x00, keyA, keyB, hash, 0),
      'message.accountKeys',
      68,
      /shortest encoding/,
    ],
    [
      'aliased instruction accounts',
      wire(...legacyKeys, hash, 1, 1, 0x81, 0x00, 0, 0),
      'message.instructions.0.accounts',
      167,
      /shortest encoding/,
    ],
    [
      'aliased instruction data',
      wire(...legacyKeys, hash, 1, 1, 0, 0x80, 0x80, 0x00),
      'message.instructions.0.data',
      168,
      /shortest encoding/,
    ],
    [
      'aliased writable indexes',
      wire(1, sig, 0x80, 1, 0, 0, 1, keyA, hash, 0, 1, table, 0x80, 0x00, 0),
      'message.addressTableLookups.0.writableIndexes',
      168,
      /shortest encoding/,
    ],
    // Versions
    [
      'message version 1',
      wire(1, sig, 0x81, 1, 0, 0, 1, keyA, hash, 0, 0),
      'version',
      65,
      /unsupported message version 1$/,
    ],
    [
      'message version 127 (off-chain messages)',
      wire(1, sig, 0xff),
      'version',
      65,
      /version 127 \(0xff starts an off-chain message\)/,
    ],
    // Header against signatures and keys
    [
      'a legacy header asking for 2 signatures of 1',
      wire(1, sig, 2, 0, 0, 2, keyA, keyB, hash, 0),
      'message.header.numRequiredSignatures',
      65,
      /requires 2 signatures but the transaction carries 1/,
    ],
    [
      'a v0 header asking for 1 signature of 2',
      wire(2, sig, sig, 0x80, 1, 0, 0, 2, keyA, keyB, hash, 0, 0),
      'message.header.numRequiredSignatures',
      130,
      /requires 1 signatures but the transaction carries 2/,
    ],
    [
      'no signatures but a header asking for one',
      wire(0, 1, 0, 0, 1, keyA, hash, 0),
      'message.header.numRequiredSignatures',
      1,
      /carries 0/,
    ],
    [
      'more read-only signers than signers',
      wire(1, sig, 1, 2, 0, 2, keyA, keyB, hash, 0),
      'message.header.numReadonlySignedAccounts',
      66,
      /2 read-only signers of 1: the fee payer must be a writable signer/,
    ],
    [
      'a read-only fee payer (as many read-only signers as signers)',
      wire(1, sig, 1, 1, 0, 2, keyA, keyB, hash, 0),
      'message.header.numReadonlySignedAccounts',
      66,
      /1 read-only signers of 1/,
    ],
    [
      'more read-only signers than signers (v0)',
      wire(1, sig, 0x80, 1, 2, 0, 2, keyA, keyB, hash, 0, 0),
      'message.header.numReadonlySignedAccounts',
      67,
      /2 read-only signers/,
    ],
    ['no account keys', wire(1, sig, 1, 0, 0, 0, hash, 0), 'message.accountKeys', 68, /at least one key/],
    [
      'no signatures and no signers',
      wire(0, 0, 0, 0, 0, hash, 0),
      'message.header.numReadonlySignedAccounts',
      2,
      /the fee payer must be a writable signer/,
    ],
    [
      'more signers than keys',
      wire(2, sig, sig, 2, 0, 0, 1, keyA, hash, 0),
      'message.header.numRequiredSignatures',
      129,
      /2 signers but only 1 account keys/,
    ],
    [
      'more read-only non-signers than non-signers',
      wire(1, sig, 1, 0, 2, 2, keyA, keyB, hash, 0),
      'message.header.numReadonlyUnsignedAccounts',
      67,
      /2 read-only non-signers but only 1 non-signing keys/,
    ],
    [
      'more read-only non-signers than non-signers (v0)',
      wire(1, sig, 0x80, 1, 0, 1, 1, keyA, hash, 0, 0),
      'message.header.numReadonlyUnsignedAccounts',
      68,
      /1 read-only non-signers but only 0/,
    ],
  ])('%s', (_name, bytes, field, offset, problem) => {
    const error = decodeError(bytes);
    expect({ field: error.field, offset: error.offset }).toEqual({ field, offset });
    expect(error.message).toMatch(new RegExp(`^decodeTransaction: cannot decode ${field} at byte ${offset}: `));
    expect(error.message).toMatch(problem);
    expect(error.name).toBe('DecodeError');
    expect(isSolRpcError(error, 'DecodeError')).toBe(true);
  });

  it('refuses 60,000 claimed keys without building anything for them', () => {
    const bytes = wire(1, sig, 1, 0, 0, 0xe0, 0xd4, 0x03, new Uint8Array(10));
    // ~1 ms of work when nothing is built per claimed key; building 60,000 keys 1,000 times takes seconds.
    const clock = startWorkClock();
    for (let i = 0; i < 1000; i++) decodeError(bytes);
    expect(clock.elapsedMs()).toBeLessThan(500);
  });

  it.each<[string, unknown]>([
    ['a string', '01020304'],
    ['null', null],
    ['undefined', undefined],
    ['an array of numbers', [1, 2, 3]],
    ['an ArrayBuffer', new ArrayBuffer(4)],
    ['a Uint16Array', new Uint16Array(4)],
    ['a DataView', new DataView(new ArrayBuffer(4))],
  ])('refuses %s as bytes with InvalidInputError', (_name, value) => {
    let error: unknown;
    try {
      decodeTransaction(value as Uint8Array);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).param).toBe('bytes');
    expect((error as Error).message).toMatch(/^invalid bytes: decodeTransaction expects a Uint8Array, got /);
  });
});

describe('decodeTransaction: lengths', () => {
  // solana-short-vec's own encodings of the boundary values.
  it.each<[number, number[]]>([
    [0, [0x00]],
    [0x7f, [0x7f]],
    [0x80, [0x80, 0x01]],
    [0xff, [0xff, 0x01]],
    [0x100, [0x80, 0x02]],
    [0x3fff, [0xff, 0x7f]],
    [0x4000, [0x80, 0x80, 0x01]],
    [0x7fff, [0xff, 0xff, 0x01]],
    [0xffff, [0xff, 0xff, 0x03]],
  ])('reads a length of %i encoded as %j', (length, encoded) => {
    expect(encodeLength(length)).toEqual(encoded);
    const accounts = Array.from({ length }, (_, i) => i & 0xff);
    const bytes = wire(...legacyKeys, hash, 1, 1, encoded, accounts, 0);
    expect(decodeTransaction(bytes, { maxBytes: 1 << 20 }).message.instructions[0]!.accounts).toEqual(accounts);
  });
});

describe('decodeTransaction: size limit', () => {
  it('refuses more than maxBytes before any work, and reads more when allowed', () => {
    const tx: DecodedTransaction = {
      signatures: [encodeBase58(sig)],
      message: {
        header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 0 },
        accountKeys: [encodeBase58(sig.subarray(0, 32))],
        recentBlockhash: encodeBase58(hash),
        instructions: [{ programIdIndex: 0, accounts: [], data: encodeBase58(new Uint8Array(5000).fill(1)) }],
      },
      version: 'legacy',
    };
    const bytes = encodeTransaction(tx);
    expect(() => decodeTransaction(bytes)).toThrow(/more than a transaction may hold \(4096; raise options.maxBytes\)/);
    expect(decodeTransaction(bytes, { maxBytes: 8192 })).toStrictEqual(tx);
    expect(() => decodeTransaction(bytes, { maxBytes: 0 })).toThrow(/options.maxBytes/);
  });
});

describe('decodeTransaction: large counts', () => {
  it('reads key, instruction and lookup counts that take two bytes', () => {
    const key = (i: number) => encodeBase58(Uint8Array.from({ length: 32 }, (_, j) => (i * 7 + j) & 0xff));
    const tx: DecodedTransaction = {
      signatures: [encodeBase58(sig)],
      message: {
        header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 150 },
        accountKeys: Array.from({ length: 200 }, (_, i) => key(i)),
        recentBlockhash: key(999),
        instructions: Array.from({ length: 130 }, (_, i) => ({ programIdIndex: i, accounts: [i, 0], data: '' })),
        addressTableLookups: Array.from({ length: 130 }, (_, i) => ({
          accountKey: key(i + 500),
          writableIndexes: [i],
          readonlyIndexes: [],
        })),
      },
      version: 0,
    };
    const bytes = encodeTransaction(tx);
    expect([...bytes.subarray(69, 71)]).toEqual([0xc8, 0x01]); // 200 keys
    expect(decodeTransaction(bytes, { maxBytes: 1 << 20 })).toStrictEqual(tx);
  });
});
