/**
 * setComputeBudget over messages compiled by @solana/kit and @solana/web3.js, each result decoded again
 * by both (kit's decoder and decompile, web3.js' VersionedMessage and TransactionMessage.decompile with
 * the lookup tables): every instruction keeps its program, its accounts (lookup-resolved, with signer and
 * writable flags) and its data, and the compute budget ones are exactly where and what they should be.
 */
import {
  AccountRole,
  type Address,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { setComputeBudget } from '../../src/send/setComputeBudget.js';
import {
  addressOf,
  COMPUTE_BUDGET,
  kitHeap,
  kitIx,
  kitLimit,
  kitLoadedLimit,
  kitMessage,
  kitPrice,
  limitOf,
  priceOf,
  resolve,
  SYSTEM,
  web3Ix,
  web3Message,
} from './budgetMessages.js';

const payer = addressOf(1);
const cosigner = addressOf(2);
const program = addressOf(3);
const [writable, readonly, tableWritable, tableReadonly, other] = [4, 5, 6, 7, 8].map(addressOf) as [
  Address,
  Address,
  Address,
  Address,
  Address,
];
const table = addressOf(100);
const tables = { [table]: [tableWritable, tableReadonly, other] as Address[] };
const { WRITABLE, READONLY, WRITABLE_SIGNER, READONLY_SIGNER } = AccountRole;

/** A mix of signers, writable and read-only accounts, two of them from the lookup table when compressed. */
const work = [
  kitIx(program, [
    [payer, WRITABLE_SIGNER],
    [cosigner, READONLY_SIGNER],
    [writable, WRITABLE],
    [readonly, READONLY],
  ]),
  kitIx(program, [
    [tableWritable, WRITABLE],
    [tableReadonly, READONLY],
    [payer, WRITABLE_SIGNER],
  ]),
  kitIx(addressOf(9), [[tableReadonly, READONLY]], [9]),
];

/** The work instructions read back from a message without compute budget, the reference each result is held to. */
const plain = (version: 'legacy' | 0) =>
  resolve(kitMessage({ payer, instructions: work, version, tables: version === 0 ? tables : undefined }), tables);

describe('messages compiled by kit', () => {
  for (const version of ['legacy', 0] as const) {
    const withTables = version === 0 ? tables : undefined;

    it(`${version}: adds the program and both instructions first; every other instruction reads the same`, () => {
      const bytes = kitMessage({ payer, instructions: work, version, tables: withTables });
      const before = resolve(bytes, tables);
      const copy = bytes.slice();
      const edited = setComputeBudget(bytes, { unitLimit: 200_000, unitPrice: 12_345n });
      expect(bytes).toEqual(copy); // the input is not changed
      expect(resolve(edited, tables)).toEqual([limitOf(200_000), priceOf(12_345n), ...before]);
      expect(edited.length).toBe(bytes.length + 32 + 2 * 3 + 5 + 9);
    });

    it(`${version}: replaces existing ones in place, keeps heap frame and loaded-accounts limit`, () => {
      const [first, second, third] = work as [never, never, never];
      const instructions = [
        first,
        kitHeap(64 * 1024),
        second,
        kitPrice(1n),
        kitLimit(50_000),
        kitLoadedLimit(9_000),
        third,
      ];
      const bytes = kitMessage({ payer, instructions, version, tables: withTables });
      const before = resolve(bytes, tables);
      const edited = setComputeBudget(bytes, { unitLimit: 300_000, unitPrice: 2n ** 64n - 1n });
      const after = resolve(edited, tables);
      expect(after).toEqual([...before.slice(0, 3), priceOf(2n ** 64n - 1n), limitOf(300_000), ...before.slice(5)]);
      expect(edited.length).toBe(bytes.length); // in place, no key added
    });

    it(`${version}: removes duplicates, keeping the first place`, () => {
      const instructions = [work[0]!, kitLimit(1), kitPrice(5n), work[1]!, kitLimit(2), kitPrice(6n), kitLimit(3)];
      const bytes = kitMessage({ payer, instructions, version, tables: withTables });
      const before = resolve(bytes, tables);
      expect(resolve(setComputeBudget(bytes, { unitLimit: 10, unitPrice: 20n }), tables)).toEqual([
        before[0],
        limitOf(10),
        priceOf(20n),
        before[3],
      ]);
      // Left out, the first one's value is kept and its copies still go: agave refuses a transaction with two.
      expect(resolve(setComputeBudget(bytes, {}), tables)).toEqual([before[0], limitOf(1), priceOf(5n), before[3]]);
    });

    it(`${version}: an option left out keeps the existing instruction and its value, or adds none`, () => {
      const bytes = kitMessage({ payer, instructions: [...work, kitLimit(77_000)], version, tables: withTables });
      const before = resolve(bytes, tables);
      expect(resolve(setComputeBudget(bytes, { unitPrice: 3 }), tables)).toEqual([priceOf(3n), ...before]);
      expect(resolve(setComputeBudget(bytes, { unitLimit: 5 }), tables)).toEqual([...before.slice(0, 3), limitOf(5)]);
      const bare = kitMessage({ payer, instructions: work, version, tables: withTables });
      expect(setComputeBudget(bare, {})).toEqual(bare);
      expect(setComputeBudget(bare, { unitLimit: undefined })).toEqual(bare);
      expect(resolve(setComputeBudget(bare, { unitLimit: 0 }), tables)).toEqual([limitOf(0), ...plain(version)]);
    });

    it(`${version}: keeps a durable nonce's AdvanceNonceAccount first`, () => {
      const nonce = { account: addressOf(20), authority: cosigner };
      const bytes = kitMessage({ payer, instructions: work, version, tables: withTables, nonce });
      const before = resolve(bytes, tables);
      expect(before[0]?.program).toBe(SYSTEM);
      const edited = setComputeBudget(bytes, { unitLimit: 1_400_000, unitPrice: 1 });
      expect(resolve(edited, tables)).toEqual([before[0], limitOf(1_400_000), priceOf(1n), ...before.slice(1)]);
      expect(setComputeBudget(edited, { unitLimit: 1_400_000, unitPrice: 1 })).toEqual(edited);
    });

    it(`${version}: applied twice is applied once, with new values replacing in place`, () => {
      const bytes = kitMessage({ payer, instructions: work, version, tables: withTables });
      const once = setComputeBudget(bytes, { unitLimit: 1_000, unitPrice: 9n });
      expect(setComputeBudget(once, { unitLimit: 1_000, unitPrice: 9n })).toEqual(once);
      const again = setComputeBudget(once, { unitLimit: 2_000, unitPrice: 8n });
      expect(again.length).toBe(once.length);
      expect(resolve(again, tables)).toEqual([limitOf(2_000), priceOf(8n), ...plain(version)]);
    });
  }

  it('v0: the program is added after the static keys, and lookup indexes move up by one', () => {
    const bytes = kitMessage({ payer, instructions: work, version: 0, tables });
    const edited = setComputeBudget(bytes, { unitPrice: 1n });
    // kit's own decoder: one more static key, the last, read-only; the lookups unchanged.
    const { staticAccounts, header, addressTableLookups, instructions } = getCompiled(bytes);
    const after = getCompiled(edited);
    expect(after.staticAccounts).toEqual([...staticAccounts, COMPUTE_BUDGET]);
    expect(after.header).toEqual({
      ...header,
      numReadonlyNonSignerAccounts: header.numReadonlyNonSignerAccounts + 1,
    });
    expect(after.addressTableLookups).toEqual(addressTableLookups);
    const looked = (indexes: readonly number[] = []) => indexes.filter((index) => index >= staticAccounts.length);
    expect(looked(instructions[1]?.accountIndices).length).toBe(2); // the table's accounts are used
    expect(after.instructions[2]?.accountIndices).toEqual(
      instructions[1]?.accountIndices?.map((index) => (index >= staticAccounts.length ? index + 1 : index)),
    );
  });
});

/** The message as kit's compiled-message decoder reads it. */
function getCompiled(bytes: Uint8Array) {
  return getCompiledTransactionMessageDecoder().decode(bytes) as unknown as {
    staticAccounts: string[];
    header: { numReadonlyNonSignerAccounts: number };
    addressTableLookups?: unknown[];
    instructions: { accountIndices?: number[] }[];
  };
}

describe('messages compiled by web3.js', () => {
  const web3Work = work.map(web3Ix);

  it('legacy: both libraries read every instruction as before, the new ones first', () => {
    const bytes = web3Message(payer, web3Work);
    const before = resolve(bytes);
    expect(resolve(setComputeBudget(bytes, { unitLimit: 600_000, unitPrice: 50_000 }))).toEqual([
      limitOf(600_000),
      priceOf(50_000n),
      ...before,
    ]);
  });

  it('v0 with a lookup table: lookup-resolved accounts unchanged', () => {
    const bytes = web3Message(payer, web3Work, tables);
    expect(bytes[0]).toBe(0x80);
    const before = resolve(bytes, tables);
    expect(before.flatMap((ix) => ix.accounts)).toContain(`${tableWritable}:${WRITABLE}`);
    const edited = setComputeBudget(bytes, { unitLimit: 600_000, unitPrice: 50_000 });
    expect(resolve(edited, tables)).toEqual([limitOf(600_000), priceOf(50_000n), ...before]);
  });

  it('v0 with web3.js compute budget instructions already in it: replaced in place', () => {
    const instructions = [...web3Work, web3Ix(kitLimit(1)), web3Ix(kitPrice(1n))];
    const bytes = web3Message(payer, instructions, tables);
    const before = resolve(bytes, tables);
    const edited = setComputeBudget(bytes, { unitLimit: 2, unitPrice: 3n });
    expect(edited.length).toBe(bytes.length);
    expect(resolve(edited, tables)).toEqual([...before.slice(0, 3), limitOf(2), priceOf(3n)]);
  });
});

describe('an unsigned wire transaction', () => {
  const unsigned = (version: 'legacy' | 0) => {
    const bytes = kitMessage({ payer, instructions: work, version, tables: version === 0 ? tables : undefined });
    return { bytes, wire: wireOf(bytes) };
  };

  it('comes back as a wire transaction, its signatures still empty', () => {
    for (const version of ['legacy', 0] as const) {
      const { bytes, wire } = unsigned(version);
      const edited = setComputeBudget(wire, { unitLimit: 1_000, unitPrice: 2n });
      const decoded = getTransactionDecoder().decode(edited);
      expect(Object.keys(decoded.signatures)).toEqual([payer, cosigner]);
      expect(Object.values(decoded.signatures)).toEqual([null, null]);
      expect(new Uint8Array(decoded.messageBytes)).toEqual(
        setComputeBudget(bytes, { unitLimit: 1_000, unitPrice: 2n }),
      );
    }
  });

  it('is refused once signed, naming the signature, with a hint to sign after', () => {
    const { wire } = unsigned(0);
    const signed = wire.slice();
    signed[1 + 64 + 5] = 1; // the second signature
    expect(() => setComputeBudget(signed, { unitPrice: 1 })).toThrow(
      expect.objectContaining({
        name: 'InvalidInputError',
        method: 'setComputeBudget',
        param: 'message.signatures.1',
        hint: 'set the compute budget on the unsigned message, then sign it.',
      }),
    );
  });
});

/** An unsigned wire transaction of the message, as kit writes one (every signature slot empty). */
function wireOf(messageBytes: Uint8Array): Uint8Array {
  const signers = messageBytes[messageBytes[0]! & 0x80 ? 1 : 0]!;
  const wire = new Uint8Array(1 + 64 * signers + messageBytes.length);
  wire[0] = signers;
  wire.set(messageBytes, 1 + 64 * signers);
  // Checked by kit's encoder: decoding and encoding again gives the same bytes.
  expect(new Uint8Array(getTransactionEncoder().encode(getTransactionDecoder().decode(wire)))).toEqual(wire);
  return wire;
}
