/**
 * estimateComputeUnits and estimatePriorityFee end to end: transactions built and signed by @solana/kit (an
 * independent writer of the wire format), estimated against the project's test cluster over loopback
 * HTTP, then sent with the limit and price found. The cluster's built-in ledger charges 150 units for a
 * system transfer and for each ComputeBudget instruction, as agave's builtins do.
 */
import { address, createKeyPairSignerFromPrivateKeyBytes, getBase64Decoder, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpc, type Rpc } from '../../src/index.js';
import { estimateComputeUnits } from '../../src/send/estimateComputeUnits.js';
import { estimatePriorityFee, estimatePriorityFeeLevels } from '../../src/send/estimatePriorityFee.js';
import { startTestCluster, type TestCluster } from '../../src/testing/index.js';
import { kitTransfer } from '../support/landKit.js';

const SYSTEM = address('11111111111111111111111111111111');

describe('estimates against the test cluster', { timeout: 30_000 }, () => {
  const clock = { ms: 0 };
  let cluster: TestCluster;
  let rpc: Rpc;
  let payer: KeyPairSigner;
  let payee: KeyPairSigner;

  /**
   * A signed transfer of `lamports` from the payer to the payee on the newest blockhash, as base64 wire text:
   * after SetComputeUnitLimit and SetComputeUnitPrice of `budget`, or with no budget instruction without it.
   */
  async function transfer(lamports: bigint, budget?: { unitLimit: number; unitPrice: bigint }): Promise<string> {
    const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'confirmed' });
    const wire = await kitTransfer(
      { payer, recipient: payee },
      { ...lifetime, unitLimit: budget?.unitLimit ?? 0, unitPrice: budget?.unitPrice ?? 0n },
      { lamports, budget: budget !== undefined },
    );
    return getBase64Decoder().decode(wire);
  }

  beforeAll(async () => {
    payer = await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(32).fill(21));
    payee = await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(32).fill(22));
    cluster = await startTestCluster({
      now: () => clock.ms,
      startSlot: 300_000_000,
      accounts: { [payer.address]: { lamports: 1_000_000_000n } },
    });
    rpc = createRpc(cluster.url, { retry: false });
  });
  afterAll(async () => {
    await cluster?.close();
  });

  it('estimateComputeUnits: the same limit from a draft with its budget instructions and from one without', async () => {
    // With both: 150 (limit) + 150 (price) + 150 (transfer) consumed, nothing to add; 450 × 1.1 = 495.
    const full = await transfer(1_000_000n, { unitLimit: 1_400_000, unitPrice: 0n });
    await expect(estimateComputeUnits(rpc, full)).resolves.toMatchObject({
      unitsConsumed: 450,
      budgetUnits: 0,
      unitLimit: 495,
    });
    // Without: the transfer's 150, and 300 for the two instructions it will carry: the same 495.
    const bare = await transfer(1_000_000n);
    await expect(estimateComputeUnits(rpc, bare)).resolves.toMatchObject({
      unitsConsumed: 150,
      budgetUnits: 300,
      unitLimit: 495,
    });
  });

  it('estimateComputeUnits: a transfer the payer cannot make rejects with SimulationFailedError and its logs', async () => {
    const tooMuch = await transfer(5_000_000_000n, { unitLimit: 1_400_000, unitPrice: 0n });
    const error = await estimateComputeUnits(rpc, tooMuch).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'SimulationFailedError',
      method: 'estimateComputeUnits',
      err: { InstructionError: [2, { Custom: 1 }] },
    });
    expect((error as { logs: string[] }).logs.at(-1)).toMatch(/^Program 11111111111111111111111111111111 failed/);
  });

  it('estimatePriorityFee: the fee a transaction writing the same accounts paid sets the top level', async () => {
    // Before any paying transaction: every slot took 0.
    const draft = await transfer(1_000_000n, { unitLimit: 1_400_000, unitPrice: 0n });
    await expect(estimatePriorityFee(rpc, { transaction: draft, level: 'unsafeMax' })).resolves.toBe(0n);
    // A transfer paying 5,000 micro-lamports per unit lands, and its slot is confirmed.
    const paying = await transfer(1_000_000n, { unitLimit: 495, unitPrice: 5_000n });
    await rpc.sendTransaction(paying, { preflightCommitment: 'confirmed' });
    clock.ms += 4 * 400;
    const levels = await estimatePriorityFeeLevels(rpc, { transaction: draft });
    expect([levels.min, levels.unsafeMax]).toStrictEqual([0n, 5_000n]);
    // Capped, and through estimatePriorityFee as well.
    await expect(
      estimatePriorityFee(rpc, { transaction: draft, level: 'unsafeMax', maxUnitPrice: 4_000n }),
    ).resolves.toBe(4_000n);
    // An account no transaction wrote: the slots' lowest fees, the same 5,000 at most (that slot's only one).
    await expect(estimatePriorityFee(rpc, { accounts: [SYSTEM], level: 'unsafeMax' })).resolves.toBe(5_000n);
  });
});
