/**
 * The bytes of a simulated vote account: bincode `VoteStateVersions::V3` (tag 2), the layout
 * src/decoders/voteAccount.ts reads, padded with zeros to the size agave allocates (3762 bytes).
 */
// Not public API: the simulated cluster builds wire bytes from addresses, and the library exports no
// base58 decoder.
import { decodeBase58 } from '../codecs/base58Text.js';

export const VOTE_ACCOUNT_SPACE = 3762;

export interface SimulatedVoteState {
  nodePubkey: string;
  authorizedWithdrawer: string;
  commission: number;
  /** Oldest first. */
  votes: { slot: number; confirmationCount: number; latency: number }[];
  rootSlot: number | null;
  authorizedVoters: { epoch: number; authorizedVoter: string }[];
  /** Oldest first; credits as exact decimal strings, as jsonParsed shows them. */
  epochCredits: { epoch: number; credits: string; previousCredits: string }[];
  lastTimestamp: { slot: number; timestamp: number };
}

export function voteStateBytes(state: SimulatedVoteState): Uint8Array {
  const bytes = new Uint8Array(VOTE_ACCOUNT_SPACE);
  const view = new DataView(bytes.buffer);
  let at = 0;
  const u8 = (value: number) => {
    bytes[at] = value;
    at += 1;
  };
  const u32 = (value: number) => {
    view.setUint32(at, value, true);
    at += 4;
  };
  const u64 = (value: number | bigint | string) => {
    view.setBigUint64(at, BigInt(value), true);
    at += 8;
  };
  const key = (address: string) => {
    const decoded = decodeBase58(address, 32);
    if (decoded?.length !== 32) throw new Error(`not a 32-byte address: ${address}`);
    bytes.set(decoded, at);
    at += 32;
  };
  u32(2); // V3
  key(state.nodePubkey);
  key(state.authorizedWithdrawer);
  u8(state.commission);
  u64(state.votes.length);
  for (const vote of state.votes) {
    u8(vote.latency);
    u64(vote.slot);
    u32(vote.confirmationCount);
  }
  if (state.rootSlot === null) u8(0);
  else {
    u8(1);
    u64(state.rootSlot);
  }
  u64(state.authorizedVoters.length);
  for (const voter of state.authorizedVoters) {
    u64(voter.epoch);
    key(voter.authorizedVoter);
  }
  // Prior voters: a ring of 32 unused entries (key, epoch, target epoch), its index, and "is empty".
  at += 32 * (32 + 8 + 8);
  u64(31);
  u8(1);
  u64(state.epochCredits.length);
  for (const entry of state.epochCredits) {
    u64(entry.epoch);
    u64(entry.credits);
    u64(entry.previousCredits);
  }
  u64(state.lastTimestamp.slot);
  view.setBigInt64(at, BigInt(state.lastTimestamp.timestamp), true);
  return bytes;
}
