/**
 * The wait before a lost socket's next attempt. Apart from the connection so the backoff policy reads on
 * its own, and because it needs nothing of the socket: the bounds, the attempts so far and a random draw.
 * @module
 */
import type { ReconnectOptions } from './connectionOptions.js';

/**
 * Exponential backoff from `initialDelayMs`, capped at `maxDelayMs`, with full jitter over the upper half
 * (`random` in [0, 1)): many clients losing one server do not all come back at once, and none comes back
 * sooner than half its step.
 */
export function reconnectDelay(reconnect: Required<ReconnectOptions>, attempts: number, random: number): number {
  const ceiling = Math.min(reconnect.maxDelayMs, reconnect.initialDelayMs * 2 ** attempts);
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}
