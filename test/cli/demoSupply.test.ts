/**
 * The simulated cluster's supply, largest accounts and inflation rewards agree with each other and with
 * getBalance, as a real node's would: the non-circulating reserves are the same accounts everywhere, the
 * supply adds up, and rewards are paid to staked vote accounts at the epoch boundary.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpc, isSolRpcError } from '../../src/index.js';
import { SIMULATION, type SimulatedCluster, startSimulatedCluster } from '../../src/testing/simulatedCluster.js';

const NOW = 1_754_900_754_000;
let cluster: SimulatedCluster;
beforeAll(async () => {
  cluster = await startSimulatedCluster({ now: () => NOW });
});
afterAll(async () => {
  await cluster.close();
});

const rpc = () => createRpc(cluster.url, { retry: false, timeoutMs: 5_000 });
const reserves = SIMULATION.nonCirculating.map((r) => r.address);
const EPOCH = Math.floor(SIMULATION.firstSlot / 432_000);

describe('the simulated supply', { timeout: 10_000 }, () => {
  it('adds up, names the reserves, and leaves them out on request', async () => {
    const { context, value } = await rpc().getSupply();
    // The finalized bank's, as agave's context: 32 slots behind the tip.
    expect(context.slot).toBe(cluster.slot() - 32);
    expect(value.total).toBe(625_013_130_859_440_403n);
    expect(value.circulating + value.nonCirculating).toBe(value.total);
    expect(value.nonCirculating).toBe(SIMULATION.nonCirculating.reduce((sum, r) => sum + r.lamports, 0n));
    expect(value.nonCirculatingAccounts).toStrictEqual(reserves);
    const excluded = await rpc().getSupply({ excludeNonCirculatingAccountsList: true });
    expect(excluded.value).toStrictEqual({ ...value, nonCirculatingAccounts: [] });
  });
});

describe('the simulated largest accounts', { timeout: 10_000 }, () => {
  it('lists every funded account largest first, balances as getBalance reads them', async () => {
    const { value } = await rpc().getLargestAccounts();
    expect(value.length).toBeGreaterThan(5);
    expect(value.length).toBeLessThanOrEqual(20);
    expect(value.slice(0, 4).map((a) => a.address)).toStrictEqual([
      reserves[0],
      reserves[1],
      SIMULATION.wallet.address,
      reserves[2],
    ]);
    for (let i = 1; i < value.length; i++) {
      expect((value[i - 1]?.lamports ?? 0n) >= (value[i]?.lamports ?? 0n)).toBe(true);
    }
    for (const { address, lamports } of value.slice(0, 6)) {
      expect((await rpc().getBalance(address)).value).toBe(lamports);
    }
  });

  it('splits them by the same reserves getSupply names', async () => {
    const non = await rpc().getLargestAccounts({ filter: 'nonCirculating' });
    expect(non.value.map((a) => a.address)).toStrictEqual(reserves);
    const circulating = await rpc().getLargestAccounts({ filter: 'circulating', sortResults: false });
    expect(circulating.value.some((a) => reserves.includes(a.address))).toBe(false);
    expect(circulating.value[0]).toStrictEqual({
      address: SIMULATION.wallet.address,
      lamports: SIMULATION.wallet.lamports,
    });
  });
});

describe('the simulated inflation rewards', { timeout: 10_000 }, () => {
  const [alpha, beta, , delta, epsilon] = SIMULATION.validators as [
    (typeof SIMULATION.validators)[number],
    (typeof SIMULATION.validators)[number],
    (typeof SIMULATION.validators)[number],
    (typeof SIMULATION.validators)[number],
    (typeof SIMULATION.validators)[number],
  ];

  it('pays staked vote accounts their commission at the boundary of the previous epoch; others get null', async () => {
    const addresses = [alpha.vote, SIMULATION.wallet.address, epsilon.vote, delta.vote];
    const rewards = await rpc().getInflationReward(addresses);
    expect(rewards).toHaveLength(4);
    const [a, wallet, unstaked, delinquent] = rewards;
    expect(a).toStrictEqual({
      epoch: EPOCH - 1,
      effectiveSlot: EPOCH * 432_000,
      amount: (alpha.stake * 252n * 5n) / 100_000_000n,
      postBalance: (await rpc().getBalance(alpha.vote)).value + (a?.amount ?? 0n),
      commission: 5,
    });
    expect(wallet).toBeNull();
    expect(unstaked).toBeNull();
    expect(delinquent?.commission).toBe(delta.commission);
  });

  it('reads an epoch named, refuses the current one and one whose reward block is gone as the node does, and processed before sending', async () => {
    const [reward] = await rpc().getInflationReward([beta.vote], { epoch: EPOCH - 1, commitment: 'confirmed' });
    expect(reward?.epoch).toBe(EPOCH - 1);
    expect(reward?.effectiveSlot).toBe(EPOCH * 432_000);
    // The ledger starts at this epoch's first slot: older reward blocks were cleaned up.
    const cleaned = await rpc()
      .getInflationReward([beta.vote], { epoch: EPOCH - 3 })
      .catch((error: unknown) => error);
    expect(isSolRpcError(cleaned, 'RpcError') && cleaned.code).toBe(-32001);
    const notYet = await rpc()
      .getInflationReward([beta.vote], { epoch: EPOCH })
      .catch((error: unknown) => error);
    expect(isSolRpcError(notYet, 'RpcError') && notYet.code).toBe(-32004);
    const processed = await rpc()
      .getInflationReward([beta.vote], { commitment: 'processed' as 'confirmed' })
      .catch((error: unknown) => error);
    expect(isSolRpcError(processed, 'InvalidInputError') && processed.param).toBe('config.commitment');
  });
});
