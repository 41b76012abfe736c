/**
 * `solrpc stake-account`, as agave's `process_show_stake_account` (cli/src/stake.rs): the account, the clock
 * and stake-history sysvars and the reduce_stake_warmup_cooldown feature, read as bytes and parsed here;
 * the activation computed as the runtime computes it; printed as `CliStakeState`.
 */
import {
  featureActivationEpoch,
  parsedData,
  readClock,
  requireAccount,
  STAKE_PROGRAM,
  SYSVAR_STAKE_HISTORY,
  sysvarInfo,
} from '../accountReads.js';
import { rpcRequestError } from '../cliError.js';
import { defineCommand } from '../command.js';
import type { Context } from '../context.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';
import { buildStakeState, type ParsedStakeValue, type StakeContext, stakeStateLines } from '../stakeState.js';

/** The feature that lowered the warmup and cooldown rate from 25% to 9% an epoch. */
export const REDUCE_STAKE_WARMUP_COOLDOWN = 'GwtDQBghCTBgmX2cpEGNPxTEBUTQRaDMGTr5qychdGMj';

export const stakeAccount = defineCommand({
  name: 'stake-account',
  aliases: ['show-stake-account'],
  synopsis: 'stake-account <ADDRESS>',
  summary: "A stake account's balance, delegation, activation, authorities and lockup",
  help: `solrpc stake-account — a stake account's balance, delegation and activation

Usage: solrpc stake-account <STAKE_ACCOUNT_ADDRESS> [options]

Prints the balance, rent-exempt reserve, delegated stake with its active, activating and deactivating
parts at the current epoch (from the clock and stake history sysvars, at the 9% rate from the epoch the
cluster activated it), the vote account, the stake and withdraw authorities and a lockup still in force,
as the Solana CLI's stake-account does. --verbose adds the credits observed. The address may be a
keypair file.

Options:
      --lamports     Print balances in lamports

${GLOBAL_HELP}`,
  positionals: { min: 1, max: 1 },
  options: {
    lamports: { type: 'boolean' },
  },
  async run(ctx, args, options) {
    const address = ctx.addressOrKeypair(args[0] as string, 'stake account');
    const account = await requireAccount(ctx, address);
    // The Solana CLI's checks and words: `{address:?}` of a Pubkey is its base58.
    if (account.owner !== STAKE_PROGRAM) throw rpcRequestError(`${address} is not a stake account`);
    const data = parsedData(account);
    if (data?.program !== 'stake') {
      // `state()` turns any bincode failure into InstructionError::InvalidAccountData, written with `{err}`.
      throw rpcRequestError(
        'Account data could not be deserialized to stake state: invalid account data for instruction',
      );
    }
    const at = await stakeContext(ctx);
    const report = buildStakeState(account.lamports, data.parsed as ParsedStakeValue, at);
    if (ctx.json) ctx.printJson(report);
    else {
      const lines = stakeStateLines(report, {
        currentEpoch: at.clock.epoch,
        inLamports: options.lamports === true,
        verbose: ctx.settings.verbose,
      });
      ctx.print(lines.join('\n'));
    }
    return EXIT.ok;
  },
});

/** The clock, the stake history and the new-rate epoch: what every stake report is judged against. */
export async function stakeContext(ctx: Context): Promise<StakeContext> {
  const [stakeHistory, clock, newRateActivationEpoch] = await Promise.all([
    sysvarInfo<unknown>(ctx, SYSVAR_STAKE_HISTORY, 'stakeHistory', 'stake history'),
    readClock(ctx),
    featureActivationEpoch(ctx, REDUCE_STAKE_WARMUP_COOLDOWN),
  ]);
  return { clock, stakeHistory: { type: 'stakeHistory', info: stakeHistory }, newRateActivationEpoch };
}
