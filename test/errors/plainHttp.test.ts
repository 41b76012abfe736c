/**
 * https:// to a server that speaks plain HTTP (a node's own RPC port, 8899, is plain): the TLS handshake
 * reads an HTTP answer and fails as "wrong version number" (node:https: EPROTO; fetch:
 * ERR_SSL_WRONG_VERSION_NUMBER). The NetworkError says so and names the http:// origin to use, with no
 * part of the URL but its origin, and is not retried: the server answers the same way next time.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRpc, isSolRpcError } from '../../src/index.js';
import { closedPort } from '../support/httpServer.js';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

/** A plain HTTP JSON-RPC server on loopback that counts the connections made to it. */
async function plainServer(): Promise<{ url: string; connections: () => number }> {
  let connections = 0;
  const server = createServer((_request, response) => response.end('{"jsonrpc":"2.0","result":1,"id":1}'));
  server.on('connection', () => connections++);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => connections };
}

const transports = [
  ['the default transport (node:https)', {}, 'EPROTO'],
  ['the global fetch', { fetch: globalThis.fetch }, 'ERR_SSL_WRONG_VERSION_NUMBER'],
] as const;

describe('https:// against a plain HTTP server', { timeout: 10_000 }, () => {
  it.each(transports)('%s: a NetworkError that names http://, tried once, no secret', async (_name, options, code) => {
    const server = await plainServer();
    const origin = server.url.replace('http:', 'https:');
    const rpc = createRpc(`https://user:SECRET1@${origin.slice(8)}/rpc/SECRET2?api-key=SECRET3`, {
      ...options,
      retry: { maxRetries: 3, maxDelayMs: 1 },
    });
    const error = await rpc.getSlot().catch((caught: unknown) => caught);
    expect(isSolRpcError(error, 'NetworkError')).toBe(true);
    if (!isSolRpcError(error, 'NetworkError')) return;
    expect(error.code).toBe(code);
    expect(error.retryable).toBe(false);
    expect(error.hint).toBe(`the server spoke plain HTTP, not TLS; use ${server.url}`);
    expect(error.message).toBe(
      `getSlot: cannot reach ${origin} (${code})\nHint: the server spoke plain HTTP, not TLS; use ${server.url}`,
    );
    expect(JSON.stringify([error.message, String(error.stack), String(error.cause)])).not.toMatch(/SECRET/);
    // Tried once though three retries were allowed: one connection.
    expect(server.connections()).toBe(1);
  });

  it('other failures to connect get no such hint: a refused https:// port, and http:// itself', async () => {
    const port = await closedPort();
    for (const url of [`https://127.0.0.1:${port}`, `http://127.0.0.1:${port}`]) {
      const error = await createRpc(url, { retry: { maxRetries: 0 } })
        .getSlot()
        .catch((caught: unknown) => caught);
      expect(isSolRpcError(error, 'NetworkError') && error.code).toBe('ECONNREFUSED');
      expect(isSolRpcError(error) && error.hint).toBeUndefined();
    }
  });
});
