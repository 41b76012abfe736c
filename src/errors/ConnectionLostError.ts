import { SolRpcError } from './SolRpcError.js';

/**
 * A subscription's WebSocket was lost and every reconnect attempt failed: the client gave up rather than
 * retry forever. Each live iterator on that socket throws it. Retryable: the server may come back, and a
 * new subscription will then connect again.
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

  constructor(fields: {
    method?: string;
    origin: string;
    attempts: number;
    elapsedMs: number;
    reason: string;
    /** Whether a connection had been made before (false: the server was never reached). Default true. */
    connected?: boolean;
  }) {
    const { origin, attempts, elapsedMs } = fields;
    const seconds = Math.round(elapsedMs / 100) / 10;
    super(
      fields.connected === false
        ? `could not connect to ${origin} (${fields.reason}): ${attempts + 1} attempts over ${seconds} s failed`
        : `lost the connection to ${origin} (${fields.reason}) and ${attempts} reconnect attempt${attempts === 1 ? '' : 's'} over ${seconds} s failed`,
      {
        method: fields.method,
        hint: 'check that the node serves WebSocket subscriptions and is reachable, then subscribe again; raise options.reconnect to wait longer.',
        retryable: true,
      },
    );
    this.origin = origin;
    this.attempts = attempts;
    this.elapsedMs = elapsedMs;
  }
}
