/**
 * The test cluster's HTTP side: a JSON-RPC server on 127.0.0.1 that answers each call (or batch) with
 * `respond`, applies the faults switched on (silent, slow, 429, cut short) on the way, and hands
 * WebSocket upgrades to the pubsub side. `GET /health` answers as agave's rpc_service.rs does: 200 with
 * the plain text `ok`, `behind` or `unknown`, ahead of any JSON-RPC handling. Its close() ends every connection at once, held calls included.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import type { FaultSet } from './faults/faultSet.js';
import { answerBody, rateLimitedBody, readBody } from './jsonRpcBody.js';

/** How the server answers: the calls, the faults, and where upgrades go. */
export interface RpcServerOptions {
  respond(method: string, params: unknown[]): unknown;
  faults: FaultSet;
  upgrade?: (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** A fixed port; a free one when left out. */
  port?: number;
  /** What `GET /health` answers; `ok` when left out. */
  health?: () => 'ok' | 'behind' | 'unknown';
}

export interface RpcServer {
  /** `127.0.0.1:<port>`. */
  address: string;
  port: number;
  close(): Promise<void>;
}

/** Bodies above this are refused by destroying the request, as agave caps a request's size. */
const MAX_BODY = 1_000_000;

export async function startRpcServer(options: RpcServerOptions): Promise<RpcServer> {
  const { faults } = options;
  let closing = false;
  let onClose = () => {};
  const closed = new Promise<void>((resolve) => {
    onClose = resolve;
  });

  const handle = async (text: string, request: IncomingMessage, response: ServerResponse) => {
    const body = readBody(text);
    const silent = faults.take('silent', body.methods);
    if (silent) await Promise.race([silent.off, closed]);
    const slow = faults.take('slow', body.methods);
    if (slow) await wait(slow.options.delayMs, closed);
    if (closing || response.destroyed) return;
    const limited = faults.take('rateLimited', body.methods);
    if (limited) {
      response.writeHead(429, {
        'content-type': 'application/json; charset=utf-8',
        'retry-after': String(limited.options.retryAfterSeconds ?? 1),
      });
      response.end(rateLimitedBody(body));
      return;
    }
    const reply = Buffer.from(await answerBody(body, options.respond));
    if (closing || response.destroyed) return;
    response.setHeader('content-type', 'application/json; charset=utf-8');
    const cut = faults.take('cutShort', body.methods);
    if (!cut) {
      response.end(reply);
      return;
    }
    const half = reply.subarray(0, Math.floor(reply.length / 2));
    if (cut.options.mode === 'reset') {
      // The headers promise the whole body; half of it arrives, then the connection is reset (TCP RST).
      response.writeHead(200, { 'content-length': String(reply.length) });
      response.write(half, () => request.socket.resetAndDestroy());
      return;
    }
    response.setHeader('content-length', String(half.length));
    response.end(half);
  };

  const server = createServer((request, response) => {
    if (request.url?.split('?')[0] === '/health') {
      // agave's request middleware answers the path itself, whatever the HTTP method, with no content type.
      request.resume();
      response.writeHead(200);
      response.end(options.health?.() ?? 'ok');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    // A client that goes away mid-request is its own business: the test cluster carries on.
    request.on('error', () => undefined);
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) request.destroy();
      else chunks.push(chunk);
    });
    request.on('end', () => {
      handle(Buffer.concat(chunks).toString('utf8'), request, response).catch(() => response.destroy());
    });
  });
  server.on('upgrade', (request, socket, head) => {
    if (options.upgrade && !closing) options.upgrade(request, socket, head);
    else socket.destroy();
  });
  const port = await listen(server, options.port ?? 0);
  return {
    address: `127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        onClose();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Listens on `port` of 127.0.0.1; a port taken is refused with the parameter named. */
export function listen(server: import('node:http').Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE' || error.code === 'EACCES'
          ? new InvalidInputError({
              method: 'startTestCluster',
              param: 'options.port',
              problem: `port ${port} of 127.0.0.1 ${error.code === 'EACCES' ? 'needs privileges' : 'is taken'} (${error.code}); pick another, or leave port out for a free one`,
            })
          : error,
      );
    });
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** Settles after `ms`, or at once when `closed` settles first. */
function wait(ms: number, closed: Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))), closed]).finally(() =>
    clearTimeout(timer),
  );
}
