/**
 * A real HTTP server on loopback for tests that must go over the wire (msw covers the rest). Each test
 * scripts its replies; the server records every request it received.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

export interface RecordedRequest {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
  json: unknown;
}

export type Reply = (request: RecordedRequest, response: ServerResponse) => void;

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  reply(handler: Reply): void;
  close(): Promise<void>;
}

export async function startServer(): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  let handler: Reply = (_req, res) => {
    res.statusCode = 500;
    res.end('no reply scripted');
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const recorded = { method: req.method, url: req.url, headers: req.headers, body, json };
      requests.push(recorded);
      handler(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Closes the servers a test file starts after each of its tests: call once at the top of the file, then
 * `track(await startServer())`.
 */
export function closedAfterEach(): (server: TestServer) => TestServer {
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return (server) => {
    servers.push(server);
    return server;
  };
}
