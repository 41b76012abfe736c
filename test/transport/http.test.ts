/**
 * The HTTP transport over a real loopback server: what it sends, and every way an answer can go wrong.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpTransport, createRpc, isSolRpcError } from '../../src/index.js';
import { failure } from '../support/failure.js';
import { startServer, type TestServer } from '../support/httpServer.js';

const ADDRESS = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';
const BALANCE = (id: unknown) =>
  `{"jsonrpc":"2.0","result":{"context":{"slot":1},"value":5},"id":${JSON.stringify(id)}}`;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterEach(() => {
  server.requests.length = 0;
});
afterAll(() => server.close());

function replyWith(status: number, contentType: string | undefined, body: (id: unknown) => string) {
  server.reply((request, response) => {
    response.statusCode = status;
    if (contentType) response.setHeader('content-type', contentType);
    response.end(body((request.json as { id?: unknown } | undefined)?.id));
  });
}

describe('requests', () => {
  it('POSTs JSON-RPC 2.0 with JSON headers and unique ids', async () => {
    replyWith(200, 'application/json', BALANCE);
    const rpc = createRpc(server.url);
    await rpc.getBalance(ADDRESS);
    await rpc.getBalance(ADDRESS, { commitment: 'confirmed', minContextSlot: 18446744073709551615n });
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'POST']);
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    const ids = server.requests.map((r) => (r.json as { id: number }).id);
    expect(new Set(ids).size).toBe(2);
    // The bigint goes out as an exact integer, not a string and not rounded.
    expect(server.requests[1]?.body).toContain('"minContextSlot":18446744073709551615');
  });

  it('sends custom headers and moves URL credentials into an Authorization header', async () => {
    replyWith(200, 'application/json', BALANCE);
    const url = server.url.replace('http://', 'http://user:s3cret-pass@');
    await createRpc(`${url}/v2/path-token?api-key=query-key`, { headers: { 'x-api-key': 'header-key' } }).getBalance(
      ADDRESS,
    );
    const request = server.requests[0];
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('user:s3cret-pass').toString('base64')}`);
    expect(request?.headers['x-api-key']).toBe('header-key');
    expect(request?.url).toBe('/v2/path-token?api-key=query-key');
  });

  it('ignores a polluted Object.prototype and a global BigInt toJSON when serialising', async () => {
    replyWith(200, 'application/json', BALANCE);
    const proto = Object.prototype as Record<string, unknown>;
    const bigintProto = BigInt.prototype as unknown as Record<string, unknown>;
    proto.polluted = 'yes';
    bigintProto.toJSON = () => 'hijacked';
    try {
      await createRpc(server.url).getBalance(ADDRESS, { minContextSlot: 7n });
    } finally {
      delete proto.polluted;
      delete bigintProto.toJSON;
    }
    expect(server.requests[0]?.json).toMatchObject({ params: [ADDRESS, { minContextSlot: 7 }] });
    expect(server.requests[0]?.body).not.toContain('polluted');
    expect(server.requests[0]?.body).not.toContain('hijacked');
  });
});

describe('answers that are not results', () => {
  it.each([
    [429, 'text/plain', 'error code: 1015', true],
    [503, 'text/plain', 'no healthy upstream', true],
    [502, 'text/html', '<html><body><h1>502 Bad Gateway</h1>…</body></html>', true],
    [401, 'application/json', '{"error":"unauthorized"}', false],
    [404, 'text/plain', 'not found', false],
  ])('HTTP %i becomes an HttpError', async (status, contentType, body, retryable) => {
    replyWith(status, contentType, () => body);
    const error = await failure(createRpc(`${server.url}/secret-path`).getBalance(ADDRESS));
    expect(isSolRpcError(error, 'HttpError')).toBe(true);
    if (!isSolRpcError(error, 'HttpError')) return;
    expect(error.status).toBe(status);
    expect(error.retryable).toBe(retryable);
    expect(error.origin).toBe(server.url);
    expect(error.message.split('\n')[0]).toMatch(new RegExp(`^getBalance: HTTP ${status}\\b.* from ${server.url}$`));
    expect(error.message).not.toContain('secret-path');
    // An HTML page is never copied into the error.
    expect(error.message).not.toContain('<html>');
  });

  it('reads JSON labelled text/plain, and refuses text/plain that is not JSON as the wrong content type', async () => {
    replyWith(200, 'text/plain', BALANCE);
    await expect(createRpc(server.url).getBalance(ADDRESS)).resolves.toEqual({ context: { slot: 1 }, value: 5n });
    replyWith(200, 'text/plain', () => 'OK');
    const error = await failure(createRpc(server.url).getBalance(ADDRESS));
    expect(isSolRpcError(error, 'InvalidResponseError') && error.reason).toBe('content-type');
  });

  it('rejects a 200 answer that is not JSON (a captive portal page)', async () => {
    replyWith(200, 'text/html; charset=utf-8', () => '<html>Sign in to the Wi-Fi</html>');
    const error = await failure(createRpc(server.url).getBalance(ADDRESS));
    expect(isSolRpcError(error, 'InvalidResponseError') && error.reason).toBe('content-type');
    expect(error.message).not.toContain('Wi-Fi');
  });

  it.each([
    ['truncated', '{"jsonrpc":"2.0","result":{"context":'],
    ['trailing garbage', '{"jsonrpc":"2.0","result":1,"id":1} x'],
    ['NaN', '{"jsonrpc":"2.0","result":NaN,"id":1}'],
    ['single quotes', "{'jsonrpc':'2.0'}"],
  ])('rejects invalid JSON (%s) with its offset, never the body', async (_name, body) => {
    replyWith(200, 'application/json', () => body);
    const error = await failure(createRpc(server.url).getBalance(ADDRESS));
    expect(isSolRpcError(error, 'InvalidResponseError') && error.reason).toBe('json');
    expect(error.message).toMatch(/offset \d+/);
    expect(error.message).not.toContain('jsonrpc');
  });

  it.each([
    ['an array', () => '[]', 'not-jsonrpc'],
    ['a bare string', () => '"ok"', 'not-jsonrpc'],
    ['an empty object', () => '{}', 'not-jsonrpc'],
    ['no result or error', (id: unknown) => `{"jsonrpc":"2.0","id":${id}}`, 'not-jsonrpc'],
    [
      'both result and error',
      (id: unknown) => `{"jsonrpc":"2.0","id":${id},"result":1,"error":{"code":1,"message":"x"}}`,
      'not-jsonrpc',
    ],
    ['JSON-RPC 1.0', (id: unknown) => `{"jsonrpc":"1.0","id":${id},"result":1}`, 'not-jsonrpc'],
    ['a wrong id', (id: unknown) => `{"jsonrpc":"2.0","id":${Number(id) + 1000},"result":1}`, 'id-mismatch'],
    ['a null id on a result', () => '{"jsonrpc":"2.0","id":null,"result":1}', 'id-mismatch'],
  ])('rejects %s', async (_name, body, reason) => {
    replyWith(200, 'application/json', body);
    const error = await failure(createRpc(server.url).getBalance(ADDRESS));
    expect(isSolRpcError(error, 'InvalidResponseError') && error.reason).toBe(reason);
  });

  it('accepts an id echoed as a string, and "error": null beside a result', async () => {
    replyWith(
      200,
      'application/json',
      (id) => `{"jsonrpc":"2.0","error":null,"result":{"context":{"slot":1},"value":9},"id":"${id}"}`,
    );
    await expect(createRpc(server.url).getBalance(ADDRESS)).resolves.toEqual({ context: { slot: 1 }, value: 9n });
  });

  it('treats an error object with a null id as the server error', async () => {
    replyWith(
      200,
      'application/json',
      () => '{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"},"id":null}',
    );
    const error = await failure(createRpc(server.url).getBalance(ADDRESS));
    expect(isSolRpcError(error, 'RpcError') && error.code).toBe(-32700);
  });

  it('strips terminal escapes from server messages', async () => {
    replyWith(
      200,
      'application/json',
      (id) =>
        `{"jsonrpc":"2.0","error":{"code":-32603,"message":"bad\\u001b[31mred\\u001b]8;;http://evil\\u0007link\\u0007"},"id":${id}}`,
    );
    const error = await failure(createRpc(server.url).getBalance(ADDRESS));
    expect(error.message).not.toMatch(/[\u0000-\u001f\u007f](?!\n)/);
    expect(isSolRpcError(error, 'RpcError') && error.serverMessage).toBe('badredlink');
  });
});

describe('limits', () => {
  it('refuses a body larger than maxResponseBytes, declared or streamed', async () => {
    const big = `{"jsonrpc":"2.0","result":"${'a'.repeat(5000)}","id":1}`;
    replyWith(200, 'application/json', () => big);
    const declared = await failure(createRpc(server.url, { maxResponseBytes: 1000 }).getBalance(ADDRESS));
    expect(isSolRpcError(declared, 'ResponseTooLargeError') && declared.limit).toBe(1000);

    server.reply((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.write(big.slice(0, 3000)); // chunked: no Content-Length
      response.end(big.slice(3000));
    });
    const streamed = await failure(createRpc(server.url, { maxResponseBytes: 1000 }).getBalance(ADDRESS));
    expect(isSolRpcError(streamed, 'ResponseTooLargeError')).toBe(true);
  });

  it('times out a server that never answers, with the origin only', async () => {
    server.reply(() => undefined);
    // Not timed against the wall clock (random backoffs and a loaded CI machine make any bound flaky):
    // each attempt must end in its own timeout, so the server sees exactly the attempts the policy allows,
    // and the test's deadline catches a hang.
    const rpc = createRpc(`${server.url}/key-in-path`, { timeoutMs: 150, retry: { maxRetries: 1, baseDelayMs: 1 } });
    const error = await failure(rpc.getBalance(ADDRESS));
    expect(isSolRpcError(error, 'TimeoutError') && error.timeoutMs).toBe(150);
    expect(server.requests).toHaveLength(2);
    expect(error.message).not.toContain('key-in-path');
  }, 10_000);

  it('times out a body that stalls after the headers', async () => {
    server.reply((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.write('{"jsonrpc":"2.0",');
    });
    const error = await failure(createRpc(server.url).getBalance(ADDRESS, { timeoutMs: 150 }));
    expect(isSolRpcError(error, 'TimeoutError')).toBe(true);
  });

  it('aborts on the caller signal, before or during the request', async () => {
    server.reply(() => undefined);
    const rpc = createRpc(server.url);
    const early = new AbortController();
    early.abort(new Error('stop'));
    const before = await failure(rpc.getBalance(ADDRESS, { signal: early.signal }));
    expect(isSolRpcError(before, 'AbortError')).toBe(true);
    expect(server.requests).toHaveLength(0);

    // Aborted once the server holds the request: during it, however loaded the machine.
    const late = new AbortController();
    server.reply(() => late.abort());
    const during = await failure(rpc.getBalance(ADDRESS, { signal: late.signal }));
    expect(isSolRpcError(during, 'AbortError')).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('does not follow redirects, which would carry API-key headers elsewhere', async () => {
    const other = await startServer();
    try {
      server.reply((_request, response) => {
        response.statusCode = 307;
        response.setHeader('location', `${other.url}/elsewhere`);
        response.end();
      });
      const error = await failure(createRpc(server.url, { headers: { 'x-api-key': 'k' } }).getBalance(ADDRESS));
      expect(isSolRpcError(error, 'HttpError') && error.status).toBe(307);
      expect((error as unknown as { retryable: boolean }).retryable).toBe(false);
      expect((error as unknown as { hint?: string }).hint).toMatch(/does not follow redirects/);
      expect(server.requests).toHaveLength(1);
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('cuts URLs in server text to their origin', async () => {
    replyWith(502, 'text/plain', () => 'upstream https://rpc.example.com/v2/PATH-KEY?api-key=QUERY-KEY failed');
    const http = await failure(createRpc(server.url).getBalance(ADDRESS));
    expect(http.message).toContain('https://rpc.example.com failed');
    replyWith(
      200,
      'application/json',
      (id) =>
        `{"jsonrpc":"2.0","error":{"code":-32603,"message":"proxy to https://u:p@x.example/KEY failed"},"id":${id}}`,
    );
    const rpc = await failure(createRpc(server.url).getBalance(ADDRESS));
    expect(isSolRpcError(rpc, 'RpcError') && rpc.serverMessage).toBe('proxy to https://x.example failed');
  });

  it('reports a refused connection as a NetworkError naming the origin only', async () => {
    const closed = await startServer();
    const url = closed.url;
    await closed.close();
    const error = await failure(createRpc(`${url}/path-secret?api-key=query-secret`).getBalance(ADDRESS));
    expect(isSolRpcError(error, 'NetworkError')).toBe(true);
    if (!isSolRpcError(error, 'NetworkError')) return;
    expect(error.code).toBe('ECONNREFUSED');
    expect(error.retryable).toBe(true);
    const everything = `${error.message}\n${error.stack}\n${String(error.cause)}\n${(error.cause as Error)?.stack}`;
    expect(everything).not.toContain('secret');
  });
});

describe('options', () => {
  it.each([
    ['not a URL', 'not a url'],
    ['a ws: URL', 'ws://127.0.0.1:8900'],
  ])('refuses %s without repeating it', (_name, url) => {
    let error: unknown;
    try {
      createRpc(url);
    } catch (e) {
      error = e;
    }
    expect(isSolRpcError(error, 'InvalidInputError') && error.param).toBe('url');
    expect((error as Error).message).not.toContain('127.0.0.1');
  });

  it('names the bad entry of a list of URLs, whatever is wrong with it', () => {
    expect(() => createRpc([server.url, 42 as never])).toThrow('invalid url.1: expected a string, got number');
    expect(() => createRpc([server.url, 'not a url'])).toThrow('invalid url.1: not a valid absolute URL');
    expect(() => createRpc(['ws://127.0.0.1:8900', server.url])).toThrow(
      'invalid url.0: the scheme must be http: or https:, got ws:',
    );
    // A single URL is `url`, in a list or not.
    expect(() => createRpc(['not a url'])).toThrow('invalid url: not a valid absolute URL');
  });

  it('refuses a bad timeout and header values, without echoing the header value', () => {
    expect(() => createHttpTransport(server.url, { timeoutMs: -1 })).toThrow(/options\.timeoutMs/);
    expect(() => createHttpTransport(server.url, { timeoutMs: 2 ** 40 })).toThrow(/options\.timeoutMs/);
    expect(() => createHttpTransport(server.url, { maxResponseBytes: 1.5 })).toThrow(/options\.maxResponseBytes/);
    expect(() => createHttpTransport(server.url, { headers: { 'x-api-key': 'evil\r\nkey' } })).toThrow(
      /options\.headers\.x-api-key/,
    );
    try {
      createHttpTransport(server.url, { headers: { 'x-api-key': 'evil\r\nkey-value' } });
    } catch (error) {
      expect((error as Error).message).not.toContain('key-value');
    }
  });

  it('uses a custom fetch when given one', async () => {
    const calls: string[] = [];
    const rpc = createRpc('https://rpc.invalid', {
      fetch: async (input, init) => {
        calls.push(`${input} ${String(init.body)}`);
        const id = JSON.parse(String(init.body)).id;
        return new Response(BALANCE(id), { headers: { 'content-type': 'application/json' } });
      },
    });
    await expect(rpc.getBalance(ADDRESS)).resolves.toEqual({ context: { slot: 1 }, value: 5n });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain('https://rpc.invalid/ ');
  });
});
