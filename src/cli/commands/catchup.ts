/**
 * `solrpc catchup <IDENTITY> [NODE_RPC_URL]`, as the Solana CLI's `solana catchup` (agave
 * cli/src/cluster_query.rs `process_catchup`): finds the validator's RPC address in gossip (or takes the
 * URL given, or `--our-localhost`), checks that node's identity, then compares its slot with the cluster's
 * every 2 seconds (agave's `sleep_interval`), saying how far behind it is and how fast it is closing the gap,
 * until it has caught up (or forever with `--follow`). `--interval` (solrpc's own) changes the 2 seconds.
 * Every request is bounded by `--rpc-timeout`; Ctrl-C ends any wait or request at once.
 */
import { CliError } from '../cliError.js';
import { defineCommand } from '../command.js';
import type { Context } from '../context.js';
import { humanDuration, rustFixed, safe } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT, sleepFor } from '../io.js';
import {
  createRpcWith,
  displayOrigin,
  firstLine,
  getIdentity,
  getSlot,
  isSolRpcError,
  type RpcWith,
} from '../library.js';

type NodeRpc = RpcWith<{ getIdentity: typeof getIdentity; getSlot: typeof getSlot }>;

export const catchup = defineCommand({
  name: 'catchup',
  synopsis: 'catchup <IDENTITY> [URL]',
  summary: 'How far a validator is behind the cluster, until it catches up',
  help: `solrpc catchup — how far a validator is behind the cluster, until it catches up

Usage: solrpc catchup <IDENTITY> [NODE_RPC_URL] [--follow] [--log] [--interval SECONDS] [options]
       solrpc catchup --our-localhost [PORT] [options]

The validator's RPC address comes from gossip unless NODE_RPC_URL is given; --our-localhost [PORT]
asks http://localhost:PORT (8899) and takes the identity it reports. Every --interval seconds (2, as
the Solana CLI) its slot is compared with the cluster's (--url), until it has caught up. Each request is
bounded by --rpc-timeout; an unreachable validator is retried each interval until Ctrl-C. Off a
terminal without --log only the outcome is printed, and a wait for the validator once on stderr. Text
only, as the Solana CLI's: --output json is refused.

Options:
      --our-localhost [PORT]   The validator is this machine, on PORT (default 8899)
      --follow                 Keep going after it has caught up, until interrupted
      --log                    A line per check instead of one line rewritten in place
  -i, --interval <SECONDS>     Time between checks (default 2; solrpc's own option)

${GLOBAL_HELP}`,
  positionals: { min: 0, max: 2 },
  // agave's process_catchup returns its text whatever --output says: there is no JSON form to follow.
  json: false,
  options: {
    // `--our-localhost [PORT]`: the port is optional, 8899 by default, as in the Solana CLI.
    'our-localhost': { type: 'string', optionalValue: { fallback: '8899', value: /^\d{1,5}$/ } },
    follow: { type: 'boolean' },
    log: { type: 'boolean' },
    // -i: the letter `ping` gives --interval, as the Solana CLI does; one option keeps one letter.
    interval: { type: 'string', short: 'i' },
  },
  async run(ctx, args, options) {
    const intervalText = options.interval ?? '2';
    const interval = Number(intervalText);
    if (!(Number.isFinite(interval) && interval > 0))
      throw new CliError('--interval must be a positive number of seconds');
    const localhost = options['our-localhost'];
    const port = localhost === undefined ? undefined : Number(localhost);
    if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
      throw new CliError('--our-localhost takes a port number');
    }
    if (args[0] === undefined && port === undefined)
      throw new CliError('catchup needs an identity, or --our-localhost');
    let identity = args[0] === undefined ? undefined : ctx.addressOrKeypair(args[0], 'identity');
    let nodeUrl = args[1];
    if (nodeUrl !== undefined && !/^https?:\/\//.test(nodeUrl))
      throw new CliError('the node RPC URL must be http:// or https://');
    const sleep = ctx.io.sleep ?? sleepFor;
    const wait = (seconds: number) => sleep(seconds * 1000, ctx.io.signal);
    const status = progress(ctx, options.log === true, interval);

    if (port !== undefined) {
      const guessed = `http://localhost:${port}`;
      if (nodeUrl !== undefined && nodeUrl !== guessed) {
        // println!("…\n"): the message, then an empty line.
        ctx.io.out(
          `Preferring explicitly given rpc (${displayOrigin(nodeUrl)}) as us, although --our-localhost is given\n\n`,
        );
      } else nodeUrl = guessed;
    }
    if (nodeUrl === undefined)
      nodeUrl = `http://${await rpcAddressFromGossip(ctx, identity as string, status, wait, interval)}`;
    // Each request to the validator is bounded by --rpc-timeout, as the cluster's are.
    const node: NodeRpc = createRpcWith(nodeUrl, { getIdentity, getSlot }, { timeoutMs: ctx.settings.timeoutMs });
    const call = ctx.io.signal ? { signal: ctx.io.signal } : {};
    if (port !== undefined) {
      // The Solana CLI asks the local node its identity once, without retrying, before anything else.
      const guessed = (await node.getIdentity(call)).identity;
      if (identity !== undefined && identity !== guessed) {
        ctx.io.out(
          `Preferring explicitly given node pubkey (${identity}) as us, although --our-localhost is given\n\n`,
        );
      }
      identity ??= guessed;
    }

    let reported: string;
    for (;;) {
      try {
        reported = (await node.getIdentity(call)).identity;
        break;
      } catch (error) {
        // The Solana CLI waits out any transport failure (reqwest's errors, timeouts included).
        const transport = isSolRpcError(error, 'NetworkError') || isSolRpcError(error, 'TimeoutError');
        if (!transport || ctx.io.signal?.aborted) throw error;
        status(`Connection failed: ${safe(error.message.split('\n')[0], 200)}`, 'retrying');
        await wait(interval);
      }
    }
    if (reported !== identity) {
      throw new CliError(
        `The identity reported by node RPC URL does not match. Expected: ${identity}. Reported: ${reported}`,
        EXIT.failed,
      );
    }
    if ((await ctx.rpc.getIdentity(call)).identity === identity) {
      throw new CliError(
        'Both RPC URLs reference the same node, unable to monitor for catchup. Try a different --url',
        EXIT.failed,
      );
    }

    const slotOf = retryingSlot(ctx, options.log === true, wait);
    const startNode = await slotOf(node);
    const startRpc = await slotOf(ctx.rpc);
    const startDistance = startRpc - startNode;
    let previousRpc = Number.POSITIVE_INFINITY;
    let previousDistance = 0;
    let slept = 0;
    for (;;) {
      const rpcSlot = await slotOf(ctx.rpc);
      const nodeSlot = await slotOf(node);
      if (options.follow !== true && nodeSlot > Math.min(previousRpc, rpcSlot)) {
        status(undefined);
        ctx.print(`${identity} has caught up (us:${nodeSlot} them:${rpcSlot})`);
        return EXIT.ok;
      }
      const distance = rpcSlot - nodeSlot;
      const perSecond = (previousDistance - distance) / interval;
      let average = '';
      if (distance !== 0 && slept !== 0) {
        const catchupRate = (startDistance - distance) / slept;
        const remaining = rustRound(distance / catchupRate);
        // f64::is_normal: not 0, not infinite, not NaN.
        if (!Number.isFinite(remaining) || remaining === 0) average = '';
        else if (remaining < 0) average = ` (AVG: ${rustFixed(catchupRate, 1)} slots/second (falling))`;
        else {
          const nodeRate = (nodeSlot - startNode) / slept;
          average = ` (AVG: ${rustFixed(catchupRate, 1)} slots/second, ETA: slot ${rustRound(nodeSlot + remaining * nodeRate)} in ${humanDuration(remaining)})`;
        }
      }
      const trend =
        distance === 0 || previousRpc === Number.POSITIVE_INFINITY
          ? ''
          : `, ${distance >= 0 ? 'our' : 'their'} node is ${perSecond < 0 ? 'falling behind' : 'gaining'} at ${rustFixed(perSecond, 1)} slots/second${average}`;
      status(
        `${Math.abs(distance)} slot(s) ${distance >= 0 ? 'behind' : 'ahead'} (us:${nodeSlot} them:${rpcSlot})${trend}`,
      );
      await wait(interval);
      previousRpc = rpcSlot;
      previousDistance = distance;
      slept += interval;
    }
  },
});

/** The validator's RPC address from gossip, waiting (as the Solana CLI does) until it advertises one. */
async function rpcAddressFromGossip(
  ctx: Context,
  identity: string,
  status: Status,
  wait: (seconds: number) => Promise<void>,
  interval: number,
): Promise<string> {
  const call = ctx.io.signal ? { signal: ctx.io.signal } : {};
  for (;;) {
    const node = (await ctx.rpc.getClusterNodes(call)).find((n) => n.pubkey === identity);
    if (node?.rpc) return node.rpc;
    status(
      node ? `RPC service not found for ${identity}` : `Contact information not found for ${identity}`,
      'asking gossip again',
    );
    await wait(interval);
  }
}

/** The slot at `--commitment`, retried up to five times a second apart, as the Solana CLI retries it. */
function retryingSlot(ctx: Context, log: boolean, wait: (seconds: number) => Promise<void>) {
  let retries = 0;
  return async (client: NodeRpc | Context['rpc']): Promise<number> => {
    for (;;) {
      try {
        const slot = await client.getSlot(ctx.call);
        retries = 0;
        return slot;
      } catch (error) {
        if (retries >= 5 || ctx.io.signal?.aborted) throw error;
        retries++;
        const why = firstLine(error);
        // println!("Retrying(…): {e}\n"): the line, then an empty one.
        if (log) ctx.io.out(`Retrying(${retries}/5): ${safe(why, 300)}\n\n`);
        await wait(1);
      }
    }
  };
}

/**
 * Reports progress; a message with `waiting` is one the command may repeat forever (no RPC address yet, an
 * unreachable validator), saying what it does meanwhile.
 */
type Status = (message: string | undefined, waiting?: 'retrying' | 'asking gossip again') => void;

/**
 * Where the progress goes: with `--log` a line each on stdout; on a terminal one line on stderr rewritten
 * in place, as the Solana CLI's spinner; elsewhere (a pipe, a cron job) the spinner draws nothing, so a
 * wait that may never end is said once on stderr, and again only when its reason changes.
 */
function progress(ctx: Context, log: boolean, interval: number): Status {
  let said: string | undefined;
  return (message, waiting) => {
    if (log) {
      if (message !== undefined) ctx.print(safe(message, 400));
    } else if (ctx.io.isTTY) {
      ctx.io.err(message === undefined ? '\r\u001b[K' : `\r\u001b[K${safe(message, 400)}`);
    } else if (waiting === undefined) {
      said = undefined;
    } else if (message !== undefined && message !== said) {
      said = message;
      ctx.io.err(`${safe(message, 400)}; ${waiting} every ${interval} s until Ctrl-C (--log prints each check)\n`);
    }
  };
}

/** Rust's `f64::round`: halves away from zero, where `Math.round` takes -2.5 to -2. */
function rustRound(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}
