import { redacter } from './redact.js';

/** Marks errors made by any copy of this package, so `isSolRpcError` works across duplicate installs. */
export const BRAND = Symbol.for('solrpc.error');

/** Fields every solrpc error can carry. */
export interface SolRpcErrorFields {
  /** The RPC method the failing call was for, when there was one. */
  method?: string;
  /** Advice on what to do next, when one is known. */
  hint?: string;
  /** Whether trying the same call again later may succeed. */
  retryable?: boolean;
  /** The underlying error, already stripped of URLs' paths, queries and credentials. */
  cause?: unknown;
}

/**
 * The base of every error solrpc throws. Check with `isSolRpcError(e)` or `isSolRpcError(e, 'RpcError')`
 * rather than `instanceof`, which fails when two copies of the package are installed.
 *
 * The message is: line 1, what failed and in which method; then `Hint: …` when one is known; then details.
 * URLs in it are cut to their origin and the secrets of every client of the process blanked out
 * (errors/redact.ts), whichever class and whoever builds it: its parts may quote a server.
 */
export class SolRpcError extends Error {
  /** The class's name; `isSolRpcError(error, name)` checks it, so it survives duplicate installs. */
  override name = 'SolRpcError';
  /** The RPC method the failing call was for (`getBalance`), or `undefined` when there was none. */
  readonly method: string | undefined;
  /** Advice on what to do next, when one is known; also the message's `Hint:` line. */
  readonly hint: string | undefined;
  /** Whether trying the same call again later may succeed (a timeout, a 503, a node behind). */
  readonly retryable: boolean;

  constructor(summary: string, fields: SolRpcErrorFields = {}, details: readonly string[] = []) {
    const clean = redacter();
    const hint = fields.hint && clean(fields.hint);
    const lines = [
      fields.method ? `${fields.method}: ${summary}` : summary,
      ...(hint ? [`Hint: ${hint}`] : []),
      ...details,
    ];
    super(clean(lines.join('\n')), fields.cause === undefined ? undefined : { cause: fields.cause });
    this.method = fields.method;
    this.hint = hint;
    this.retryable = fields.retryable ?? false;
    Object.defineProperty(this, BRAND, { value: true });
  }
}
