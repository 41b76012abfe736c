import { redacter } from './redact.js';
import { SolRpcError } from './SolRpcError.js';

/**
 * The response was valid JSON-RPC, but its result does not have the shape the method promises: a field
 * is missing, of the wrong type, or out of range (an integer beyond what its type holds exactly).
 */
export class ValidationError extends SolRpcError {
  /** Always `'ValidationError'`: what `isSolRpcError(error, 'ValidationError')` checks, across duplicate installs. */
  override name = 'ValidationError' as const;
  /** Where the bad value sits, from the response's `result`: `result.value.lamports`. */
  readonly path: string;
  /** What the field must hold: `u64 integer`, `base58 address`, … */
  readonly expected: string;
  /** A short description of what came instead (its type, or a shortened value). */
  readonly received: string;

  constructor(fields: { method: string; path: string; expected: string; received: string }) {
    // All three may quote the server's response (a key of a map, a value, a signature it sent before),
    // which may echo the request's URL or key: a result that is the key itself.
    const clean = redacter();
    const path = clean(fields.path);
    const expected = clean(fields.expected);
    const received = clean(fields.received);
    super(`invalid result: ${path} must be ${expected}, got ${received}`, { method: fields.method });
    this.path = path;
    this.expected = expected;
    this.received = received;
  }
}
