/**
 * `solrpc epoch`, as agave's `process_get_epoch` (cli/src/cluster_query.rs): the `epoch` of getEpochInfo at
 * the configured commitment, printed bare on one line whatever `--output` says, as the Solana CLI does.
 */
import { defineCommand } from '../command.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';

export const epoch = defineCommand({
  name: 'epoch',
  synopsis: 'epoch',
  summary: 'The current epoch number',
  help: `solrpc epoch — the current epoch

Usage: solrpc epoch [options]

Prints the value alone on one line, as the Solana CLI does (with --output json too: a bare value).
Reads at --commitment.

${GLOBAL_HELP}`,
  positionals: { min: 0, max: 0 },
  options: {},
  async run(ctx) {
    ctx.print(String((await ctx.rpc.getEpochInfo(ctx.call)).epoch));
    return EXIT.ok;
  },
});
