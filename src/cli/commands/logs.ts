/**
 * `solrpc logs [ADDRESS] [--include-votes]`, as the Solana CLI's `solana logs` (agave
 * cli/src/cluster_query.rs `parse_logs` / `process_logs`): subscribes to transaction logs over WebSocket
 * (`logsSubscribe` with `all`, `allWithVotes`, or `{ mentions: [ADDRESS] }`, at `--commitment`) and prints
 * each transaction's slot, signature, status and log messages until Ctrl-C. Where the Solana CLI ends at the
 * first disconnection, solrpc reconnects within the client's bounds and says on stderr when the stream was
 * lost and regained: logs cannot be replayed, so what happened in between may be missing.
 */
import { CliError } from '../cliError.js';
import { defineCommand } from '../command.js';
import type { Context } from '../context.js';
import { rfc3339, safe, toJson } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';
import {
  type ConnectionEvent,
  createRpcSubscriptionsWith,
  displayOrigin,
  type LogsFilter,
  type LogsNotification,
  logsSubscribe,
  sanitizeText,
} from '../library.js';
import { transactionErrorText } from '../transactionText.js';

/** How long `logs` keeps reconnecting after a loss before it exits 69: a validator restart's time. */
const LOGS_RECONNECT_MS = 10 * 60_000;

/** The start line prints the commitment's Rust name (`{:?}` of agave's `CommitmentLevel`). */
const COMMITMENT_TEXT = { processed: 'Processed', confirmed: 'Confirmed', finalized: 'Finalized' } as const;

/** agave's log collector stops a transaction's logs at 10,000 bytes; a longer line is not a real one. */
const MAX_LOG_LINE = 10_000;

export const logs = defineCommand({
  name: 'logs',
  synopsis: 'logs [ADDRESS]',
  summary: 'Stream transaction logs over WebSocket until Ctrl-C',
  help: `solrpc logs — stream transaction logs over WebSocket until Ctrl-C

Usage: solrpc logs [ADDRESS] [--include-votes] [options]

ADDRESS   Only transactions that mention this account (an address or a keypair file);
          without it, every transaction but votes.

Prints each transaction as the Solana CLI does: its slot, signature, status and log messages, at
--commitment. The node's WebSocket port is the RPC port + 1 unless --ws (or websocket_url in the config
file) names another. A lost connection is retried within about a minute: stderr says when the stream was
lost and regained, and transactions in between may be missing (logs cannot be replayed); if the node does
not come back, it exits 69. --output json prints one JSON object per line: signature, err, logs, slot.

Options:
      --include-votes   Include vote transactions when following all transactions (not with ADDRESS)

${GLOBAL_HELP}`,
  positionals: { min: 0, max: 1 },
  options: {
    'include-votes': { type: 'boolean' },
  },
  async run(ctx, args, options) {
    const includeVotes = options['include-votes'] === true;
    // clap's `conflicts_with("address")` in the Solana CLI: votes are a choice only when following everything.
    if (args[0] !== undefined && includeVotes) {
      throw new CliError('--include-votes cannot be used with ADDRESS: it applies when following all transactions');
    }
    const address = args[0] === undefined ? undefined : ctx.addressOrKeypair(args[0], 'address');
    const filter: LogsFilter = address ? { mentions: [address] } : includeVotes ? 'allWithVotes' : 'all';
    const url = ctx.websocketUrl;
    const { commitment } = ctx.settings;
    const what = address ? ` mentioning ${address}` : includeVotes ? ' (including votes)' : '';
    const start = `Streaming transaction logs${what}. ${COMMITMENT_TEXT[commitment]} commitment`;
    // With --output json, stdout holds the JSON lines and nothing else.
    if (ctx.json) ctx.io.err(`${start}\n`);
    else ctx.print(start);
    const signal = ctx.io.signal;
    if (signal?.aborted) return EXIT.interrupted;

    // An operator watching logs waits out a node's restart (minutes), not the library's 60 s; still bounded.
    const subs = createRpcSubscriptionsWith(
      url,
      { logsSubscribe },
      ctx.io.subscriptions ?? { reconnect: { maxElapsedMs: LOGS_RECONNECT_MS, maxAttempts: 100 } },
    );
    const unwatch = subs.onConnectionChange(connectionReporter(ctx, displayOrigin(url)));
    try {
      for await (const notification of subs.logsSubscribe(filter, { commitment, ...(signal ? { signal } : {}) })) {
        ctx.io.out(ctx.json ? jsonLine(notification) : textBlock(notification));
      }
      // Only closing the client ends the iteration without an error, and only Ctrl-C closes it.
      return EXIT.ok;
    } finally {
      unwatch();
      subs.close();
    }
  },
});

/** One transaction as the Solana CLI prints it: slot, signature, status (agave's error text) and logs. */
function textBlock({ context, value }: LogsNotification): string {
  const lines = [
    `Transaction executed in slot ${context.slot}:`,
    `  Signature: ${value.signature}`,
    `  Status: ${value.err === null ? 'Ok' : transactionErrorText(value.err)}`,
    '  Log Messages:',
    // Line breaks inside a message stay, as the Solana CLI prints them; escape sequences do not.
    ...value.logs.map((log) => `    ${sanitizeText(log, MAX_LOG_LINE)}`),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * solrpc's own JSON form (the Solana CLI has none for logs): one compact object per line, for json and
 * json-compact alike, so that a reader can take each line as it comes. `err` is the node's own JSON.
 */
function jsonLine({ context, value }: LogsNotification): string {
  return `${toJson({ signature: value.signature, err: value.err, logs: value.logs, slot: context.slot }, false)}\n`;
}

/**
 * Says on stderr when the stream is lost (or cannot be opened at first) and when it is back. The client
 * reconnects and resubscribes by itself; what the node executed meanwhile is not sent again.
 */
function connectionReporter(ctx: Context, origin: string): (event: ConnectionEvent) => void {
  const now = ctx.io.now ?? Date.now;
  const at = (ms: number) => rfc3339(ms / 1000);
  let everConnected = false;
  let lostAt: number | undefined;
  return (event) => {
    if (event.state === 'reconnecting' && event.attempt === 1) {
      lostAt = now();
      const why = safe(event.reason, 200);
      if (everConnected) {
        ctx.warn(`stream lost at ${at(lostAt)} (${why}); reconnecting to ${origin}`);
      } else {
        ctx.warn(`cannot connect to ${origin} (${why.replace(/^could not connect: /, '')}); retrying`);
      }
    } else if (event.state === 'connected') {
      if (lostAt !== undefined) {
        const time = now();
        ctx.io.err(
          everConnected
            ? `Stream regained at ${at(time)}, ${((time - lostAt) / 1000).toFixed(1)} s after it was lost: transactions executed in between may have been missed (logs cannot be replayed)\n`
            : `Connected to ${origin}\n`,
        );
      }
      everConnected = true;
      lostAt = undefined;
    }
  };
}
