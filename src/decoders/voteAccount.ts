/**
 * `decodeVoteAccount`: the bytes of a vote account (bincode `VoteStateVersions`, solana-vote-interface) to
 * the `info` that `jsonParsed` shows for it (agave `account-decoder/src/parse_vote.rs`).
 *
 * Layout: a u32 version tag, then that version's state. Integers are little-endian; `Option<T>` is a u8
 * tag (0 none, 1 some) then T; a list is a u64 count then its items; a key is 32 bytes.
 * ```
 * 0 V0_23_5   nodePubkey, authorizedVoter, authorizedVoterEpoch u64,
 *             priorVoters: 32 × (key, epoch u64, targetEpoch u64, slot u64) + idx u64,
 *             authorizedWithdrawer, commission u8, votes: list of (slot u64, confirmationCount u32),
 *             rootSlot Option<u64>, epochCredits, lastTimestamp
 * 1 V1_14_11  nodePubkey, authorizedWithdrawer, commission u8, votes: list of (slot u64, confirmationCount u32),
 *             rootSlot Option<u64>, authorizedVoters: list of (epoch u64, key),
 *             priorVoters: 32 × (key, epoch u64, targetEpoch u64) + idx u64 + isEmpty bool,
 *             epochCredits, lastTimestamp
 * 2 V3        as V1_14_11, but each vote is (latency u8, slot u64, confirmationCount u32)
 * 3 V4        nodePubkey, authorizedWithdrawer, inflationRewardsCollector, blockRevenueCollector,
 *             inflationRewardsCommissionBps u16, blockRevenueCommissionBps u16, pendingDelegatorRewards u64,
 *             blsPubkeyCompressed Option<[u8; 48]>, votes as V3, rootSlot, authorizedVoters, epochCredits,
 *             lastTimestamp (no prior voters)
 * epochCredits: list of (epoch u64, credits u64, previousCredits u64); lastTimestamp: slot u64, timestamp i64
 * ```
 * Vote accounts are allocated at a fixed size larger than their state, so bytes after it are ignored.
 * @module
 */
import { encodeBase58 } from '../codecs/base58.js';
import { ByteReader } from '../codecs/byteReader.js';
import { DecodeError } from '../errors/DecodeError.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import type { Address, ReadonlyUint8Array } from '../types/index.js';
import { jsonInteger } from './jsonValues.js';

const DECODER = 'decodeVoteAccount';

/** One vote in the tower: the slot, how many confirmations it has, and (V3 on) how late it landed. */
export interface VoteLockout {
  /** The slot voted on. */
  slot: number;
  /** How many later votes have confirmed it; its lockout is `2^confirmationCount` slots. */
  confirmationCount: number;
  /** Slots between the voted slot and the one the vote landed in; 0 in versions that did not record it. */
  latency: number;
}

/** Who may vote from `epoch` on. */
export interface AuthorizedVoter {
  /** The first epoch this voter may vote in. */
  epoch: number;
  /** The key that signs votes from that epoch on. */
  authorizedVoter: Address;
}

/** A past authorized voter, kept by the versions before V4. */
export interface PriorVoter {
  /** The voter that was replaced. */
  authorizedPubkey: Address;
  /** The epoch in which it started voting. */
  epochOfLastAuthorizedSwitch: number;
  /** The epoch from which its successor voted. */
  targetEpoch: number;
}

/** Credits earned up to the end of `epoch`: the epoch earned `credits - previousCredits`. Exact, as strings. */
export interface VoteEpochCredits {
  /** The epoch. */
  epoch: number;
  /** Total credits at the end of the epoch (or now, for the current one). */
  credits: string;
  /** Total credits at the start of the epoch. */
  previousCredits: string;
}

/** The latest timestamp the validator voted with, and the slot it voted on. */
export interface VoteTimestamp {
  /** The slot the timestamped vote was for. */
  slot: number;
  /** Unix seconds. */
  timestamp: number;
}

/**
 * A vote account's state, in the shape `jsonParsed` shows it. Slots, epochs and the timestamp are
 * `number`; credits and rewards are exact decimal strings.
 */
export interface VoteAccountState {
  /** The identity of the validator that votes with this account. */
  nodePubkey: Address;
  /** The key that may withdraw lamports and change the authorities. */
  authorizedWithdrawer: Address;
  /** Commission in percent; for V4, `inflationRewardsCommissionBps / 100` rounded down, as agave reports it. */
  commission: number;
  /** The tower: the recent votes, oldest first. */
  votes: VoteLockout[];
  /** `null` when nothing is rooted yet. */
  rootSlot: number | null;
  /** Sorted by epoch. */
  authorizedVoters: AuthorizedVoter[];
  /** Entries with a key only; always empty for V4, which keeps none. */
  priorVoters: PriorVoter[];
  /** Oldest first. */
  epochCredits: VoteEpochCredits[];
  /** The latest timestamp the validator voted with. */
  lastTimestamp: VoteTimestamp;
  /** V4 only (SIMD-0185): the inflation-rewards commission in basis points. */
  inflationRewardsCommissionBps?: number;
  /** V4 only: the block-revenue commission in basis points. */
  blockRevenueCommissionBps?: number;
  /** V4 only: where inflation rewards go. */
  inflationRewardsCollector?: Address;
  /** V4 only: where block revenue goes. */
  blockRevenueCollector?: Address;
  /** V4 only: lamports owed to delegators, exact. */
  pendingDelegatorRewards?: string;
  /** V4 only: the compressed BLS public key in base58, or `null` when none is set. */
  blsPubkeyCompressed?: string | null;
}

/** The largest account data the runtime allows (`MAX_PERMITTED_DATA_LENGTH`, 10 MiB). */
const MAX_ACCOUNT_BYTES = 10 * 1024 * 1024;
/** Prior voters are a fixed ring of 32 entries, used or not. */
const PRIOR_VOTERS = 32;
/** The size of V4's compressed BLS public key. */
export const BLS_PUBKEY_COMPRESSED_BYTES = 48;

/**
 * Decodes a vote account of any version agave has stored: V0_23_5, V1_14_11, V3 and V4. The result has
 * the fields of `jsonParsed`'s `info`, with `latency` on every vote (0 where the version has none) and
 * V4's commission and collector fields when the bytes are V4.
 *
 * Throws `DecodeError` (naming the field and byte offset) for bytes that are not a vote state: an
 * unknown version, a list longer than the bytes can hold, a bad option tag or bool, bytes that end
 * early, or a slot, epoch or timestamp beyond `Number.MAX_SAFE_INTEGER`. Throws `InvalidInputError`
 * when `bytes` is not a `Uint8Array`.
 * @example
 * const vote = decodeVoteAccount(account.data);
 * vote.votes.at(-1)?.slot; // the latest slot voted on
 */
export function decodeVoteAccount(bytes: ReadonlyUint8Array): VoteAccountState {
  if (!(bytes instanceof Uint8Array)) {
    throw new InvalidInputError({
      param: 'bytes',
      problem: `${DECODER} expects a Uint8Array, got ${Object.prototype.toString.call(bytes).slice(8, -1)}`,
    });
  }
  if (bytes.length > MAX_ACCOUNT_BYTES) {
    const problem = `${bytes.length} bytes is more than an account can hold (${MAX_ACCOUNT_BYTES})`;
    throw new DecodeError({ decoder: DECODER, field: 'bytes', offset: MAX_ACCOUNT_BYTES, problem });
  }
  const reader = new VoteReader(bytes, DECODER, false);
  const version = reader.u32('version');
  switch (version) {
    case 0:
      return readV0_23_5(reader);
    case 1:
      return readV1_14_11OrV3(reader, false);
    case 2:
      return readV1_14_11OrV3(reader, true);
    case 3:
      return readV4(reader);
    default:
      throw reader.error('version', 0, `unknown vote state version ${version} (0 to 3 are known)`);
  }
}

function readV0_23_5(r: VoteReader): VoteAccountState {
  const nodePubkey = r.address('nodePubkey');
  const authorizedVoter = r.address('authorizedVoter');
  const epoch = r.safeU64('authorizedVoterEpoch');
  // (key, epoch of the switch, target epoch, slot of the switch): the slot is not shown.
  const priorVoters = readPriorVoters(r, 8);
  r.u64('priorVoters.idx');
  return {
    nodePubkey,
    authorizedWithdrawer: r.address('authorizedWithdrawer'),
    commission: r.u8('commission'),
    votes: readVotes(r, false),
    rootSlot: readRootSlot(r),
    // agave shows the one voter this version kept, even an unset one.
    authorizedVoters: [{ epoch, authorizedVoter }],
    priorVoters,
    epochCredits: readEpochCredits(r),
    lastTimestamp: readTimestamp(r),
  };
}

function readV1_14_11OrV3(r: VoteReader, hasLatency: boolean): VoteAccountState {
  const nodePubkey = r.address('nodePubkey');
  const authorizedWithdrawer = r.address('authorizedWithdrawer');
  const commission = r.u8('commission');
  const votes = readVotes(r, hasLatency);
  const rootSlot = readRootSlot(r);
  const authorizedVoters = readAuthorizedVoters(r);
  const priorVoters = readPriorVoters(r, 0);
  r.u64('priorVoters.idx');
  r.bool('priorVoters.isEmpty');
  return {
    nodePubkey,
    authorizedWithdrawer,
    commission,
    votes,
    rootSlot,
    authorizedVoters,
    priorVoters,
    epochCredits: readEpochCredits(r),
    lastTimestamp: readTimestamp(r),
  };
}

/** V4's SIMD-0185 fields, in the order agave's jsonParsed shows them. */
export interface VoteV4Fields {
  inflationRewardsCommissionBps: number;
  inflationRewardsCollector: Address;
  blockRevenueCollector: Address;
  blockRevenueCommissionBps: number;
  pendingDelegatorRewards: string;
  blsPubkeyCompressed: string | null;
}

/**
 * V4's fields before the tower, read in their order: the keys, the SIMD-0185 collectors and commissions,
 * the BLS key. `v4` holds the SIMD-0185 ones for both readers to spread after the common fields.
 */
export function readV4Head(r: VoteReader): { nodePubkey: Address; authorizedWithdrawer: Address; v4: VoteV4Fields } {
  const nodePubkey = r.address('nodePubkey');
  const authorizedWithdrawer = r.address('authorizedWithdrawer');
  const inflationRewardsCollector = r.address('inflationRewardsCollector');
  const blockRevenueCollector = r.address('blockRevenueCollector');
  const inflationRewardsCommissionBps = r.u16('inflationRewardsCommissionBps');
  const blockRevenueCommissionBps = r.u16('blockRevenueCommissionBps');
  const pendingDelegatorRewards = r.u64('pendingDelegatorRewards').toString();
  const blsPubkeyCompressed = r.option('blsPubkeyCompressed')
    ? encodeBase58(r.bytesOf('blsPubkeyCompressed', BLS_PUBKEY_COMPRESSED_BYTES))
    : null;
  return {
    nodePubkey,
    authorizedWithdrawer,
    v4: {
      inflationRewardsCommissionBps,
      inflationRewardsCollector,
      blockRevenueCollector,
      blockRevenueCommissionBps,
      pendingDelegatorRewards,
      blsPubkeyCompressed,
    },
  };
}

function readV4(r: VoteReader): VoteAccountState {
  const { nodePubkey, authorizedWithdrawer, v4 } = readV4Head(r);
  return {
    nodePubkey,
    authorizedWithdrawer,
    // agave: `(bps / 100) as u8`, which wraps above 255 %; kept so both sides agree.
    commission: Math.floor(v4.inflationRewardsCommissionBps / 100) & 0xff,
    votes: readVotes(r, true),
    rootSlot: readRootSlot(r),
    authorizedVoters: readAuthorizedVoters(r),
    priorVoters: [],
    epochCredits: readEpochCredits(r),
    lastTimestamp: readTimestamp(r),
    ...v4,
  };
}

/** The tower, each vote read in its layout's order (latency first where the version has one). */
export function readVotes(r: VoteReader, hasLatency: boolean): VoteLockout[] {
  const count = r.count('votes', hasLatency ? 13 : 12);
  const votes: VoteLockout[] = [];
  for (let i = 0; i < count; i++) {
    const latency = hasLatency ? r.u8(`votes.${i}.latency`) : 0;
    const slot = r.safeU64(`votes.${i}.slot`);
    votes.push({ slot, confirmationCount: r.u32(`votes.${i}.confirmationCount`), latency });
  }
  return votes;
}

export function readRootSlot(r: VoteReader): number | null {
  return r.option('rootSlot') ? r.safeU64('rootSlot') : null;
}

/**
 * A map from epoch to voter on the wire; agave reads it into a `BTreeMap`, so the list comes out sorted by
 * epoch, and an epoch written twice keeps its last voter.
 */
export function readAuthorizedVoters(r: VoteReader): AuthorizedVoter[] {
  const count = r.count('authorizedVoters', 40);
  const byEpoch = new Map<bigint, { voter: Address; offset: number; index: number }>();
  for (let i = 0; i < count; i++) {
    const offset = r.offset;
    const epoch = r.u64(`authorizedVoters.${i}.epoch`);
    byEpoch.set(epoch, { voter: r.address(`authorizedVoters.${i}.authorizedVoter`), offset, index: i });
  }
  return [...byEpoch.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([epoch, { voter, offset, index }]) => ({
      epoch: r.toSafe(`authorizedVoters.${index}.epoch`, offset, epoch),
      authorizedVoter: voter,
    }));
}

/**
 * The ring of 32 prior voters, in ring order as agave lists them, unused (all-zero key) entries left out.
 * `extraBytes` is what follows the two epochs in each entry (V0_23_5 keeps the switch slot there).
 */
export function readPriorVoters(r: VoteReader, extraBytes: number): PriorVoter[] {
  const priorVoters: PriorVoter[] = [];
  for (let i = 0; i < PRIOR_VOTERS; i++) {
    const field = `priorVoters.${i}`;
    const key = r.bytesOf(`${field}.authorizedPubkey`, 32);
    const switchOffset = r.offset;
    const epochOfLastAuthorizedSwitch = r.u64(`${field}.epochOfLastAuthorizedSwitch`);
    const targetEpoch = r.u64(`${field}.targetEpoch`);
    r.bytesOf(field, extraBytes);
    if (key.every((byte) => byte === 0)) continue;
    priorVoters.push({
      authorizedPubkey: encodeBase58(key),
      epochOfLastAuthorizedSwitch: r.toSafe(
        `${field}.epochOfLastAuthorizedSwitch`,
        switchOffset,
        epochOfLastAuthorizedSwitch,
      ),
      targetEpoch: r.toSafe(`${field}.targetEpoch`, switchOffset + 8, targetEpoch),
    });
  }
  return priorVoters;
}

export function readEpochCredits(r: VoteReader): VoteEpochCredits[] {
  const count = r.count('epochCredits', 24);
  const credits: VoteEpochCredits[] = [];
  for (let i = 0; i < count; i++) {
    credits.push({
      epoch: r.safeU64(`epochCredits.${i}.epoch`),
      credits: r.u64(`epochCredits.${i}.credits`).toString(),
      previousCredits: r.u64(`epochCredits.${i}.previousCredits`).toString(),
    });
  }
  return credits;
}

export function readTimestamp(r: VoteReader): VoteTimestamp {
  const slot = r.safeU64('lastTimestamp.slot');
  const offset = r.offset;
  return { slot, timestamp: r.toSafe('lastTimestamp.timestamp', offset, r.i64('lastTimestamp.timestamp')) };
}

/**
 * The byte reader with bincode's own values: strict bools, Option tags, u64 list lengths. Shared by
 * `decodeVoteAccount` (`exact` false: integers are `number`s, one beyond 2^53 refused) and `parseVote`
 * (`exact` true: integers as the exact JSON parser reads agave's, `bigint` beyond 2^53). The `number`
 * types of the shared readers hold for the first; the second's values may be `bigint`.
 */
export class VoteReader extends ByteReader {
  constructor(
    bytes: Uint8Array,
    decoder: string,
    private readonly exact: boolean,
  ) {
    super(bytes, decoder);
  }

  /** A u64 slot or epoch: a `number`, or refused beyond 2^53 unless the reader is exact. */
  safeU64(field: string): number {
    const offset = this.offset;
    return this.toSafe(field, offset, this.u64(field));
  }

  toSafe(field: string, offset: number, value: bigint): number {
    if (this.exact) return jsonInteger(value) as number;
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
      throw this.error(field, offset, `${value} is beyond Number.MAX_SAFE_INTEGER`);
    }
    return Number(value);
  }

  /** bincode's bool: only 0 and 1 are valid. */
  bool(field: string): boolean {
    const at = this.offset;
    const byte = this.u8(field);
    if (byte > 1) throw this.error(field, at, `expected a bool (0 or 1), got ${byte}`);
    return byte === 1;
  }

  /** An `Option` tag: whether a value follows. */
  option(field: string): boolean {
    const at = this.offset;
    const tag = this.u8(field);
    if (tag > 1) throw this.error(field, at, `its option tag is ${tag}, not 0 (none) or 1 (some)`);
    return tag === 1;
  }

  /**
   * A u64 list length. One the remaining bytes cannot hold at `itemBytes` per item is refused here,
   * before any list is built for it.
   */
  count(field: string, itemBytes: number): number {
    const at = this.offset;
    const count = this.u64(field);
    if (count > BigInt(Math.floor(this.remaining / itemBytes))) {
      throw this.error(field, at, `${count} items need ${itemBytes} bytes each, ${this.remaining} bytes remain`);
    }
    return Number(count);
  }
}
