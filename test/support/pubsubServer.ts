/**
 * A WebSocket JSON-RPC server on 127.0.0.1 that behaves as agave's pubsub does where the client depends
 * on it: subscription ids count from 0 on a fresh server and a resubscribe gets a new one; identical
 * subscribe requests share one id, and one unsubscribe removes it for both; `*Unsubscribe` answers true,
 * or -32602 "Invalid subscription id." for an id it does not hold; an unknown method is -32601. Tests
 * push notifications, and break it: close or reset every socket, stop answering (pings included), send
 * malformed frames, refuse a method, meet every new connection with a close or a frame cut in the middle.
 */
import { type AddressInfo, connect, type Socket } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

export interface ServedSubscription {
  id: number;
  method: string;
  params: unknown[];
}

export interface PubsubServer {
  url: string;
  port: number;
  /** Every request received, in order, across sockets. */
  requests: { method: string; params: unknown[] }[];
  /** The live subscriptions, by id. */
  subscriptions: Map<number, ServedSubscription>;
  /** Open sockets now. */
  sockets(): number;
  /** Connections accepted (handshakes completed) since the start. */
  connections(): number;
  /**
   * What each new connection meets right after its handshake: a close with this code and reason, or
   * (`'stall'`) the first bytes of a text frame and then silence, pings unanswered (the rest of the frame
   * never comes). `undefined`: nothing (the default).
   */
  onConnect: { close: number; reason: string } | 'stall' | undefined;
  /** Sends `result` to every live subscription of `method` whose params pass `match`. Returns how many. */
  notify(method: string, result: unknown, match?: (params: unknown[]) => boolean): number;
  /** Sends a raw text frame on every open socket. */
  sendRaw(text: string): void;
  /** Methods answered with this error instead of a subscription id. */
  refuse: Map<string, { code: number; message: string }>;
  /** Closes every socket with a close frame (server restarting). */
  closeAll(code?: number): void;
  /** Destroys every TCP connection without a close frame (a reset). */
  resetAll(): void;
  /** Stops answering anything, WebSocket pings included (a half-open connection), until called with false. */
  mute(on: boolean): void;
  /** Refuses new connections (the server is down) until called with false. */
  down(on: boolean): void;
  /**
   * Pings every open socket and resolves once each answered (or closed). By then each client has read every
   * frame the server sent before the ping, and the server has read every frame the client sent before its
   * pong: one ordered stream each way. What a test waits on, instead of a pause, to say nothing more came.
   * The client's WebSocket answers pings by itself; a muted or stalled socket is not pinged.
   */
  roundTrip(): Promise<void>;
  /**
   * Makes a bare TCP connection and resolves, once the server accepted it, with how many it had accepted
   * before it since the start: a server accepts connections in the order they are made, so one a client
   * opened before the probe is counted first. How a test says no client connected, without a pause.
   */
  acceptedBeforeProbe(): Promise<number>;
  stop(): Promise<void>;
}

export async function startPubsubServer(): Promise<PubsubServer> {
  const requests: { method: string; params: unknown[] }[] = [];
  const subscriptions = new Map<number, ServedSubscription>();
  const refuse = new Map<string, { code: number; message: string }>();
  const tcp = new Set<Socket>();
  /** The client port of every TCP connection accepted, in order, and who waits to hear of the next. */
  const accepted: number[] = [];
  const onAccept = new Set<() => void>();
  let nextId = 0;
  let muted = false;
  let isDown = false;
  // One HTTP server so the port stays the same across "restarts": down() refuses the upgrade.
  const wss = new WebSocketServer({ noServer: true, autoPong: false });
  const http = (await import('node:http')).createServer();
  http.on('connection', (socket: Socket) => {
    tcp.add(socket);
    socket.on('close', () => tcp.delete(socket));
    accepted.push(socket.remotePort ?? -1);
    for (const notify of onAccept) notify();
  });
  http.on('upgrade', (request, socket, head) => {
    if (isDown) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws));
  });
  const owner = new Map<number, WebSocket>();
  let connections = 0;
  const stalled = new WeakSet<WebSocket>();
  wss.on('connection', (ws: WebSocket) => {
    connections++;
    const greeting = served.onConnect;
    if (greeting === 'stall') {
      stalled.add(ws);
      // A text frame header announcing 200 bytes, and 3 of them: the client's reader waits for the rest.
      (ws as unknown as { _socket: Socket })._socket.write(Buffer.from([0x81, 0x7e, 0x00, 0xc8, 0x7b, 0x22, 0x6a]));
    } else if (greeting) {
      ws.close(greeting.close, greeting.reason);
    }
    ws.on('ping', (data) => {
      if (!muted && !stalled.has(ws)) ws.pong(data);
    });
    ws.on('message', (raw) => {
      if (muted || stalled.has(ws)) return;
      let message: { id?: unknown; method?: string; params?: unknown[] };
      try {
        message = JSON.parse(String(raw));
      } catch {
        return;
      }
      const { id, method = '', params = [] } = message;
      requests.push({ method, params });
      const reply = (body: Record<string, unknown>) => ws.send(JSON.stringify({ jsonrpc: '2.0', ...body, id }));
      const refused = refuse.get(method);
      if (refused) return reply({ error: refused });
      if (method.endsWith('Unsubscribe')) {
        const sub = subscriptions.get(Number(params[0]));
        if (!sub || owner.get(sub.id) !== ws)
          return reply({ error: { code: -32602, message: 'Invalid subscription id.' } });
        subscriptions.delete(sub.id);
        owner.delete(sub.id);
        return reply({ result: true });
      }
      if (method.endsWith('Subscribe')) {
        const same = [...subscriptions.values()].find(
          (sub) =>
            sub.method === method && JSON.stringify(sub.params) === JSON.stringify(params) && owner.get(sub.id) === ws,
        );
        if (same) return reply({ result: same.id });
        const sub = { id: nextId++, method, params };
        subscriptions.set(sub.id, sub);
        owner.set(sub.id, ws);
        return reply({ result: sub.id });
      }
      return reply({ error: { code: -32601, message: 'Method not found' } });
    });
    ws.on('close', () => {
      for (const [id, socket] of owner) {
        if (socket === ws) {
          owner.delete(id);
          subscriptions.delete(id);
        }
      }
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const served: PubsubServer = {
    url: `ws://127.0.0.1:${port}`,
    port,
    requests,
    subscriptions,
    refuse,
    onConnect: undefined,
    sockets: () => wss.clients.size,
    connections: () => connections,
    notify(method, result, match = () => true) {
      const notification = `${method.replace(/Subscribe$/, '')}Notification`;
      let sent = 0;
      for (const sub of subscriptions.values()) {
        if (sub.method !== method || !match(sub.params)) continue;
        owner
          .get(sub.id)
          ?.send(JSON.stringify({ jsonrpc: '2.0', method: notification, params: { result, subscription: sub.id } }));
        sent++;
      }
      return sent;
    },
    sendRaw(text) {
      for (const ws of wss.clients) ws.send(text);
    },
    closeAll(code = 1001) {
      for (const ws of wss.clients) ws.close(code, 'restarting');
    },
    resetAll() {
      for (const socket of tcp) socket.destroy();
    },
    mute(on) {
      muted = on;
    },
    down(on) {
      isDown = on;
    },
    async roundTrip() {
      const open = [...wss.clients].filter((ws) => ws.readyState === ws.OPEN && !muted && !stalled.has(ws));
      await Promise.all(
        open.map(
          (ws) =>
            new Promise<void>((resolve) => {
              const done = () => {
                ws.off('pong', done);
                ws.off('close', done);
                resolve();
              };
              ws.on('pong', done);
              ws.on('close', done);
              ws.ping();
            }),
        ),
      );
    },
    acceptedBeforeProbe() {
      return new Promise<number>((resolve, reject) => {
        const probe = connect(port, '127.0.0.1');
        probe.on('error', reject);
        probe.on('connect', () => {
          const check = () => {
            const at = accepted.indexOf(probe.localPort ?? -2);
            if (at < 0) return;
            onAccept.delete(check);
            probe.destroy();
            resolve(at);
          };
          onAccept.add(check);
          check();
        });
      });
    },
    async stop() {
      for (const ws of wss.clients) ws.terminate();
      for (const socket of tcp) socket.destroy();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      wss.close();
    },
  };
  return served;
}
