// Type-only imports: the guard's types name every class without pulling them into a bundle.
import type { AbortError } from './AbortError.js';
import type { ConnectionLostError } from './ConnectionLostError.js';
import type { DecodeError } from './DecodeError.js';
import type { HttpError } from './HttpError.js';
import type { InvalidInputError } from './InvalidInputError.js';
import type { InvalidResponseError } from './InvalidResponseError.js';
import type { NetworkError } from './NetworkError.js';
import type { RateLimitedError } from './RateLimitedError.js';
import type { ResponseTooLargeError } from './ResponseTooLargeError.js';
import type { RpcError } from './RpcError.js';
import type { SimulationFailedError } from './SimulationFailedError.js';
import { BRAND, type SolRpcError } from './SolRpcError.js';
import type { StaleResponseError } from './StaleResponseError.js';
import type { SubscriptionOverflowError } from './SubscriptionOverflowError.js';
import type { TimeoutError } from './TimeoutError.js';
import type { TransactionExpiredError } from './TransactionExpiredError.js';
import type { TransactionFailedError } from './TransactionFailedError.js';
import type { TransactionNotLandedError } from './TransactionNotLandedError.js';
import type { ValidationError } from './ValidationError.js';

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
  | 'RateLimitedError'
  | 'TransactionExpiredError'
  | 'TransactionFailedError'
  | 'TransactionNotLandedError'
  | 'SimulationFailedError'
  | 'StaleResponseError'
  | 'ConnectionLostError'
  | 'SubscriptionOverflowError';

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
  TransactionExpiredError: TransactionExpiredError;
  TransactionFailedError: TransactionFailedError;
  TransactionNotLandedError: TransactionNotLandedError;
  SimulationFailedError: SimulationFailedError;
  StaleResponseError: StaleResponseError;
  ConnectionLostError: ConnectionLostError;
  SubscriptionOverflowError: SubscriptionOverflowError;
}
