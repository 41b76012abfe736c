import type { Command, RunCli } from '../command.js';
import {
  SIMULATION,
  simulatedFailedTransfer,
  simulatedTransfer,
  startSimulatedCluster,
} from '../demo/simulatedCluster.js';
import { EXIT } from '../io.js';

/**
 * `solrpc demo`. Its steps are other commands, run through the CLI's `run`, which run.ts hands in: run.ts
 * lists this command, so importing `run` here would make an import cycle.
 */
export function demoCommand(runCli: RunCli): Command {
  return {
    positionals: { min: 0, max: 0 },
    options: ['serve'],
    async run(ctx, _args, options) {
      const cluster = await startSimulatedCluster();
      const { bold } = ctx.paint;
      try {
        ctx.print(
          `${bold('SIMULATION')}: a simulated cluster at ${cluster.url} (not a real cluster; nothing leaves this machine)`,
        );
        if (options.serve) {
          // `logs` finds the WebSocket at the RPC port + 1, as on a node, unless that port was taken.
          const derived = cluster.url.replace(/^http:/, 'ws:').replace(/:(\d+)$/, (_m, port) => `:${Number(port) + 1}`);
          const ws = cluster.wsUrl === derived ? '' : ` --ws ${cluster.wsUrl}`;
          ctx.print(
            `Serving until interrupted (Ctrl-C). Try: solrpc gossip --url ${cluster.url}\n` +
              `Subscriptions at ${cluster.wsUrl}: solrpc logs --url ${cluster.url}${ws}`,
          );
          await new Promise<void>((resolve) => {
            if (!ctx.io.signal || ctx.io.signal.aborted) return resolve();
            ctx.io.signal.addEventListener('abort', () => resolve(), { once: true });
          });
          return EXIT.ok;
        }
        const alpha = SIMULATION.validators[0];
        if (!alpha) return EXIT.failed;
        const { signature } = simulatedTransfer(0);
        const steps: string[][] = [
          ['gossip'],
          ['balance', SIMULATION.wallet.address],
          ['balance', SIMULATION.wallet.address, '--lamports'],
          ['vote-account', alpha.vote],
          ['epoch-info'],
          ['slot'],
          ['cluster-version'],
          ['validators'],
          ['block-production', '--slot-limit', '100'],
          ['check', alpha.identity, '--vote-account', alpha.vote, '--interval', '0.8'],
          // A second apart, the cluster moves more than the one slot alpha trails by: it has caught up.
          ['catchup', alpha.identity, '--log', '--interval', '1'],
          ['supply'],
          ['inflation', 'rewards', alpha.vote],
          ['transaction-history', SIMULATION.wallet.address, '--limit', '3', '-v'],
          ['confirm', signature],
          ['confirm', simulatedFailedTransfer(0).signature],
        ];
        let worst: number = EXIT.ok;
        for (const step of steps) {
          ctx.print(`\n${bold(`$ solrpc ${step.join(' ')}`)}`);
          // The simulation's URL and a fixed commitment: the user's config file must not change the demo.
          const code = await runCli([...step, '--url', cluster.url, '--commitment', 'confirmed'], { ...ctx.io });
          if (ctx.io.signal?.aborted) return EXIT.interrupted;
          worst = Math.max(worst, code);
        }
        ctx.print(
          `\nThe simulation also serves token accounts (delegate ${SIMULATION.delegate}), the transaction's details (solrpc confirm -v ${signature}) and accepts signed transactions (sendTransaction).`,
        );
        return worst === EXIT.ok ? EXIT.ok : EXIT.failed;
      } finally {
        await cluster.close();
      }
    },
  };
}
