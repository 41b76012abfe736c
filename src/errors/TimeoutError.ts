import { SolRpcError } from './SolRpcError.js';

/** The call took longer than its timeout. Retryable: a later attempt may be answered in time. */
export class TimeoutError extends SolRpcError {
  /** Always `'TimeoutError'`: what `isSolRpcError(error, 'TimeoutError')` checks, across duplicate installs. */
  override name = 'TimeoutError' as const;
  /** The limit that was reached, in milliseconds. */
  readonly timeoutMs: number;
  /** The endpoint's origin (`https://rpc.example.com`): never its path, query or credentials. */
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
