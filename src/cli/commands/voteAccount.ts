import { rpcRequestError } from '../cliError.js';
import { defineCommand } from '../command.js';
import type { Context } from '../context.js';
import { balanceMessage, rfc3339 } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';
import { decodeVoteAccount, type VoteAccountState } from '../library.js';
import { type VoteState, voteStateFromParsed } from '../voteState.js';

const VOTE_PROGRAM = 'Vote111111111111111111111111111111111111111';
const FEATURE_PROGRAM = 'Feature111111111111111111111111111111111111';
/** The timely-vote-credits feature: once active, a vote can earn up to 16 credits per slot. */
const TIMELY_VOTE_CREDITS = 'tvcF6b1TRz353zKuhBjinZkKzjmihXmBAHJdjNYw1sQ';
const MAX_LOCKOUT_HISTORY = 31;
const MAX_EPOCH_CREDITS_HISTORY = 64;

/** The Solana CLI's `CliVoteAccount`, also the shape of `--output json`. */
interface VoteAccountReport {
  accountBalance: bigint;
  validatorIdentity: string;
  authorizedVoters: Record<string, string>;
  authorizedWithdrawer: string;
  credits: bigint;
  commission: number;
  rootSlot: number | null;
  recentTimestamp: { slot: number; timestamp: number };
  votes: { latency: number; slot: number; confirmationCount: number }[];
  epochVotingHistory: {
    epoch: number;
    slotsInEpoch: number;
    creditsEarned: bigint;
    credits: bigint;
    prevCredits: bigint;
    maxCreditsPerSlot: number;
  }[];
}

export const voteAccount = defineCommand({
  name: 'vote-account',
  aliases: ['show-vote-account'],
  synopsis: 'vote-account <ACCOUNT>',
  summary: "A vote account's recent voting activity",
  help: `solrpc vote-account — a vote account's recent voting activity

Usage: solrpc vote-account <VOTE_ACCOUNT_KEYPAIR_FILE_OR_ADDRESS> [options]

Prints the balance, validator identity, vote and withdraw authorities, credits, commission, root slot,
recent timestamp, recent votes (newest first) and the epoch voting history.

Options:
      --lamports     Print the balance in lamports

${GLOBAL_HELP}`,
  positionals: { min: 1, max: 1 },
  options: {
    lamports: { type: 'boolean' },
  },
  async run(ctx, args, options) {
    const address = ctx.addressOrKeypair(args[0] as string, 'vote account');
    const [account, epochInfo, tvcSlot] = await Promise.all([
      ctx.rpc.getAccountInfo(address, { ...ctx.call, encoding: 'jsonParsed' }).catch(undecodableVoteData),
      ctx.rpc.getEpochInfo(ctx.call),
      featureActivationSlot(ctx, TIMELY_VOTE_CREDITS),
    ]);
    const value = account.value;
    if (value === null) throw rpcRequestError(`${address} account does not exist`);
    if (value.owner !== VOTE_PROGRAM) throw rpcRequestError(`${address} is not a vote account`);
    const data = value.data;
    // A node that cannot parse the account sends its bytes: decode them here, as the Solana CLI does.
    const state = voteStateFromParsed(data instanceof Uint8Array ? decodedVote(data) : data.parsed);
    const slotsInEpoch = epochInfo.slotsInEpoch;
    const tvcEpoch = typeof tvcSlot === 'bigint' ? Number(tvcSlot / BigInt(slotsInEpoch)) : tvcSlot;
    // Active from its activation epoch on; an unknown activation counts as active (it is on every public cluster).
    const maxCreditsPerSlot = (epoch: number) =>
      tvcEpoch === null ? 1 : tvcEpoch === undefined || epoch >= tvcEpoch ? 16 : 1;
    const report = buildReport(value.lamports, state, slotsInEpoch, maxCreditsPerSlot);
    if (ctx.json) ctx.printJson(report);
    else ctx.print(render(report, options.lamports === true));
    return EXIT.ok;
  },
});

function buildReport(
  lamports: bigint,
  state: VoteState,
  slotsInEpoch: number,
  maxCreditsPerSlot: (epoch: number) => number,
): VoteAccountReport {
  return {
    accountBalance: lamports,
    validatorIdentity: state.nodePubkey,
    authorizedVoters: Object.fromEntries(state.authorizedVoters.map((v) => [String(v.epoch), v.authorizedVoter])),
    authorizedWithdrawer: state.authorizedWithdrawer,
    credits: state.epochCredits.at(-1)?.credits ?? 0n,
    commission: state.commission,
    rootSlot: state.rootSlot,
    recentTimestamp: state.lastTimestamp,
    votes: state.votes.map((v) => ({ latency: v.latency, slot: v.slot, confirmationCount: v.confirmationCount })),
    epochVotingHistory: state.epochCredits.map((e) => ({
      epoch: e.epoch,
      // Past epochs are taken to be as long as the current one, which holds on clusters without warmup.
      slotsInEpoch,
      creditsEarned: e.credits > e.previousCredits ? e.credits - e.previousCredits : 0n,
      credits: e.credits,
      prevCredits: e.previousCredits,
      maxCreditsPerSlot: maxCreditsPerSlot(e.epoch),
    })),
  };
}

/** The text the Solana CLI prints for a vote account, line for line. */
function render(report: VoteAccountReport, inLamports: boolean): string {
  const lines: string[] = [];
  const voters = Object.entries(report.authorizedVoters);
  lines.push(`Account Balance: ${balanceMessage(report.accountBalance, inLamports)}`);
  lines.push(`Validator Identity: ${report.validatorIdentity}`);
  lines.push(`Vote Authority: ${voters[0]?.[1] ?? 'None'}`);
  if (voters.length > 1) {
    const [epoch, voter] = voters.at(-1) as [string, string];
    lines.push(`  New Vote Authority as of Epoch ${epoch}: ${voter}`);
  }
  lines.push(`Withdraw Authority: ${report.authorizedWithdrawer}`);
  lines.push(`Credits: ${report.credits}`);
  lines.push(`Commission: ${report.commission}%`);
  lines.push(`Root Slot: ${report.rootSlot ?? '~'}`);
  lines.push(`Recent Timestamp: ${rfc3339(report.recentTimestamp.timestamp)} from slot ${report.recentTimestamp.slot}`);
  const history = report.epochVotingHistory;
  if (report.votes.length > 0) {
    const newest = history.at(-1);
    lines.push(`${newest ? 'Recent' : 'All'} Votes (using ${report.votes.length}/${MAX_LOCKOUT_HISTORY} entries):`);
    for (const vote of [...report.votes].reverse()) {
      const latency = vote.latency === 0 ? '' : ` (latency ${vote.latency})`;
      lines.push(`- slot: ${vote.slot} (confirmation count: ${vote.confirmationCount})${latency}`);
    }
    if (newest) lines.push(`- ... (truncated ${newest.credits} rooted votes, which have been credited)`);
    if (history.length > 0) {
      const all = history.length < MAX_EPOCH_CREDITS_HISTORY ? 'All' : 'Recent';
      lines.push(`${all} Epoch Voting History (using ${history.length}/${MAX_EPOCH_CREDITS_HISTORY} entries):`);
      lines.push('* missed credits include slots unavailable to vote on due to delinquent leaders');
    }
    for (const entry of [...history].reverse()) {
      lines.push(`- epoch: ${entry.epoch}`);
      lines.push(`  credits range: (${entry.prevCredits}..${entry.credits}]`);
      lines.push(
        `  credits/max credits: ${entry.creditsEarned}/${BigInt(entry.slotsInEpoch) * BigInt(entry.maxCreditsPerSlot)}`,
      );
    }
    const oldest = history[0];
    if (oldest && oldest.prevCredits > 0n) {
      lines.push(`- ... (omitting ${oldest.prevCredits} past rooted votes, which have already been credited)`);
    }
  }
  return lines.join('\n');
}

/**
 * A parsed vote state the response schema refuses (fields missing, another parsed type) is vote data the
 * CLI cannot read: the Solana CLI's wording, as for bytes that do not deserialize. Other errors pass.
 */
function undecodableVoteData(error: unknown): never {
  const path = (error as { name?: unknown; path?: unknown }).path;
  if (
    (error as { name?: unknown }).name === 'ValidationError' &&
    typeof path === 'string' &&
    path.startsWith('result.value.data')
  ) {
    throw rpcRequestError('Account data could not be deserialized to vote state');
  }
  throw error;
}

/** Vote-state bytes in jsonParsed's shape, or the Solana CLI's error when they are not a vote state. */
function decodedVote(bytes: Uint8Array): { type: 'vote'; info: VoteAccountState } {
  try {
    return { type: 'vote', info: decodeVoteAccount(bytes) };
  } catch {
    throw rpcRequestError('Account data could not be deserialized to vote state');
  }
}

/**
 * The slot a feature activated at: a bigint, `null` when the feature account says it is not active,
 * or `undefined` when that cannot be told (no such account, another owner, or a failed request).
 */
async function featureActivationSlot(ctx: Context, feature: string): Promise<bigint | null | undefined> {
  try {
    const { value } = await ctx.rpc.getAccountInfo(feature, { ...ctx.call, encoding: 'base64' });
    if (!value || value.owner !== FEATURE_PROGRAM || value.data.length < 1) return undefined;
    // bincode Option<u64>: 0 = not activated; 1 then the activation slot, little-endian.
    if (value.data[0] === 0) return null;
    if (value.data.length < 9) return undefined;
    return new DataView(value.data.buffer, value.data.byteOffset + 1, 8).getBigUint64(0, true);
  } catch (error) {
    if (ctx.io.signal?.aborted) throw error;
    return undefined;
  }
}
