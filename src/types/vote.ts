/**
 * Types of the vote program's parsed account data: what `getAccountInfo` returns with `encoding:
 * 'jsonParsed'` for a vote account (agave `account-decoder/src/parse_vote.rs`), and what `parseVote` makes
 * of the same bytes. Integers are `number` when safe and `bigint` beyond 2^53, as the exact JSON parser
 * reads them; credits and pending rewards are exact decimal strings, as agave writes them.
 * @module
 */
import type { Address } from './index.js';

/** One vote in the tower. */
export interface ParsedVoteLockout {
  /** Slots between the voted slot and the one the vote landed in; 0 for versions that did not record it. Absent from nodes before agave 3.1. */
  latency?: number;
  /** The slot voted on. */
  slot: number | bigint;
  /** How many later votes have confirmed it; its lockout is `2^confirmationCount` slots. */
  confirmationCount: number;
}

/** Who may vote from `epoch` on. */
export interface ParsedAuthorizedVoter {
  /** The first epoch this voter may vote in. */
  epoch: number | bigint;
  /** The key that signs votes from that epoch on. */
  authorizedVoter: Address;
}

/** A past authorized voter (nodes before agave 3.1 listed them; newer ones always send an empty list). */
export interface ParsedPriorVoter {
  /** The voter that was replaced. */
  authorizedPubkey: Address;
  /** The epoch in which it started voting. */
  epochOfLastAuthorizedSwitch: number | bigint;
  /** The epoch from which its successor voted. */
  targetEpoch: number | bigint;
}

/** Credits earned up to the end of `epoch`: the epoch earned `credits - previousCredits`. */
export interface ParsedEpochCredits {
  /** The epoch. */
  epoch: number | bigint;
  /** Total credits at the end of the epoch (or now, for the current one), as an exact decimal string. */
  credits: string;
  /** Total credits at the start of the epoch, as an exact decimal string. */
  previousCredits: string;
}

/** The latest timestamp the validator voted with. */
export interface ParsedVoteTimestamp {
  /** The slot the timestamped vote was for. */
  slot: number | bigint;
  /** Unix seconds. */
  timestamp: number | bigint;
}

/**
 * A vote account's `info`. The six fields of vote state V4 (SIMD-0185) come from agave 3.1 on, for every
 * version: an older account shows the defaults V4 gives it (its own address and node as collectors, its
 * commission × 100, all block revenue, no pending rewards, no BLS key). Older nodes leave them out.
 */
export interface ParsedVoteInfo {
  /** The identity of the validator that votes with this account. */
  nodePubkey: Address;
  /** The key that may withdraw lamports and change the authorities. */
  authorizedWithdrawer: Address;
  /** Commission in percent: `inflationRewardsCommissionBps / 100` rounded up, at most 255. */
  commission: number;
  /** The tower: the recent votes, oldest first. */
  votes: ParsedVoteLockout[];
  /** `null` when nothing is rooted yet. */
  rootSlot: number | bigint | null;
  /** Sorted by epoch. */
  authorizedVoters: ParsedAuthorizedVoter[];
  /** Always empty from agave 3.1 on. */
  priorVoters: ParsedPriorVoter[];
  /** Oldest first. */
  epochCredits: ParsedEpochCredits[];
  /** The latest timestamp the validator voted with. */
  lastTimestamp: ParsedVoteTimestamp;
  /** The inflation-rewards commission in basis points. */
  inflationRewardsCommissionBps?: number;
  /** Where inflation-rewards commission goes. */
  inflationRewardsCollector?: Address;
  /** Where block-revenue commission goes. */
  blockRevenueCollector?: Address;
  /** The block-revenue commission in basis points. */
  blockRevenueCommissionBps?: number;
  /** Lamports owed to delegators, as an exact decimal string. */
  pendingDelegatorRewards?: string;
  /** The compressed BLS public key in base58, or `null` when none is set. */
  blsPubkeyCompressed?: string | null;
}

/** The vote program's `parsed` value: agave has one kind, `vote`. */
export interface ParsedVote {
  /** Always `'vote'`. */
  type: 'vote';
  /** The vote state. */
  info: ParsedVoteInfo;
}

/** Parsed data of a vote account, as `getAccountInfo` returns it with `jsonParsed`. */
export interface ParsedVoteData {
  /** Always `'vote'`. */
  program: 'vote';
  /** The parsed vote state. */
  parsed: ParsedVote;
  /** The account's size in bytes. */
  space: number;
}
