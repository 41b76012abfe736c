// Type-only imports: the guard's types name every class without pulling them into a bundle.
import type { AbortError } from './AbortError.js';
import type { DecodeError } from './DecodeError.js';
import type { HttpError } from './HttpError.js';
import type { InvalidInputError } from './InvalidInputError.js';
import type { InvalidResponseError } from './InvalidResponseError.js';
import type { NetworkError } from './NetworkError.js';
import type { RateLimitedError } from './RateLimitedError.js';
import type { ResponseTooLargeError } from './ResponseTooLargeError.js';
import type { RpcError } from './RpcError.js';
import type { TimeoutError } from './TimeoutError.js';
import type { ValidationError } from './ValidationError.js';

/** Marks errors made by any copy of this package, so `isSolRpcError` works across duplicate installs. */
const BRAND = Symbol.for('solrpc.error');

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
    const lines = [fields.method ? `${fields.method}: ${summary}` : summary];
    if (fields.hint) lines.push(`Hint: ${fields.hint}`);
    lines.push(...details);
    super(lines.join('\n'), fields.cause === undefined ? undefined : { cause: fields.cause });
    this.method = fields.method;
    this.hint = fields.hint;
    this.retryable = fields.retryable ?? false;
    Object.defineProperty(this, BRAND, { value: true });
  }
}

/** The names of solrpc's error classes, for `isSolRpcError(e, name)`. */
export type SolRpcErrorName =
  | 'SolRpcError'
  | 'RpcError'
  | 'HttpError'
  | 'InvalidResponseError'
  | 'ValidationError'
  | 'InvalidInputError'
  | 'TimeoutError'
  | 'AbortError'
  | 'NetworkError'
  | 'ResponseTooLargeError'
  | 'DecodeError'
  | 'RateLimitedError';

/**
 * True when `error` was thrown by solrpc (any copy of it), optionally of the class named `name`.
 * @example
 * if (isSolRpcError(e, 'RpcError') && e.code === -32005) retryLater();
 */
export function isSolRpcError(error: unknown): error is SolRpcError;
export function isSolRpcError<N extends SolRpcErrorName>(error: unknown, name: N): error is ErrorByName[N];
export function isSolRpcError(error: unknown, name?: SolRpcErrorName): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ((error as Record<symbol, unknown>)[BRAND] !== true) return false;
  return name === undefined || name === 'SolRpcError' || (error as Error).name === name;
}

interface ErrorByName {
  SolRpcError: SolRpcError;
  RpcError: RpcError;
  HttpError: HttpError;
  InvalidResponseError: InvalidResponseError;
  ValidationError: ValidationError;
  InvalidInputError: InvalidInputError;
  TimeoutError: TimeoutError;
  AbortError: AbortError;
  NetworkError: NetworkError;
  ResponseTooLargeError: ResponseTooLargeError;
  DecodeError: DecodeError;
  RateLimitedError: RateLimitedError;
}
