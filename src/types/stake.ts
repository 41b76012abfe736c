/**
 * The stake program's accounts as `jsonParsed` shows them (agave `account-decoder/src/parse_stake.rs`).
 * Lamport amounts and the delegation's epochs are strings (agave's `StringAmount`); the lockup's
 * integers and `creditsObserved` are JSON numbers, so `number`, or `bigint` beyond 2^53.
 * @module
 */
import type { Address } from './index.js';

/** Who may act for a stake account. */
export interface StakeAuthorized {
  /** The key that may delegate, deactivate, split and merge. */
  staker: Address;
  /** The key that may withdraw and change either authority. */
  withdrawer: Address;
}

/** A lockup: withdrawals wait until both the time and the epoch have passed, unless the custodian signs. */
export interface StakeLockup {
  /** Unix seconds the lockup lasts until (i64). */
  unixTimestamp: number | bigint;
  /** The epoch the lockup lasts until. */
  epoch: number | bigint;
  /** The key that may lift or change the lockup. */
  custodian: Address;
}

/** What every initialized stake account holds. */
export interface StakeMeta {
  /** Lamports kept back for rent exemption, as a decimal string. */
  rentExemptReserve: string;
  /** The staker and withdrawer. */
  authorized: StakeAuthorized;
  /** The lockup. */
  lockup: StakeLockup;
}

/** A delegation to a vote account. Amounts and epochs as decimal strings (u64::MAX is "18446744073709551615"). */
export interface StakeDelegation {
  /** The vote account delegated to. */
  voter: Address;
  /** Lamports delegated. */
  stake: string;
  /** The epoch the delegation was made in ("18446744073709551615" for a genesis stake). */
  activationEpoch: string;
  /** The epoch it was deactivated in ("18446744073709551615" while not deactivated). */
  deactivationEpoch: string;
}

/** A delegated stake. */
export interface StakeInfo {
  /** The delegation. */
  delegation: StakeDelegation;
  /** The vote account's credits when the stake was last delegated or paid. */
  creditsObserved: number | bigint;
}

/** An initialized or delegated stake account. */
export interface StakeAccountInfo {
  /** Authorities, lockup and rent reserve. */
  meta: StakeMeta;
  /** The delegation, or `null` for an account that is initialized but not delegated. */
  stake: StakeInfo | null;
}

/** A stake account never initialized: `{ type: 'uninitialized' }`, no `info`. */
export interface ParsedStakeUninitialized {
  /** The account's state. */
  type: 'uninitialized';
}

/** A stake account with authorities but no delegation (`info.stake` is `null`). */
export interface ParsedStakeInitialized {
  /** The account's state. */
  type: 'initialized';
  /** Meta, and `stake: null`. */
  info: StakeAccountInfo;
}

/** A delegated stake account's `info`: its `stake` is always there. */
export interface DelegatedStakeAccountInfo extends StakeAccountInfo {
  /** The delegation and the credits observed. */
  stake: StakeInfo;
}

/** A stake account delegated to a vote account (possibly deactivated since). */
export interface ParsedStakeDelegated {
  /** The account's state. */
  type: 'delegated';
  /** Meta and the delegation. */
  info: DelegatedStakeAccountInfo;
}

/** The long-unused rewards-pool state: `{ type: 'rewardsPool' }`, no `info`. */
export interface ParsedStakeRewardsPool {
  /** The account's state. */
  type: 'rewardsPool';
}

/** The `parsed` value of a stake account, by its `type`. */
export type ParsedStake =
  | ParsedStakeUninitialized
  | ParsedStakeInitialized
  | ParsedStakeDelegated
  | ParsedStakeRewardsPool;

/** `data` of a stake account read with `encoding: 'jsonParsed'`. */
export interface ParsedStakeData {
  /** Always `'stake'`. */
  program: 'stake';
  /** The account's state. */
  parsed: ParsedStake;
  /** The account's data length in bytes. */
  space: number;
}
