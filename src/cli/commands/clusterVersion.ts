/**
 * `solrpc cluster-version`, as agave's `process_cluster_version` (cli/src/cluster_query.rs): getVersion,
 * printed through `RpcVersionInfo`'s own formatting rather than the output formats, so `--output json`
 * prints the same line. Its Display is the first whitespace-separated word of `solana-core` (the semver of
 * `2.3.7 (src:…; feat:…)`), or the whole text when it has no word; with `--verbose` its Debug, which agave
 * writes by hand as the whole `solana-core` text (no struct form, no feature set).
 */
import { defineCommand } from '../command.js';
import { safe } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';

/** Rust's `char::is_whitespace` (Unicode White_Space): JavaScript's `\s` differs (it has U+FEFF, lacks U+0085). */
const RUST_WHITESPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

export const clusterVersion = defineCommand({
  name: 'cluster-version',
  synopsis: 'cluster-version',
  summary: "The node's software version",
  help: `solrpc cluster-version — the node's software version

Usage: solrpc cluster-version [options]

Prints the node's solana-core version (its first word), as the Solana CLI does; with --verbose the whole
solana-core text. --output json prints the same line.

${GLOBAL_HELP}`,
  positionals: { min: 0, max: 0 },
  options: {},
  async run(ctx) {
    const { signal } = ctx.call;
    // getVersion takes no commitment.
    const core = (await ctx.rpc.getVersion(signal ? { signal } : {}))['solana-core'];
    const word = core.split(RUST_WHITESPACE).find((part) => part !== '');
    // The server's text is stripped of control characters before it reaches the terminal.
    ctx.print(safe(ctx.settings.verbose || word === undefined ? core : word, 200));
    return EXIT.ok;
  },
});
