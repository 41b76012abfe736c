import { SolRpcError } from './SolRpcError.js';

/** The call took longer than its timeout. Retryable: a later attempt may be answered in time. */
export class TimeoutError extends SolRpcError {
  override name = 'TimeoutError' as const;
  /** The limit that was reached, in milliseconds. */
  readonly timeoutMs: number;
  readonly origin: string;

  constructor(fields: { method?: string; timeoutMs: number; origin: string }) {
    super(`no complete answer from ${fields.origin} within ${fields.timeoutMs} ms`, {
      method: fields.method,
      hint: 'raise the timeoutMs option, or check that the node is reachable and not overloaded.',
      retryable: true,
    });
    this.timeoutMs = fields.timeoutMs;
    this.origin = fields.origin;
  }
}
