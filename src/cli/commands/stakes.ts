/**
 * `solrpc stakes`, as agave's `process_show_stakes` (cli/src/cluster_query.rs): the stake accounts delegated
 * to some validators (vote or identity addresses), or with a withdraw authority, or all of them, each as
 * `CliStakeState` with its address. The stake program holds over a million accounts on mainnet, so they are
 * streamed (streamProgramAccounts) in one scan, in the node's order as the Solana CLI prints them, with
 * memcmp filters that let the node pick them (the state tag; the delegation's voter at byte 124 when one
 * validator is named, as the Solana CLI filters; the withdrawer at byte 44), each printed as it arrives.
 */
import { parsedData, STAKE_PROGRAM } from '../accountReads.js';
import { rpcRequestError } from '../cliError.js';
import { defineCommand } from '../command.js';
import type { Context } from '../context.js';
import { toJson } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';
import { decodeBase58, streamProgramAccounts } from '../library.js';
import { buildStakeState, type ParsedStakeValue, type StakeReport, stakeStateLines } from '../stakeState.js';
import { stakeContext } from './stakeAccount.js';

/** Where the delegation's voter and the withdraw authority sit in a stake account (bincode `StakeStateV2`). */
const VOTER_OFFSET = 124;
const WITHDRAWER_OFFSET = 44;
/** The `StakeStateV2::Stake` tag (u32 little-endian): only delegated accounts have a voter. */
const DELEGATED_TAG = new Uint8Array([2, 0, 0, 0]);

type Filter = { memcmp: { offset: number; bytes: Uint8Array } };

export const stakes = defineCommand({
  name: 'stakes',
  synopsis: 'stakes [VALIDATOR...]',
  summary: 'The stake accounts delegated to validators, or with a withdraw authority',
  help: `solrpc stakes — stake accounts, by validator or by withdraw authority

Usage: solrpc stakes [VALIDATOR_ACCOUNT_ADDRESS...] [options]

Prints each stake account (its address, then what 'solrpc stake-account' prints) delegated to the given
validators, named by vote or identity address (a keypair file too), as the Solana CLI's stakes does; with
no address, every stake account, delegated or not. The accounts are streamed in the node's order and
picked by the node (memcmp filters on the state, on the voter when one validator is named, and on the
withdraw authority), so even mainnet's stake program is read in bounded memory. Prints "No stake accounts
found" when none match (with --output json too, as the Solana CLI does).

Options:
      --withdraw-authority <ADDRESS>  Only the stake accounts with this withdraw authority
      --lamports                      Print balances in lamports

${GLOBAL_HELP}`,
  positionals: { min: 0, max: Number.POSITIVE_INFINITY },
  options: {
    lamports: { type: 'boolean' },
    'withdraw-authority': { type: 'string' },
  },
  async run(ctx, args, options) {
    const given = args.map((arg) => ctx.addressOrKeypair(arg, 'validator'));
    const withdrawer =
      options['withdraw-authority'] === undefined
        ? undefined
        : ctx.addressOrKeypair(options['withdraw-authority'], '--withdraw-authority');
    const voters = given.length > 0 ? await voteAccountsOf(ctx, given) : [];
    const at = await stakeContext(ctx);
    const byWithdrawer: Filter[] =
      withdrawer === undefined ? [] : [{ memcmp: { offset: WITHDRAWER_OFFSET, bytes: key(withdrawer) } }];
    // One scan, so the accounts come in the node's order as the Solana CLI prints them: the node picks one
    // validator's by its voter; several validators' are the delegated accounts, their voters checked here.
    const delegatedTo: Filter[] =
      voters.length === 0
        ? []
        : [
            { memcmp: { offset: 0, bytes: DELEGATED_TAG } },
            ...(voters.length === 1 ? [{ memcmp: { offset: VOTER_OFFSET, bytes: key(voters[0] as string) } }] : []),
          ];
    const filters = [...delegatedTo, ...byWithdrawer];
    const wanted = new Set(voters);
    const print = stakePrinter(ctx, options.lamports === true, at.clock.epoch);
    const stream = streamProgramAccounts(ctx.rpc, STAKE_PROGRAM, {
      ...ctx.call,
      encoding: 'base64',
      ...(filters.length > 0 ? { filters } : {}),
    });
    for await (const { pubkey, account } of stream) {
      const data = parsedData({
        address: pubkey,
        lamports: account.lamports,
        owner: account.owner,
        bytes: account.data,
      });
      // As the Solana CLI: accounts that are not initialized or delegated stakes are left out.
      if (data?.program !== 'stake') continue;
      const parsed = data.parsed as ParsedStakeValue;
      if (parsed.type === 'initialized' ? wanted.size > 0 : parsed.type !== 'delegated') continue;
      if (parsed.type === 'delegated' && wanted.size > 0) {
        const voter = parsed.info.stake?.delegation.voter;
        if (voter === undefined || !wanted.has(voter)) continue;
      }
      print.add(pubkey, buildStakeState(account.lamports, parsed, at));
    }
    print.end();
    return EXIT.ok;
  },
});

/**
 * Writes each stake account as it is found, so that not even the reports of a whole stake program are held:
 * the text of `CliStakeVec`, or its JSON array written item by item (the same bytes serde_json writes).
 */
function stakePrinter(ctx: Context, inLamports: boolean, currentEpoch: bigint) {
  const pretty = ctx.settings.output === 'json';
  let count = 0;
  return {
    add(stakePubkey: string, report: StakeReport): void {
      count++;
      if (ctx.json) {
        const item = toJson({ stakePubkey, ...report }, pretty);
        if (pretty) ctx.io.out(`${count === 1 ? '[\n' : ',\n'}  ${item.replace(/\n/g, '\n  ')}`);
        else ctx.io.out(`${count === 1 ? '[' : ','}${item}`);
        return;
      }
      const lines = stakeStateLines(report, { currentEpoch, inLamports, verbose: ctx.settings.verbose });
      ctx.io.out(`\nStake Pubkey: ${stakePubkey}\n${lines.join('\n')}\n`);
    },
    end(): void {
      // As the Solana CLI, whatever the output format: it returns this text instead of its list.
      if (count === 0) ctx.print('No stake accounts found');
      else if (ctx.json) ctx.io.out(pretty ? '\n]\n' : ']\n');
    },
  };
}

function key(address: string): Uint8Array {
  return decodeBase58(address, 32) as Uint8Array;
}

/**
 * The vote accounts the given addresses name, as the Solana CLI finds them: each vote account (current or
 * delinquent) whose identity or own address was given; an address that names none is an error.
 */
async function voteAccountsOf(ctx: Context, given: string[]): Promise<string[]> {
  const { current, delinquent } = await ctx.rpc.getVoteAccounts(ctx.call);
  const left = new Set(given);
  const votes = new Set<string>();
  for (const vote of [...current, ...delinquent]) {
    // Rust's `||`: an identity that matches leaves the vote address in the set.
    if (left.delete(vote.nodePubkey) || left.delete(vote.votePubkey)) votes.add(vote.votePubkey);
  }
  if (left.size > 0) {
    const names = [...left].map((address) => JSON.stringify(address)).join(', ');
    throw rpcRequestError(`Failed to retrieve matching vote account for {${names}}.`);
  }
  return [...votes];
}
