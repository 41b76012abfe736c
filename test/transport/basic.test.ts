/**
 * The basic transport that `createRpcWith` uses for a URL: one request per call, over a real loopback
 * server, and the reliability options it refuses rather than ignores.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createBasicTransport,
  createHttpTransport,
  createRpcWith,
  getBalance,
  InvalidInputError,
  isSolRpcError,
} from '../../src/index.js';
import { failure } from '../support/failure.js';
import { startServer, type TestServer } from '../support/httpServer.js';

const ADDRESS = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterEach(() => {
  server.requests.length = 0;
});
afterAll(() => server.close());

/** Answers every request with `status`; a 200 carries a balance of 5 for the request's id. */
function replyWith(status: number) {
  server.reply((request, response) => {
    response.statusCode = status;
    response.setHeader('content-type', 'application/json');
    const id = JSON.stringify((request.json as { id?: unknown } | undefined)?.id);
    response.end(
      status === 200 ? `{"jsonrpc":"2.0","result":{"context":{"slot":1},"value":5},"id":${id}}` : '{"busy":true}',
    );
  });
}

describe('createRpcWith over a URL', () => {
  it('sends one request per call, with a fresh id each time', async () => {
    replyWith(200);
    const rpc = createRpcWith(server.url, { getBalance });
    // Two identical calls at once: no coalescing, so two requests.
    const [a, b] = await Promise.all([rpc.getBalance(ADDRESS), rpc.getBalance(ADDRESS)]);
    expect(a.value).toBe(5n);
    expect(b.value).toBe(5n);
    const ids = server.requests.map((r) => (r.json as { id: number }).id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  }, 10_000);

  it('does not retry: a 503 fails the call after one request', async () => {
    replyWith(503);
    const error = await failure(createRpcWith(server.url, { getBalance }).getBalance(ADDRESS));
    expect(isSolRpcError(error, 'HttpError') && error.status).toBe(503);
    expect(isSolRpcError(error, 'HttpError') && error.retryable).toBe(true);
    expect(server.requests).toHaveLength(1);
  }, 10_000);

  it('ends a call that takes longer than timeoutMs with a TimeoutError', async () => {
    server.reply(() => undefined); // never answers
    const rpc = createRpcWith(server.url, { getBalance }, { timeoutMs: 100 });
    const error = await failure(rpc.getBalance(ADDRESS));
    expect(isSolRpcError(error, 'TimeoutError')).toBe(true);
    expect(server.requests).toHaveLength(1);
    // A per-call timeoutMs overrides the client's.
    const second = await failure(rpc.getBalance(ADDRESS, { timeoutMs: 50 }));
    expect(second.message).toContain('50 ms');
  }, 10_000);

  it('keeps the URL path and query out of errors', async () => {
    replyWith(503);
    const error = await failure(
      createRpcWith(`${server.url}/secret-path?api-key=secret-key`, { getBalance }).getBalance(ADDRESS),
    );
    expect(error.message).not.toMatch(/secret/);
    expect(error.message).toContain(server.url);
  }, 10_000);

  it.each([
    ['retry', { retry: { maxRetries: 2 } }],
    ['totalTimeoutMs', { totalTimeoutMs: 5_000 }],
    ['endpointCooldownMs', { endpointCooldownMs: 1_000 }],
    ['coalesce', { coalesce: false }],
    ['batch', { batch: true }],
  ])('refuses the %s option, which only createHttpTransport has, before any request', (option, options) => {
    const make = () => createRpcWith(server.url, { getBalance }, options as never);
    expect(make).toThrow(InvalidInputError);
    expect(make).toThrow(`options.${option}`);
    expect(make).toThrow('createHttpTransport(url, options)');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses several URLs, pointing to createHttpTransport for failover', () => {
    const make = () => createRpcWith([server.url, server.url] as never, { getBalance });
    expect(make).toThrow(InvalidInputError);
    expect(make).toThrow('several URLs (failover)');
  });

  it('checks its own options like the full transport does', () => {
    expect(() => createRpcWith(server.url, { getBalance }, { timeoutMs: -1 })).toThrow('options.timeoutMs');
    expect(() => createRpcWith(server.url, { getBalance }, { maxResponseBytes: 0 })).toThrow(
      'options.maxResponseBytes',
    );
    expect(() => createRpcWith('ftp://example.com', { getBalance })).toThrow('the scheme must be http: or https:');
    expect(() => createRpcWith(42 as never, { getBalance })).toThrow('invalid url: expected a string, got number');
  });
});

describe('createRpcWith over createHttpTransport', () => {
  it('retries as the full transport does', async () => {
    let calls = 0;
    server.reply((request, response) => {
      calls += 1;
      response.statusCode = calls === 1 ? 503 : 200;
      response.setHeader('content-type', 'application/json');
      const id = JSON.stringify((request.json as { id?: unknown } | undefined)?.id);
      response.end(`{"jsonrpc":"2.0","result":{"context":{"slot":1},"value":7},"id":${id}}`);
    });
    const transport = createHttpTransport(server.url, { retry: { maxRetries: 1, baseDelayMs: 1 } });
    const { value } = await createRpcWith(transport, { getBalance }).getBalance(ADDRESS);
    expect(value).toBe(7n);
    expect(server.requests).toHaveLength(2);
  }, 10_000);
});

describe('createBasicTransport', () => {
  it('returns the result of one JSON-RPC exchange', async () => {
    replyWith(200);
    const transport = createBasicTransport(server.url);
    const result = await transport({ method: 'getBalance', params: [ADDRESS] });
    expect(result).toEqual({ context: { slot: 1 }, value: 5 });
    expect(server.requests[0]?.json).toMatchObject({ jsonrpc: '2.0', method: 'getBalance', params: [ADDRESS] });
  }, 10_000);
});
