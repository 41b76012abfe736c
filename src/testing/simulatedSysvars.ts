/**
 * The sysvar accounts, made from the cluster's own state at the bank read: its slot, epoch and block
 * times (clock), the blockhashes it hands out (recent blockhashes, epoch rewards' parent), the slots its
 * leaders skipped (slot hashes), the stake history of the cast's stake accounts, and agave's constants
 * (rent, epoch schedule, fees). Each is owned by the Sysvar account and holds its rent-exempt minimum.
 */
import {
  clockBytes,
  epochRewardsBytes,
  epochScheduleBytes,
  feesBytes,
  lastRestartSlotBytes,
  recentBlockhashesBytes,
  rentBytes,
  slotHashesBytes,
  stakeHistoryBytes,
} from './accountBytes/sysvar.js';
import { LAMPORTS_PER_SIGNATURE } from './ledger/fees.js';
import { rentExemptMinimum } from './ledger/rent.js';
import { skipped } from './simulatedBlocks.js';
import type { Ledger } from './simulatedLedger.js';
import { stakeHistoryAt } from './simulatedStakes.js';
import { blockTimeAt, slotStartSecond } from './simulatedTransactions.js';
import { epochCredits } from './simulatedValidators.js';
import {
  blockHeightAt,
  SIMULATION,
  SLOT_MS,
  SLOTS_PER_EPOCH,
  SYSVAR_OWNER,
  SYSVARS,
  simulatedAddress,
} from './simulationCast.js';

/** Where the sysvars are read: the tip, the bank asked for, the clock and the ledger (for skipped slots). */
export interface BankView {
  slot: number;
  bankSlot: number;
  nowMs: number;
  ledger?: Ledger;
}

export const SYSVAR_ADDRESSES: readonly string[] = Object.values(SYSVARS);

/** A slot's blockhash, as getBlock and getLatestBlockhash give it. */
const blockhashOf = (slot: number) => simulatedAddress(`blockhash/${slot}`);
/** A slot's bank hash: no RPC method shows one, so it is only made distinct from the blockhash. */
const bankHashOf = (slot: number) => simulatedAddress(`bank-hash/${slot}`);

/** The slots that hold a block, from `from` down, at most `count` (slot 0, genesis, always does). */
function blocksBefore(view: BankView, from: number, count: number): number[] {
  const out: number[] = [];
  for (let slot = from; slot >= 0 && out.length < count; slot--) {
    if (slot === 0 || view.ledger === undefined || !skipped(view.ledger, slot)) out.push(slot);
  }
  return out;
}

/** A block's time as getBlockTime gives it; within the stretch it has none for, counted back from the clock. */
function timeOf(view: BankView, slot: number): number {
  const slotMs = view.ledger?.slotMs ?? SLOT_MS;
  return blockTimeAt(slot, view.slot, view.nowMs, slotMs) ?? slotStartSecond(slot, view.slot, view.nowMs, slotMs);
}

/** The bank's clock: its Clock sysvar's unix timestamp. */
export function bankTimestamp(view: BankView): number {
  return timeOf(view, view.bankSlot);
}

function sysvarBytes(address: string, view: BankView): Uint8Array | undefined {
  const bank = view.bankSlot;
  const epoch = Math.floor(bank / SLOTS_PER_EPOCH);
  const epochStart = epoch * SLOTS_PER_EPOCH;
  switch (address) {
    case SYSVARS.clock:
      return clockBytes({
        slot: bank,
        epochStartTimestamp: timeOf(view, epochStart),
        epoch,
        // No warmup and an offset of one epoch: the schedule known is the next epoch's.
        leaderScheduleEpoch: epoch + 1,
        unixTimestamp: timeOf(view, bank),
      });
    case SYSVARS.rent:
      return rentBytes(3_480n, 2, 50);
    case SYSVARS.epochSchedule:
      return epochScheduleBytes({
        slotsPerEpoch: SLOTS_PER_EPOCH,
        leaderScheduleSlotOffset: SLOTS_PER_EPOCH,
        warmup: false,
        firstNormalEpoch: 0,
        firstNormalSlot: 0,
      });
    case SYSVARS.fees:
      return feesBytes(LAMPORTS_PER_SIGNATURE);
    case SYSVARS.stakeHistory:
      return stakeHistoryBytes(stakeHistoryAt(bank));
    case SYSVARS.slotHashes:
      // A bank records its ancestors' hashes, not its own.
      return slotHashesBytes(blocksBefore(view, bank - 1, 512).map((slot) => ({ slot, hash: bankHashOf(slot) })));
    case SYSVARS.recentBlockhashes:
      return recentBlockhashesBytes(
        blocksBefore(view, bank - 1, 150).map((slot) => ({
          blockhash: blockhashOf(slot),
          lamportsPerSignature: LAMPORTS_PER_SIGNATURE,
        })),
      );
    case SYSVARS.lastRestartSlot:
      // The cluster has never been restarted from a snapshot of its own.
      return lastRestartSlotBytes(0);
    case SYSVARS.epochRewards:
      return epochRewardsBytes(epochRewardsAt(view, epoch, epochStart));
    default:
      return undefined;
  }
}

/**
 * The rewards paid at the start of this epoch for the last, already distributed (inactive): each staked
 * validator's stake times the credits it earned, and the ~0.0252% an epoch getInflationReward pays on.
 * Epoch 0 paid none: the sysvar's default, all zeros.
 */
function epochRewardsAt(view: BankView, epoch: number, epochStart: number) {
  if (epoch === 0) {
    return {
      distributionStartingBlockHeight: 0,
      numPartitions: 0,
      parentBlockhash: '11111111111111111111111111111111',
      totalPoints: 0n,
      totalRewards: 0n,
      distributedRewards: 0n,
      active: false,
    };
  }
  let totalPoints = 0n;
  let totalRewards = 0n;
  for (const v of SIMULATION.validators) {
    const last = epochCredits(v, view.bankSlot).find(([e]) => e === epoch - 1);
    if (last) totalPoints += v.stake * (last[1] - last[2]);
    totalRewards += (v.stake * 252n) / 1_000_000n;
  }
  return {
    distributionStartingBlockHeight: blockHeightAt(epochStart) + 1,
    numPartitions: 1,
    parentBlockhash: blockhashOf(blocksBefore(view, epochStart - 1, 1)[0] ?? 0),
    totalPoints,
    totalRewards,
    distributedRewards: totalRewards,
    active: false,
  };
}

/** Each sysvar's account size (its `size_of`), known before its bytes are made. */
const SYSVAR_SIZES: Record<string, number> = {
  [SYSVARS.clock]: 40,
  [SYSVARS.rent]: 17,
  [SYSVARS.epochSchedule]: 33,
  [SYSVARS.fees]: 8,
  [SYSVARS.stakeHistory]: 8 + 512 * 32,
  [SYSVARS.slotHashes]: 8 + 512 * 40,
  [SYSVARS.recentBlockhashes]: 8 + 150 * 40,
  [SYSVARS.lastRestartSlot]: 8,
  [SYSVARS.epochRewards]: 81,
};

/**
 * The sysvar at `address` in the bank of `view`, or `undefined` for an address that is no sysvar held.
 * Its bytes are made on first read: a program scan walks every account the cluster holds, and slot
 * hashes and recent blockhashes cost hundreds of hashes, which a scan of another program never needs.
 */
export function castSysvar(address: string, view: BankView) {
  const size = SYSVAR_SIZES[address];
  if (size === undefined) return undefined;
  let bytes: Uint8Array | undefined;
  return {
    owner: SYSVAR_OWNER,
    lamports: rentExemptMinimum(size),
    get bytes(): Uint8Array {
      bytes ??= sysvarBytes(address, view) as Uint8Array;
      return bytes;
    },
  };
}
