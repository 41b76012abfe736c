import { SolRpcError } from './SolRpcError.js';

/**
 * A subscription's WebSocket was lost and the client stopped trying: every reconnect attempt failed
 * within `options.reconnect`'s bounds, or the server closed it with a policy code (1008, or 4000-4999:
 * what providers send for a refused key, a plan's limit or a rate limit), which reconnecting would only
 * repeat. Each live iterator on that socket throws it.
 */
export class ConnectionLostError extends SolRpcError {
  /** Always `'ConnectionLostError'`: what `isSolRpcError(error, 'ConnectionLostError')` checks, across duplicate installs. */
  override name = 'ConnectionLostError' as const;
  /** The server's origin (`wss://rpc.example.com`): never its path, query or credentials. */
  readonly origin: string;
  /** Reconnect attempts made before giving up (after the first try, when no connection was ever made). */
  readonly attempts: number;
  /** Milliseconds from losing the connection to giving up. */
  readonly elapsedMs: number;
  /** The close code of a policy close (1008, 4000-4999), which is never retried; otherwise `undefined`. */
  readonly closeCode: number | undefined;

  constructor(fields: {
    method?: string;
    origin: string;
    attempts: number;
    elapsedMs: number;
    /** Why, in words: the last loss, or the server's close reason (already cleaned of secrets). */
    reason: string;
    /** Whether a connection had been made before (false: the server was never reached). Default true. */
    connected?: boolean;
    /** Set for a policy close: the client gave up at once, without retrying. */
    closeCode?: number;
  }) {
    const { origin, attempts, elapsedMs, closeCode } = fields;
    const seconds = Math.round(elapsedMs / 100) / 10;
    super(
      closeCode !== undefined
        ? `${origin} closed the connection with code ${closeCode} (${fields.reason}), a policy close: not retried`
        : fields.connected === false
          ? `could not connect to ${origin} (${fields.reason}): ${attempts + 1} attempts over ${seconds} s failed`
          : `lost the connection to ${origin} (${fields.reason}) and ${attempts} reconnect attempt${attempts === 1 ? '' : 's'} over ${seconds} s failed`,
      {
        method: fields.method,
        hint:
          closeCode !== undefined
            ? "the server refused by policy (an API key, a plan's limits): fix that, then subscribe again."
            : 'check that the node serves WebSocket subscriptions and is reachable, then subscribe again; raise options.reconnect to wait longer.',
        retryable: closeCode === undefined,
      },
    );
    this.origin = origin;
    this.attempts = attempts;
    this.elapsedMs = elapsedMs;
    this.closeCode = closeCode;
  }
}
