/**
 * `solrpc epoch`, as agave's `process_get_epoch` (cli/src/cluster_query.rs): the `epoch` of getEpochInfo at
 * the configured commitment, printed bare on one line whatever `--output` says, as the Solana CLI does.
 */
import type { Command } from '../command.js';
import { EXIT } from '../io.js';

export const epoch: Command = {
  positionals: { min: 0, max: 0 },
  options: [],
  async run(ctx) {
    ctx.print(String((await ctx.rpc.getEpochInfo(ctx.call)).epoch));
    return EXIT.ok;
  },
};
