/**
 * signaturesOf over loopback HTTP with the real transport (createRpc: retries, failover, the key in the
 * URL), against servers that misbehave between and inside pages: a key echoed as a signature, silence
 * mid-page with an abort, `until` several pages on, a limit met at a page boundary, a node that is behind
 * for a while (-32005, -32016) then recovers, and a page far larger than asked for. All held when written. The outcome decides
 * each test; the deadlines only guard against a hang.
 */
import { createHash } from 'node:crypto';
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { createRpc, isSolRpcError, type SignatureInfo, signaturesOf } from '../../src/index.js';
import { closedAfterEach, startServer, type TestServer } from '../support/httpServer.js';

const GUARD = { timeout: 20_000 };
const ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const TOP_SLOT = 383_400_000;

const signatureOf = (label: string) => encodeBase58(createHash('sha512').update(label).digest());

/** A real history of `length` signatures, newest first, two per slot. */
function history(length: number): SignatureInfo[] {
  return Array.from({ length }, (_, i) => ({
    signature: signatureOf(`history/${i}`),
    slot: TOP_SLOT - Math.floor(i / 2),
    err: null,
    memo: null,
    blockTime: 1_763_900_000,
    confirmationStatus: 'finalized' as const,
  }));
}

interface PageRequest {
  before?: string;
  until?: string;
  limit?: number;
}

type Answer = { result: unknown } | { error: { code: number; message: string; data?: unknown } } | 'silent';

/** A JSON-RPC server for getSignaturesForAddress: `answer` gets each page request, numbered from 1. */
async function pagingServer(answer: (page: PageRequest, n: number) => Answer): Promise<TestServer> {
  const server = await startServer();
  let n = 0;
  server.reply((request, response) => {
    const { id, params } = request.json as { id: number; params: [string, PageRequest?] };
    const outcome = answer(params[1] ?? {}, ++n);
    if (outcome === 'silent') return;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ jsonrpc: '2.0', id, ...outcome }));
  });
  return server;
}

/** Serves `entries` as agave pages them: after `before`, up to `limit`, stopping before `until`. */
function honest(entries: SignatureInfo[]) {
  return (page: PageRequest): Answer => {
    const from = page.before === undefined ? 0 : entries.findIndex((e) => e.signature === page.before) + 1;
    const stop = page.until === undefined ? -1 : entries.findIndex((e) => e.signature === page.until);
    const end = stop === -1 ? entries.length : stop;
    return { result: entries.slice(from, Math.min(end, from + (page.limit ?? 1000))) };
  };
}

const track = closedAfterEach();
const pagesAsked = (server: TestServer) =>
  server.requests.map(
    (request) => ((request.json as { params: [string, PageRequest?] }).params[1] ?? {}) as PageRequest,
  );

async function collect(iterable: AsyncIterable<SignatureInfo>) {
  const got: SignatureInfo[] = [];
  try {
    for await (const info of iterable) got.push(info);
    return { got, error: undefined as unknown };
  } catch (error) {
    return { got, error };
  }
}

describe('signaturesOf against hostile servers, over loopback', GUARD, () => {
  it('a key of the URL sent back as a repeated signature: the ValidationError does not show it', async () => {
    const entries = history(4);
    // The key is a signature-shaped string: what a server echoing the URL's path would send.
    const key = entries[1]?.signature as string;
    const server = track(await pagingServer(() => ({ result: [entries[0], entries[1], entries[1]] })));
    const rpc = createRpc(`${server.url}/${key}?api-key=${key}`);
    const { got, error } = await collect(signaturesOf(rpc, ADDRESS, { pageSize: 3 }));
    expect(got).toStrictEqual([]);
    expect(isSolRpcError(error, 'ValidationError')).toBe(true);
    const shown = JSON.stringify({ ...(error as object), message: (error as Error).message, stack: '' });
    expect(shown).not.toContain(key);
    expect((error as { path: string }).path).toBe('result.2');
  });

  it('silence mid-page, then abort: AbortError at once, no listener left on the signal', async () => {
    const entries = history(10);
    const server = track(
      await pagingServer((page, n) => (n === 1 ? honest(entries)({ ...page, limit: 5 }) : 'silent')),
    );
    const controller = new AbortController();
    const rpc = createRpc(server.url, { timeoutMs: 60_000 });
    const got: SignatureInfo[] = [];
    const run = (async () => {
      for await (const info of signaturesOf(rpc, ADDRESS, { pageSize: 5, signal: controller.signal })) {
        got.push(info);
      }
    })().catch((error: unknown) => error);
    while (server.requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 1));
    controller.abort(new Error('user left'));
    const error = await run;
    expect(isSolRpcError(error, 'AbortError')).toBe(true);
    expect(got.map((e) => e.signature)).toStrictEqual(entries.slice(0, 5).map((e) => e.signature));
    expect(getEventListeners(controller.signal, 'abort').length).toBe(0);
  });

  it('until three pages on: yielded up to it, not past it, no request after', async () => {
    const entries = history(40);
    const server = track(await pagingServer(honest(entries)));
    const until = entries[27]?.signature as string;
    const { got, error } = await collect(signaturesOf(createRpc(server.url), ADDRESS, { pageSize: 10, until }));
    expect(error).toBeUndefined();
    expect(got.map((e) => e.signature)).toStrictEqual(entries.slice(0, 27).map((e) => e.signature));
    // Pages of 10, 10, then 7 (the server stops before until): a short page ends it.
    expect(pagesAsked(server).map((page) => page.until)).toStrictEqual([until, until, until]);
  });

  it('a limit met exactly at a page boundary: no request for a page it will not yield', async () => {
    const entries = history(100);
    const server = track(await pagingServer(honest(entries)));
    const { got } = await collect(signaturesOf(createRpc(server.url), ADDRESS, { pageSize: 10, limit: 30 }));
    expect(got.map((e) => e.signature)).toStrictEqual(entries.slice(0, 30).map((e) => e.signature));
    expect(server.requests.length).toBe(3);
  });

  it('a node behind for a while (-32005, then -32016), then recovered: the transport retries, nothing twice, nothing lost', async () => {
    const entries = history(25);
    const serve = honest(entries);
    const server = track(
      await pagingServer((page, n) =>
        n === 2
          ? { error: { code: -32005, message: 'Node is behind by 12 slots', data: { numSlotsBehind: 12 } } }
          : n === 3
            ? {
                error: { code: -32016, message: 'Minimum context slot has not been reached', data: { contextSlot: 1 } },
              }
            : serve(page),
      ),
    );
    const rpc = createRpc(server.url, { retry: { baseDelayMs: 0, maxDelayMs: 0 } });
    const { got, error } = await collect(signaturesOf(rpc, ADDRESS, { pageSize: 10 }));
    expect(error).toBeUndefined();
    expect(got.map((e) => e.signature)).toStrictEqual(entries.map((e) => e.signature));
  });

  it('a node behind for longer than the retries: the loop ends with the RpcError; resuming from the last yielded gets the rest once', async () => {
    const entries = history(25);
    const serve = honest(entries);
    let behind = true;
    const server = track(
      await pagingServer((page, n) =>
        n > 1 && behind
          ? { error: { code: -32005, message: 'Node is behind by 12 slots', data: { numSlotsBehind: 12 } } }
          : serve(page),
      ),
    );
    const rpc = createRpc(server.url, { retry: { maxRetries: 2, baseDelayMs: 0, maxDelayMs: 0 } });
    const first = await collect(signaturesOf(rpc, ADDRESS, { pageSize: 10 }));
    expect(first.error).toMatchObject({ name: 'RpcError', code: -32005 });
    expect(first.got.map((e) => e.signature)).toStrictEqual(entries.slice(0, 10).map((e) => e.signature));
    behind = false;
    const before = first.got.at(-1)?.signature;
    const rest = await collect(signaturesOf(rpc, ADDRESS, { pageSize: 10, before }));
    expect(rest.error).toBeUndefined();
    expect([...first.got, ...rest.got].map((e) => e.signature)).toStrictEqual(entries.map((e) => e.signature));
  });

  it('a page of 20,000 entries when 1,000 were asked: refused whole, nothing of it yielded', async () => {
    const huge = history(20_000);
    const body = JSON.stringify(huge);
    const server = track(await startServer());
    server.reply((request, response) => {
      const { id } = request.json as { id: number };
      response.setHeader('content-type', 'application/json');
      response.end(`{"jsonrpc":"2.0","id":${id},"result":${body}}`);
    });
    const { got, error } = await collect(signaturesOf(createRpc(server.url), ADDRESS));
    expect(got).toStrictEqual([]);
    expect(error).toMatchObject({ name: 'ValidationError', path: 'result', received: '20000 entries' });
    expect(server.requests.length).toBe(1);
  });
});
