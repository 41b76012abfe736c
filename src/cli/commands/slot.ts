/**
 * `solrpc slot`, as agave's `process_get_slot` (cli/src/cluster_query.rs): getSlot at the configured
 * commitment, printed bare on one line. The Solana CLI returns `slot.to_string()` without going through its
 * output formats, so `--output json` prints the same line (a bare number is valid JSON too).
 */
import type { Command } from '../command.js';
import { EXIT } from '../io.js';

export const slot: Command = {
  positionals: { min: 0, max: 0 },
  options: [],
  async run(ctx) {
    ctx.print(String(await ctx.rpc.getSlot(ctx.call)));
    return EXIT.ok;
  },
};
