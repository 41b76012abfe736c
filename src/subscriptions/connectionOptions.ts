/**
 * What a socket of the pool and its client agree on: the reconnect bounds, the events the client reports,
 * the settings a socket is built with, and the entry of one server subscription. Apart from the socket's
 * code (connection.ts) so the client and the public types read them without it.
 * @module
 */
import type { ConnectionLostError } from '../errors/ConnectionLostError.js';
import type { Pace } from '../pacing/limitedPace.js';
import type { DecodeContext } from '../types/index.js';
import type { PreparedSubscription, SubscriptionDefinition } from './defineSubscription.js';
import type { NotificationStream } from './stream.js';
import type { OpenWebSocket } from './webSocket.js';

/**
 * How reconnecting goes: jittered exponential backoff, bounded in attempts and in time. A loss lasts
 * until a new socket proves healthy (every subscription answered, then a ping answered): a server that
 * accepts the handshake and then closes or stalls counts against these bounds like one that refuses it.
 */
export interface ReconnectOptions {
  /** Attempts after a loss before giving up (connections that did not prove healthy count). Default 10. */
  maxAttempts?: number;
  /** Milliseconds from the loss after which no attempt starts and the client gives up. Default 60,000. */
  maxElapsedMs?: number;
  /** The first wait, doubled after each failed attempt. Default 500. */
  initialDelayMs?: number;
  /** The longest wait between attempts. Default 10,000. */
  maxDelayMs?: number;
}

/** What one socket of the pool is doing; `onConnectionChange` listeners receive these. */
export type ConnectionEvent =
  | {
      /** The socket is open (again): its subscriptions are being (re)sent. */
      state: 'connected';
      /** Which socket of the pool, from 0. */
      socket: number;
      /** Whether it was lost before: notifications in between may have been missed (logs, blocks, votes). */
      reconnected: boolean;
    }
  | {
      /** The socket was lost; another attempt follows after `delayMs`. */
      state: 'reconnecting';
      /** Which socket of the pool, from 0. */
      socket: number;
      /** Attempts since the loss, from 1: connections that opened but did not prove healthy count. */
      attempt: number;
      /** The wait before this attempt, in milliseconds. */
      delayMs: number;
      /** Why it was lost, in words, without the URL. */
      reason: string;
    }
  | {
      /**
       * Every attempt failed, or the server closed the socket with a policy code (1008, 4000-4999):
       * each iterator on the socket threw `error`.
       */
      state: 'gave-up';
      /** Which socket of the pool, from 0. */
      socket: number;
      /** What the iterators threw. */
      error: ConnectionLostError;
    }
  | {
      /** The socket was closed by the client: its last subscription ended, or `close()`. */
      state: 'closed';
      /** Which socket of the pool, from 0. */
      socket: number;
    };

/** Everything a socket needs from its client. */
export interface ConnectionSettings {
  url: string;
  origin: string;
  secrets: readonly string[];
  open: OpenWebSocket;
  maxFrameBytes: number;
  heartbeatIntervalMs: number;
  heartbeatTimeoutMs: number;
  connectTimeoutMs: number;
  reconnect: Required<ReconnectOptions>;
  emit(event: ConnectionEvent): void;
  /** An entry left its socket for good (unsubscribed, refused, failed, given up): the client forgets it. */
  forget(entry: Entry): void;
  random(): number;
  now(): number;
  /** The `rateLimit` each subscribe request (first, and again after a reconnect) takes its turn under; none without one. */
  pace: Pace | undefined;
}

/** One server subscription and the consumers that share it (identical requests share one). */
export interface Entry {
  readonly key: string;
  readonly definition: SubscriptionDefinition;
  /** The method of its notifications (`accountNotification` for `accountSubscribe`). */
  readonly notification: string;
  readonly prepared: PreparedSubscription;
  readonly context: DecodeContext;
  readonly streams: Set<NotificationStream<unknown>>;
  /** The server's id while it is subscribed on the current socket. */
  id: number | undefined;
  /** Whether a subscribe was ever sent: a later one resyncs, even if the first was lost before its answer. */
  sent?: boolean;
  /** The newest slot delivered (by key for `latestByKey`): resynced reads and late notifications older are dropped. */
  readonly slots: Map<string, number>;
  /** Notifications are decoded in order, one after another. */
  tail: Promise<void>;
  /** Cancels a resync under way when the entry goes. */
  resync?: AbortController;
  /** Cancels its wait for a turn under the rate limit when it goes, or its socket does. */
  turn?: AbortController;
}
