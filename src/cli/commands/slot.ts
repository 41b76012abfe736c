/**
 * `solrpc slot`, as agave's `process_get_slot` (cli/src/cluster_query.rs): getSlot at the configured
 * commitment, printed bare on one line. The Solana CLI returns `slot.to_string()` without going through its
 * output formats, so `--output json` prints the same line (a bare number is valid JSON too).
 */
import { defineCommand } from '../command.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';

export const slot = defineCommand({
  name: 'slot',
  aliases: ['get-slot'],
  synopsis: 'slot',
  summary: 'The slot the node has reached',
  help: `solrpc slot — the slot the node has reached

Usage: solrpc slot [options]

Prints the value alone on one line, as the Solana CLI does (with --output json too: a bare value).
Reads at --commitment.

${GLOBAL_HELP}`,
  positionals: { min: 0, max: 0 },
  options: {},
  async run(ctx) {
    ctx.print(String(await ctx.rpc.getSlot(ctx.call)));
    return EXIT.ok;
  },
});
