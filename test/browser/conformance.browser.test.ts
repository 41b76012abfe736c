/// <reference types="vite/client" />
/**
 * The real-format cases again, in headless Chromium: every method and encoding (zstd included) through
 * the browser's own fetch, intercepted by msw's service worker. Proves the client needs no Node global:
 * there is no Buffer and no process here.
 */
import { HttpResponse, http } from 'msw';
import { setupWorker } from 'msw/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpc, createRpcWith, decodeTransaction, getBalance, isSolRpcError } from '../../src/index.js';
import {
  type ConformanceCase,
  callFor,
  compareExpect,
  expectedParams,
  replayable,
  responseFor,
} from '../support/conformanceExpect.js';

const modules = import.meta.glob<{ default: Omit<ConformanceCase, 'file'> }>('../fixtures/conformance/*.json', {
  eager: true,
});
const cases: ConformanceCase[] = Object.entries(modules)
  .map(([path, module]) => ({ file: path.split('/').at(-1) as string, ...module.default }))
  .filter(replayable)
  .sort((a, b) => a.file.localeCompare(b.file));

const URL = 'https://rpc.test/';
const worker = setupWorker();
let current: ConformanceCase | undefined;
const sent: { method: string; params: unknown[] }[] = [];

beforeAll(async () => {
  worker.use(
    http.post(URL, async ({ request }) => {
      const body = (await request.json()) as { id: unknown; method: string; params: unknown[] };
      sent.push({ method: body.method, params: body.params });
      const c = current as ConformanceCase;
      return new HttpResponse(responseFor(c, body.id), {
        status: c.http.status,
        headers: { 'content-type': c.http.contentType },
      });
    }),
  );
  await worker.start({ quiet: true, onUnhandledRequest: 'error' });
});

afterAll(() => worker.stop());

describe('in a real browser', () => {
  it('has no Node globals to lean on', () => {
    expect(typeof (globalThis as { Buffer?: unknown }).Buffer).toBe('undefined');
    expect(typeof (globalThis as { process?: unknown }).process).toBe('undefined');
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  for (const c of cases) {
    it(c.file, async () => {
      current = c;
      sent.length = 0;
      const rpc = createRpc(URL, { retry: false }) as unknown as Record<
        string,
        (...args: unknown[]) => Promise<unknown>
      >;
      const { method, params } = callFor(c);
      let outcome: { result?: unknown; error?: unknown };
      try {
        outcome = { result: await (rpc[method] as (...args: unknown[]) => Promise<unknown>)(...params) };
      } catch (error) {
        outcome = { error };
      }
      if ((outcome.error as { name?: string } | undefined)?.name === 'InvalidInputError') {
        // Refused before any request, as in Node.
        expect(c.expect['error.code']).toBe('-32602');
        expect(sent).toHaveLength(0);
        return;
      }
      expect(sent).toHaveLength(1);
      if (method === c.method) expect(sent[0]?.params).toEqual(expectedParams(c));
      expect(compareExpect(c, outcome)).toEqual([]);
    });
  }

  it('decodes wire transactions without Node', async () => {
    const c = cases.find((k) => k.file === 'getTransaction.base64.v0.json') as ConformanceCase;
    current = c;
    const tx = await createRpc(URL, { retry: false }).getTransaction(c.params[0] as string, {
      encoding: 'base64',
      maxSupportedTransactionVersion: 0,
    });
    const decoded = decodeTransaction(tx?.transaction as Uint8Array);
    expect(decoded.version).toBe(0);
    expect(decoded.signatures[0]).toBe(c.params[0]);
  });

  it("loads the error texts with the first RPC error, through createRpcWith's basic transport", async () => {
    const errorsUrl = 'https://rpc-errors.test/';
    let requests = 0;
    worker.use(
      http.post(errorsUrl, async ({ request }) => {
        requests++;
        const { id } = (await request.json()) as { id: unknown };
        return HttpResponse.json({
          jsonrpc: '2.0',
          error: { code: -32005, message: 'Node is behind by 42 slots', data: { numSlotsBehind: 42 } },
          id,
        });
      }),
    );
    const error = await createRpcWith(errorsUrl, { getBalance })
      .getBalance('B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi')
      .catch((e: unknown) => e);
    expect(isSolRpcError(error, 'RpcError') && error.codeName).toBe('NODE_UNHEALTHY');
    expect((error as Error).message.split('\n')[1]).toBe(
      'Hint: the node is 42 slots behind the cluster; retry later or use another node.',
    );
    // One request: the basic transport does not retry a -32005.
    expect(requests).toBe(1);
  });
});
