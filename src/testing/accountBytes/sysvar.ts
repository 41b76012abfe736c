/**
 * Sysvar accounts in their bincode layouts, each allocated at its sysvar's fixed size (`size_of`), so a
 * list shorter than its maximum is followed by zeros, as on a node.
 */
import { ByteWriter } from './byteWriter.js';

export interface Clock {
  slot: bigint | number;
  epochStartTimestamp: bigint | number;
  epoch: bigint | number;
  leaderScheduleEpoch: bigint | number;
  unixTimestamp: bigint | number;
}

export function clockBytes(c: Clock): Uint8Array {
  return new ByteWriter()
    .u64(c.slot)
    .i64(c.epochStartTimestamp)
    .u64(c.epoch)
    .u64(c.leaderScheduleEpoch)
    .i64(c.unixTimestamp)
    .finish();
}

export function rentBytes(lamportsPerByteYear: bigint, exemptionThreshold: number, burnPercent: number): Uint8Array {
  return new ByteWriter().u64(lamportsPerByteYear).f64(exemptionThreshold).u8(burnPercent).finish();
}

export interface EpochSchedule {
  slotsPerEpoch: number;
  leaderScheduleSlotOffset: number;
  warmup: boolean;
  firstNormalEpoch: number;
  firstNormalSlot: number;
}

export function epochScheduleBytes(s: EpochSchedule): Uint8Array {
  return new ByteWriter()
    .u64(s.slotsPerEpoch)
    .u64(s.leaderScheduleSlotOffset)
    .bool(s.warmup)
    .u64(s.firstNormalEpoch)
    .u64(s.firstNormalSlot)
    .finish();
}

/** Fees (deprecated): a FeeCalculator, its lamports per signature. */
export function feesBytes(lamportsPerSignature: bigint): Uint8Array {
  return new ByteWriter().u64(lamportsPerSignature).finish();
}

/** MAX_ENTRIES of StakeHistory and SlotHashes; RecentBlockhashes keeps 150. */
export const HISTORY_MAX_ENTRIES = 512;
export const RECENT_BLOCKHASHES_MAX = 150;

export interface StakeHistoryEntry {
  epoch: number;
  effective: bigint;
  activating: bigint;
  deactivating: bigint;
}

/** StakeHistory: a Vec of (epoch, entry), newest first, in an account of 8 + 512 × 32 bytes. */
export function stakeHistoryBytes(entries: readonly StakeHistoryEntry[]): Uint8Array {
  const w = new ByteWriter().u64(entries.length);
  for (const e of entries) w.u64(e.epoch).u64(e.effective).u64(e.activating).u64(e.deactivating);
  return w.finish(8 + HISTORY_MAX_ENTRIES * 32);
}

/** SlotHashes: a Vec of (slot, bank hash), newest first, in an account of 8 + 512 × 40 bytes. */
export function slotHashesBytes(entries: readonly { slot: number; hash: string }[]): Uint8Array {
  const w = new ByteWriter().u64(entries.length);
  for (const e of entries) w.u64(e.slot).key(e.hash);
  return w.finish(8 + HISTORY_MAX_ENTRIES * 40);
}

/** RecentBlockhashes (deprecated): a Vec of (blockhash, lamports per signature), newest first. */
export function recentBlockhashesBytes(entries: readonly { blockhash: string; lamportsPerSignature: bigint }[]) {
  const w = new ByteWriter().u64(entries.length);
  for (const e of entries) w.key(e.blockhash).u64(e.lamportsPerSignature);
  return w.finish(8 + RECENT_BLOCKHASHES_MAX * 40);
}

export function lastRestartSlotBytes(slot: bigint | number): Uint8Array {
  return new ByteWriter().u64(slot).finish();
}

export interface EpochRewards {
  distributionStartingBlockHeight: bigint | number;
  numPartitions: bigint | number;
  parentBlockhash: string;
  totalPoints: bigint;
  totalRewards: bigint;
  distributedRewards: bigint;
  active: boolean;
}

/** EpochRewards: 81 bytes, total_points a u128. */
export function epochRewardsBytes(r: EpochRewards): Uint8Array {
  return new ByteWriter()
    .u64(r.distributionStartingBlockHeight)
    .u64(r.numPartitions)
    .key(r.parentBlockhash)
    .u128(r.totalPoints)
    .u64(r.totalRewards)
    .u64(r.distributedRewards)
    .bool(r.active)
    .finish();
}
