/**
 * The `parsed` value agave's `jsonParsed` shows for a sysvar account (agave
 * `account-decoder/src/parse_sysvar.rs`), key for key in agave's order. Integers are `number` when safe and
 * `bigint` beyond 2^53, as the exact JSON parser reads them; agave's `StringAmount`s are strings.
 * @module
 */

/** The clock sysvar. */
export interface SysvarClockInfo {
  /** The current slot. */
  slot: number | bigint;
  /** The current epoch. */
  epoch: number | bigint;
  /** The Unix time of the epoch's first slot (i64, seconds). */
  epochStartTimestamp: number | bigint;
  /** The furthest epoch whose leader schedule is known. */
  leaderScheduleEpoch: number | bigint;
  /** The estimated Unix time of the current slot (i64, seconds). */
  unixTimestamp: number | bigint;
}

/** The epoch schedule sysvar. */
export interface SysvarEpochScheduleInfo {
  /** Slots in each epoch after the warm-up. */
  slotsPerEpoch: number | bigint;
  /** Slots before an epoch at which its leader schedule is computed. */
  leaderScheduleSlotOffset: number | bigint;
  /** Whether epochs start short and double up to `slotsPerEpoch`. */
  warmup: boolean;
  /** The first epoch of full length. */
  firstNormalEpoch: number | bigint;
  /** The first slot of `firstNormalEpoch`. */
  firstNormalSlot: number | bigint;
}

/** A fee calculator, as the deprecated fees and recent-blockhashes sysvars hold it. */
export interface SysvarFeeCalculator {
  /** Lamports charged per signature (u64, as a string). */
  lamportsPerSignature: string;
}

/** The fees sysvar. */
export interface SysvarFeesInfo {
  /** The fee calculator in force. */
  feeCalculator: SysvarFeeCalculator;
}

/** One entry of the recent blockhashes sysvar. */
export interface SysvarRecentBlockhashesEntry {
  /** The blockhash, base58. */
  blockhash: string;
  /** The fee calculator that applied with it. */
  feeCalculator: SysvarFeeCalculator;
}

/** The rent sysvar, as agave shows it since it moved to solana-rent 4 (SIMD-0194). */
export interface SysvarRentInfo {
  /** Lamports per byte of an account (plus 128 bytes of overhead) to be rent-exempt (u64, as a string). */
  lamportsPerByte: string;
}

/** The rent sysvar as agave 3.x and older show it (`parseSysvar` writes `SysvarRentInfo`). */
export interface SysvarLegacyRentInfo {
  /** Rent per byte per year, in lamports (u64, as a string). */
  lamportsPerByteYear: string;
  /** Years of rent a balance must cover to be exempt (f64); `null` where the f64 is NaN or infinite. */
  exemptionThreshold: number | null;
  /** Percent of collected rent burned. */
  burnPercent: number;
}

/** The rewards sysvar. */
export interface SysvarRewardsInfo {
  /** Lamports per point (f64); `null` where the f64 is NaN or infinite. */
  validatorPointValue: number | null;
}

/** One entry of the slot hashes sysvar. */
export interface SysvarSlotHashEntry {
  /** The slot. */
  slot: number | bigint;
  /** Its bank hash, base58. */
  hash: string;
}

/** The slot history sysvar. */
export interface SysvarSlotHistoryInfo {
  /** The slot after the newest one recorded. */
  nextSlot: number | bigint;
  /** 1,048,576 characters `0` or `1`: character `i` is bit `i` of the ring (slot `s` is bit `s % 1048576`). */
  bits: string;
}

/** Stake amounts of one epoch, in lamports. */
export interface StakeHistoryAmounts {
  /** Stake in effect. */
  effective: number | bigint;
  /** Stake warming up. */
  activating: number | bigint;
  /** Stake cooling down. */
  deactivating: number | bigint;
}

/** One entry of the stake history sysvar (newest epoch first, as stored). */
export interface SysvarStakeHistoryEntry {
  /** The epoch. */
  epoch: number | bigint;
  /** The cluster's stake in that epoch. */
  stakeHistory: StakeHistoryAmounts;
}

/** The last restart slot sysvar. */
export interface SysvarLastRestartSlotInfo {
  /** The slot of the last hard fork (cluster restart), 0 if none. */
  lastRestartSlot: number | bigint;
}

/** The epoch rewards sysvar. */
export interface SysvarEpochRewardsInfo {
  /** The block height at which the distribution started. */
  distributionStartingBlockHeight: number | bigint;
  /** The number of partitions the rewards are paid in. */
  numPartitions: number | bigint;
  /** The blockhash seeding the partitions, base58. */
  parentBlockhash: string;
  /** The epoch's total points (u128, as a string). */
  totalPoints: string;
  /** Lamports to be paid this epoch (u64, as a string). */
  totalRewards: string;
  /** Lamports paid so far (u64, as a string). */
  distributedRewards: string;
  /** Whether the distribution is under way. */
  active: boolean;
}

/** `parsed` of the clock sysvar. */
export interface ParsedSysvarClock {
  /** Which sysvar. */
  type: 'clock';
  /** Its contents. */
  info: SysvarClockInfo;
}
/** `parsed` of the epoch schedule sysvar. */
export interface ParsedSysvarEpochSchedule {
  /** Which sysvar. */
  type: 'epochSchedule';
  /** Its contents. */
  info: SysvarEpochScheduleInfo;
}
/** `parsed` of the fees sysvar. */
export interface ParsedSysvarFees {
  /** Which sysvar. */
  type: 'fees';
  /** Its contents. */
  info: SysvarFeesInfo;
}
/** `parsed` of the recent blockhashes sysvar. */
export interface ParsedSysvarRecentBlockhashes {
  /** Which sysvar. */
  type: 'recentBlockhashes';
  /** Its contents. */
  info: SysvarRecentBlockhashesEntry[];
}
/** `parsed` of the rent sysvar. */
export interface ParsedSysvarRent {
  /** Which sysvar. */
  type: 'rent';
  /** Its contents: `SysvarRentInfo` from current nodes and from `parseSysvar`, the legacy shape from older nodes. */
  info: SysvarRentInfo | SysvarLegacyRentInfo;
}
/** `parsed` of the rewards sysvar. */
export interface ParsedSysvarRewards {
  /** Which sysvar. */
  type: 'rewards';
  /** Its contents. */
  info: SysvarRewardsInfo;
}
/** `parsed` of the slot hashes sysvar. */
export interface ParsedSysvarSlotHashes {
  /** Which sysvar. */
  type: 'slotHashes';
  /** Its contents. */
  info: SysvarSlotHashEntry[];
}
/** `parsed` of the slot history sysvar. */
export interface ParsedSysvarSlotHistory {
  /** Which sysvar. */
  type: 'slotHistory';
  /** Its contents. */
  info: SysvarSlotHistoryInfo;
}
/** `parsed` of the stake history sysvar. */
export interface ParsedSysvarStakeHistory {
  /** Which sysvar. */
  type: 'stakeHistory';
  /** Its contents. */
  info: SysvarStakeHistoryEntry[];
}
/** `parsed` of the last restart slot sysvar. */
export interface ParsedSysvarLastRestartSlot {
  /** Which sysvar. */
  type: 'lastRestartSlot';
  /** Its contents. */
  info: SysvarLastRestartSlotInfo;
}
/** `parsed` of the epoch rewards sysvar. */
export interface ParsedSysvarEpochRewards {
  /** Which sysvar. */
  type: 'epochRewards';
  /** Its contents. */
  info: SysvarEpochRewardsInfo;
}

/** What agave's `jsonParsed` shows as `parsed` for a sysvar account, by `type`. */
export type ParsedSysvar =
  | ParsedSysvarClock
  | ParsedSysvarEpochSchedule
  | ParsedSysvarFees
  | ParsedSysvarRecentBlockhashes
  | ParsedSysvarRent
  | ParsedSysvarRewards
  | ParsedSysvarSlotHashes
  | ParsedSysvarSlotHistory
  | ParsedSysvarStakeHistory
  | ParsedSysvarLastRestartSlot
  | ParsedSysvarEpochRewards;

/** A sysvar account's `data` under `jsonParsed`. */
export interface ParsedSysvarData {
  /** The parser agave used. */
  program: 'sysvar';
  /** What the parser made of the data. */
  parsed: ParsedSysvar;
  /** The account's data length in bytes. */
  space: number;
}
