/**
 * `solrpc supply [--print-accounts]`, as agave's `process_supply` (cli/src/cluster_query.rs) and
 * cli-output's `CliSupply`: getSupply at the configured commitment (the whole answer, the non-circulating
 * accounts included, in text and JSON alike). Text: three `Name: N SOL` lines with SOL as the newest
 * Solana CLI's `build_balance_message` rounds it, then with `--print-accounts` an empty line,
 * `Non-Circulating Accounts:` followed by two spaces (its name-value helper given " "), and each account
 * indented by two. JSON: CliSupply's camelCase fields with exact lamports.
 */
import { defineCommand } from '../command.js';
import { solAsBalanceMessage } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';

export const supply = defineCommand({
  name: 'supply',
  synopsis: 'supply',
  summary: 'Total, circulating and non-circulating SOL',
  help: `solrpc supply — the total, circulating and non-circulating supply

Usage: solrpc supply [--print-accounts] [options]

Options:
      --print-accounts   Also list the non-circulating accounts

SOL is printed as the Solana CLI prints it (through its f64); --output json gives exact lamports.

${GLOBAL_HELP}`,
  positionals: { min: 0, max: 0 },
  options: {
    'print-accounts': { type: 'boolean' },
  },
  async run(ctx, _args, options) {
    const { value } = await ctx.rpc.getSupply(ctx.call);
    if (ctx.json) {
      // `print_accounts` is `skip_serializing` in CliSupply: the JSON always lists the accounts.
      ctx.printJson({
        total: value.total,
        circulating: value.circulating,
        nonCirculating: value.nonCirculating,
        nonCirculatingAccounts: value.nonCirculatingAccounts,
      });
      return EXIT.ok;
    }
    const { bold } = ctx.paint;
    const lines = [
      `${bold('Total:')} ${solAsBalanceMessage(value.total)} SOL`,
      `${bold('Circulating:')} ${solAsBalanceMessage(value.circulating)} SOL`,
      `${bold('Non-Circulating:')} ${solAsBalanceMessage(value.nonCirculating)} SOL`,
    ];
    if (options['print-accounts']) {
      lines.push('', `${bold('Non-Circulating Accounts:')}  `, ...value.nonCirculatingAccounts.map((a) => `  ${a}`));
    }
    ctx.print(lines.join('\n'));
    return EXIT.ok;
  },
});
