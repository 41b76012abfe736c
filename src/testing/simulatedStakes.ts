/**
 * The simulated cluster's stake accounts (one in each state a delegation goes through) and the stake
 * history they leave: both are read relative to the epoch of the bank asked, so the activating one is
 * activating whatever slot the cluster started at, and the history's entries add up with them.
 */
import { delegatedStakeBytes, initializedStakeBytes, NO_EPOCH, STAKE_ACCOUNT_SPACE } from './accountBytes/stake.js';
import type { StakeHistoryEntry } from './accountBytes/sysvar.js';
import { rentExemptMinimum } from './ledger/rent.js';
import { epochCredits } from './simulatedValidators.js';
import { SIMULATION, type SimulatedValidator, SLOTS_PER_EPOCH, STAKE_PROGRAM } from './simulationCast.js';

const SOL = 1_000_000_000n;
const validator = (name: string) => SIMULATION.validators.find((v) => v.name === name) as SimulatedValidator;

/** A stake account of the cast: epochs are counted back from the bank's epoch (`activatedAgo` 0 is this one). */
interface CastStake {
  address: string;
  stake: bigint;
  voter?: SimulatedValidator;
  activatedAgo?: number;
  deactivatedAgo?: number;
  lockedUp?: boolean;
}

const CAST_STAKES: readonly CastStake[] = [
  { address: SIMULATION.stakes.active, stake: 500n * SOL, voter: validator('alpha'), activatedAgo: 60 },
  {
    address: SIMULATION.stakes.lockedUp,
    stake: 1_250n * SOL,
    voter: validator('beta'),
    activatedAgo: 120,
    lockedUp: true,
  },
  { address: SIMULATION.stakes.activating, stake: 42n * SOL, voter: validator('gamma'), activatedAgo: 0 },
  {
    address: SIMULATION.stakes.deactivating,
    stake: 300n * SOL,
    voter: validator('beta'),
    activatedAgo: 30,
    deactivatedAgo: 0,
  },
  {
    address: SIMULATION.stakes.deactivated,
    stake: 75n * SOL,
    voter: validator('delta'),
    activatedAgo: 40,
    deactivatedAgo: 3,
  },
  { address: SIMULATION.stakes.initialized, stake: 10n * SOL, lockedUp: true },
];

/** What the stake program keeps back in a 200-byte account: its rent-exempt minimum. */
export const STAKE_RESERVE = rentExemptMinimum(STAKE_ACCOUNT_SPACE);
/** The lockups: until 2030-01-01 and epoch 1,000, lifted early only by the custodian. */
const LOCKUP = { unixTimestamp: 1_893_456_000n, epoch: 1_000n, custodian: SIMULATION.stakeCustodian };

export const STAKE_ADDRESSES: readonly string[] = CAST_STAKES.map((s) => s.address);

/** Epochs before this one, never below 0 (a young cluster's stakes were all delegated at genesis or after). */
const ago = (epoch: number, back: number) => Math.max(0, epoch - back);

interface Delegation {
  stake: bigint;
  activation: number;
  deactivation: number | undefined;
}

function delegationAt(s: CastStake, epoch: number): Delegation | undefined {
  if (s.voter === undefined || s.activatedAgo === undefined) return undefined;
  return {
    stake: s.stake,
    activation: ago(epoch, s.activatedAgo),
    deactivation: s.deactivatedAgo === undefined ? undefined : ago(epoch, s.deactivatedAgo),
  };
}

/** The stake account at `address` as the bank of `bankSlot` holds it. */
export function castStake(address: string, bankSlot: number) {
  const s = CAST_STAKES.find((c) => c.address === address);
  if (!s) return undefined;
  const epoch = Math.floor(bankSlot / SLOTS_PER_EPOCH);
  const meta = {
    rentExemptReserve: STAKE_RESERVE,
    staker: SIMULATION.wallet.address,
    withdrawer: SIMULATION.wallet.address,
    ...(s.lockedUp ? { lockup: LOCKUP } : {}),
  };
  const d = delegationAt(s, epoch);
  let bytes: Uint8Array;
  if (d === undefined || s.voter === undefined) bytes = initializedStakeBytes(meta);
  else {
    // Credits observed: the vote account's credits when this epoch began (its rewards paid up to then).
    const credits = epochCredits(s.voter, bankSlot).at(-1)?.[2] ?? 0n;
    bytes = delegatedStakeBytes(meta, {
      voter: s.voter.vote,
      stake: d.stake,
      activationEpoch: BigInt(d.activation),
      deactivationEpoch: d.deactivation === undefined ? NO_EPOCH : BigInt(d.deactivation),
      creditsObserved: credits,
    });
  }
  return { bytes, owner: STAKE_PROGRAM, lamports: STAKE_RESERVE + s.stake };
}

/**
 * A delegation's share of an epoch's history: activating in its activation epoch, effective after it,
 * effective and deactivating in its deactivation epoch, nothing after. Each is small beside the cluster's
 * stake, so it warms up and cools down within one epoch (under the 9% rate).
 */
function shareAt(d: Delegation, epoch: number) {
  const none = { effective: 0n, activating: 0n, deactivating: 0n };
  if (d.deactivation !== undefined && d.deactivation <= d.activation) return none;
  if (epoch < d.activation) return none;
  if (epoch === d.activation) return { ...none, activating: d.stake };
  if (d.deactivation === undefined || epoch < d.deactivation) return { ...none, effective: d.stake };
  if (epoch === d.deactivation) return { ...none, effective: d.stake, deactivating: d.stake };
  return none;
}

/**
 * The stake history at a bank: one entry for each finished epoch, newest first, at most 512. The
 * validators' stakes (getVoteAccounts' activatedStake) are this epoch's effective stake, the cast's
 * effective delegations among them; the earlier epochs differ from it by the cast's delegations alone.
 */
export function stakeHistoryAt(bankSlot: number): StakeHistoryEntry[] {
  const epoch = Math.floor(bankSlot / SLOTS_PER_EPOCH);
  const delegations = CAST_STAKES.flatMap((s) => delegationAt(s, epoch) ?? []);
  const total = SIMULATION.validators.reduce((sum, v) => sum + v.stake, 0n);
  const castEffectiveNow = delegations.reduce((sum, d) => sum + shareAt(d, epoch).effective, 0n);
  const entries: StakeHistoryEntry[] = [];
  for (let e = epoch - 1; e >= 0 && entries.length < 512; e--) {
    const shares = delegations.map((d) => shareAt(d, e));
    const sum = (key: 'effective' | 'activating' | 'deactivating') => shares.reduce((t, s) => t + s[key], 0n);
    entries.push({
      epoch: e,
      effective: total - castEffectiveNow + sum('effective'),
      activating: sum('activating'),
      deactivating: sum('deactivating'),
    });
  }
  return entries;
}

/**
 * The reward a cast stake account was paid for `epoch` (getInflationReward), or `undefined` when it earned
 * none: its stake effective through that epoch, at the ~0.0252% an epoch the vote accounts' rewards use,
 * less its validator's commission. `postBalance` is its lamports now (the reward is in its stake).
 */
export function stakeRewardFor(address: string, bankSlot: number, epoch: number) {
  const s = CAST_STAKES.find((c) => c.address === address);
  const d = s && delegationAt(s, Math.floor(bankSlot / SLOTS_PER_EPOCH));
  if (!s?.voter || !d || shareAt(d, epoch).effective === 0n) return undefined;
  const amount = (((d.stake * 252n) / 1_000_000n) * BigInt(100 - s.voter.commission)) / 100n;
  return { amount, commission: s.voter.commission, postBalance: STAKE_RESERVE + s.stake };
}
