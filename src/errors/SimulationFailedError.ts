import type { TransactionError } from '../types/transaction.js';
import { redactDeep, redacter } from './redact.js';
import { SolRpcError } from './SolRpcError.js';
import { sanitizeText } from './sanitize.js';

/**
 * A simulation ran and the runtime failed the transaction: nothing was sent, no fee was charged, and the
 * node reported `err`. Thrown where a workflow needs the simulation to succeed (`estimateComputeUnits`):
 * the compute units of a failing transaction say nothing about what it needs to succeed. Not retryable
 * as it is: the same transaction against the same state fails the same way.
 */
export class SimulationFailedError extends SolRpcError {
  /** Always `'SimulationFailedError'`: what `isSolRpcError(error, 'SimulationFailedError')` checks. */
  override name = 'SimulationFailedError' as const;
  /** Why it failed, as the node reports it (`{ InstructionError: [1, { Custom: 6001 }] }`). */
  readonly err: TransactionError;
  /** The program logs, in order; `null` where the node recorded none (the transaction did not run). */
  readonly logs: string[] | null;
  /** Compute units consumed before it failed; `null` where the node did not say. */
  readonly unitsConsumed: number | null;
  /** The slot of the bank the simulation ran against (the answer's context slot). */
  readonly slot: number;

  constructor(fields: {
    method?: string;
    err: TransactionError;
    logs?: string[] | null;
    unitsConsumed?: number | null;
    slot: number;
    hint?: string;
  }) {
    // Server text: a hostile node may put the client's key or URL in a log line or in `err`.
    const clean = redacter();
    const logs = fields.logs ? fields.logs.map(clean) : null;
    const err = redactDeep(fields.err, clean) as TransactionError;
    const unitsConsumed = fields.unitsConsumed ?? null;
    // The failing program's own message is usually in the last lines; server text, so sanitised.
    const tail =
      logs && logs.length > 0
        ? ['Logs (last lines):', ...logs.slice(-5).map((line) => `  ${sanitizeText(line, 300, true)}`)]
        : [];
    const spent = unitsConsumed === null ? '' : ` after ${unitsConsumed} compute units`;
    super(
      `simulation failed in slot ${fields.slot}${spent}: ${JSON.stringify(err)}`,
      { method: fields.method, hint: fields.hint, retryable: false },
      tail,
    );
    this.err = err;
    this.logs = logs;
    this.unitsConsumed = unitsConsumed;
    this.slot = fields.slot;
  }
}
