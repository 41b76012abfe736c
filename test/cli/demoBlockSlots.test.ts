/**
 * The simulated cluster's blocks: getBlockTime agrees with the block times its address history reports,
 * and refuses what agave refuses (a slot not reached, one skipped, one purged); getBlockCommitment
 * counts the voting stake of the blocks between the root and the tip; getBlocks and getBlocksWithLimit
 * list the same blocks, skipped slots left out, each block one getBlockTime can date.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignatureInfo, signaturesOf } from '../../src/index.js';
import { SIMULATION } from '../../src/testing/simulatedCluster.js';
import { useSimulatedCluster } from '../support/simulatedCluster.js';

const sim = useSimulatedCluster();
let history: SignatureInfo[];
beforeAll(async () => {
  history = [];
  for await (const info of signaturesOf(sim.rpc, SIMULATION.wallet.address, { commitment: 'confirmed' }))
    history.push(info);
}, 30_000);

/** The code of the RpcError a call fails with. */
const codeOf = (call: Promise<unknown>) =>
  call.then(
    () => 'resolved',
    (error: { code?: number }) => error.code,
  );

describe('the simulated blocks: getBlockTime', { timeout: 30_000 }, () => {
  it('dates every block of the wallet history as getSignaturesForAddress does, null for the oldest', async () => {
    const sample = [...history.slice(0, 5), ...history.slice(-5)];
    const times = await Promise.all(sample.map((info) => sim.rpc.getBlockTime(info.slot)));
    expect(times).toStrictEqual(sample.map((info) => info.blockTime));
    expect(times.slice(-3)).toStrictEqual([null, null, null]);
    expect(typeof times[0]).toBe('number');
  });

  it('blocks 100 slots apart are 40 seconds apart, as 400 ms slots are', async () => {
    const tip = sim.cluster.slot();
    let later = tip - 1;
    while (later % 23 === 5) later--;
    let earlier = later - 100;
    while (earlier % 23 === 5) earlier--;
    const [from, to] = await Promise.all([sim.rpc.getBlockTime(earlier), sim.rpc.getBlockTime(later)]);
    expect(Math.abs((to as number) - (from as number) - ((later - earlier) * 400) / 1000)).toBeLessThanOrEqual(1);
  });

  it('refuses a slot not reached (-32004), a skipped rooted one (-32007) and a purged one (-32001)', async () => {
    const tip = sim.cluster.slot();
    let skippedRooted = tip - 40;
    while (skippedRooted % 23 !== 5) skippedRooted--;
    // The ledger starts at the first slot of the epoch the simulation is in.
    const firstBlock = Math.floor(SIMULATION.firstSlot / 432_000) * 432_000;
    expect(await sim.rpc.getFirstAvailableBlock()).toBe(firstBlock);
    expect(await codeOf(sim.rpc.getBlockTime(tip + 10))).toBe(-32004);
    expect(await codeOf(sim.rpc.getBlockTime(skippedRooted))).toBe(-32007);
    expect(await codeOf(sim.rpc.getBlockTime(firstBlock - 1))).toBe(-32001);
    expect(typeof (await sim.rpc.getBlockTime(firstBlock))).toBe('number');
  });
});

describe('the simulated blocks: getBlockCommitment', { timeout: 30_000 }, () => {
  const total = SIMULATION.validators.reduce((sum, v) => sum + v.stake, 0n);

  it('a block just below the tip: 32 entries, every voting stake counted once, exact', async () => {
    const tip = sim.cluster.slot();
    let slot = tip - 5;
    while (slot % 23 === 5) slot--;
    const { commitment, totalStake } = await sim.rpc.getBlockCommitment(slot);
    expect(totalStake).toBe(total);
    expect(commitment).toHaveLength(32);
    // Every staked validator within 128 slots of the tip has voted past it; the delinquent one has not.
    const voting = SIMULATION.validators.filter((v) => v.lag <= tip - slot).reduce((sum, v) => sum + v.stake, 0n);
    expect(commitment?.reduce((sum, stake) => sum + stake, 0n)).toBe(voting);
    expect(voting).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
  });

  it('a block rooted already, or not reached: commitment null beside the total stake', async () => {
    const tip = sim.cluster.slot();
    await expect(sim.rpc.getBlockCommitment(tip - 1_000)).resolves.toStrictEqual({
      commitment: null,
      totalStake: total,
    });
    await expect(sim.rpc.getBlockCommitment(BigInt(tip + 10))).resolves.toStrictEqual({
      commitment: null,
      totalStake: total,
    });
  });
});

describe('the simulated blocks: getBlocks and getBlocksWithLimit', { timeout: 30_000 }, () => {
  it('finalized stops at the root, confirmed at the slot before the tip; skipped slots are left out', async () => {
    const tip = sim.cluster.slot();
    const finalized = await sim.rpc.getBlocks(tip - 100, tip);
    const confirmed = await sim.rpc.getBlocks(tip - 100, tip, { commitment: 'confirmed' });
    expect(finalized.at(-1)).toBeLessThanOrEqual(tip - 32);
    expect(confirmed.at(-1)).toBeLessThanOrEqual(tip - 1);
    expect(confirmed.slice(0, finalized.length)).toStrictEqual(finalized);
    expect(confirmed.length).toBeGreaterThan(finalized.length);
    expect(confirmed.every((slot, i) => i === 0 || slot > (confirmed[i - 1] as number))).toBe(true);
    const gaps = 100 - confirmed.length;
    expect(gaps).toBeGreaterThanOrEqual(3);
    expect(await codeOf(sim.rpc.getBlockTime(confirmed[0] as number))).toBe('resolved');
  });

  it('the wallet history sits in blocks getBlocks lists', async () => {
    const { slot } = history[1] as SignatureInfo;
    const around = await sim.rpc.getBlocks(slot - 30, slot + 30);
    expect(around).toContain(slot);
  });

  it('getBlocksWithLimit gives the first blocks of the same list', async () => {
    const tip = sim.cluster.slot();
    const listed = await sim.rpc.getBlocks(tip - 200, { commitment: 'confirmed' });
    const limited = await sim.rpc.getBlocksWithLimit(tip - 200, 50, { commitment: 'confirmed' });
    expect(limited).toStrictEqual(listed.slice(0, 50));
    await expect(sim.rpc.getBlocksWithLimit(tip - 200, 0)).resolves.toStrictEqual([]);
  });

  it('minContextSlot beyond the confirmed bank: -32016 (agave reads a bank only for confirmed); an end below the start: []', async () => {
    const tip = sim.cluster.slot();
    const confirmed = { commitment: 'confirmed', minContextSlot: tip } as const;
    expect(await codeOf(sim.rpc.getBlocks(tip - 100, confirmed))).toBe(-32016);
    expect(await codeOf(sim.rpc.getBlocksWithLimit(tip - 100, 5, confirmed))).toBe(-32016);
    // At finalized agave reads the rooted blocks from the ledger, no bank: minContextSlot is not looked at.
    expect(await codeOf(sim.rpc.getBlocks(tip - 100, { minContextSlot: tip }))).toBe('resolved');
    await expect(sim.rpc.getBlocks(tip - 100, tip - 200)).resolves.toStrictEqual([]);
  });
});
