/**
 * Completes an error before a transport or the client throws it: an `RpcError`'s code name and the hint
 * for an `RpcError`, `HttpError`, plain `TimeoutError`, `ResponseTooLargeError` or `NetworkError` live in
 * errors/hints.ts, loaded with the first such error instead of up front (their texts are a quarter of a
 * small app's bundle). If that module cannot be loaded, e.g. in a browser that went offline, the error is
 * thrown as it is, without them. Any other error goes out at once: loading the module for it would put an
 * import's delay between the failure and its report (a subscription ended by a bad notification).
 */
import type { CompletedError, HintCall, HintFacts } from './hints.js';
import { isSolRpcError } from './isSolRpcError.js';

/** The errors whose texts live in hints.ts. */
const COMPLETED = ['RpcError', 'HttpError', 'TimeoutError', 'ResponseTooLargeError', 'NetworkError'];

/**
 * `facts` (the method's or subscription's definition) and `call` (the prepared call: the params sent) let
 * the hint name what the call needed: the API set, a node flag, a commitment. The transports, which know
 * neither, leave them out.
 */
export async function withHint(error: unknown, facts?: HintFacts, call?: HintCall): Promise<unknown> {
  if (!isSolRpcError(error) || !COMPLETED.includes(error.name)) return error;
  try {
    (await import('./hints.js')).completeError(error as CompletedError, facts, call);
  } catch {
    // Without the texts the error still says what failed; it goes out as it is.
  }
  return error;
}

/** `withHint`, then throws: what the transports' own request functions end with. */
export async function throwWithHint(error: unknown): Promise<never> {
  throw await withHint(error);
}
