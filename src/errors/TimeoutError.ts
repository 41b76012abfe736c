import { SolRpcError } from './SolRpcError.js';

/**
 * The call took longer than its timeout. Retryable: a later attempt may be answered in time. The client
 * adds the hint of a plain timeout (raise `timeoutMs`, or check the node) before it throws one
 * (errors/withHint.ts).
 */
export class TimeoutError extends SolRpcError {
  /** Always `'TimeoutError'`: what `isSolRpcError(error, 'TimeoutError')` checks, across duplicate installs. */
  override name = 'TimeoutError' as const;
  /** The limit that was reached, in milliseconds: one attempt's (`timeoutMs`), or the whole call's (`totalTimeoutMs`). */
  readonly timeoutMs: number;
  /** The endpoint's origin (`https://rpc.example.com`): never its path, query or credentials. */
  readonly origin: string;
  /** How many requests the call made before it gave up: 1 unless the transport retried. */
  readonly attempts: number;
  /** How long the call ran in all, retries and the waits between them included, in milliseconds. */
  readonly elapsedMs: number;

  constructor(fields: {
    method?: string;
    timeoutMs: number;
    origin: string;
    /** Requests made; default 1. */
    attempts?: number;
    /** Default `timeoutMs`: the one attempt ran that long. */
    elapsedMs?: number;
    /** Line 1 and the hint, when the transport retried (transport/retry.ts says what happened). */
    summary?: string;
    hint?: string;
  }) {
    const { timeoutMs, origin, attempts = 1, elapsedMs = timeoutMs } = fields;
    super(fields.summary ?? `no complete answer from ${origin} within ${timeoutMs} ms`, {
      method: fields.method,
      hint: fields.hint,
      retryable: true,
    });
    this.timeoutMs = timeoutMs;
    this.origin = origin;
    this.attempts = attempts;
    this.elapsedMs = elapsedMs;
  }
}
