import { JsonSyntaxError, parseJsonExact } from '../codecs/json.js';
import { encodeRequest } from '../codecs/jsonrpc.js';
import { AbortError } from '../errors/AbortError.js';
import { ConnectionLostError } from '../errors/ConnectionLostError.js';
import { isSolRpcError } from '../errors/isSolRpcError.js';
import { RpcError } from '../errors/RpcError.js';
import { withHint } from '../errors/withHint.js';
import { explainMismatch, SchemaMismatch } from '../schemas/validate.js';
import type { ConnectionSettings, Entry } from './connectionOptions.js';
import type { SubscriptionDefinition } from './defineSubscription.js';
import { deliver } from './deliver.js';
import { answerError, tooDeepError, unreadable } from './frameErrors.js';
import { cleanReason, closeReason, failureReason, isPolicyClose, TOO_LARGE } from './lossReason.js';
import { queueSubscribe } from './queueSubscribe.js';
import { reconnectDelay } from './reconnectDelay.js';
import { closeQuietly, detachHandlers, type NodeSocket } from './socketClose.js';
import type { WebSocketLike } from './webSocket.js';

type Pending = { method: string; resolve(result: unknown): void; reject(error: unknown): void; sentAt?: number };

/**
 * One WebSocket of the pool and the subscriptions on it. It connects on its first subscription, pings
 * when the line is quiet and drops a socket that stops answering, reconnects with jittered backoff and
 * resubscribes everything (with a resync where it can), and gives up within its bounds, failing every
 * iterator on it with a `ConnectionLostError` rather than retrying forever.
 */
export class Connection {
  readonly entries = new Set<Entry>();
  private readonly byId = new Map<number, Entry[]>();
  private readonly pending = new Map<number, Pending>();
  private socket: WebSocketLike | undefined;
  private nextId = 1;
  private attempts = 0;
  private lostAt: number | undefined;
  /** Whether the loss being recovered from was of an open socket (or of a connection never made). */
  private lostOpen = false;
  private lastReason = '';
  /** Why the socket was last lost: what a socket that reopens but never proves healthy is given up with. */
  private lastLoss = '';
  private lastInbound = 0;
  /**
   * Whether the socket proved healthy: every subscribe answered, then a heartbeat answered (or one of
   * its subscriptions notified). Only then is
   * a loss over: until it, attempts and the time since the loss keep counting, so a server that accepts
   * the handshake and then closes, refuses or stalls is bounded by `reconnect` like one that refuses it.
   */
  private healthy = false;
  /** Whether the heartbeat that proves the socket healthy was sent (once every subscribe was answered). */
  private probed = false;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private state: 'idle' | 'connecting' | 'open' | 'waiting' = 'idle';
  /** Counts connect() calls: a socket that opens after its attempt was given up on is closed, not used. */
  private generation = 0;

  constructor(
    readonly index: number,
    private readonly settings: ConnectionSettings,
  ) {}

  /** Adds a server subscription: sent now when the socket is open, else when it opens. */
  add(entry: Entry): void {
    this.entries.add(entry);
    if (this.state === 'open') this.subscribe(entry);
    else if (this.state === 'idle') this.connect();
  }

  /** Drops a server subscription: unsubscribed unless another entry still holds its id; the socket closes when empty. */
  remove(entry: Entry): void {
    if (!this.entries.delete(entry)) return;
    this.settings.forget(entry);
    entry.resync?.abort();
    entry.turn?.abort();
    const id = entry.id;
    entry.id = undefined;
    if (id !== undefined) {
      const holders = (this.byId.get(id) ?? []).filter((held) => held !== entry);
      if (holders.length > 0) this.byId.set(id, holders);
      else {
        this.byId.delete(id);
        // Fire and forget: the answer changes nothing, and a socket that closes meanwhile drops it anyway.
        this.request(entry.definition.name.replace(/Subscribe$/, 'Unsubscribe'), [id]).catch(() => undefined);
      }
    }
    if (this.entries.size === 0) this.shutdown();
  }

  /** Closes the socket and forgets every entry: the client is closing. */
  close(): void {
    for (const entry of this.entries) {
      this.settings.forget(entry);
      entry.turn?.abort();
    }
    this.entries.clear();
    this.shutdown();
  }

  private shutdown(): void {
    this.clearTimers();
    this.failPending(new AbortError({ reason: 'closed' }));
    this.byId.clear();
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      detachHandlers(socket);
      // The client's own close: code 1000, "normal closure".
      closeQuietly(socket, 1000);
    }
    const wasActive = this.state !== 'idle';
    this.state = 'idle';
    this.lostAt = undefined;
    this.attempts = 0;
    if (wasActive) this.settings.emit({ state: 'closed', socket: this.index });
  }

  private connect(): void {
    const { settings } = this;
    this.state = 'connecting';
    const generation = ++this.generation;
    let opened: WebSocketLike | Promise<WebSocketLike>;
    try {
      opened = settings.open(settings.url, settings.maxFrameBytes);
    } catch (error) {
      this.lost(failureReason(error, settings.secrets));
      return;
    }
    // Bounded like every other wait: a server that accepts TCP but never completes the handshake.
    const remaining =
      this.lostAt === undefined
        ? settings.connectTimeoutMs
        : Math.min(settings.connectTimeoutMs, settings.reconnect.maxElapsedMs - (settings.now() - this.lostAt));
    this.timer = setTimeout(() => this.lost('no handshake within the connect timeout'), Math.max(1, remaining));
    const attach = (socket: WebSocketLike) => {
      if (this.state !== 'connecting' || generation !== this.generation) {
        // Given up or closed while the socket was being created.
        closeQuietly(socket, 1000);
        return;
      }
      this.socket = socket;
      socket.onopen = () => this.opened();
      socket.onmessage = (event) => this.receive(event.data);
      socket.onerror = (event) => {
        const error = (event as { error?: unknown }).error ?? event;
        // `ws` refuses a frame above its maxPayload with this code, then drops the connection.
        const tooLarge = (error as { code?: unknown }).code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';
        this.lastReason = tooLarge ? TOO_LARGE : failureReason(error, settings.secrets);
      };
      socket.onclose = (event) => {
        if (isPolicyClose(event.code)) {
          this.lost(`closed by the server (code ${event.code})`, event);
          return;
        }
        const tooLarge = event.code === 1009 || this.lastReason === TOO_LARGE;
        if (tooLarge) this.lastReason = '';
        this.lost(tooLarge ? TOO_LARGE : closeReason(event.code, event.reason, settings.secrets));
      };
      // `ws` answers protocol pings for us and reports pongs: every server answers those (RFC 6455).
      (socket as Partial<NodeSocket>).on?.('pong', () => {
        if (this.socket !== socket) return;
        this.lastInbound = settings.now();
        if (this.probed) this.proved();
      });
    };
    if (typeof (opened as Promise<WebSocketLike>).then === 'function') {
      (opened as Promise<WebSocketLike>).then(attach, (error: unknown) =>
        this.lost(failureReason(error, settings.secrets)),
      );
    } else {
      attach(opened as WebSocketLike);
    }
  }

  private opened(): void {
    const { settings } = this;
    this.clearTimers();
    const reconnected = this.lostAt !== undefined;
    this.state = 'open';
    this.healthy = false;
    this.probed = false;
    this.lastReason = '';
    this.lastInbound = settings.now();
    this.heartbeat = setInterval(() => this.beat(), settings.heartbeatIntervalMs);
    if (this.lostAt !== undefined) {
      // Open is not recovered: a socket that has not proved healthy when the budget ends is given up on.
      const left = settings.reconnect.maxElapsedMs - (settings.now() - this.lostAt);
      this.timer = setTimeout(
        () => this.lost(`${this.lastLoss}; reconnected, but not answered in time`),
        Math.max(1, left),
      );
    }
    settings.emit({ state: 'connected', socket: this.index, reconnected });
    for (const entry of this.entries) this.subscribe(entry);
  }

  /**
   * Once every subscribe on the socket was answered, pings at once (not at the next beat, so a socket
   * that serves and is dropped every few seconds still recovers each time): the answer proves it healthy.
   */
  private probe(): void {
    if (this.healthy || this.probed || this.state !== 'open' || !this.socket || this.waiting() !== undefined) return;
    this.probed = true;
    this.ping(true);
  }

  /** The probe was answered, every subscribe still answered: the loss is over, and its counts start again. */
  private proved(): void {
    if (this.healthy || this.state !== 'open' || this.waiting() !== undefined) return;
    this.healthy = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.lostAt = undefined;
    this.attempts = 0;
  }

  /** Pings a quiet line; drops a socket silent for longer than the timeout (a half-open TCP connection). */
  private beat(): void {
    const now = this.settings.now();
    const silent = now - this.lastInbound;
    const unanswered = this.waiting();
    if (silent >= this.settings.heartbeatTimeoutMs) {
      this.lost(`no answer for ${Math.round(silent / 1000)} s`);
    } else if (unanswered !== undefined && now - unanswered >= this.settings.heartbeatTimeoutMs) {
      // A server that answers pings but not a subscribe would leave its iterator waiting for ever.
      this.lost(`a subscribe unanswered for ${Math.round((now - unanswered) / 1000)} s`);
    } else if (silent >= this.settings.heartbeatIntervalMs) {
      this.ping(this.probed && !this.healthy);
    }
  }

  /** Pings the server; with `probe`, its answer proves the socket healthy. */
  private ping(probe: boolean): void {
    const socket = this.socket as Partial<NodeSocket> | undefined;
    if (typeof socket?.ping === 'function') {
      // A protocol ping: answered by the WebSocket layer of any server, with a pong (see connect).
      try {
        socket.ping();
      } catch {
        // Closing already: its close event follows.
      }
      return;
    }
    // Browsers cannot send protocol pings. Any answer will do, an error included: agave answers an
    // unknown method with -32601.
    this.request('ping', []).then(
      () => probe && this.proved(),
      (error: unknown) => probe && error instanceof RpcError && this.proved(),
    );
  }

  /**
   * When the oldest subscribe still unanswered was sent; `undefined` when every one was answered (each
   * subscription on the socket then has its id, or was refused and is gone).
   */
  private waiting(): number | undefined {
    let oldest: number | undefined;
    for (const { method, sentAt = 0 } of this.pending.values()) {
      if (method.endsWith('Subscribe') && (oldest === undefined || sentAt < oldest)) oldest = sentAt;
    }
    return oldest;
  }

  /**
   * Sends a subscribe, at once or at its turn under the rate limit (queueSubscribe.ts). A turn that comes
   * after the socket it waited for was lost, or the entry left, sends nothing: a reconnect queues it again.
   */
  private subscribe(entry: Entry): void {
    const socket = this.socket;
    queueSubscribe(
      entry,
      this.settings,
      (late) => {
        if (late && (this.socket !== socket || this.state !== 'open' || !this.entries.has(entry))) return;
        this.sendSubscribe(entry);
      },
      (error) => this.fail(entry, error),
    );
  }

  private sendSubscribe(entry: Entry): void {
    const { definition, prepared } = entry;
    const resubscribe = entry.sent === true;
    entry.sent = true;
    // Answered synchronously: a notification in the same chunk as the answer must find its id mapped.
    this.send(definition.name, prepared.params, {
      method: definition.name,
      resolve: (id) => {
        if (!this.entries.has(entry)) {
          // Left before its answer: the server holds it all the same, and would notify it for ever.
          if (typeof id === 'number' && !this.byId.has(id)) {
            this.request(definition.name.replace(/Subscribe$/, 'Unsubscribe'), [id]).catch(() => undefined);
          }
          return;
        }
        if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
          this.refuse(entry, new RpcError({ method: definition.name, code: -32603, message: 'no subscription id' }));
          return;
        }
        entry.id = id;
        // agave gives identical requests one id; each holder is counted, so one leaving keeps it for the rest.
        this.byId.set(id, [...(this.byId.get(id) ?? []), entry]);
        if (resubscribe && definition.resync && prepared.rpc) this.resync(entry);
        this.probe();
      },
      reject: (error: unknown) => {
        // A refusal (or an answer too deep to read) ends the subscription: it is not retried. A lost
        // socket resubscribes on reconnect.
        const refused = error instanceof RpcError || isSolRpcError(error, 'InvalidResponseError');
        if (refused && this.entries.has(entry)) this.refuse(entry, error);
        this.probe();
      },
    });
  }

  private refuse(entry: Entry, error: unknown): void {
    this.remove(entry);
    withHint(error, entry.definition).then((hinted) => {
      for (const stream of entry.streams) stream.fail(hinted);
    });
  }

  /** Reads the current state over HTTP after a resubscribe, and delivers what is newer than what was delivered. */
  private resync(entry: Entry): void {
    entry.resync?.abort();
    const abort = new AbortController();
    entry.resync = abort;
    const definition = entry.definition as Required<Pick<SubscriptionDefinition, 'resync'>> & SubscriptionDefinition;
    definition.resync(entry.prepared, abort.signal, entry.slots).then(
      (values) => {
        if (abort.signal.aborted || !this.entries.has(entry)) return;
        entry.tail = entry.tail
          .then(() => {
            for (const value of values) deliver(entry, value, true);
          })
          .catch((error: unknown) => this.fail(entry, unreadable(entry, error)));
      },
      () => {
        // The HTTP read failed: the subscription goes on; what changed while down comes with the next change.
      },
    );
  }

  private receive(data: unknown): void {
    this.lastInbound = this.settings.now();
    // Binary frames are no JSON-RPC: ignored, as every frame that is not an answer or a notification is.
    if (typeof data !== 'string') return;
    if (data.length > this.settings.maxFrameBytes) {
      // Browsers buffer the frame before we see it; refusing it here still bounds what is decoded.
      this.lost(TOO_LARGE);
      return;
    }
    let message: unknown;
    /** Set for JSON nested deeper than `MAX_JSON_DEPTH`: the problem, for whatever the frame is for. */
    let tooDeep: string | undefined;
    try {
      message = parseJsonExact(data);
    } catch (error) {
      // Text that is not JSON names no subscription: ignored. JSON nested too deep names one, and ends
      // it as an HTTP body that deep does. The engine's JSON.parse reads any depth without recursion,
      // and only the frame's top-level fields are read from its tree, never the deep value.
      if (!(error instanceof JsonSyntaxError && error.tooDeep)) return;
      try {
        message = JSON.parse(data);
      } catch {
        // Broken further on as well.
        return;
      }
      tooDeep = error.message;
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return;
    const frame = message as Record<string, unknown>;
    if (frame.id !== undefined && frame.id !== null) {
      this.answer(frame, tooDeep);
    } else if (typeof frame.method === 'string' && typeof frame.params === 'object' && frame.params !== null) {
      this.notify(frame.method, frame.params as Record<string, unknown>, tooDeep);
    }
  }

  /** Ends a subscription with `error`: unsubscribed, and each of its iterators throws it. */
  private fail(entry: Entry, error: unknown): void {
    if (!this.entries.has(entry)) return;
    this.remove(entry);
    for (const stream of entry.streams) stream.fail(error);
  }

  private answer(frame: Record<string, unknown>, tooDeep?: string): void {
    const id = typeof frame.id === 'string' ? Number(frame.id) : frame.id;
    const pending = typeof id === 'number' ? this.pending.get(id) : undefined;
    // An answer to nothing asked on this socket: ignored.
    if (!pending) return;
    this.pending.delete(id as number);
    const error = frame.error;
    if (tooDeep) {
      pending.reject(tooDeepError(pending.method, this.settings.origin, `its answer: ${tooDeep}`));
    } else if (error !== undefined && error !== null) {
      pending.reject(answerError(pending.method, error as Record<string, unknown>, this.settings.secrets));
    } else {
      pending.resolve(frame.result);
    }
  }

  private notify(method: string, params: Record<string, unknown>, tooDeep?: string): void {
    const id = params.subscription;
    const holders = typeof id === 'number' ? this.byId.get(id) : undefined;
    // A notification for an id not subscribed here (late, after an unsubscribe, or forged): never data.
    if (!holders) return;
    // One of its subscriptions serving, after the probe, proves the socket as well as a pong: a server
    // that drops ping frames but serves is not given up on.
    if (this.probed) this.proved();
    for (const entry of holders) {
      if (entry.notification !== method) continue;
      // After the notifications before it. The chain never rejects: a rejected link would skip every
      // later notification, silently.
      const deep = tooDeep && tooDeepError(entry.definition.name, this.settings.origin, `a ${method}: ${tooDeep}`);
      entry.tail = entry.tail
        .then(() => (deep ? this.fail(entry, deep) : this.decode(entry, params.result)))
        .catch((error: unknown) => this.fail(entry, unreadable(entry, error)));
    }
  }

  private async decode(entry: Entry, result: unknown): Promise<void> {
    if (!this.entries.has(entry)) return;
    let value: unknown;
    try {
      value = await entry.definition.decode(result, entry.context, entry.prepared);
    } catch (error) {
      // A notification that is not what its subscription sends ends it, with the field named.
      let reason: unknown;
      try {
        reason = error instanceof SchemaMismatch ? await explainMismatch(error) : await withHint(error);
      } catch (failure) {
        reason = failure;
      }
      this.fail(entry, unreadable(entry, reason));
      return;
    }
    if (!this.entries.has(entry)) return;
    deliver(entry, value);
    if (entry.definition.last?.(value)) {
      // The server ends it after its one notification: forget it without an unsubscribe.
      if (entry.id !== undefined) this.byId.delete(entry.id);
      entry.id = undefined;
      this.remove(entry);
      for (const stream of entry.streams) stream.end();
    }
  }

  private request(method: string, params: readonly unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) => this.send(method, params, { method, resolve, reject }));
  }

  /** Sends a request; its answer calls the handler synchronously, as the frame is read. */
  private send(method: string, params: readonly unknown[], handler: Pending): void {
    const socket = this.socket;
    if (this.state !== 'open' || !socket) {
      handler.reject(new AbortError({ reason: 'not connected' }));
      return;
    }
    const id = this.nextId++;
    handler.sentAt = this.settings.now();
    this.pending.set(id, handler);
    try {
      socket.send(encodeRequest(id, method, params));
    } catch (error) {
      this.pending.delete(id);
      handler.reject(error);
    }
  }

  /**
   * The socket is gone (closed, failed, silent, or never opened): reconnect within bounds, or give up. A
   * policy close (`refusal`) gives up at once: every iterator on the socket ends, the code named.
   */
  private lost(reason: string, refusal?: { code: number; reason: string }): void {
    if (this.state === 'idle' || this.state === 'waiting') return;
    const { settings } = this;
    this.drop(reason);
    if (this.entries.size === 0) {
      this.shutdown();
      return;
    }
    if (refusal) {
      const elapsed = this.lostAt === undefined ? 0 : settings.now() - this.lostAt;
      this.giveUp(
        refusal.reason ? cleanReason(refusal.reason, settings.secrets) : 'no reason given',
        elapsed,
        refusal.code,
      );
      return;
    }
    const neverOpened = this.state === 'connecting';
    const detail = this.lastReason && !reason.includes(this.lastReason) ? `${reason}: ${this.lastReason}` : reason;
    // A socket that never opened was not lost: the server could not be reached, or refused the handshake.
    const cause = neverOpened ? this.lastReason || reason : detail;
    const why = neverOpened ? `could not connect: ${cause}` : detail;
    this.lastReason = '';
    this.lastLoss = cause;
    if (this.lostAt === undefined) {
      this.lostAt = settings.now();
      this.lostOpen = !neverOpened;
    }
    const elapsed = settings.now() - this.lostAt;
    const delayMs = reconnectDelay(settings.reconnect, this.attempts, settings.random());
    if (this.attempts >= settings.reconnect.maxAttempts || elapsed + delayMs >= settings.reconnect.maxElapsedMs) {
      this.giveUp(cause, elapsed);
      return;
    }
    this.attempts++;
    this.state = 'waiting';
    settings.emit({ state: 'reconnecting', socket: this.index, attempt: this.attempts, delayMs, reason: why });
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.connect();
    }, delayMs);
  }

  /** Lets go of the socket, its timers and its requests; the entries stay, without ids. */
  private drop(reason: string): void {
    this.clearTimers();
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      detachHandlers(socket);
      // 4000: ours, "stopped answering"; a half-open socket may never finish the closing handshake.
      closeQuietly(socket, 4000);
    }
    this.failPending(new AbortError({ reason }));
    this.byId.clear();
    for (const entry of this.entries) {
      entry.id = undefined;
      entry.resync?.abort();
      entry.turn?.abort();
    }
  }

  private giveUp(reason: string, elapsedMs: number, closeCode?: number): void {
    const error = new ConnectionLostError({
      origin: this.settings.origin,
      attempts: this.attempts,
      elapsedMs,
      reason,
      connected: this.lostOpen,
      closeCode,
    });
    const entries = [...this.entries];
    this.entries.clear();
    for (const entry of entries) this.settings.forget(entry);
    this.state = 'idle';
    this.lostAt = undefined;
    this.attempts = 0;
    this.settings.emit({ state: 'gave-up', socket: this.index, error });
    for (const entry of entries) for (const stream of entry.streams) stream.fail(error);
  }

  private failPending(error: unknown): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const request of pending) request.reject(error);
  }

  private clearTimers(): void {
    if (this.heartbeat !== undefined) clearInterval(this.heartbeat);
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.heartbeat = undefined;
    this.timer = undefined;
  }
}
