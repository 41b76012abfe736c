/**
 * Why a socket was lost, in words: what `reconnecting` events and `ConnectionLostError` carry. Server and
 * platform text is third-party, so none of it leaves here with a URL, a secret or a control character in
 * it. Apart from the connection because it is wording and policy, not the socket's state.
 * @module
 */
import { redacter } from '../errors/redact.js';
import { sanitizeText } from '../errors/sanitize.js';

/** The reason for a frame above `maxFrameBytes`, however it was noticed (ours, `ws`'s or the server's). */
export const TOO_LARGE = 'a frame above maxFrameBytes';

/**
 * Close codes that end the subscriptions at once: 1008 (policy violation) and the 4000-4999 range
 * applications define, which providers send for a refused key, a plan's limit or a rate limit. Retrying
 * would only be refused again, at the server's cost. The client's own close codes (1000, and 4000 for a
 * socket it dropped) are never seen here: it detaches its handlers before it closes a socket.
 */
export const isPolicyClose = (code: number): boolean => code === 1008 || (code >= 4000 && code <= 4999);

/** `text` on one line, at most 200 characters, URLs cut to their origin and `secrets` blanked. */
export function cleanReason(text: string, secrets: readonly string[]): string {
  return sanitizeText(redacter(secrets)(text), 200, true);
}

/** Why a socket closed, in words, with no URL or secret in it. */
export function closeReason(code: number, reason: string, secrets: readonly string[]): string {
  // 1006: no close frame at all (a reset, a crash, a cable): nobody said why.
  if (code === 1006) return 'the connection dropped without a close frame';
  const text = reason ? `: ${cleanReason(reason, secrets)}` : '';
  return `closed by the server (code ${code}${text})`;
}

/** What a socket's error, or a failure to create one, says: its message, cleaned. */
export function failureReason(error: unknown, secrets: readonly string[]): string {
  if (error instanceof Error) return cleanReason(error.message || error.name, secrets);
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return cleanReason((error as { message: string }).message, secrets);
  }
  return 'the socket failed';
}
