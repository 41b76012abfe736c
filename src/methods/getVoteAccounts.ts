import { parseJsonExactAt } from '../codecs/json.js';
import { defineMethod, type WireOf } from '../defineMethod.js';
import { checkAddress } from '../options/check.js';
import { commitment, flag, unsigned } from '../options/config.js';
import { address } from '../schemas/address.js';
import { memo } from '../schemas/memo.js';
import { safeInteger, toBigInt, u8, u16, u64 } from '../schemas/numbers.js';
import { array, boolean, type Infer, optional, refine, tuple, type } from '../schemas/struct.js';
import type { Address, CommitmentConfig } from '../types/index.js';

// 1. Config

/** Options of `getVoteAccounts`. */
export interface GetVoteAccountsConfig extends CommitmentConfig {
  /** Only this vote account (both lists come back empty when it is not a vote account). */
  votePubkey?: Address;
  /** Keep delinquent accounts with no stake, which the node otherwise drops. */
  keepUnstakedDelinquents?: boolean;
  /** How many slots behind a vote may be before the account counts as delinquent (node default 128). */
  delinquentSlotDistance?: number | bigint;
}

// 2. Result

/** `[epoch, credits, previousCredits]`: credits earned in `epoch` are `credits - previousCredits`. */
export type EpochCredits = [epoch: number, credits: number, previousCredits: number];

/** A vote account as `getVoteAccounts` reports it. */
export interface VoteAccountInfo {
  /** The vote account's address. */
  votePubkey: Address;
  /** The validator identity that votes with this account. */
  nodePubkey: Address;
  /** Stake active this epoch, in lamports, exact. */
  activatedStake: bigint;
  /** Whether the account is in this epoch's staked vote-account set. */
  epochVoteAccount: boolean;
  /** Commission in percent (derived from `inflationRewardsCommissionBps` where a node sends only that). */
  commission: number;
  /** The latest slot voted on; 0 if it never voted. */
  lastVote: number;
  /** The latest rooted slot; 0 if none. */
  rootSlot: number;
  /** Credits of the last (up to five) epochs, oldest first. */
  epochCredits: EpochCredits[];
  /** Commission in basis points, on newer nodes. */
  inflationRewardsCommissionBps?: number;
}

/** Vote accounts split by whether their latest vote is recent. */
export interface VoteAccounts {
  /** Voting recently. Agave keeps accounts with no stake here too. */
  current: VoteAccountInfo[];
  /** Not voting within `delinquentSlotDistance` slots. */
  delinquent: VoteAccountInfo[];
}

// 3. Signature

/** Lists vote accounts. */
export interface GetVoteAccounts {
  /**
   * Lists the cluster's vote accounts, or one of them with `votePubkey`.
   * @example
   * const { current, delinquent } = await rpc.getVoteAccounts({ votePubkey });
   * const voting = current.some((a) => a.votePubkey === votePubkey);
   */
  (config?: GetVoteAccountsConfig): Promise<VoteAccounts>;
}

// 4. Wire schema and decoder

const voteAccount = /* @__PURE__ */ memo(() =>
  refine(
    type({
      votePubkey: address(),
      nodePubkey: address(),
      activatedStake: u64(),
      epochVoteAccount: boolean(),
      commission: optional(u8()),
      lastVote: safeInteger(),
      rootSlot: safeInteger(),
      epochCredits: array(tuple([safeInteger(), safeInteger(), safeInteger()])),
      inflationRewardsCommissionBps: optional(u16()),
    }),
    'commission',
    (account, context) =>
      account.commission !== undefined || account.inflationRewardsCommissionBps !== undefined
        ? true
        : {
            path: [...context.path, 'commission'],
            value: undefined,
            message: 'Expected commission (or inflationRewardsCommissionBps), but received: neither',
          },
  ),
);

const voteAccounts = /* @__PURE__ */ memo(() =>
  type({ current: array(voteAccount()), delinquent: array(voteAccount()) }),
);

type WireVoteAccount = Infer<ReturnType<typeof voteAccount>>;

function decodeVoteAccount(wire: WireVoteAccount): VoteAccountInfo {
  const bps = wire.inflationRewardsCommissionBps;
  const account: VoteAccountInfo = {
    votePubkey: wire.votePubkey,
    nodePubkey: wire.nodePubkey,
    activatedStake: toBigInt(wire.activatedStake),
    epochVoteAccount: wire.epochVoteAccount,
    // Nodes that report basis points derive the percentage by rounding up, within a u8.
    commission: wire.commission ?? Math.min(255, Math.ceil((bps as number) / 100)),
    lastVote: wire.lastVote,
    rootSlot: wire.rootSlot,
    epochCredits: wire.epochCredits,
  };
  if (bps !== undefined) account.inflationRewardsCommissionBps = bps;
  return account;
}

// 5. Definition

/** `getVoteAccounts`: current and delinquent vote accounts. Served by every node. */
export const getVoteAccounts = /* @__PURE__ */ defineMethod<GetVoteAccounts, WireOf<typeof voteAccounts>>({
  name: 'getVoteAccounts',
  fullApi: false,
  // The one u64 field: stakes pass 2^53 on real clusters. Read with JSON.parse and these put back exactly.
  parse: (body) => parseJsonExactAt(body, ['activatedStake']),
  config: {
    commitment,
    votePubkey: checkAddress,
    keepUnstakedDelinquents: flag,
    delinquentSlotDistance: unsigned,
  },
  result: voteAccounts,
  decode: (wire): VoteAccounts => ({
    current: wire.current.map(decodeVoteAccount),
    delinquent: wire.delinquent.map(decodeVoteAccount),
  }),
});
