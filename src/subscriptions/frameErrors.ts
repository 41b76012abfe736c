/**
 * The typed errors a server's frames become: an error answer, JSON nested too deep to read, and a
 * notification its decoder could not read. Each is built from the frame and what the socket knows (the
 * method, the origin, the secrets to blank) and holds no socket state, so it lives apart from the
 * connection, which decides only whom each error ends.
 * @module
 */
import { InvalidResponseError } from '../errors/InvalidResponseError.js';
import { isSolRpcError } from '../errors/isSolRpcError.js';
import { RpcError } from '../errors/RpcError.js';
import { ValidationError } from '../errors/ValidationError.js';
import type { Entry } from './connectionOptions.js';

/** The `RpcError` of an answer's `error` member: a server that leaves out its code or message still gets one. */
export function answerError(method: string, error: Record<string, unknown>, secrets: readonly string[]): RpcError {
  const { code, message, data } = error;
  return new RpcError({
    method,
    code: typeof code === 'number' ? code : -32603,
    message: typeof message === 'string' ? message : 'error without a message',
    data,
    secrets,
  });
}

/** A frame whose JSON is nested too deep to read (`detail` says which frame, and how deep). */
export function tooDeepError(method: string, origin: string, detail: string): InvalidResponseError {
  return new InvalidResponseError({ method, reason: 'json', origin, detail });
}

/** `error` if it is typed; otherwise the `ValidationError` of a notification the decoder could not read. */
export function unreadable(entry: Entry, error: unknown): unknown {
  if (isSolRpcError(error)) return error;
  return new ValidationError({
    method: entry.definition.name,
    path: 'result',
    expected: 'readable',
    received: `a value its decoder threw ${(error as Error)?.name} on`,
  });
}
