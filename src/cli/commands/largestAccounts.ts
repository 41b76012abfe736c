/**
 * `solrpc largest-accounts [--circulating | --non-circulating]`, as agave's `process_largest_accounts`
 * (cli/src/cluster_query.rs) and cli-output's `CliAccountBalances`: getLargestAccounts at the configured
 * commitment with the filter asked for. Text: a bold `Address` (left in 44 columns) / `Balance` header, then
 * each account with SOL as the newest Solana CLI's `build_balance_message` rounds it. JSON:
 * `{"accounts": [{"address", "lamports"}]}` with exact lamports.
 */
import { CliError } from '../cliError.js';
import { defineCommand } from '../command.js';
import { pad, solAsBalanceMessage } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';

export const largestAccounts = defineCommand({
  name: 'largest-accounts',
  synopsis: 'largest-accounts',
  summary: 'The 20 largest accounts by balance',
  help: `solrpc largest-accounts — the 20 largest accounts by balance

Usage: solrpc largest-accounts [--circulating | --non-circulating] [options]

Options:
      --circulating       Only circulating accounts
      --non-circulating   Only non-circulating accounts

SOL is printed as the Solana CLI prints it (through its f64); --output json gives exact lamports.
The node may answer from a cache of up to two hours.

${GLOBAL_HELP}`,
  positionals: { min: 0, max: 0 },
  options: {
    circulating: { type: 'boolean' },
    'non-circulating': { type: 'boolean' },
  },
  async run(ctx, _args, options) {
    // clap's conflicts_with in the Solana CLI: a usage error before any request.
    if (options.circulating && options['non-circulating']) {
      throw new CliError('--circulating and --non-circulating cannot be used together');
    }
    const filter = options.circulating ? 'circulating' : options['non-circulating'] ? 'nonCirculating' : undefined;
    const { value } = await ctx.rpc.getLargestAccounts(filter ? { ...ctx.call, filter } : ctx.call);
    if (ctx.json) {
      ctx.printJson({ accounts: value.map((a) => ({ address: a.address, lamports: a.lamports })) });
      return EXIT.ok;
    }
    const lines = [ctx.paint.bold(`${pad('Address', 44)}  Balance`)];
    for (const account of value)
      lines.push(`${pad(account.address, 44)}  ${solAsBalanceMessage(account.lamports)} SOL`);
    ctx.print(lines.join('\n'));
    return EXIT.ok;
  },
});
