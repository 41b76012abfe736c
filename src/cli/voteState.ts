/**
 * A vote account's state as `vote-account` needs it, read from agave's jsonParsed `info` (credits
 * there are decimal strings; they become exact bigints here).
 */
import { rpcRequestError } from './cliError.js';
import { address, array, type Infer, nullable, number, optional, string, type } from './library.js';

export interface VoteState {
  nodePubkey: string;
  authorizedWithdrawer: string;
  commission: number;
  /** Oldest first, as stored. */
  votes: { slot: number; confirmationCount: number; latency: number }[];
  rootSlot: number | null;
  /** Ascending by epoch: the first is the current voter, the last a queued one. */
  authorizedVoters: { epoch: number; authorizedVoter: string }[];
  /** Oldest first. */
  epochCredits: { epoch: number; credits: bigint; previousCredits: bigint }[];
  lastTimestamp: { slot: number; timestamp: number };
}

const credit = () => string();

const parsedVote = () =>
  type({
    type: string(),
    info: type({
      // Addresses are checked as base58, which also keeps terminal escapes out of the output.
      nodePubkey: address(),
      authorizedWithdrawer: address(),
      commission: number(),
      votes: array(type({ slot: number(), confirmationCount: number(), latency: optional(number()) })),
      rootSlot: nullable(number()),
      authorizedVoters: array(type({ epoch: number(), authorizedVoter: address() })),
      epochCredits: array(type({ epoch: number(), credits: credit(), previousCredits: credit() })),
      lastTimestamp: type({ slot: number(), timestamp: number() }),
    }),
  });

const DECIMAL = /^\d{1,20}$/;

/** The vote state from jsonParsed data, or the Solana CLI's error when it is not one. */
export function voteStateFromParsed(parsed: unknown): VoteState {
  const schema = parsedVote();
  const checked = schema.check(parsed) ? (parsed as Infer<typeof schema>) : undefined;
  const badCredits = checked?.info.epochCredits.some(
    (e) => !DECIMAL.test(e.credits) || !DECIMAL.test(e.previousCredits),
  );
  if (checked?.type !== 'vote' || badCredits) {
    throw rpcRequestError('Account data could not be deserialized to vote state');
  }
  const info = checked.info;
  return {
    nodePubkey: info.nodePubkey,
    authorizedWithdrawer: info.authorizedWithdrawer,
    commission: info.commission,
    votes: info.votes.map((v) => ({ slot: v.slot, confirmationCount: v.confirmationCount, latency: v.latency ?? 0 })),
    rootSlot: info.rootSlot ?? null,
    authorizedVoters: [...info.authorizedVoters].sort((a, b) => a.epoch - b.epoch),
    epochCredits: info.epochCredits.map((e) => ({
      epoch: e.epoch,
      credits: BigInt(e.credits),
      previousCredits: BigInt(e.previousCredits),
    })),
    lastTimestamp: info.lastTimestamp,
  };
}
