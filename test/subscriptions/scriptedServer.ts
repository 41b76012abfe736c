/**
 * A pubsub server scripted in-process: the client gets it through its `WebSocket` option, so a test
 * drives handshakes, answers, pings, close codes and stalls one step at a time on fake timers (virtual
 * time), and a model-based test runs hundreds of server behaviours in a second, the same way each time.
 *
 * It behaves as agave's pubsub where the client depends on it (ids counted per server, a resubscribe
 * gets a new one, identical requests on one socket share an id, `*Unsubscribe` answers true, anything
 * else -32601), and as `ws` does for the client (protocol pings answered by pongs, `terminate()`).
 * Everything it does to a socket happens on a timer of 1 ms, never synchronously inside the client's call.
 */
import type { WebSocketLike } from '../../src/index.js';

/** How the server treats a new connection's opening handshake. */
export type Handshake = 'accept' | 'refuse' | 'hang';
/** How the server answers a `*Subscribe`. */
export type SubscribeAnswer = 'confirm' | 'refuse' | 'silent' | 'deepResult' | 'deepError';

export interface ServerMode {
  handshake: Handshake;
  /** Closes each new socket right after its handshake with this code (1006: drops it without a close frame). */
  closeAfterOpen: number | undefined;
  subscribe: SubscribeAnswer;
  /** Whether protocol pings are answered. */
  pong: boolean;
  /** Stalls each new socket once it has answered this many subscribes (a frame cut in the middle). */
  stallAfterAnswers?: number;
}

export interface ServedSubscription {
  id: number;
  method: string;
  params: string;
  socket: ScriptedSocket;
}

/** Depth of the deep frames: far beyond the client's limit and any real answer. */
export const DEEP = 5_000;

export const deepValue = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

export class ScriptedServer {
  readonly sockets: ScriptedSocket[] = [];
  readonly subscriptions = new Map<number, ServedSubscription>();
  mode: ServerMode = { handshake: 'accept', closeAfterOpen: undefined, subscribe: 'confirm', pong: true };
  private nextId = 0;

  /** The `WebSocket` constructor to give the client. */
  readonly WebSocket = (() => {
    const server = this;
    return class extends ScriptedSocket {
      constructor(url: string) {
        super(server, url);
      }
    };
  })();

  /** The newest socket, whatever its state. */
  get current(): ScriptedSocket | undefined {
    return this.sockets.at(-1);
  }

  /** Sends a notification of `method` with `result` (raw JSON text) to one served subscription. */
  notify(sub: ServedSubscription, resultText: string): boolean {
    const notification = `${sub.method.replace(/Subscribe$/, '')}Notification`;
    return sub.socket.deliver(
      `{"jsonrpc":"2.0","method":"${notification}","params":{"result":${resultText},"subscription":${sub.id}}}`,
    );
  }

  /** The subscriptions live on the socket now open and delivering. */
  live(): ServedSubscription[] {
    return [...this.subscriptions.values()].filter((sub) => sub.socket.delivering);
  }

  /** @internal */
  handle(socket: ScriptedSocket, text: string): void {
    const { id, method, params } = JSON.parse(text) as { id: number; method: string; params: unknown[] };
    const reply = (body: string) => socket.deliver(`{"jsonrpc":"2.0",${body},"id":${id}}`);
    if (method.endsWith('Unsubscribe')) {
      const sub = this.subscriptions.get(Number(params[0]));
      if (!sub || sub.socket !== socket)
        return void reply('"error":{"code":-32602,"message":"Invalid subscription id."}');
      this.subscriptions.delete(sub.id);
      return void reply('"result":true');
    }
    if (!method.endsWith('Subscribe')) return void reply('"error":{"code":-32601,"message":"Method not found"}');
    socket.subscribes++;
    const answer = this.mode.subscribe;
    if (answer === 'silent') return;
    socket.answered++;
    if (this.mode.stallAfterAnswers !== undefined && socket.answered > this.mode.stallAfterAnswers) {
      socket.stalled = true;
      return;
    }
    if (answer === 'refuse') return void reply('"error":{"code":-32601,"message":"Method not found"}');
    if (answer === 'deepResult') return void reply(`"result":${deepValue(DEEP)}`);
    if (answer === 'deepError') return void reply(`"error":{"code":-32602,"message":"bad","data":${deepValue(DEEP)}}`);
    const key = JSON.stringify(params);
    const same = [...this.subscriptions.values()].find(
      (sub) => sub.socket === socket && sub.method === method && sub.params === key,
    );
    const sub = same ?? { id: this.nextId++, method, params: key, socket };
    this.subscriptions.set(sub.id, sub);
    reply(`"result":${sub.id}`);
  }
}

export class ScriptedSocket implements WebSocketLike {
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly createdAt = Date.now();
  /** Subscribe requests received, and those answered (an id, a refusal, a deep answer). */
  subscribes = 0;
  answered = 0;
  /** Set by a stall: nothing more reaches the client (a frame cut in the middle, a frozen server). */
  stalled = false;
  /** Whether the client pinged while every subscribe it had sent was answered. */
  private probed = false;
  /** The model's "proved healthy": every subscribe answered, then a ping answered (a pong, or a notification). */
  healthy = false;
  closedBy: 'server' | 'client' | undefined;
  private readonly pongListeners: (() => void)[] = [];

  constructor(
    private readonly server: ScriptedServer,
    readonly url: string,
  ) {
    server.sockets.push(this);
    const { handshake, closeAfterOpen } = server.mode;
    if (handshake === 'hang') return;
    later(() => {
      if (this.readyState !== 0) return;
      if (handshake === 'refuse') {
        // What `ws` reports for an upgrade answered 401, then the close without a frame.
        this.readyState = 3;
        this.onerror?.({ error: new Error(`Unexpected server response: 401 (${url})`) });
        this.onclose?.({ code: 1006, reason: '' });
        return;
      }
      this.readyState = 1;
      this.onopen?.({});
      if (closeAfterOpen !== undefined) later(() => this.closeFromServer(closeAfterOpen, 'go away'));
    });
  }

  /** Open, not stalled: what the server sends arrives. */
  get delivering(): boolean {
    return this.readyState === 1 && !this.stalled;
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('not open');
    later(() => {
      if (this.delivering) this.server.handle(this, data);
    });
  }

  ping(): void {
    if (this.readyState !== 1) return;
    if (this.subscribes > 0 && this.answered === this.subscribes) this.probed = true;
    later(() => {
      if (this.delivering && this.server.mode.pong) {
        if (this.probed && this.answered === this.subscribes) this.healthy = true;
        for (const listener of this.pongListeners) listener();
      }
    });
  }

  on(event: string, listener: () => void): void {
    if (event === 'pong') this.pongListeners.push(listener);
  }

  close(): void {
    this.end('client');
  }

  terminate(): void {
    this.end('client');
  }

  /** The server closes: a close frame with `code`, or (1006) the TCP connection dropped without one. */
  closeFromServer(code: number, reason: string): void {
    if (this.readyState !== 1) return;
    this.end('server');
    this.onclose?.({ code, reason: code === 1006 ? '' : reason });
  }

  /** Sends a text frame, later; false when nothing would arrive. */
  deliver(text: string): boolean {
    if (!this.delivering) return false;
    later(() => {
      if (!this.delivering) return;
      if (this.probed && this.answered === this.subscribes && text.includes('Notification"')) this.healthy = true;
      this.onmessage?.({ data: text });
    });
    return true;
  }

  private end(by: 'server' | 'client'): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.closedBy = by;
    for (const [id, sub] of this.server.subscriptions) if (sub.socket === this) this.server.subscriptions.delete(id);
  }
}

function later(run: () => void): void {
  setTimeout(run, 1);
}
