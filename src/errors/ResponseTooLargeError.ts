import { SolRpcError } from './SolRpcError.js';

/**
 * A response body, or data decompressed from it, went past its size limit; reading stopped there. The
 * client adds the hint (which option to raise) before it throws one (errors/withHint.ts).
 */
export class ResponseTooLargeError extends SolRpcError {
  /** Always `'ResponseTooLargeError'`: what `isSolRpcError(error, 'ResponseTooLargeError')` checks, across duplicate installs. */
  override name = 'ResponseTooLargeError' as const;
  /** The limit in bytes. */
  readonly limit: number;
  /** What went past the limit. */
  readonly what: 'body' | 'decompressed data';

  constructor(fields: { method?: string; limit: number; what: 'body' | 'decompressed data'; hint?: string }) {
    super(`the response's ${fields.what} is larger than the ${fields.limit}-byte limit`, fields);
    this.limit = fields.limit;
    this.what = fields.what;
  }
}
