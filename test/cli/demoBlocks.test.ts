/**
 * The simulated cluster's blocks: every transaction getSignaturesForAddress lists sits in the block of its
 * slot, at each detail level, with the leader's fee reward; skipped, unconfirmed and cleaned-up slots
 * answer the errors agave answers.
 */
import { describe, expect, it } from 'vitest';
import { decodeTransaction, isSolRpcError } from '../../src/index.js';
import { SIMULATION } from '../../src/testing/simulatedCluster.js';
import { useSimulatedCluster } from '../support/simulatedCluster.js';

const sim = useSimulatedCluster();

async function rpcErrorOf(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isSolRpcError(error, 'RpcError')) throw new Error(`expected an RpcError, got ${String(error)}`);
  return error;
}

describe('the simulated blocks', { timeout: 30_000 }, () => {
  it('the block of the failed transfer holds it, at every detail level', async () => {
    const [failed] = await sim.rpc.getSignaturesForAddress(SIMULATION.wallet.address, {
      limit: 1,
      commitment: 'confirmed',
    });
    if (!failed) throw new Error('no history');
    const full = await sim.rpc.getBlock(failed.slot, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(full?.transactions.map((tx) => tx.transaction.signatures[0])).toStrictEqual([failed.signature]);
    expect(full?.transactions[0]?.meta?.err).toStrictEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(full?.transactions[0]?.version).toBe('legacy');
    expect(full?.blockTime).toBe(failed.blockTime);
    expect(full?.rewards).toMatchObject([{ rewardType: 'Fee', lamports: 2500n }]);

    const signatures = await sim.rpc.getBlock(failed.slot, {
      commitment: 'confirmed',
      transactionDetails: 'signatures',
    });
    expect(signatures?.signatures).toStrictEqual([failed.signature]);
    const accounts = await sim.rpc.getBlock(failed.slot, { commitment: 'confirmed', transactionDetails: 'accounts' });
    expect(accounts?.transactions[0]?.transaction.accountKeys[0]).toMatchObject({ signer: true, writable: true });
    expect(accounts?.transactions[0]?.meta?.fee).toBe(5000n);
    const bytes = await sim.rpc.getBlock(failed.slot, { commitment: 'confirmed', encoding: 'base64', rewards: false });
    const [tx] = bytes?.transactions ?? [];
    expect(decodeTransaction(tx?.transaction as Uint8Array).signatures).toStrictEqual([failed.signature]);
    expect(tx?.meta?.rewards).toBeNull();
    const header = await sim.rpc.getBlock(failed.slot, {
      commitment: 'confirmed',
      transactionDetails: 'none',
      rewards: false,
    });
    expect(Object.keys(header ?? {}).sort()).toStrictEqual(
      ['blockHeight', 'blockTime', 'blockhash', 'parentSlot', 'previousBlockhash'].sort(),
    );
  });

  it('blocks chain: each previousBlockhash is its parent block’s hash', async () => {
    const [, older] = await sim.rpc.getSignaturesForAddress(SIMULATION.wallet.address, { limit: 2 });
    if (!older) throw new Error('no history');
    const block = await sim.rpc.getBlock(older.slot, { transactionDetails: 'none' });
    const parent = await sim.rpc.getBlock(block?.parentSlot ?? 0, { transactionDetails: 'none' });
    expect(block?.previousBlockhash).toBe(parent?.blockhash);
    expect(parent?.rewards).toStrictEqual([]);
  });

  it('a block not yet finalized is -32004, retryable; at confirmed it is there', async () => {
    const recent = sim.cluster.slot() - 5;
    const error = await rpcErrorOf(sim.rpc.getBlock(recent, { transactionDetails: 'none' }));
    expect(error).toMatchObject({ code: -32004, codeName: 'BLOCK_NOT_AVAILABLE', retryable: true });
    await expect(
      sim.rpc.getBlock(recent, { transactionDetails: 'none', commitment: 'confirmed' }),
    ).resolves.toMatchObject({
      parentSlot: expect.any(Number),
    });
  });

  it('a skipped slot is -32007; a slot older than the ledger is -32001', async () => {
    const base = sim.cluster.slot() - 1_000;
    const skipped = base - ((base - 5) % 23);
    const error = await rpcErrorOf(sim.rpc.getBlock(skipped, { transactionDetails: 'none' }));
    expect(error).toMatchObject({ code: -32007, codeName: 'SLOT_SKIPPED', retryable: false });
    const after = await sim.rpc.getBlock(skipped + 1, { transactionDetails: 'none' });
    expect(after?.parentSlot).toBe(skipped - 1);
    const cleaned = await rpcErrorOf(sim.rpc.getBlock(1_000, { transactionDetails: 'none' }));
    expect(cleaned).toMatchObject({ code: -32001, codeName: 'BLOCK_CLEANED_UP' });
  });
});
