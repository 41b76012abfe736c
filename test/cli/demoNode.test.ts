/**
 * The simulated cluster answers every HTTP method agave serves (the list of test/fixtures/agave), and the
 * node's own methods agree with the rest of the simulation: its identity is the validator that advertises
 * it, its slots follow the commitment, its token balances are the holdings getTokenAccountsByOwner lists.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATION, type SimulatedCluster, startSimulatedCluster } from '../../src/cli/demo/simulatedCluster.js';
import { createRpc, type Rpc } from '../../src/index.js';

const NOW = 1_754_900_754_000;
const AGAVE = JSON.parse(readFileSync(new URL('../fixtures/agave/http-methods.json', import.meta.url), 'utf8')) as {
  traits: Record<string, string[] | { methods: string[] }>;
};
const METHODS = Object.values(AGAVE.traits).flatMap((trait) => (Array.isArray(trait) ? trait : trait.methods));

let cluster: SimulatedCluster;
let rpc: Rpc;
beforeAll(async () => {
  cluster = await startSimulatedCluster({ now: () => NOW });
  rpc = createRpc(cluster.url, { timeoutMs: 10_000, retry: false });
});
afterAll(async () => {
  await cluster.close();
});

describe('the simulated node', { timeout: 30_000 }, () => {
  it.each(METHODS)('serves %s', async (method) => {
    const response = await fetch(cluster.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
    });
    const body = (await response.json()) as { error?: { code: number } };
    expect(body.error?.code).not.toBe(-32601);
  });

  it('is the node of the validator that advertises it, healthy, at its version', async () => {
    const [alpha] = SIMULATION.validators;
    await expect(rpc.getIdentity()).resolves.toEqual({ identity: alpha?.identity });
    await expect(rpc.getHealth()).resolves.toBe('ok');
    await expect(rpc.getVersion()).resolves.toMatchObject({ 'solana-core': alpha?.version });
    const nodes = await rpc.getClusterNodes();
    expect(nodes.find((n) => n.pubkey === alpha?.identity)?.rpc).toBe(new URL(cluster.url).host);
  });

  it('reads slots by commitment, and ledger bounds below them', async () => {
    const processed = await rpc.getSlot({ commitment: 'processed' });
    await expect(rpc.getSlot({ commitment: 'confirmed' })).resolves.toBe(processed - 1);
    await expect(rpc.getSlot()).resolves.toBe(processed - 32);
    const first = await rpc.getFirstAvailableBlock();
    await expect(rpc.minimumLedgerSlot()).resolves.toBe(first);
    expect(first).toBeLessThan(processed);
    const epoch = await rpc.getEpochInfo({ commitment: 'processed' });
    await expect(rpc.getTransactionCount({ commitment: 'processed' })).resolves.toBe(
      BigInt(epoch.transactionCount ?? 0),
    );
  });

  it('gives the token balances and supply of the holdings it lists', async () => {
    const owned = await rpc.getTokenAccountsByOwner(SIMULATION.wallet.address, { mint: SIMULATION.mint });
    const [account] = owned.value;
    const balance = await rpc.getTokenAccountBalance(account?.pubkey as string);
    expect(balance.value).toEqual({ amount: '48200000', decimals: 6, uiAmount: 48.2, uiAmountString: '48.2' });
    const supply = await rpc.getTokenSupply(SIMULATION.mint);
    expect(supply.value.amount).toBe('1298700001');
    const largest = await rpc.getTokenLargestAccounts(SIMULATION.mint);
    expect(largest.value.reduce((sum, a) => sum + BigInt(a.amount), 0n)).toBe(1298700001n);
  });

  it('prices a message by its signatures while its blockhash is valid, and refuses airdrops as mainnet does', async () => {
    const { value } = await rpc.getLatestBlockhash();
    expect(value.blockhash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    await expect(rpc.getMinimumBalanceForRentExemption(165)).resolves.toBe(2_039_280n);
    await expect(rpc.requestAirdrop(SIMULATION.wallet.address, 1n)).rejects.toMatchObject({ code: -32600 });
  });
});
