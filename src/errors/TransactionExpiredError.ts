import { SolRpcError } from './SolRpcError.js';

/**
 * The transaction can no longer land and did not: its blockhash has passed its last valid block height
 * (or the node no longer knows it), or its durable nonce has advanced, and a last look at its signature
 * with `searchTransactionHistory` found nothing. Not retryable: the same bytes can never land; sign the
 * transaction again on a new blockhash (or the nonce's new value).
 */
export class TransactionExpiredError extends SolRpcError {
  /** Always `'TransactionExpiredError'`: what `isSolRpcError(error, 'TransactionExpiredError')` checks. */
  override name = 'TransactionExpiredError' as const;
  /** The transaction's first signature. */
  readonly signature: string;
  /** The blockhash (or durable nonce value) it was signed on. */
  readonly blockhash: string | null;
  /** The last block height at which it could land, when it was known; `null` when expiry was read otherwise. */
  readonly lastValidBlockHeight: number | null;
  /** The block height when expiry was found, when it could be read; `null` otherwise. */
  readonly blockHeight: number | null;
  /** The durable nonce account, for a transaction that advances one. */
  readonly nonceAccount: string | null;

  constructor(fields: {
    method?: string;
    signature: string;
    blockhash?: string | null;
    lastValidBlockHeight?: number | null;
    blockHeight?: number | null;
    nonceAccount?: string | null;
  }) {
    const { lastValidBlockHeight = null, blockHeight = null, nonceAccount = null } = fields;
    const why =
      nonceAccount !== null
        ? `its durable nonce ${nonceAccount} has advanced`
        : lastValidBlockHeight !== null && blockHeight !== null
          ? `block height ${blockHeight} is past its last valid block height ${lastValidBlockHeight}`
          : 'its blockhash is no longer valid';
    super(`transaction ${fields.signature} expired: ${why}, and it did not land`, {
      method: fields.method,
      hint: 'sign it again on a new blockhash (getLatestBlockhash) and send that; these bytes can never land.',
      retryable: false,
    });
    this.signature = fields.signature;
    this.blockhash = fields.blockhash ?? null;
    this.lastValidBlockHeight = lastValidBlockHeight;
    this.blockHeight = blockHeight;
    this.nonceAccount = nonceAccount;
  }
}
