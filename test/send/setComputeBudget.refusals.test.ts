/**
 * What setComputeBudget refuses, each with its typed error naming the parameter: bad options (an unknown
 * key, a limit past agave's MAX_COMPUTE_UNIT_LIMIT, a price past u64), bytes that are not a message
 * (DecodeError naming the field and the byte, counted in the bytes given), a signed transaction, and a
 * result that no longer fits a transaction (1,232 bytes with its signatures, 256 addressable accounts).
 */
import { AccountRole, type Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { setComputeBudget } from '../../src/send/setComputeBudget.js';
import {
  addressOf,
  COMPUTE_BUDGET,
  kitIx,
  kitMessage,
  limitOf,
  priceOf,
  resolve,
  web3Ix,
  web3Message,
} from './budgetMessages.js';

const payer = addressOf(1);
const program = addressOf(2);
const { WRITABLE, READONLY, WRITABLE_SIGNER, READONLY_SIGNER } = AccountRole;
const legacy = kitMessage({
  payer,
  version: 'legacy',
  instructions: [
    kitIx(program, [
      [payer, WRITABLE_SIGNER],
      [addressOf(3), READONLY_SIGNER],
      [addressOf(4), WRITABLE],
    ]),
    kitIx(program, [[addressOf(5), READONLY]], [9]),
  ],
});

const refusal = (fields: Record<string, unknown>) => expect.objectContaining({ name: 'InvalidInputError', ...fields });
const method = 'setComputeBudget';

describe('options', () => {
  it.each([
    [{ unitLimit: 1_400_001 }, 'options.unitLimit', 'from 0 to 1400000'],
    [{ unitLimit: -1 }, 'options.unitLimit', 'got -1'],
    [{ unitLimit: 1.5 }, 'options.unitLimit', 'got 1.5'],
    [{ unitLimit: '100' }, 'options.unitLimit', 'got "100"'],
    [{ unitLimit: 100n }, 'options.unitLimit', 'got 100'],
    [{ unitLimit: Number.NaN }, 'options.unitLimit', 'got NaN'],
    [{ unitPrice: -1 }, 'options.unitPrice', 'non-negative integer'],
    [{ unitPrice: -1n }, 'options.unitPrice', 'non-negative integer'],
    [{ unitPrice: 0.5 }, 'options.unitPrice', 'got 0.5'],
    [{ unitPrice: 2n ** 64n }, 'options.unitPrice', 'non-negative integer'],
    [{ unitPrice: 2 ** 53 }, 'options.unitPrice', 'pass a bigint'],
    [{ unitPrice: '5' }, 'options.unitPrice', 'got "5"'],
    [{ unitLimt: 5 }, 'options.unitLimt', 'the options are unitLimit, unitPrice'],
    [{ computeUnitPrice: 5 }, 'options.computeUnitPrice', 'not an option of setComputeBudget'],
    [null, 'options', 'expected an object, got null'],
    [7, 'options', 'expected an object, got 7'],
  ])('%o is refused naming %s', (options, param, problem) => {
    expect(() => setComputeBudget(legacy, options as never)).toThrow(refusal({ method, param }));
    expect(() => setComputeBudget(legacy, options as never)).toThrow(problem);
  });

  it('takes the bounds: limits 0 and 1,400,000, prices 0, 2^53 - 1 and 2^64 - 1', () => {
    const edited = (options: object) => resolve(setComputeBudget(legacy, options)).slice(0, 2);
    expect(edited({ unitLimit: 0, unitPrice: 0 })).toEqual([limitOf(0), priceOf(0n)]);
    expect(edited({ unitLimit: 1_400_000, unitPrice: 2n ** 64n - 1n })).toEqual([
      limitOf(1_400_000),
      priceOf(2n ** 64n - 1n),
    ]);
    expect(edited({ unitLimit: 1, unitPrice: Number.MAX_SAFE_INTEGER })).toEqual([
      limitOf(1),
      priceOf(BigInt(Number.MAX_SAFE_INTEGER)),
    ]);
  });
});

describe('bytes', () => {
  it.each([['text'], [null], [[1, 2, 3]], [new ArrayBuffer(8)]])('%o is not a message', (message) => {
    expect(() => setComputeBudget(message as never, {})).toThrow(refusal({ method, param: 'message' }));
  });

  it.each([
    ['empty', new Uint8Array(0), 'message', 0, 'the bytes end here'],
    [
      'cut short',
      legacy.subarray(0, legacy.length - 1),
      'message.instructions.1.data',
      legacy.length - 1,
      'a length of 1',
    ],
    ['with a byte after it', Uint8Array.from([...legacy, 0]), 'message', legacy.length, '1 bytes follow'],
    ['of version 1', Uint8Array.from([0x81, ...legacy]), 'version', 0, 'unsupported message version 1'],
    [
      'without signers',
      Uint8Array.from([0, ...legacy.subarray(1)]),
      'message.header.numReadonlySignedAccounts',
      1,
      'fee payer',
    ],
  ])('a message %s: DecodeError naming the field and byte', (_, bytes, field, offset, problem) => {
    expect(() => setComputeBudget(bytes, { unitPrice: 1 })).toThrow(
      expect.objectContaining({ name: 'DecodeError', field, offset }),
    );
    expect(() => setComputeBudget(bytes, { unitPrice: 1 })).toThrow(problem);
  });

  it('a signed legacy transaction is refused, naming its first signature', () => {
    const signed = Uint8Array.from([2, ...new Uint8Array(128).fill(3), ...legacy]);
    expect(() => setComputeBudget(signed, { unitLimit: 1 })).toThrow(
      refusal({
        method,
        param: 'message.signatures.0',
        hint: 'set the compute budget on the unsigned message, then sign it.',
      }),
    );
  });
});

describe('what a transaction can hold', () => {
  /** A legacy message whose one instruction carries `size` bytes of data. */
  const sized = (size: number) =>
    kitMessage({
      payer,
      version: 'legacy',
      instructions: [kitIx(program, [[payer, WRITABLE_SIGNER]], new Array(size).fill(1))],
    });

  it('refuses a result past 1,232 bytes with its signatures, and takes one at exactly 1,232', () => {
    const base = sized(0).length; // one signer: 65 bytes of signatures in front
    // Room for the key and one SetComputeUnitLimit (3 + 5 bytes); the data's length takes two bytes.
    const full = sized(1232 - 65 - base - 1 - 32 - 3 - 5);
    expect(65 + setComputeBudget(full, { unitLimit: 1 }).length).toBe(1232);
    expect(() => setComputeBudget(full, { unitLimit: 1, unitPrice: 1 })).toThrow(refusal({ method, param: 'message' }));
    expect(() => setComputeBudget(full, { unitLimit: 1, unitPrice: 1 })).toThrow('more than the 1232 a packet holds');
    expect(() => setComputeBudget(new Uint8Array(1233), {})).toThrow(refusal({ method, param: 'message' }));
  });

  /** A v0 message addressing `looked` accounts from one table, and two static keys (payer, program). */
  const addressing = (looked: number, withBudget = false) => {
    const entries = Array.from({ length: looked }, (_, i) => addressOf(1000 + i));
    const table = addressOf(99);
    const instructions = [
      kitIx(
        program,
        entries.map((entry, i): [Address, AccountRole] => [entry, i % 2 ? READONLY : WRITABLE]),
      ),
      ...(withBudget ? [kitIx(COMPUTE_BUDGET as Address, [], [3, 0, 0, 0, 0, 0, 0, 0, 0])] : []),
    ];
    const tables = { [table]: entries };
    // web3.js, as kit refuses to compile more than 64 accounts (agave's lock limit, not the format's).
    return { bytes: web3Message(payer, instructions.map(web3Ix), tables), tables };
  };

  it('adds the program as the 256th account, the last an index can name', () => {
    const { bytes, tables } = addressing(253);
    const before = resolve(bytes, tables);
    expect(resolve(setComputeBudget(bytes, { unitPrice: 5n }), tables)).toEqual([priceOf(5n), ...before]);
  });

  it('refuses to add a 257th account, and edits in place when the program is there', () => {
    const { bytes } = addressing(254);
    expect(() => setComputeBudget(bytes, { unitPrice: 5n })).toThrow(refusal({ method, param: 'message' }));
    expect(() => setComputeBudget(bytes, { unitPrice: 5n })).toThrow('256');
    expect(setComputeBudget(bytes, {})).toEqual(bytes);
    const present = addressing(253, true);
    const before = resolve(present.bytes, present.tables);
    expect(resolve(setComputeBudget(present.bytes, { unitPrice: 5n }), present.tables)).toEqual([
      before[0],
      priceOf(5n),
    ]);
  });
});
