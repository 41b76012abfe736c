/**
 * The simulated cluster's leaders and cluster-wide figures agree with what it already serves: getSlotLeader
 * and getSlotLeaders with getLeaderSchedule, getBlockProduction with getBlocks' skipped slots, the
 * performance samples with getEpochInfo's transaction count, the snapshots with the root, the inflation
 * rate with the governor.
 */
import { describe, expect, it } from 'vitest';
import { SIMULATION } from '../../src/testing/simulatedCluster.js';
import { useSimulatedCluster } from '../support/simulatedCluster.js';

const sim = useSimulatedCluster();

const codeOf = (call: Promise<unknown>) =>
  call.then(
    () => 'resolved',
    (error: { code?: number }) => error.code,
  );

describe('the simulated leaders', { timeout: 30_000 }, () => {
  it('getSlotLeader and getSlotLeaders name the leaders getLeaderSchedule assigns', async () => {
    const tip = sim.cluster.slot();
    const epochStart = Math.floor(tip / 432_000) * 432_000;
    const [schedule, leader, run] = await Promise.all([
      sim.rpc.getLeaderSchedule(),
      sim.rpc.getSlotLeader({ commitment: 'processed' }),
      sim.rpc.getSlotLeaders(tip, 12),
    ]);
    const leaderOf = (slot: number) =>
      Object.keys(schedule).find((identity) => schedule[identity]?.includes(slot - epochStart));
    expect(leader).toBe(leaderOf(tip));
    expect(run).toStrictEqual(Array.from({ length: 12 }, (_, i) => leaderOf(tip + i)));
    expect(await sim.rpc.getSlotLeaders(tip, 0)).toStrictEqual([]);
    expect(await codeOf(sim.rpc.getSlotLeaders(tip + 3 * 432_000, 1))).toBe(-32602);
  });

  it('getBlockProduction counts each leader’s slots, and the blocks getBlocks lists among them', async () => {
    const tip = sim.cluster.slot();
    const firstSlot = tip - 500;
    const lastSlot = tip - 100;
    const [{ value }, blocks] = await Promise.all([
      sim.rpc.getBlockProduction({ range: { firstSlot, lastSlot } }),
      sim.rpc.getBlocks(firstSlot, lastSlot),
    ]);
    expect(value.range).toStrictEqual({ firstSlot, lastSlot });
    const counts = Object.values(value.byIdentity);
    expect(counts.reduce((sum, [slots]) => sum + slots, 0)).toBe(lastSlot - firstSlot + 1);
    expect(counts.reduce((sum, [, produced]) => sum + produced, 0)).toBe(blocks.length);
    const staked = SIMULATION.validators.filter((v) => v.stake > 0n).map((v) => v.identity);
    expect(Object.keys(value.byIdentity).sort()).toStrictEqual([...staked].sort());
    const one = await sim.rpc.getBlockProduction({ identity: staked[0], range: { firstSlot, lastSlot } });
    expect({ ...one.value.byIdentity }).toStrictEqual({ [staked[0] as string]: value.byIdentity[staked[0] as string] });
    expect(await codeOf(sim.rpc.getBlockProduction({ range: { firstSlot, lastSlot: tip + 10 } }))).toBe(-32602);
  });

  it('performance samples: a minute (150 slots) each, the transactions getEpochInfo counts over them', async () => {
    const samples = await sim.rpc.getRecentPerformanceSamples();
    expect(samples).toHaveLength(720);
    const [newest, next] = samples;
    expect((newest?.slot ?? 0) - (next?.slot ?? 0)).toBe(150);
    // getEpochInfo's transactionCount grows by 3,100 a slot.
    const before = await sim.rpc.getEpochInfo();
    expect(newest?.numTransactions).toBe(3_100 * (newest?.numSlots ?? 0));
    expect(before.transactionCount).toBeGreaterThan(0n);
    expect(samples.at(-1)?.numNonVoteTransactions).toBeNull();
    expect(newest?.numNonVoteTransactions).toBeLessThan(newest?.numTransactions ?? 0);
    expect(await sim.rpc.getRecentPerformanceSamples(2)).toStrictEqual(samples.slice(0, 2));
  });

  it('snapshots sit at or below the root; the inflation rate follows the governor for the current epoch', async () => {
    const tip = sim.cluster.slot();
    const [{ full, incremental }, governor, rate, epochInfo] = await Promise.all([
      sim.rpc.getHighestSnapshotSlot(),
      sim.rpc.getInflationGovernor(),
      sim.rpc.getInflationRate(),
      sim.rpc.getEpochInfo(),
    ]);
    expect(full % 25_000).toBe(0);
    expect(incremental === null || (incremental > full && incremental <= tip - 32)).toBe(true);
    expect(rate.epoch).toBe(epochInfo.epoch);
    expect(rate.total).toBe(rate.validator + rate.foundation);
    expect(rate.total).toBeLessThan(governor.initial);
    expect(rate.total).toBeGreaterThan(governor.terminal);
  });
});
