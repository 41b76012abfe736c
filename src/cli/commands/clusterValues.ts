/**
 * The Solana CLI's one-value commands: `slot`, `block-height`, `epoch`, `transaction-count` and
 * `cluster-version`. Each prints the bare value on one line, as agave's cli/src/cluster_query.rs returns
 * it (`slot.to_string()`, the version's Display), whatever `--output` says: the Solana CLI has no JSON form
 * for them, and a bare number is already valid JSON. Numbers are exact (`transaction-count` is a u64).
 */
import type { Command } from '../command.js';
import type { Context } from '../context.js';
import { safe } from '../format.js';
import { EXIT } from '../io.js';

/** A command that reads one value with the configured commitment and prints it. */
function valueCommand(read: (ctx: Context) => Promise<string>): Command {
  return {
    positionals: { min: 0, max: 0 },
    options: [],
    async run(ctx) {
      ctx.print(await read(ctx));
      return EXIT.ok;
    },
  };
}

export const slot = valueCommand(async (ctx) => String(await ctx.rpc.getSlot(ctx.call)));

export const blockHeight = valueCommand(async (ctx) => String(await ctx.rpc.getBlockHeight(ctx.call)));

export const epoch = valueCommand(async (ctx) => String((await ctx.rpc.getEpochInfo(ctx.call)).epoch));

export const transactionCount = valueCommand(async (ctx) => String(await ctx.rpc.getTransactionCount(ctx.call)));

/**
 * The node's `solana-core` version; with `--verbose` the whole answer, as the Solana CLI prints its Debug
 * form (`RpcVersionInfo { solana_core: "2.3.7", feature_set: Some(2891131721) }`). The server's text is
 * stripped of control characters before it reaches the terminal.
 */
export const clusterVersion = valueCommand(async (ctx) => {
  const { signal } = ctx.call;
  const version = await ctx.rpc.getVersion(signal ? { signal } : {});
  const core = safe(version['solana-core'], 100);
  if (!ctx.settings.verbose) return core;
  const featureSet = version['feature-set'] === null ? 'None' : `Some(${version['feature-set']})`;
  return `RpcVersionInfo { solana_core: ${JSON.stringify(core)}, feature_set: ${featureSet} }`;
});
