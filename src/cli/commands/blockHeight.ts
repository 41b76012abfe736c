/**
 * `solrpc block-height`, as agave's `process_get_block_height` (cli/src/cluster_query.rs): getBlockHeight at
 * the configured commitment, printed bare on one line whatever `--output` says, as the Solana CLI does.
 */
import type { Command } from '../command.js';
import { EXIT } from '../io.js';

export const blockHeight: Command = {
  positionals: { min: 0, max: 0 },
  options: [],
  async run(ctx) {
    ctx.print(String(await ctx.rpc.getBlockHeight(ctx.call)));
    return EXIT.ok;
  },
};
