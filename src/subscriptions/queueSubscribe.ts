/**
 * A subscribe's turn under the rate limit (issue 34). Providers count each subscribe request against the
 * key's limit, and a reconnect sends every subscription again at once, so each subscribe and re-subscribe
 * takes `subscriptionWeight` tokens from the client's pace before it is sent; unsubscribes go free. The
 * queue itself is the limiter's (src/pacing/bucket.ts: FIFO among every call sharing it); this is the
 * subscription's side of it: one wait per entry, ended without a send when the entry or its socket goes.
 * Apart from the connection so the socket's life reads without the pacing, and the pacing without it.
 * @module
 */
import type { ConnectionSettings, Entry } from './connectionOptions.js';

/**
 * Calls `send` at `entry`'s turn under the rate limit: at once, in the same tick, when it may go now (no
 * limit, a weight of 0, or tokens to spare), as it would without a limit; later with `late` set, when it
 * waited: the caller checks then that the socket it waited for is still the one open. A wait aborted
 * through `entry.turn` (the entry went, or its socket: a reconnect queues it again) ends quietly;
 * anything else the limiter rejects with goes to `fail`, which ends the subscription.
 */
export function queueSubscribe(
  entry: Entry,
  settings: ConnectionSettings,
  send: (late?: true) => void,
  fail: (error: unknown) => void,
): void {
  const { pace } = settings;
  if (!pace || pace.subscriptionWeight <= 0) {
    send();
    return;
  }
  // A wait of an earlier socket goes first: the new one takes its place, not a place behind it.
  entry.turn?.abort();
  const waiting = new AbortController();
  const turn = pace.turn(pace.subscriptionWeight, {
    method: entry.definition.name,
    origin: settings.origin,
    // A subscription has no deadline: it waits its turn until it is aborted or its socket is lost.
    deadline: Number.POSITIVE_INFINITY,
    signal: waiting.signal,
  });
  if (!turn) {
    send();
    return;
  }
  entry.turn = waiting;
  turn.then(
    () => {
      if (entry.turn !== waiting) return;
      entry.turn = undefined;
      send(true);
    },
    (error: unknown) => {
      if (entry.turn === waiting) entry.turn = undefined;
      // Its own abort (the entry or the socket went) ends the wait quietly; anything else ends the entry.
      if (!waiting.signal.aborted) fail(error);
    },
  );
}
