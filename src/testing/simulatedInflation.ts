/**
 * The simulated cluster's supply and inflation: total and circulating supply, the inflation governor and
 * rate, and the vote accounts' epoch rewards, all from the one schedule of about 160,000 SOL an epoch.
 */
import { balanceOf } from './simulatedAccounts.js';
import { RpcFailure } from './simulatedLedger.js';
import { stakeRewardFor } from './simulatedStakes.js';
import { FIRST_BLOCK, rootAt, SIMULATION, SLOTS_PER_EPOCH } from './simulationCast.js';

/** Mainnet-scale capitalization at the first epoch simulated; inflation adds about 160,000 SOL an epoch. */
const TOTAL_SUPPLY = 625_013_130_859_440_403n;
const INFLATION_PER_EPOCH = 160_004_118_337_261n;

export function supply(slot: number, config: { excludeNonCirculatingAccountsList?: boolean }) {
  const epochs = BigInt(Math.floor(slot / SLOTS_PER_EPOCH) - Math.floor(SIMULATION.firstSlot / SLOTS_PER_EPOCH));
  const total = TOTAL_SUPPLY + epochs * INFLATION_PER_EPOCH;
  const nonCirculating = SIMULATION.nonCirculating.reduce((sum, r) => sum + r.lamports, 0n);
  return {
    circulating: total - nonCirculating,
    nonCirculating,
    nonCirculatingAccounts: config.excludeNonCirculatingAccountsList
      ? []
      : SIMULATION.nonCirculating.map((r) => r.address),
    total,
  };
}

/**
 * Inflation rewards as agave reads them from the epoch-boundary block: each staked vote account earns its
 * commission on about 0.0252% of its stake an epoch (about 4.6% a year), credited in the first slot of the
 * next epoch; the cast's stake accounts earn the rest of it on their stake, for the epochs they were
 * effective in. Every other address is `null`.
 */
export function inflationReward(params: unknown[], slot: number, firstBlock = FIRST_BLOCK): unknown[] {
  const addresses = Array.isArray(params[0]) ? params[0].map(String) : [];
  const config = (params[1] ?? {}) as { epoch?: number; commitment?: string };
  if (addresses.length > 32) throw new RpcFailure({ code: -32602, message: 'Too many inputs provided; max 32' });
  if (config.commitment === 'processed') {
    throw new RpcFailure({ code: -32602, message: 'Method does not support commitment below `confirmed`' });
  }
  const current = Math.floor(slot / SLOTS_PER_EPOCH);
  // The epoch before the bank's; in epoch 0, epoch 0 itself (agave's saturating_sub), not yet paid: -32004.
  const epoch = config.epoch ?? Math.max(0, current - 1);
  const paidAt = (epoch + 1) * SLOTS_PER_EPOCH;
  if (epoch >= current) throw new RpcFailure({ code: -32004, message: `Block not available for slot ${paidAt}` });
  // agave reads the rewards from the block that paid them; one cleaned up from the ledger is -32001.
  if (paidAt < firstBlock) {
    throw new RpcFailure({
      code: -32001,
      message: `Block ${paidAt} cleaned up, does not exist on node. First available block: ${firstBlock}`,
    });
  }
  return addresses.map((address) => {
    const staked = stakeRewardFor(address, slot, epoch);
    if (staked) {
      const { amount, commission, postBalance } = staked;
      return { amount, commission, effectiveSlot: paidAt, epoch, postBalance };
    }
    const v = SIMULATION.validators.find((validator) => validator.vote === address);
    if (!v || v.stake === 0n) return null;
    const amount = (v.stake * 252n * BigInt(v.commission)) / 1_000_000n / 100n;
    return { amount, commission: v.commission, effectiveSlot: paidAt, epoch, postBalance: balanceOf(v.vote) + amount };
  });
}

/** Full inflation without the foundation share, as on mainnet-beta. */
export const INFLATION = { foundation: 0, foundationTerm: 0, initial: 0.08, taper: 0.15, terminal: 0.015 };
/** Slots in a year of 400 ms slots (agave's `slots_per_year` at 160 ticks of 6.25 ms a slot). */
const SLOTS_PER_YEAR = (365.242199 * 24 * 60 * 60) / 0.4;
/** The slot inflation started from: chosen so the rate matches the supply's growth of about 160,000 SOL an epoch. */
const INFLATION_START_SLOT = 95_040_000;

/** getInflationRate as agave computes it: the taper applied for the years since inflation began, at the epoch's last slot. */
export function inflationRate(currentSlot: number) {
  const epoch = Math.floor(rootAt(currentSlot) / SLOTS_PER_EPOCH);
  // A cluster younger than the simulation's inflation start is in its first year: the initial rate.
  const year = Math.max(0, ((epoch + 1) * SLOTS_PER_EPOCH - 1 - INFLATION_START_SLOT) / SLOTS_PER_YEAR);
  const total = Math.max(INFLATION.initial * (1 - INFLATION.taper) ** year, INFLATION.terminal);
  return { epoch, foundation: 0, total, validator: total };
}
