import type { TransactionError } from '../types/transaction.js';
import { redactDeep, redacter } from './redact.js';
import { SolRpcError } from './SolRpcError.js';
import { sanitizeText } from './sanitize.js';

/**
 * The transaction landed and failed: it is in a block, its fee was charged, and the runtime reported
 * `err`. Not retryable as it is: the same bytes are never executed twice.
 */
export class TransactionFailedError extends SolRpcError {
  /** Always `'TransactionFailedError'`: what `isSolRpcError(error, 'TransactionFailedError')` checks. */
  override name = 'TransactionFailedError' as const;
  /** The transaction's first signature. */
  readonly signature: string;
  /** The slot of the block that holds it. */
  readonly slot: number;
  /** Why it failed, as the node reports it (`{ InstructionError: [0, { Custom: 1 }] }`). */
  readonly err: TransactionError;
  /** Its log messages, when `getTransaction` could fetch them; `null` otherwise. */
  readonly logs: string[] | null;

  constructor(fields: {
    method?: string;
    signature: string;
    slot: number;
    err: TransactionError;
    logs?: string[] | null;
  }) {
    // Server text: a hostile node may put the client's key or URL in a log line or in `err`.
    const clean = redacter();
    const logs = fields.logs ? fields.logs.map(clean) : null;
    const err = redactDeep(fields.err, clean) as TransactionError;
    // The last few log lines usually say why (the failing program's own message); server text, so sanitised.
    const tail =
      logs && logs.length > 0
        ? ['Logs (last lines):', ...logs.slice(-5).map((line) => `  ${sanitizeText(line, 300, true)}`)]
        : [];
    super(
      `transaction ${fields.signature} failed in slot ${fields.slot}: ${JSON.stringify(err)}`,
      { method: fields.method, retryable: false },
      tail,
    );
    this.signature = fields.signature;
    this.slot = fields.slot;
    this.err = err;
    this.logs = logs;
  }
}
