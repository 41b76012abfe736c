/**
 * `createNodeFetch` (the `solrpc/node` transport) over real sockets on loopback: the same typed errors,
 * limits and secrecy as the global fetch, and sockets that really are reused.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRpc, isSolRpcError } from '../../src/index.js';
import { createNodeFetch } from '../../src/node.js';
import { failure } from '../support/failure.js';
import { startServer, type TestServer } from '../support/httpServer.js';

const ADDRESS = '9jvSLPE7gwWiKMH77FG8Dk44cm3ipLTVERuTULcQsWq2';
const balance = (id: unknown, value: string) =>
  `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"context":{"slot":5},"value":${value}}}`;

/** Reads a call's whole body, then answers it with a balance of `value`: the raw servers' handler. */
function answerBalance(request: IncomingMessage, response: ServerResponse, value: string) {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    response.setHeader('content-type', 'application/json');
    response.end(balance((JSON.parse(body) as { id: unknown }).id, value));
  });
}

/** Closes a raw server, its kept-alive sockets first (close alone would wait for them). */
const closeServer = (server: Pick<Server, 'closeAllConnections' | 'close'>) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

let server: TestServer;
const nodeFetch = createNodeFetch();
beforeAll(async () => {
  server = await startServer();
});
afterEach(() => {
  server.requests.length = 0;
});
afterAll(async () => {
  nodeFetch.destroy();
  await server.close();
});

const rpcFor = (url = server.url, options: Parameters<typeof createRpc>[1] = {}) =>
  createRpc(url, { retry: false, fetch: nodeFetch, ...options });

describe('createNodeFetch', () => {
  it('sends the JSON-RPC POST with its headers and reads an exact u64', async () => {
    server.reply((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(balance((request.json as { id: unknown }).id, '18446744073709551615'));
    });
    const rpc = rpcFor(server.url, { headers: { 'x-api-key': 'k' } });
    await expect(rpc.getBalance(ADDRESS)).resolves.toEqual({ context: { slot: 5 }, value: 18446744073709551615n });
    const [sent] = server.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.headers['x-api-key']).toBe('k');
    expect(sent?.json).toMatchObject({ jsonrpc: '2.0', method: 'getBalance', params: [ADDRESS] });
  });

  it('moves URL credentials into an Authorization header and keeps them out of errors', async () => {
    server.reply((_request, response) => {
      response.statusCode = 503;
      response.end('busy');
    });
    const url = server.url.replace('http://', 'http://user:s3cret@');
    const error = await failure(rpcFor(`${url}/?api-key=s3cret`).getBalance(ADDRESS));
    expect(isSolRpcError(error, 'HttpError')).toBe(true);
    expect(server.requests[0]?.headers.authorization).toBe(`Basic ${btoa('user:s3cret')}`);
    expect(server.requests[0]?.url).toBe('/?api-key=s3cret');
    expect(String(error)).not.toContain('s3cret');
    expect(JSON.stringify(error)).not.toContain('s3cret');
  });

  it('reads a chunked body of unknown length', async () => {
    server.reply((request, response) => {
      response.setHeader('content-type', 'application/json');
      const text = balance((request.json as { id: unknown }).id, '42');
      response.write(text.slice(0, 10));
      setTimeout(() => response.end(text.slice(10)), 5);
    });
    await expect(rpcFor().getBalance(ADDRESS)).resolves.toMatchObject({ value: 42n });
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const)('asks for compression as fetch does, and decodes a %s body', async (encoding, compress) => {
    server.reply((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.setHeader('content-encoding', encoding);
      response.end(compress(balance((request.json as { id: unknown }).id, '18446744073709551615')));
    });
    await expect(rpcFor().getBalance(ADDRESS)).resolves.toMatchObject({ value: 18446744073709551615n });
    expect(server.requests[0]?.headers['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('counts decoded bytes against maxResponseBytes, so a compressed bomb stops at the limit', async () => {
    const padding = ' '.repeat(4 * 1024 * 1024);
    server.reply((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.setHeader('content-encoding', 'gzip');
      response.end(gzipSync(`${padding}${balance((request.json as { id: unknown }).id, '1')}`));
    });
    const error = await failure(rpcFor(server.url, { maxResponseBytes: 1024 * 1024 }).getBalance(ADDRESS));
    expect(isSolRpcError(error, 'ResponseTooLargeError')).toBe(true);
  });

  it('refuses a corrupt gzip body with a typed error', async () => {
    server.reply((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.setHeader('content-encoding', 'gzip');
      response.end('not gzip at all');
    });
    const error = await failure(rpcFor().getBalance(ADDRESS));
    expect(isSolRpcError(error)).toBe(true);
  });

  it('is the default in Node: a client given no fetch goes through node:http, not the global fetch', async () => {
    server.reply((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(balance((request.json as { id: unknown }).id, '7'));
    });
    await expect(createRpc(server.url, { retry: false }).getBalance(ADDRESS)).resolves.toMatchObject({ value: 7n });
    // Node's fetch (undici) sends these on every request; node:http sends neither.
    expect(server.requests[0]?.headers['sec-fetch-mode']).toBeUndefined();
    expect(server.requests[0]?.headers['user-agent']).toBeUndefined();
    expect(server.requests[0]?.headers.connection).toBe('keep-alive');
  });

  describe('over https (the default transport in Node)', () => {
    // A self-signed certificate for 127.0.0.1, made for these tests only (test/fixtures/tls).
    const tls = (name: string) => readFileSync(new URL(`../fixtures/tls/${name}`, import.meta.url));
    let secure: ReturnType<typeof createTlsServer>;
    let url = '';
    let served = 0;
    beforeAll(async () => {
      secure = createTlsServer({ cert: tls('tls-cert.pem'), key: tls('tls-key.pem') }, (request, response) => {
        served++;
        answerBalance(request, response, '18446744073709551615');
      });
      await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
      url = `https://127.0.0.1:${(secure.address() as AddressInfo).port}`;
    });
    afterAll(() => closeServer(secure));

    it('refuses a certificate nobody vouches for, as a NetworkError, before sending anything', async () => {
      const error = await failure(createRpc(url, { retry: false }).getBalance(ADDRESS));
      expect(isSolRpcError(error, 'NetworkError')).toBe(true);
      expect(served).toBe(0);
    });

    it('calls over TLS once the certificate is trusted through the ca option, verification kept on', async () => {
      const before = served;
      for (const ca of [
        tls('tls-cert.pem').toString('utf8'),
        new Uint8Array(tls('tls-cert.pem')),
        [tls('tls-cert.pem')],
      ]) {
        const fetch = createNodeFetch({ ca });
        try {
          await expect(createRpc(url, { retry: false, fetch }).getBalance(ADDRESS)).resolves.toMatchObject({
            value: 18446744073709551615n,
          });
        } finally {
          fetch.destroy();
        }
      }
      expect(served - before).toBe(3);
      // Another CA does not vouch for this certificate: still refused, nothing sent.
      const other = createNodeFetch({ ca: tls('other-ca.pem') });
      const error = await failure(createRpc(url, { retry: false, fetch: other }).getBalance(ADDRESS));
      other.destroy();
      expect(isSolRpcError(error, 'NetworkError')).toBe(true);
      expect(served - before).toBe(3);
    });

    it('refuses a ca that is neither PEM text nor bytes, naming it', () => {
      expect(() => createNodeFetch({ ca: 42 as unknown as string })).toThrow('invalid options.ca: expected PEM text');
      expect(() => createNodeFetch({ ca: ['x', null as unknown as string] })).toThrow('invalid options.ca.1');
    });
  });

  it('refuses a chunked body past maxResponseBytes without reading it all', async () => {
    server.reply((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.write(`{"jsonrpc":"2.0","id":1,"result":"${'a'.repeat(4096)}`);
      // Never ends: the client must stop reading at the limit rather than wait.
    });
    const error = await failure(rpcFor(server.url, { maxResponseBytes: 1024 }).getBalance(ADDRESS));
    expect(isSolRpcError(error, 'ResponseTooLargeError')).toBe(true);
  });

  it('refuses a declared Content-Length past maxResponseBytes', async () => {
    server.reply((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(`{"jsonrpc":"2.0","id":1,"result":"${'a'.repeat(4096)}"}`);
    });
    const error = await failure(rpcFor(server.url, { maxResponseBytes: 1024 }).getBalance(ADDRESS));
    expect(isSolRpcError(error, 'ResponseTooLargeError')).toBe(true);
  });

  it('does not follow a redirect, which would carry the key to another origin', async () => {
    server.reply((_request, response) => {
      response.statusCode = 307;
      response.setHeader('location', 'http://127.0.0.1:9/elsewhere');
      response.end();
    });
    const error = await failure(rpcFor().getBalance(ADDRESS));
    expect(isSolRpcError(error, 'HttpError') && error.status).toBe(307);
    expect(server.requests).toHaveLength(1);
  });

  it('passes Retry-After to a 429', async () => {
    server.reply((_request, response) => {
      response.statusCode = 429;
      response.setHeader('retry-after', '2');
      response.end('slow down');
    });
    const error = await failure(rpcFor().getBalance(ADDRESS));
    expect(isSolRpcError(error, 'HttpError') && error.retryAfterMs).toBe(2000);
  });

  it('ends a call with no answer at timeoutMs as a TimeoutError', async () => {
    server.reply(() => undefined);
    const error = await failure(rpcFor().getBalance(ADDRESS, { timeoutMs: 100 }));
    expect(isSolRpcError(error, 'TimeoutError')).toBe(true);
  });

  it('ends a body that stalls half-way at timeoutMs', async () => {
    server.reply((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.write('{"jsonrpc":"2.0","id":1,');
    });
    const error = await failure(rpcFor().getBalance(ADDRESS, { timeoutMs: 100 }));
    expect(isSolRpcError(error, 'TimeoutError')).toBe(true);
  });

  it("stops at the caller's abort with an AbortError", async () => {
    // Aborted once the server holds the request, never answered: the abort alone ends the call.
    const controller = new AbortController();
    server.reply(() => controller.abort(new Error('user left')));
    const error = await failure(rpcFor().getBalance(ADDRESS, { signal: controller.signal }));
    expect(isSolRpcError(error, 'AbortError')).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('reports a refused connection as a retryable NetworkError with its code', async () => {
    const closed = await startServer();
    const url = closed.url;
    await closed.close();
    const error = await failure(rpcFor(url).getBalance(ADDRESS));
    expect(isSolRpcError(error, 'NetworkError') && error.code).toBe('ECONNREFUSED');
    expect(isSolRpcError(error) && error.retryable).toBe(true);
  });

  it('reports a connection cut mid-body as an error, never a partial result', async () => {
    server.reply((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.setHeader('content-length', '500');
      response.write('{"jsonrpc":"2.0","id":1,');
      setTimeout(() => response.socket?.destroy(), 5);
    });
    const error = await failure(rpcFor().getBalance(ADDRESS));
    expect(isSolRpcError(error)).toBe(true);
  });

  it('refuses an option that is not a positive integer, with a typed error', () => {
    let error: unknown;
    try {
      createNodeFetch({ maxSockets: 0 });
    } catch (e) {
      error = e;
    }
    expect(isSolRpcError(error, 'InvalidInputError')).toBe(true);
  });
});

describe('createNodeFetch keep-alive', () => {
  let raw: Server;
  let url: string;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    raw = createServer((request, response) => answerBalance(request, response, '1'));
    raw.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
  });
  afterAll(() => closeServer(raw));

  it('reuses one socket for calls made one after another', async () => {
    const ownFetch = createNodeFetch();
    const rpc = createRpc(url, { retry: false, fetch: ownFetch });
    sockets.clear();
    for (let i = 0; i < 20; i++) await rpc.getBalance(ADDRESS);
    expect(sockets.size).toBe(1);
    ownFetch.destroy();
  });

  it('opens at most maxSockets connections for calls in flight together', async () => {
    const ownFetch = createNodeFetch({ maxSockets: 4 });
    const rpc = createRpc(url, { retry: false, fetch: ownFetch, coalesce: false });
    sockets.clear();
    const results = await Promise.all(Array.from({ length: 32 }, () => rpc.getBalance(ADDRESS)));
    expect(results).toHaveLength(32);
    expect(sockets.size).toBe(4);
    ownFetch.destroy();
  });
});

/**
 * The keep-alive race: a server closes a pooled socket (its idle timeout, a restart) while the client
 * writes the next call to it. The server here stands for the worst case of it: every socket serves one
 * call, then resets on the next, before any answer.
 */
describe('createNodeFetch and a pooled socket the server has closed', () => {
  let raw: Server;
  let url: string;
  let received = 0;
  let resetFirst = false;
  beforeAll(async () => {
    raw = createServer({ keepAlive: true }, (request, response) => {
      received += 1;
      const socket = request.socket as Socket & { served?: number };
      socket.served = (socket.served ?? 0) + 1;
      // A reset before any byte of an answer, as a closed socket gives a write that crosses its close.
      if (socket.served > 1 || resetFirst) {
        socket.resetAndDestroy();
        return;
      }
      answerBalance(request, response, '1');
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    received = 0;
    resetFirst = false;
  });
  afterAll(() => closeServer(raw));

  it('sends the call again on a new socket, so a client without retries still gets its answer', async () => {
    const ownFetch = createNodeFetch();
    const rpc = createRpc(url, { retry: false, fetch: ownFetch });
    for (let i = 0; i < 10; i++) {
      await expect(rpc.getBalance(ADDRESS)).resolves.toMatchObject({ value: 1n });
    }
    // The first call opened a socket; each later one met a reset on the pooled socket and was sent once more.
    expect(received).toBe(19);
    ownFetch.destroy();
  });

  it('does the same for calls in flight together, each stale socket costing one send at most', async () => {
    const ownFetch = createNodeFetch({ maxSockets: 4 });
    const rpc = createRpc(url, { retry: false, fetch: ownFetch, coalesce: false });
    await Promise.all(Array.from({ length: 4 }, () => rpc.getBalance(ADDRESS)));
    received = 0;
    const results = await Promise.all(Array.from({ length: 8 }, () => rpc.getBalance(ADDRESS)));
    expect(results.map((result) => result.value)).toEqual(Array(8).fill(1n));
    // 8 answers, each on a socket of its own, and at most one reset on each socket that served a call:
    // the 4 opened first and the 8 opened since.
    expect(received).toBeGreaterThan(8);
    expect(received).toBeLessThanOrEqual(8 + 4 + 8);
    ownFetch.destroy();
  });

  it('never sends again a call whose new socket was reset: that is a NetworkError', async () => {
    const ownFetch = createNodeFetch();
    const rpc = createRpc(url, { retry: false, fetch: ownFetch });
    resetFirst = true;
    const error = await failure(rpc.getBalance(ADDRESS));
    expect(isSolRpcError(error, 'NetworkError')).toBe(true);
    expect(received).toBe(1);
    ownFetch.destroy();
  });

  it('never sends again a call the caller aborted', async () => {
    const ownFetch = createNodeFetch();
    const rpc = createRpc(url, { retry: false, fetch: ownFetch });
    await rpc.getBalance(ADDRESS);
    const controller = new AbortController();
    controller.abort(new Error('changed my mind'));
    const error = await failure(rpc.getBalance(ADDRESS, { signal: controller.signal }));
    expect(isSolRpcError(error, 'AbortError')).toBe(true);
    expect(received).toBe(1);
    ownFetch.destroy();
  });
});
