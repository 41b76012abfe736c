import { SolRpcError } from './SolRpcError.js';

/**
 * The endpoint asked for a pause (HTTP 429, or a `Retry-After` on a 503) longer than the client will
 * wait: longer than `retry.maxRetryAfterMs`, or than what is left of the call's total time. Carries the
 * delay, so a caller can come back when the endpoint said to.
 */
export class RateLimitedError extends SolRpcError {
  override name = 'RateLimitedError' as const;
  /** How long the endpoint asked the client to wait, in milliseconds. */
  readonly retryAfterMs: number;
  /** The HTTP status that carried the request to wait (429, or 503). */
  readonly status: number;
  /** The endpoint's origin (`https://rpc.example.com`): never its path, query or credentials. */
  readonly origin: string;

  constructor(fields: { method?: string; retryAfterMs: number; status: number; origin: string; reason: string }) {
    super(`${fields.origin} asked to wait ${fields.retryAfterMs} ms (HTTP ${fields.status}), ${fields.reason}`, {
      method: fields.method,
      hint: 'call again after retryAfterMs, slow down, or use another endpoint.',
      retryable: true,
    });
    this.retryAfterMs = fields.retryAfterMs;
    this.status = fields.status;
    this.origin = fields.origin;
  }
}
