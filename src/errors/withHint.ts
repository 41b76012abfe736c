/**
 * Completes an error before a transport or the client throws it: an `RpcError`'s code name and the hint
 * for an `RpcError` or `HttpError` live in errors/hints.ts, loaded with the first such error instead of up
 * front (their texts are a quarter of a small app's bundle). If that module cannot be loaded, e.g. in a browser that
 * went offline, the error is thrown as it is, without them.
 */
import { isSolRpcError } from './isSolRpcError.js';

export async function withHint(error: unknown): Promise<unknown> {
  if (!isSolRpcError(error, 'RpcError') && !isSolRpcError(error, 'HttpError')) return error;
  try {
    (await import('./hints.js')).completeError(error);
  } catch {
    // Without the texts the error still says what failed; it goes out as it is.
  }
  return error;
}

/** `withHint`, then throws: what the transports' own request functions end with. */
export async function throwWithHint(error: unknown): Promise<never> {
  throw await withHint(error);
}
