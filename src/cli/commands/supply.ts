/**
 * `solrpc supply [--print-accounts]` and `solrpc largest-accounts [--circulating | --non-circulating]`,
 * as the Solana CLI prints them (agave cli/src/cluster_query.rs `process_supply`,
 * `process_largest_accounts`; cli-output `CliSupply`, `CliAccountBalances`): SOL through the Solana CLI's
 * own f64 (`solAsSolanaCliF64`), exact lamports in `--output json`.
 */
import { CliError } from '../cliError.js';
import type { Command } from '../command.js';
import { pad, solAsSolanaCliF64 } from '../format.js';
import { EXIT } from '../io.js';

export const supply: Command = {
  positionals: { min: 0, max: 0 },
  options: ['print-accounts'],
  async run(ctx, _args, options) {
    // The Solana CLI asks for the whole answer, the non-circulating accounts included, in text and JSON.
    const { value } = await ctx.rpc.getSupply(ctx.call);
    if (ctx.json) {
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
      `${bold('Total:')} ${solAsSolanaCliF64(value.total)} SOL`,
      `${bold('Circulating:')} ${solAsSolanaCliF64(value.circulating)} SOL`,
      `${bold('Non-Circulating:')} ${solAsSolanaCliF64(value.nonCirculating)} SOL`,
    ];
    if (options['print-accounts']) {
      lines.push('', `${bold('Non-Circulating Accounts:')}  `, ...value.nonCirculatingAccounts.map((a) => `  ${a}`));
    }
    ctx.print(lines.join('\n'));
    return EXIT.ok;
  },
};

export const largestAccounts: Command = {
  positionals: { min: 0, max: 0 },
  options: ['circulating', 'non-circulating'],
  async run(ctx, _args, options) {
    if (options.circulating && options['non-circulating']) {
      throw new CliError('--circulating and --non-circulating cannot be used together');
    }
    const filter = options.circulating ? 'circulating' : options['non-circulating'] ? 'nonCirculating' : undefined;
    const { value } = await ctx.rpc.getLargestAccounts(filter ? { ...ctx.call, filter } : ctx.call);
    if (ctx.json) {
      ctx.printJson({ accounts: value.map((a) => ({ address: a.address, lamports: a.lamports })) });
      return EXIT.ok;
    }
    const { bold } = ctx.paint;
    const lines = [bold(`${pad('Address', 44)}  Balance`)];
    for (const account of value) lines.push(`${pad(account.address, 44)}  ${solAsSolanaCliF64(account.lamports)} SOL`);
    ctx.print(lines.join('\n'));
    return EXIT.ok;
  },
};
