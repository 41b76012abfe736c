/**
 * `solrpc stake-history`, as agave's `process_show_stake_history` (cli/src/stake.rs): the StakeHistory sysvar,
 * read as bytes and parsed here, newest epoch first, printed as `CliStakeHistory`.
 */
import { SYSVAR_STAKE_HISTORY, sysvarInfo } from '../accountReads.js';
import { CliError } from '../cliError.js';
import { defineCommand } from '../command.js';
import { alignRight, pad, rustFixed } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';

interface HistoryEntry {
  epoch: number | bigint;
  stakeHistory: { effective: number | bigint; activating: number | bigint; deactivating: number | bigint };
}

export const stakeHistory = defineCommand({
  name: 'stake-history',
  aliases: ['show-stake-history'],
  synopsis: 'stake-history',
  summary: "The cluster's effective, activating and deactivating stake, epoch by epoch",
  help: `solrpc stake-history — the cluster's stake, epoch by epoch

Usage: solrpc stake-history [options]

Prints the StakeHistory sysvar, newest epoch first: each epoch's effective, activating and deactivating
stake, as the Solana CLI's stake-history does. --output json gives every epoch the sysvar holds,
whatever --limit says (as the Solana CLI does).

Options:
      --limit <NUM>  Show the NUM most recent epochs; 0 for all (default: 10)
      --lamports     Print amounts in lamports

${GLOBAL_HELP}`,
  positionals: { min: 0, max: 0 },
  options: {
    limit: { type: 'string' },
    lamports: { type: 'boolean' },
  },
  async run(ctx, _args, options) {
    const limitText = options.limit ?? '10';
    // As clap's `usize` parse: digits with an optional '+', up to 2^64 - 1.
    if (!/^\+?[0-9]+$/.test(limitText) || BigInt(limitText) > 0xffff_ffff_ffff_ffffn) {
      throw new CliError(`--limit must be a whole number of epochs (0 for all), got '${limitText}'`);
    }
    const limit = BigInt(limitText);
    const entries = await sysvarInfo<HistoryEntry[]>(ctx, SYSVAR_STAKE_HISTORY, 'stakeHistory', 'stake history');
    const rows = entries.map((entry) => ({
      epoch: BigInt(entry.epoch),
      effectiveStake: BigInt(entry.stakeHistory.effective),
      activatingStake: BigInt(entry.stakeHistory.activating),
      deactivatingStake: BigInt(entry.stakeHistory.deactivating),
    }));
    if (ctx.json) {
      ctx.printJson({ entries: rows });
      return EXIT.ok;
    }
    const inLamports = options.lamports === true;
    // `build_balance_message_with_config` without the unit and with every decimal: `{:.9}` of an f64.
    const amount = (lamports: bigint) => (inLamports ? String(lamports) : rustFixed(Number(lamports) / 1e9, 9));
    const shown = limit === 0n || limit >= BigInt(rows.length) ? rows : rows.slice(0, Number(limit));
    const lines = [
      '',
      ctx.paint.bold(
        `  ${pad('Epoch', 5)}  ${alignRight('Effective Stake', 20)}  ${alignRight('Activating Stake', 20)}  ${alignRight('Deactivating Stake', 20)}`,
      ),
    ];
    for (const row of shown) {
      lines.push(
        `  ${alignRight(String(row.epoch), 5)}  ${alignRight(amount(row.effectiveStake), 20)}  ${alignRight(amount(row.activatingStake), 20)}  ${alignRight(amount(row.deactivatingStake), 20)} ${inLamports ? 'lamports' : 'SOL'}`,
      );
    }
    ctx.print(lines.join('\n'));
    return EXIT.ok;
  },
});
