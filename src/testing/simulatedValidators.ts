/**
 * The simulated validators as gossip, the vote program and the leader schedule show them: cluster nodes,
 * vote accounts and their credits, and who leads which slot. Apart from the rest because blocks, accounts
 * and the RPC dispatch all read the same votes and schedule.
 */
import { RpcFailure } from './simulatedLedger.js';
import { rootAt, SIMULATION, type SimulatedValidator, SLOTS_PER_EPOCH } from './simulationCast.js';

export function clusterNode(v: SimulatedValidator, index: number, self: string) {
  const at = (port: number) => `${v.ip}:${port}`;
  return {
    clientId: v.client,
    featureSet: index === 2 ? 1069245146 : 2891131721,
    gossip: at(8001),
    pubkey: v.identity,
    pubsub: v.rpc ? at(8900) : null,
    rpc: v.rpc ? self : null,
    serveRepair: at(8008),
    shredVersion: 50093,
    tpu: at(8003),
    tpuForwards: at(8004),
    tpuForwardsQuic: at(8010),
    tpuQuic: at(8009),
    tpuVote: at(8005),
    tvu: at(8000),
    version: v.version,
  };
}

/** The last slot a validator voted on: `lag` behind the tip, slot 0 on a cluster younger than its lag. */
export function lastVote(v: SimulatedValidator, slot: number): number {
  return Math.max(0, slot - v.lag);
}

export function epochCredits(v: SimulatedValidator, slot: number): [number, bigint, bigint][] {
  const epoch = Math.floor(slot / SLOTS_PER_EPOCH);
  // About 97% of the 432,000 × 16 credits an epoch can pay.
  const perEpoch = 6_704_640n - BigInt(v.commission) * 1_000n;
  const base = 2_431_228_871n + BigInt(v.commission) * 1_000_000n;
  // A young cluster's validators have earned since genesis alone: its history starts at epoch 0.
  const first = Math.max(0, epoch - 4);
  const start = base < BigInt(first) * perEpoch ? base : BigInt(first) * perEpoch;
  const list: [number, bigint, bigint][] = [];
  for (let e = first; e <= epoch; e++) {
    const previous = start + BigInt(e - first) * perEpoch;
    // The current epoch has earned in proportion to how far it has run.
    const earned = e === epoch ? (perEpoch * BigInt(slot % SLOTS_PER_EPOCH)) / BigInt(SLOTS_PER_EPOCH) : perEpoch;
    list.push([e, previous + earned, previous]);
  }
  return list;
}

export function voteAccounts(slot: number, config: { votePubkey?: string; keepUnstakedDelinquents?: boolean }) {
  const current: unknown[] = [];
  const delinquent: unknown[] = [];
  for (const v of SIMULATION.validators) {
    if (config.votePubkey !== undefined && config.votePubkey !== v.vote) continue;
    // agave's delinquency: a last vote more than 128 slots behind the tip (none on a cluster that young).
    const isDelinquent = lastVote(v, slot) < slot - 128;
    if (isDelinquent && v.stake === 0n && !config.keepUnstakedDelinquents) continue;
    const entry = {
      activatedStake: v.stake,
      commission: v.commission,
      epochCredits: epochCredits(v, slot),
      epochVoteAccount: v.stake > 0n,
      lastVote: lastVote(v, slot),
      nodePubkey: v.identity,
      rootSlot: Math.max(0, lastVote(v, slot) - 32),
      votePubkey: v.vote,
    };
    (isDelinquent ? delinquent : current).push(entry);
  }
  return { current, delinquent };
}

export function leaderSchedule(params: unknown[]) {
  const config = (params.find((p) => typeof p === 'object' && p !== null) ?? {}) as { identity?: string };
  const staked = SIMULATION.validators.filter((v) => v.stake > 0n);
  const schedule: Record<string, number[]> = {};
  // Four-slot rotations in turn, as real schedules assign leaders in groups of four.
  for (let index = 0; index < SLOTS_PER_EPOCH; index++) {
    const leader = staked[Math.floor(index / 4) % staked.length] as SimulatedValidator;
    if (config.identity !== undefined && config.identity !== leader.identity) continue;
    let slots = schedule[leader.identity];
    if (!slots) {
      slots = [];
      schedule[leader.identity] = slots;
    }
    slots.push(index);
  }
  return schedule;
}

/** The leader of a slot by the schedule getLeaderSchedule serves: the staked validators in turn, four slots each. */
export function leaderAt(slot: number): string {
  const staked = SIMULATION.validators.filter((v) => v.stake > 0n);
  return (staked[Math.floor((slot % SLOTS_PER_EPOCH) / 4) % staked.length] as SimulatedValidator).identity;
}

/** getSlotLeaders as agave answers it: at most 5,000, from the schedules of the previous, current and next epochs. */
export function slotLeaders(params: unknown[], currentSlot: number): string[] {
  const start = Number(params[0]);
  const limit = Number(params[1]);
  if (limit > 5_000) throw new RpcFailure({ code: -32602, message: 'Invalid limit; max 5000' });
  const epoch = Math.floor(rootAt(currentSlot) / SLOTS_PER_EPOCH);
  const out: string[] = [];
  for (let slot = start; out.length < limit; slot++) {
    const slotEpoch = Math.floor(slot / SLOTS_PER_EPOCH);
    if (slotEpoch < epoch - 1 || slotEpoch > epoch + 1) {
      throw new RpcFailure({
        code: -32602,
        message: `Invalid slot range: leader schedule for epoch ${slotEpoch} is unavailable`,
      });
    }
    out.push(leaderAt(slot));
  }
  return out;
}
