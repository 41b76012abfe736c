/**
 * `solrpc transaction-count`, as agave's `process_get_transaction_count` (cli/src/cluster_query.rs):
 * getTransactionCount at the configured commitment, printed bare on one line whatever `--output` says. The
 * count is a u64, a bigint here, so every digit is printed.
 */
import { defineCommand } from '../command.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';

export const transactionCount = defineCommand({
  name: 'transaction-count',
  aliases: ['get-transaction-count'],
  synopsis: 'transaction-count',
  summary: 'Transactions processed since genesis (exact)',
  help: `solrpc transaction-count — the transactions processed since genesis

Usage: solrpc transaction-count [options]

Prints the value alone on one line, as the Solana CLI does (with --output json too: a bare value). Exact: a
u64 is never rounded.
Reads at --commitment.

${GLOBAL_HELP}`,
  positionals: { min: 0, max: 0 },
  options: {},
  async run(ctx) {
    ctx.print(String(await ctx.rpc.getTransactionCount(ctx.call)));
    return EXIT.ok;
  },
});
