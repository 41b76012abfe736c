/**
 * `solrpc block-height`, as agave's `process_get_block_height` (cli/src/cluster_query.rs): getBlockHeight at
 * the configured commitment, printed bare on one line whatever `--output` says, as the Solana CLI does.
 */
import { defineCommand } from '../command.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';

export const blockHeight = defineCommand({
  name: 'block-height',
  synopsis: 'block-height',
  summary: "The node's block height",
  help: `solrpc block-height — the block height of the node

Usage: solrpc block-height [options]

Prints the value alone on one line, as the Solana CLI does (with --output json too: a bare value).
Reads at --commitment.

${GLOBAL_HELP}`,
  positionals: { min: 0, max: 0 },
  options: {},
  async run(ctx) {
    ctx.print(String(await ctx.rpc.getBlockHeight(ctx.call)));
    return EXIT.ok;
  },
});
