/**
 * A raw TCP server on 127.0.0.1 that speaks just enough HTTP/1.1 to misbehave on purpose: each
 * exchange is handed to the current scenario (see faultScenarios.ts), which may answer correctly, lie,
 * stall, trickle, or reset the socket at any byte. node:http would refuse most of these lies, so the
 * request is parsed here by hand and every answer is written byte by byte.
 *
 * Everything the server owns (listener, sockets, timers) is unref'd, so `process.getActiveResourcesInfo()`
 * shows only what the client under test holds; the server tracks its own connections instead.
 */

import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';

export interface FaultRequest {
  method: string;
  /** The request target: path and query, exactly as sent. */
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The JSON-RPC id and method of the body, when it parsed. */
  id: unknown;
  rpcMethod: string | undefined;
}

export interface Exchange {
  request: FaultRequest;
  /** 1 for the first request of this JSON-RPC method since the last reset, 2 for the second… */
  attempt: number;
  socket: Socket;
  /** `http://127.0.0.1:port`, as the client addressed it. */
  origin: string;
  /** Writes a complete response (with `Connection: close`) and ends the socket. */
  send(status: number, body: string | Buffer, options?: SendOptions): void;
  /** Writes a status line and headers only; the scenario writes (or withholds) the body itself. */
  head(status: number, headers: Record<string, string | number>, reason?: string): void;
  /** A timer that dies with the connection (unref'd, cleared on close). */
  later(ms: number, fn: () => void): void;
  /** An interval that dies with the connection. */
  every(ms: number, fn: () => void): void;
}

export interface SendOptions {
  contentType?: string | null;
  headers?: Record<string, string | number>;
  reason?: string;
}

export type Handler = (exchange: Exchange) => void;

export interface FaultServer {
  readonly port: number;
  readonly origin: string;
  /** Requests received since the last `reset`. */
  readonly requests: FaultRequest[];
  /** Connections still open (server side) that carried a request: the client must close them. */
  readonly busyConnections: number;
  /**
   * Connections still open that never carried a request. Node's fetch (undici) opens one into its
   * keep-alive pool after it destroys a socket (an aborted or cancelled response); it closes by itself
   * after the pool's keep-alive timeout (4 s) and is reused by the next request.
   */
  readonly idleConnections: number;
  /** Clears the request log and installs the handler for the next case. */
  reset(handler: Handler): void;
  /** Destroys every open connection (used after a case, once the client had its chance to close). */
  destroyConnections(): void;
  close(): Promise<void>;
}

const REASONS: Readonly<Record<number, string>> = {
  200: 'OK',
  302: 'Found',
  307: 'Temporary Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const HEAD_LIMIT = 64 * 1024;

export async function startFaultServer(): Promise<FaultServer> {
  const requests: FaultRequest[] = [];
  const sockets = new Set<Socket>();
  const busy = new WeakSet<Socket>();
  let handler: Handler = (x) => x.send(500, 'no scenario installed', { contentType: 'text/plain' });
  let origin = '';

  const server: Server = createServer((socket) => {
    socket.unref();
    sockets.add(socket);
    const timers = new Set<ReturnType<typeof setTimeout>>();
    socket.on('close', () => {
      sockets.delete(socket);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    });
    // The client aborting (reset, EPIPE) is expected in most scenarios.
    socket.on('error', () => undefined);
    let buffer = Buffer.alloc(0);
    let handled = false;
    socket.on('data', (chunk: Buffer) => {
      if (handled) return; // one request per connection: every answer says `Connection: close`
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf('\r\n\r\n');
      if (end === -1) {
        if (buffer.length > HEAD_LIMIT) socket.destroy();
        return;
      }
      const head = buffer.subarray(0, end).toString('latin1').split('\r\n');
      const [method = '', path = ''] = (head[0] ?? '').split(' ');
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      if (buffer.length < end + 4 + length) return;
      handled = true;
      busy.add(socket);
      const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
      let id: unknown;
      let rpcMethod: string | undefined;
      try {
        const json = JSON.parse(body) as { id?: unknown; method?: unknown };
        id = json.id;
        rpcMethod = typeof json.method === 'string' ? json.method : undefined;
      } catch {
        // not JSON: the scenario sees an undefined id
      }
      const request: FaultRequest = { method, path, headers, body, id, rpcMethod };
      requests.push(request);
      // Counted per JSON-RPC method, so that calls of different methods can share one scenario at once.
      const attempt = requests.filter((r) => r.rpcMethod === rpcMethod).length;
      const exchange = makeExchange(socket, request, attempt, origin, timers);
      try {
        handler(exchange);
      } catch {
        socket.destroy();
      }
    });
  });
  server.unref();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    port,
    origin,
    requests,
    get busyConnections() {
      return [...sockets].filter((socket) => busy.has(socket)).length;
    },
    get idleConnections() {
      return [...sockets].filter((socket) => !busy.has(socket)).length;
    },
    reset(next) {
      requests.length = 0;
      handler = next;
    },
    destroyConnections() {
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function makeExchange(
  socket: Socket,
  request: FaultRequest,
  attempt: number,
  origin: string,
  timers: Set<ReturnType<typeof setTimeout>>,
): Exchange {
  const write = (data: string | Buffer) => {
    if (!socket.destroyed && socket.writable) socket.write(data);
  };
  const head: Exchange['head'] = (status, headers, reason) => {
    let text = `HTTP/1.1 ${status} ${reason ?? REASONS[status] ?? 'Status'}\r\n`;
    for (const [name, value] of Object.entries(headers)) text += `${name}: ${value}\r\n`;
    write(Buffer.from(`${text}\r\n`, 'latin1'));
  };
  return {
    request,
    attempt,
    socket,
    origin,
    head,
    send(status, body, options = {}) {
      const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
      const contentType = options.contentType === undefined ? 'application/json; charset=utf-8' : options.contentType;
      head(
        status,
        {
          ...(contentType === null ? {} : { 'content-type': contentType }),
          'content-length': bytes.length,
          connection: 'close',
          ...options.headers,
        },
        options.reason,
      );
      write(bytes);
      if (!socket.destroyed) socket.end();
    },
    later(ms, fn) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!socket.destroyed) fn();
      }, ms);
      timer.unref();
      timers.add(timer);
    },
    every(ms, fn) {
      const timer = setInterval(() => {
        if (socket.destroyed) clearInterval(timer);
        else fn();
      }, ms);
      timer.unref();
      timers.add(timer);
    },
  };
}

/**
 * Writes `total` bytes of `chunk`s as fast as the client reads them, stopping when the socket closes:
 * a huge body without holding it in memory.
 */
export function stream(socket: Socket, chunk: Buffer, total: number, framing: 'raw' | 'chunked'): void {
  let sent = 0;
  const frame =
    framing === 'chunked'
      ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
      : chunk;
  const pump = () => {
    while (sent < total) {
      if (socket.destroyed || !socket.writable) return;
      sent += chunk.length;
      if (!socket.write(frame)) {
        socket.once('drain', pump);
        return;
      }
    }
    if (framing === 'chunked') socket.write('0\r\n\r\n');
    socket.end();
  };
  pump();
}
