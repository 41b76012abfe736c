/**
 * Messages edited by setComputeBudget, signed by kit and sent to the project's test cluster, land and
 * pay the priority fee they carry: 5,000 lamports a signature plus ceil(unitPrice × unitLimit / 10^6).
 * The built-in runtime runs legacy and v0 transfers; LiteSVM (agave's own runtime code) runs them too,
 * and a v0 transfer whose recipient comes from an address lookup table, so the shifted lookup indexes and
 * the compute budget instructions are judged by the code validators run, duplicates refused included.
 * The cluster copies only static keys into LiteSVM, so the table and its entry are set in a LiteSVM of
 * the test's own.
 */
import {
  AccountRole,
  type Address,
  compileTransaction,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type Instruction,
  type KeyPairSigner,
  lamports,
  signTransaction,
} from '@solana/kit';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpc, type Rpc } from '../../src/index.js';
import { type SetComputeBudgetOptions, setComputeBudget } from '../../src/send/setComputeBudget.js';
import { startTestCluster, type TestCluster } from '../../src/testing/index.js';
import { keyOf, transferInstruction } from '../testing/ledgerKit.js';
import { addressOf, COMPUTE_BUDGET, kitLimit, kitMessageOf, kitPrice } from './budgetMessages.js';

const SOL = 1_000_000_000n;
const LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';
const table = addressOf(300);
const fromTable = addressOf(301);

/** An address lookup table account's data: its 56-byte meta (never deactivated, extended at slot 0), then the addresses. */
function lookupTableData(addresses: Address[]): Uint8Array {
  const data = new Uint8Array(56 + 32 * addresses.length);
  const view = new DataView(data.buffer);
  view.setUint32(0, 1, true); // ProgramState::LookupTable
  view.setBigUint64(4, 2n ** 64n - 1n, true); // deactivation_slot: never
  // last_extended_slot 0, its start index 0, no authority, padding: all zeros.
  for (const [i, entry] of addresses.entries()) data.set(addressBytes(entry), 56 + 32 * i);
  return data;
}
const addressBytes = (entry: Address) => {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let value = 0n;
  for (const char of entry) value = value * 58n + BigInt(alphabet.indexOf(char));
  return Uint8Array.from({ length: 32 }, (_, i) => Number((value >> BigInt(8 * (31 - i))) & 0xffn));
};

interface Landed {
  fee: bigint | undefined;
  err: unknown;
  paid: bigint;
  programs: string[];
}

/** Compiles, edits, signs with kit, sends, and reads the landed transaction back. */
async function land(
  rpc: Rpc,
  advance: () => void,
  signers: KeyPairSigner[],
  build: { instructions: Instruction[]; version: 'legacy' | 0; tables?: Record<Address, Address[]> },
  options: SetComputeBudgetOptions,
): Promise<Landed> {
  const payer = signers[0] as KeyPairSigner;
  const { value } = await rpc.getLatestBlockhash({ commitment: 'processed' });
  const compiled = compileTransaction(kitMessageOf({ payer: payer.address, blockhash: value.blockhash, ...build }));
  const edited = setComputeBudget(compiled.messageBytes, options);
  const signed = await signTransaction(
    signers.map((signer) => signer.keyPair),
    { ...compiled, messageBytes: edited as never },
  );
  const before = (await rpc.getBalance(payer.address, { commitment: 'processed' })).value;
  const signature = getSignatureFromTransaction(signed);
  await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), {
    encoding: 'base64',
    preflightCommitment: 'processed',
  });
  advance();
  const landed = await rpc.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  const after = (await rpc.getBalance(payer.address, { commitment: 'processed' })).value;
  const keys = landed?.transaction.message.accountKeys ?? [];
  return {
    fee: landed?.meta?.fee,
    err: landed?.meta?.err,
    paid: before - after,
    programs: (landed?.transaction.message.instructions ?? []).map((ix) => keys[ix.programIdIndex] as string),
  };
}

/** ceil(price × limit / 10^6) + 5,000 a signature. */
const feeOf = (signatures: number, unitPrice: bigint, unitLimit: number) =>
  5_000n * BigInt(signatures) + (unitPrice * BigInt(unitLimit) + 999_999n) / 1_000_000n;

for (const runtime of ['built-in', 'litesvm'] as const) {
  describe(`on the test cluster's ${runtime} runtime`, () => {
    let clock = 1_754_900_754_000;
    let cluster: TestCluster;
    let rpc: Rpc;
    let payer: KeyPairSigner;
    let cosigner: KeyPairSigner;
    const svm = new LiteSVM();
    const advance = () => {
      clock += 2 * 400;
    };

    beforeAll(async () => {
      [payer, cosigner] = await Promise.all([keyOf(71), keyOf(72)]);
      cluster = await startTestCluster({
        now: () => clock,
        litesvm: runtime === 'litesvm' ? (svm as never) : false,
        accounts: { [payer.address]: { lamports: 10n * SOL }, [cosigner.address]: { lamports: SOL } },
      });
      const data = lookupTableData([fromTable]);
      const owner = LOOKUP_TABLE_PROGRAM as Address;
      svm.setAccount({
        address: table,
        lamports: lamports(SOL),
        data,
        programAddress: owner,
        executable: false,
        space: 0n,
      });
      svm.setAccount({
        address: fromTable,
        lamports: lamports(SOL),
        data: new Uint8Array(0),
        programAddress: '11111111111111111111111111111111' as Address,
        executable: false,
        space: 0n,
      });
      rpc = createRpc(cluster.url, { retry: false, timeoutMs: 10_000 });
    });
    afterAll(async () => {
      await cluster?.close();
    });

    it('legacy: a transfer with the budget added lands, paying the priority fee', async () => {
      const to = addressOf(200);
      const { fee, err, paid, programs } = await land(
        rpc,
        advance,
        [payer],
        { instructions: [transferInstruction(payer, to, SOL)], version: 'legacy' },
        { unitLimit: 20_000, unitPrice: 1_234_567n },
      );
      expect(err).toBeNull();
      expect(fee).toBe(feeOf(1, 1_234_567n, 20_000)); // 5,000 + ceil(24,691.34)
      expect(fee).toBe(29_692n);
      expect(paid).toBe(SOL + 29_692n);
      expect(programs).toEqual([COMPUTE_BUDGET, COMPUTE_BUDGET, '11111111111111111111111111111111']);
    });

    it('v0, two signers, budget instructions already there: rewritten, one of each, fee of both signatures', async () => {
      const to = addressOf(201);
      const instructions = [
        transferInstruction(payer, to, SOL),
        kitLimit(5),
        kitPrice(1n),
        transferInstruction(cosigner, to, 3_000n),
        kitPrice(2n),
      ];
      const { fee, err, paid, programs } = await land(
        rpc,
        advance,
        [payer, cosigner],
        { instructions, version: 0 },
        { unitLimit: 30_000, unitPrice: 10_000_000n },
      );
      expect(err).toBeNull();
      expect(fee).toBe(feeOf(2, 10_000_000n, 30_000));
      expect(paid).toBe(SOL + (fee as bigint));
      expect(programs.filter((program) => program === COMPUTE_BUDGET)).toHaveLength(2);
    });

    if (runtime === 'litesvm') {
      it('agave refuses the same message unedited, with its two SetComputeUnitPrice (DuplicateInstruction)', async () => {
        // Straight to LiteSVM: the cluster answers this refusal as an internal error (left to its owner).
        const instructions = [transferInstruction(payer, addressOf(202), SOL), kitPrice(1n), kitPrice(2n)];
        const compiled = compileTransaction(kitMessageOf({ payer: payer.address, instructions, version: 0 }));
        const run = async (messageBytes: Uint8Array) =>
          svm.simulateTransaction(await signTransaction([payer.keyPair], { ...compiled, messageBytes } as never));
        svm.setAccount({
          address: payer.address,
          lamports: lamports(10n * SOL),
          data: new Uint8Array(0),
          programAddress: '11111111111111111111111111111111' as Address,
          executable: false,
          space: 0n,
        });
        const unedited = await run(new Uint8Array(compiled.messageBytes));
        expect(unedited).toBeInstanceOf(FailedTransactionMetadata);
        expect(String(unedited)).toContain('err: DuplicateInstruction(2)');
        const edited = await run(setComputeBudget(compiled.messageBytes, { unitPrice: 3n }));
        expect(String(edited)).not.toContain('FailedTransactionMetadata');
        expect(edited).not.toBeInstanceOf(FailedTransactionMetadata);
      });

      it('v0 with a lookup table: the recipient read from the table still receives, after the key is added', async () => {
        const { fee, err, paid } = await land(
          rpc,
          advance,
          [payer],
          {
            instructions: [
              {
                ...transferInstruction(payer, fromTable, 4_000n),
                accounts: [
                  { address: payer.address, role: AccountRole.WRITABLE_SIGNER },
                  { address: fromTable, role: AccountRole.WRITABLE },
                ],
              },
            ],
            version: 0,
            tables: { [table]: [fromTable] },
          },
          { unitLimit: 10_000, unitPrice: 500_000n },
        );
        expect(err).toBeNull();
        expect(fee).toBe(feeOf(1, 500_000n, 10_000));
        expect(paid).toBe(4_000n + (fee as bigint));
        expect(svm.getAccount(fromTable)).toMatchObject({ exists: true, lamports: SOL + 4_000n });
      });
    }
  });
}
