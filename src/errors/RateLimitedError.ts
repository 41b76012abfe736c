import { SolRpcError } from './SolRpcError.js';

/**
 * The call could not be sent in its time for a rate limit: the endpoint asked for a pause (HTTP 429, or a
 * `Retry-After` on a 503) longer than the client will wait (longer than `retry.maxRetryAfterMs`, or than
 * what is left of the call's total time), or the client's own `rateLimit` gives it no turn before its
 * deadline (`status` null). Carries the delay, so a caller can come back when it ends.
 */
export class RateLimitedError extends SolRpcError {
  override name = 'RateLimitedError' as const;
  /** How long the endpoint asked the client to wait, or until the call's turn under the client's limit, in ms. */
  readonly retryAfterMs: number;
  /** The HTTP status that carried the request to wait (429, or 503); `null` for the client's own `rateLimit`. */
  readonly status: number | null;
  /** The endpoint's origin (`https://rpc.example.com`): never its path, query or credentials. */
  readonly origin: string;

  constructor(fields: {
    method?: string;
    retryAfterMs: number;
    status: number | null;
    origin: string;
    reason: string;
  }) {
    super(
      fields.status === null
        ? `no turn for ${fields.origin} in time: ${fields.reason} (the next turn in ${fields.retryAfterMs} ms)`
        : `${fields.origin} asked to wait ${fields.retryAfterMs} ms (HTTP ${fields.status}), ${fields.reason}`,
      {
        method: fields.method,
        hint: 'call again after retryAfterMs, slow down, or use another endpoint.',
        retryable: true,
      },
    );
    this.retryAfterMs = fields.retryAfterMs;
    this.status = fields.status;
    this.origin = fields.origin;
  }
}
