/**
 * The simulated cluster answers every HTTP method agave serves (the list of test/fixtures/agave), and the
 * node's own methods agree with the rest of the simulation: its identity is the validator that advertises
 * it, its slots follow the commitment, its token balances are the holdings getTokenAccountsByOwner lists.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { SIMULATION } from '../../src/testing/simulatedCluster.js';
import { useSimulatedCluster } from '../support/simulatedCluster.js';

const AGAVE = JSON.parse(readFileSync(new URL('../fixtures/agave/http-methods.json', import.meta.url), 'utf8')) as {
  traits: Record<string, string[] | { methods: string[] }>;
};
const METHODS = Object.values(AGAVE.traits).flatMap((trait) => (Array.isArray(trait) ? trait : trait.methods));

const sim = useSimulatedCluster();

describe('the simulated node', { timeout: 30_000 }, () => {
  it.each(METHODS)('serves %s', async (method) => {
    const response = await fetch(sim.cluster.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
    });
    const body = (await response.json()) as { error?: { code: number } };
    expect(body.error?.code).not.toBe(-32601);
  });

  it('is an RPC node apart from the validators; alpha advertises a node of its own, one slot behind', async () => {
    const [alpha] = SIMULATION.validators;
    const { identity } = await sim.rpc.getIdentity();
    expect(SIMULATION.validators.map((v) => v.identity)).not.toContain(identity);
    await expect(sim.rpc.getHealth()).resolves.toBe('ok');
    await expect(sim.rpc.getVersion()).resolves.toMatchObject({ 'solana-core': alpha?.version });
    const nodes = await sim.rpc.getClusterNodes();
    expect(nodes.find((n) => n.pubkey === alpha?.identity)?.rpc).toBe(new URL(sim.cluster.nodeUrl).host);
    const node = createRpc(sim.cluster.nodeUrl, { retry: false });
    await expect(node.getIdentity()).resolves.toEqual({ identity: alpha?.identity });
    const [ours, theirs] = await Promise.all([
      node.getSlot({ commitment: 'processed' }),
      sim.rpc.getSlot({ commitment: 'processed' }),
    ]);
    expect(theirs - ours).toBe(alpha?.lag);
  });

  it('reads slots by commitment, and ledger bounds below them', async () => {
    const processed = await sim.rpc.getSlot({ commitment: 'processed' });
    await expect(sim.rpc.getSlot({ commitment: 'confirmed' })).resolves.toBe(processed - 1);
    await expect(sim.rpc.getSlot()).resolves.toBe(processed - 32);
    const first = await sim.rpc.getFirstAvailableBlock();
    await expect(sim.rpc.minimumLedgerSlot()).resolves.toBe(first);
    expect(first).toBeLessThan(processed);
    const epoch = await sim.rpc.getEpochInfo({ commitment: 'processed' });
    await expect(sim.rpc.getTransactionCount({ commitment: 'processed' })).resolves.toBe(
      BigInt(epoch.transactionCount ?? 0),
    );
  });

  it('gives the token balances and supply of the holdings it lists', async () => {
    const owned = await sim.rpc.getTokenAccountsByOwner(SIMULATION.wallet.address, { mint: SIMULATION.mint });
    const [account] = owned.value;
    const balance = await sim.rpc.getTokenAccountBalance(account?.pubkey as string);
    expect(balance.value).toEqual({ amount: '48200000', decimals: 6, uiAmount: 48.2, uiAmountString: '48.2' });
    const supply = await sim.rpc.getTokenSupply(SIMULATION.mint);
    expect(supply.value.amount).toBe('1298700001');
    const largest = await sim.rpc.getTokenLargestAccounts(SIMULATION.mint);
    expect(largest.value.reduce((sum, a) => sum + BigInt(a.amount), 0n)).toBe(1298700001n);
  });

  it('prices a message by its signatures while its blockhash is valid, and airdrops as a test validator does', async () => {
    const { value } = await sim.rpc.getLatestBlockhash();
    expect(value.blockhash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    await expect(sim.rpc.getMinimumBalanceForRentExemption(165)).resolves.toBe(2_039_280n);
    // A faucet, as solana-test-validator runs: the airdrop's signature (its landing is test/testing's).
    await expect(sim.rpc.requestAirdrop(SIMULATION.wallet.address, 1n)).resolves.toMatch(
      /^[1-9A-HJ-NP-Za-km-z]{86,88}$/,
    );
  });
});
