import { InvalidInputError } from '../errors/InvalidInputError.js';
import type { Address, ReadonlyUint8Array } from '../types/index.js';
import type { ParsedVote, ParsedVoteInfo } from '../types/vote.js';
import {
  readAuthorizedVoters,
  readEpochCredits,
  readPriorVoters,
  readRootSlot,
  readTimestamp,
  readV4Head,
  readVotes,
  VoteReader,
  type VoteV4Fields,
} from './voteAccount.js';

const DECODER = 'vote';

/** Options of `parseVote`. */
export interface ParseVoteOptions {
  /**
   * The vote account's address. agave shows it as `inflationRewardsCollector` of a V1_14_11 or V3
   * account, which does not hold it; V4 accounts do not need it.
   */
  address?: Address;
}

/**
 * Parses a vote account's bytes into exactly the `parsed` value agave's `jsonParsed` shows for them:
 * `{ type: 'vote', info }`, integers as `number` (or `bigint` beyond 2^53), credits as strings.
 *
 * Throws `DecodeError` (`decoder: 'vote'`, naming the field and byte offset) for bytes agave cannot parse:
 * version 0 or unknown, bytes that end early, a bool or option tag other than 0 and 1. Throws
 * `InvalidInputError` when `bytes` is not a `Uint8Array`, or when a V1_14_11 or V3 account comes without
 * `options.address`.
 * @example
 * const { info } = parseVote(account.data, { address: voteAccount });
 * info.votes.at(-1)?.slot; // the latest slot voted on
 */
export function parseVote(bytes: ReadonlyUint8Array, options: ParseVoteOptions = {}): ParsedVote {
  if (!(bytes instanceof Uint8Array)) {
    throw new InvalidInputError({
      param: 'bytes',
      problem: `parseVote expects a Uint8Array, got ${Object.prototype.toString.call(bytes).slice(8, -1)}`,
    });
  }
  const { address } = options;
  if (address !== undefined && typeof address !== 'string') {
    throw new InvalidInputError({ param: 'options.address', problem: 'expected a base58 address string' });
  }
  const r = new VoteReader(bytes, DECODER, true);
  const version = r.u32('version');
  if (version === 0) {
    throw r.error('version', 0, 'version 0 (V0_23_5) is a state agave no longer parses');
  }
  if (version > 3) throw r.error('version', 0, `unknown vote state version ${version} (1 to 3 are known)`);
  const info = version === 3 ? readV4(r) : readV1_14_11OrV3(r, version === 2, address);
  if (address === undefined && version !== 3) {
    throw new InvalidInputError({
      param: 'options.address',
      problem: `a version ${version === 1 ? 'V1_14_11' : 'V3'} vote account shows its own address as inflationRewardsCollector: pass the account's address`,
    });
  }
  return { type: 'vote', info };
}

/** The common tail of every version, in agave's key order, with V4's fields given. */
function withTail(
  r: VoteReader,
  head: { nodePubkey: Address; authorizedWithdrawer: Address; hasLatency: boolean; skipPriorVoters: boolean },
  v4: VoteV4Fields,
): ParsedVoteInfo {
  const votes = readVotes(r, head.hasLatency).map(({ latency, slot, confirmationCount }) => ({
    latency,
    slot,
    confirmationCount,
  }));
  const rootSlot = readRootSlot(r);
  const authorizedVoters = readAuthorizedVoters(r);
  if (head.skipPriorVoters) {
    // Read past, as agave's skip_prior_voters does (its bool must still be 0 or 1), and never shown.
    readPriorVoters(r, 0);
    r.u64('priorVoters.idx');
    r.bool('priorVoters.isEmpty');
  }
  const epochCredits = readEpochCredits(r);
  const lastTimestamp = readTimestamp(r);
  return {
    nodePubkey: head.nodePubkey,
    authorizedWithdrawer: head.authorizedWithdrawer,
    commission: Math.min(Math.ceil(v4.inflationRewardsCommissionBps / 100), 255),
    votes,
    rootSlot,
    authorizedVoters,
    priorVoters: [],
    epochCredits,
    lastTimestamp,
    ...v4,
  };
}

function readV1_14_11OrV3(r: VoteReader, hasLatency: boolean, address: Address | undefined): ParsedVoteInfo {
  const nodePubkey = r.address('nodePubkey');
  const authorizedWithdrawer = r.address('authorizedWithdrawer');
  const commission = r.u8('commission');
  return withTail(
    r,
    { nodePubkey, authorizedWithdrawer, hasLatency, skipPriorVoters: true },
    {
      inflationRewardsCommissionBps: commission * 100,
      // The account's own address; parseVote refuses a missing one once the bytes are known to be good.
      inflationRewardsCollector: address as Address,
      blockRevenueCollector: nodePubkey,
      blockRevenueCommissionBps: 10_000,
      pendingDelegatorRewards: '0',
      blsPubkeyCompressed: null,
    },
  );
}

function readV4(r: VoteReader): ParsedVoteInfo {
  const { nodePubkey, authorizedWithdrawer, v4 } = readV4Head(r);
  return withTail(r, { nodePubkey, authorizedWithdrawer, hasLatency: true, skipPriorVoters: false }, v4);
}
