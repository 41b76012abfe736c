/**
 * `solrpc transaction-count`, as agave's `process_get_transaction_count` (cli/src/cluster_query.rs):
 * getTransactionCount at the configured commitment, printed bare on one line whatever `--output` says. The
 * count is a u64, a bigint here, so every digit is printed.
 */
import type { Command } from '../command.js';
import { EXIT } from '../io.js';

export const transactionCount: Command = {
  positionals: { min: 0, max: 0 },
  options: [],
  async run(ctx) {
    ctx.print(String(await ctx.rpc.getTransactionCount(ctx.call)));
    return EXIT.ok;
  },
};
