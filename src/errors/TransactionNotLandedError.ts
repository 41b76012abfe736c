import { SolRpcError } from './SolRpcError.js';

/** Why `landTransaction` ended without a landed transaction. */
export type NotLandedReason =
  /** `timeoutMs` passed. */
  | 'timeout'
  /** The caller's signal aborted the call. */
  | 'aborted'
  /** The caller's `build` callback threw, or returned something that is not a transaction it may send. */
  | 'build-failed'
  /** The node refused the transaction before forwarding it (a preflight failure other than a stale blockhash). */
  | 'refused'
  /** The simulation run to size the compute budget failed: the transaction would fail as built. */
  | 'simulation-failed'
  /** A node's answer could not be used (malformed, contradictory), or another error ended the call. */
  | 'error';

/** One transaction `landTransaction` built and sent, and what is known of it. */
export interface LandingAttempt {
  /** Its first signature. */
  signature: string;
  /** The blockhash it was signed on. */
  blockhash: string;
  /** Its compute-unit price, micro-lamports per unit. */
  unitPrice: bigint;
  /** Its compute-unit limit. */
  unitLimit: number;
  /**
   * False once it is proved that it can never land: the node said its blockhash can no longer be used and
   * the ledger did not hold it, or the node refused it in preflight and never forwarded it. True while
   * it was sent and neither is proved.
   */
  mayStillLand: boolean;
}

/**
 * `landTransaction` ended and no transaction of the call is known to have landed. `mayStillLand` says
 * whether one still can: when false, every transaction it sent is proved unable to land (its blockhash no
 * longer usable and the ledger not holding it, or refused unforwarded), so building and sending again
 * cannot land twice. When true,
 * `pending` names the signature to look up later before paying again.
 */
export class TransactionNotLandedError extends SolRpcError {
  /** Always `'TransactionNotLandedError'`: what `isSolRpcError(error, 'TransactionNotLandedError')` checks. */
  override name = 'TransactionNotLandedError' as const;
  /** Why the call ended. */
  readonly reason: NotLandedReason;
  /** Every transaction the call sent, in order, with whether it is proved unable to land. */
  readonly attempts: readonly LandingAttempt[];
  /** Whether a transaction the call sent may still land. */
  readonly mayStillLand: boolean;
  /** The signature that may still land, when one may; `null` otherwise. */
  readonly pending: string | null;
  /**
   * The compute-unit price the cluster's recent fees called for, when the caller's cap
   * (`maxUnitPrice` or `maxFeeLamports`) held the price below it; `null` otherwise.
   */
  readonly cappedBelow: bigint | null;

  constructor(fields: {
    method?: string;
    reason: NotLandedReason;
    attempts: readonly LandingAttempt[];
    cappedBelow?: bigint | null;
    detail?: string;
    cause?: unknown;
  }) {
    const attempts = fields.attempts.map((attempt) => ({ ...attempt }));
    const pending = attempts.find((attempt) => attempt.mayStillLand)?.signature ?? null;
    const cappedBelow = fields.cappedBelow ?? null;
    const sent = attempts.length === 1 ? '1 transaction' : `${attempts.length} transactions`;
    const state =
      attempts.length === 0
        ? 'nothing was sent'
        : pending !== null
          ? `${pending} may still land`
          : `${sent} sent, none landed and none can`;
    const why = fields.detail ? `${fields.reason}: ${fields.detail}` : fields.reason;
    const paid = attempts.at(-1)?.unitPrice;
    // The caps' part is said whatever else is: it is what the caller can change.
    const capped =
      cappedBelow === null
        ? ''
        : `; recent fees called for ${cappedBelow} micro-lamports per unit, above the caps${paid === undefined ? '' : ` (paid ${paid})`}`;
    const hints = [
      pending !== null
        ? `look ${pending} up (getSignatureStatuses with searchTransactionHistory) before paying again.`
        : attempts.length > 0
          ? 'nothing landed and nothing can: it is safe to build and send again.'
          : undefined,
      cappedBelow !== null ? 'raise maxUnitPrice or maxFeeLamports to pay what the cluster takes.' : undefined,
    ].filter((hint): hint is string => hint !== undefined);
    const hint = hints.length > 0 ? hints.join(' ') : undefined;
    super(`transaction not landed (${why}${capped}): ${state}`, { method: fields.method, hint, cause: fields.cause });
    this.reason = fields.reason;
    this.attempts = attempts;
    this.mayStillLand = pending !== null;
    this.pending = pending;
    this.cappedBelow = cappedBelow;
  }
}
