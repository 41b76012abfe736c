import type { ParsedVoteData } from '../types/vote.js';
import { address } from './address.js';
import { memo } from './memo.js';
import { i64, safeInteger, u8, u16, u32, u64 } from './numbers.js';
import { array, literal, nullable, optional, type Schema, string, type } from './struct.js';

/**
 * A vote account's `info` as agave writes it. `latency` and the six V4 fields are optional: nodes before
 * agave 3.1 (and the test cluster's) do not send them; `priorVoters` is always empty from 3.1 on but
 * checked as the list older nodes filled.
 */
export const parsedVoteInfo = /* @__PURE__ */ memo(() =>
  type({
    nodePubkey: address(),
    authorizedWithdrawer: address(),
    commission: u8(),
    votes: array(type({ latency: optional(u8()), slot: u64(), confirmationCount: u32() })),
    rootSlot: nullable(u64()),
    authorizedVoters: array(type({ epoch: u64(), authorizedVoter: address() })),
    priorVoters: array(type({ authorizedPubkey: address(), epochOfLastAuthorizedSwitch: u64(), targetEpoch: u64() })),
    epochCredits: array(type({ epoch: u64(), credits: string(), previousCredits: string() })),
    lastTimestamp: type({ slot: u64(), timestamp: i64() }),
    inflationRewardsCommissionBps: optional(u16()),
    inflationRewardsCollector: optional(address()),
    blockRevenueCollector: optional(address()),
    blockRevenueCommissionBps: optional(u16()),
    pendingDelegatorRewards: optional(string()),
    blsPubkeyCompressed: optional(nullable(string())),
  }),
);

/** `{ program: 'vote', parsed: { type: 'vote', info }, space }`: agave has no other vote `type`. */
export const parsedVoteProgram = /* @__PURE__ */ memo(
  (): Schema<ParsedVoteData> =>
    type({
      program: literal('vote'),
      parsed: type({ type: literal('vote'), info: parsedVoteInfo() }),
      space: safeInteger(),
    }) as unknown as Schema<ParsedVoteData>,
);
