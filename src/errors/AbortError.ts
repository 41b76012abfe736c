import { SolRpcError } from './SolRpcError.js';

/** The caller's `AbortSignal` cancelled the call. `cause` holds the signal's reason. */
export class AbortError extends SolRpcError {
  /** Always `'AbortError'`: what `isSolRpcError(error, 'AbortError')` checks, across duplicate installs. */
  override name = 'AbortError' as const;

  constructor(fields: { method?: string; reason?: unknown }) {
    super('the call was aborted', { method: fields.method, cause: fields.reason });
  }
}
