import {
  SIMULATION,
  simulatedFailedTransfer,
  simulatedTransfer,
  startSimulatedCluster,
} from '../../testing/simulatedCluster.js';
import { CliError } from '../cliError.js';
import { defineCommand, type RunCli } from '../command.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';

/**
 * `solrpc demo`. Its steps are other commands, run through the CLI's `run`, handed in by `demo` below:
 * run.ts imports the list of commands that holds this one, so a static import of `run` would be a cycle.
 */
export function demoCommand(runCli: RunCli) {
  return defineCommand({
    name: 'demo',
    synopsis: 'demo',
    summary: 'Run the commands against a simulated cluster on this machine',
    help: `solrpc demo — the commands against a simulated cluster

Usage: solrpc demo [--serve [--port N]]

Starts a JSON-RPC server on 127.0.0.1 that simulates a small cluster (a slot clock that advances,
gossip nodes, vote accounts, a leader schedule, token accounts and transactions), then runs an
operator's round against it: gossip, balance, vote-account, epoch-info, slot, cluster-version,
validators, block-production, check, catchup, supply, inflation rewards, transaction-history and
confirm. Nothing leaves this machine.

Options:
      --serve      Only start the simulated cluster and print its URL; stop with Ctrl-C
      --port <N>   With --serve, listen on port N (1 to 65535) instead of a free one

${GLOBAL_HELP}Its steps take none of them: they run against the simulated cluster and print text.
`,
    positionals: { min: 0, max: 0 },
    options: {
      serve: { type: 'boolean' },
      port: { type: 'string' },
    },
    async run(ctx, _args, options) {
      const port = portOption(options.port, options.serve === true);
      // Serving, the cluster reads the CLI's clock (tests inject one); the demo's own steps need time to move.
      const now = options.serve ? ctx.io.now : undefined;
      const cluster = await startSimulatedCluster({ port, now }).catch((error: unknown) => {
        if ((error as { param?: unknown }).param === 'options.port')
          throw new CliError(
            `--port ${port}: the port is taken on 127.0.0.1; pick another, or leave --port out for a free one`,
          );
        throw error;
      });
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
  });
}

/** `--port`: a port from 1 to 65535, and only with `--serve` (the demo's own run needs no fixed port). */
function portOption(text: string | undefined, serve: boolean): number | undefined {
  if (text === undefined) return undefined;
  if (!serve) throw new CliError('--port needs --serve');
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 1 && port <= 65_535))
    throw new CliError(`--port must be a port number from 1 to 65535, got ${JSON.stringify(text)}`);
  return port;
}

/** The demo as commands/index.ts lists it, loading `run` when it starts. */
export const demo = demoCommand((argv, io) => import('../run.js').then(({ run }) => run(argv, io)));
