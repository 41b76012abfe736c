/**
 * Every real-format case (test/fixtures/conformance/) of a method in the profile table
 * (test/support/methodProfiles.ts), and the bare error envelopes, served over real HTTP on loopback: the
 * request sent must match the case's, and the result (or error) must match its `expect` table. It runs
 * twice: through the global fetch, and through `createNodeFetch` from `solrpc/node`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpc, isSolRpcError } from '../src/index.js';
import { createNodeFetch } from '../src/node.js';
import {
  type ConformanceCase,
  callFor,
  compareExpect,
  expectedParams,
  loadCases,
  replayable,
  responseFor,
} from './support/conformance.js';
import { startServer, type TestServer } from './support/httpServer.js';
import { METHOD_NAMES, PROFILES } from './support/methodProfiles.js';

const cases = loadCases(replayable);

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
const nodeFetch = createNodeFetch();
afterAll(async () => {
  nodeFetch.destroy();
  await server.close();
});

async function run(c: ConformanceCase, transport: 'fetch' | 'node') {
  const { method, params } = callFor(c);
  server.requests.length = 0;
  server.reply((request, response) => {
    response.statusCode = c.http.status;
    response.setHeader('content-type', c.http.contentType);
    response.end(responseFor(c, (request.json as { id?: unknown }).id));
  });
  const rpc = createRpc(server.url, {
    retry: false,
    ...(transport === 'node' ? { fetch: nodeFetch } : {}),
  }) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  try {
    return { result: await (rpc[method] as (...args: unknown[]) => Promise<unknown>)(...params), method, params };
  } catch (error) {
    return { error, method, params };
  }
}

describe.each(['fetch', 'node'] as const)('conformance cases over real HTTP (%s)', (transport) => {
  it('covers every case of the implemented methods', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    // Every method of the profile table has real-format cases, its fault-suite fixture among them.
    for (const method of METHOD_NAMES) {
      expect(cases.map((c) => c.file)).toContain(PROFILES[method].fixture);
      expect(cases.find((c) => c.file === PROFILES[method].fixture)?.method).toBe(method);
    }
  });

  for (const c of cases) {
    it(c.file, async () => {
      const outcome = await run(c, transport);
      // Bad params are refused before any request: stronger than the server's -32602.
      if (isSolRpcError(outcome.error, 'InvalidInputError')) {
        expect(c.expect['error.code']).toBe('-32602');
        expect(server.requests).toHaveLength(0);
        return;
      }
      expect(server.requests).toHaveLength(1);
      const sent = server.requests[0]?.json as { jsonrpc: string; method: string; params: unknown[] };
      expect(sent.jsonrpc).toBe('2.0');
      expect(sent.method).toBe(outcome.method);
      if (outcome.method === c.method) expect(sent.params).toEqual(expectedParams(c));
      expect(compareExpect(c, outcome)).toEqual([]);
    });
  }
});
