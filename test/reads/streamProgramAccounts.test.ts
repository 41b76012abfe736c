import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  createRpc,
  createRpcWith,
  getProgramAccounts,
  InvalidInputError,
  type KeyedAccount,
  streamProgramAccounts,
} from '../../src/index.js';
import { closedAfterEach, type RecordedRequest, startServer } from '../support/httpServer.js';
import {
  idOf,
  indexedAddress,
  methodOf,
  TOKEN_PROGRAM,
  accountText as textOf,
} from '../support/programAccountsText.js';

const track = closedAfterEach();
const TOKEN = TOKEN_PROGRAM;
const address = indexedAddress;
const accountText = (i: number, lamports?: string) => textOf(i, { lamports });

const envelope = (id: unknown, result: string) => `{"jsonrpc":"2.0","result":${result},"id":${JSON.stringify(id)}}`;
const configOf = (request: RecordedRequest) =>
  (request.json as { params: [string, Record<string, unknown>] }).params[1];

/** Writes `count` accounts in pieces, waiting for the socket to drain: the server side of backpressure. */
async function writeAccounts(
  res: ServerResponse,
  id: unknown,
  count: number,
  written: { bytes: number },
  item = accountText,
): Promise<void> {
  res.writeHead(200, { 'content-type': 'application/json' });
  const write = (text: string) =>
    new Promise<void>((resolve) => {
      written.bytes += text.length;
      if (res.write(text)) resolve();
      else res.once('drain', resolve);
    });
  await write(`{"jsonrpc":"2.0","result":[`);
  for (let i = 0; i < count; i += 100) {
    const items: string[] = [];
    for (let j = i; j < Math.min(count, i + 100); j++) items.push(item(j));
    if (res.destroyed) return;
    await write((i === 0 ? '' : ',') + items.join(','));
  }
  res.end(`],"id":${JSON.stringify(id)}}`);
}

describe('streamProgramAccounts', () => {
  it('yields every account as getProgramAccounts decodes it, exact u64s and bytes', async () => {
    const server = track(await startServer());
    server.reply((request, res) => {
      if (methodOf(request) === 'getProgramAccountsV2') {
        res.end(
          envelope(idOf(request), 'null').replace(
            '"result":null',
            '"error":{"code":-32601,"message":"Method not found"}',
          ),
        );
        return;
      }
      void writeAccounts(res, idOf(request), 3_000, { bytes: 0 });
    });
    const rpc = createRpc(server.url);
    const streamed: KeyedAccount<Uint8Array>[] = [];
    for await (const account of streamProgramAccounts(rpc, TOKEN, { filters: [{ dataSize: 165 }] }))
      streamed.push(account);
    const whole = await rpc.getProgramAccounts(TOKEN, { filters: [{ dataSize: 165 }] });
    expect(streamed).toHaveLength(3_000);
    expect(streamed).toEqual(whole);
    expect(streamed[2_999]?.account.rentEpoch).toBe(18446744073709551615n);
    expect(streamed[7]?.account.data).toEqual(new Uint8Array(165).fill(7));
    // auto: V2 asked first, then getProgramAccounts with the same config.
    expect(server.requests.map(methodOf).slice(0, 2)).toEqual(['getProgramAccountsV2', 'getProgramAccounts']);
    expect(configOf(server.requests[1] as RecordedRequest)).toEqual({
      encoding: 'base64',
      filters: [{ dataSize: 165 }],
    });
  });

  it('reads the socket no faster than the loop takes accounts (backpressure)', async () => {
    const server = track(await startServer());
    const written = { bytes: 0 };
    server.reply((request, res) => void writeAccounts(res, idOf(request), 200_000, written));
    const rpc = createRpc(server.url);
    const stream = streamProgramAccounts(rpc, TOKEN, { paging: 'none' });
    const first = await stream.next();
    expect(first.done).toBe(false);
    // The loop holds: the server can write only what the socket buffers and one run or two hold.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const paused = written.bytes;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(written.bytes).toBe(paused);
    expect(paused).toBeLessThan(16 * 1024 * 1024); // the whole answer is about 66 MB
    let count = 1;
    for await (const _ of stream) count++;
    expect(count).toBe(200_000);
  });

  it('pages through getProgramAccountsV2 until a null key, with limit and key sent', async () => {
    const server = track(await startServer());
    const pages = [
      { from: 0, to: 4, key: 'k1' },
      { from: 4, to: 4, key: 'k2' }, // an empty page is not the end
      { from: 4, to: 7, key: null },
    ];
    server.reply((request, res) => {
      const page = pages[server.requests.length - 1] ?? pages[2];
      const items = [];
      for (let i = page?.from ?? 0; i < (page?.to ?? 0); i++) items.push(accountText(i));
      res.end(
        envelope(
          idOf(request),
          `{"accounts":[${items.join(',')}],"paginationKey":${JSON.stringify(page?.key)},"totalResults":7}`,
        ),
      );
    });
    const rpc = createRpc(server.url);
    const keys: string[] = [];
    for await (const { pubkey } of streamProgramAccounts(rpc, TOKEN, { pageSize: 4, changedSinceSlot: 5n }))
      keys.push(pubkey);
    expect(keys).toEqual([0, 1, 2, 3, 4, 5, 6].map(address));
    expect(server.requests.map(configOf)).toEqual([
      { encoding: 'base64', limit: 4, changedSinceSlot: 5 },
      { encoding: 'base64', limit: 4, paginationKey: 'k1', changedSinceSlot: 5 },
      { encoding: 'base64', limit: 4, paginationKey: 'k2', changedSinceSlot: 5 },
    ]);
  });

  it('takes a bare list answered to getProgramAccountsV2 (a server ignoring the method) as all the accounts', async () => {
    const server = track(await startServer());
    server.reply((request, res) => void writeAccounts(res, idOf(request), 5_000, { bytes: 0 }));
    const keys: string[] = [];
    for await (const { pubkey } of streamProgramAccounts(createRpc(server.url), TOKEN)) keys.push(pubkey);
    expect(keys).toEqual(Array.from({ length: 5_000 }, (_, i) => address(i)));
    expect(server.requests.map(methodOf)).toEqual(['getProgramAccountsV2']);
  });

  it('refuses a paginationKey that comes back (paging would never end)', async () => {
    const server = track(await startServer());
    server.reply((request, res) =>
      res.end(envelope(idOf(request), `{"accounts":[${accountText(server.requests.length)}],"paginationKey":"again"}`)),
    );
    const seen: string[] = [];
    const loop = async () => {
      for await (const { pubkey } of streamProgramAccounts(createRpc(server.url), TOKEN, { paging: 'v2' }))
        seen.push(pubkey);
    };
    await expect(loop()).rejects.toMatchObject({ name: 'ValidationError', path: 'result.paginationKey' });
    expect(seen).toHaveLength(2);
  });

  it("with paging 'v2', a node without V2 fails the loop (no fallback)", async () => {
    const server = track(await startServer());
    server.reply((request, res) =>
      res.end(`{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":${idOf(request)}}`),
    );
    const loop = async () => {
      for await (const _ of streamProgramAccounts(createRpc(server.url), TOKEN, { paging: 'v2' })) {
      }
    };
    await expect(loop()).rejects.toMatchObject({ name: 'RpcError', code: -32601 });
    expect(server.requests).toHaveLength(1);
  });

  it('ends with the ValidationError naming the account by its place in the whole answer', async () => {
    const server = track(await startServer());
    server.reply(
      (request, res) =>
        void writeAccounts(res, idOf(request), 5_000, { bytes: 0 }, (i) =>
          accountText(i, i === 4_321 ? '-1' : undefined),
        ),
    );
    const seen: string[] = [];
    const loop = async () => {
      for await (const { pubkey } of streamProgramAccounts(createRpc(server.url), TOKEN, { paging: 'none' }))
        seen.push(pubkey);
    };
    await expect(loop()).rejects.toMatchObject({ name: 'ValidationError', path: 'result.4321.account.lamports' });
    expect(seen.length).toBeLessThanOrEqual(4_321);
    expect(seen).toEqual(Array.from({ length: seen.length }, (_, i) => address(i)));
  });

  it('retries a failure before the first account, and never after it (no account twice)', async () => {
    const server = track(await startServer());
    server.reply((_request, res) => {
      if (server.requests.length === 1) {
        res.statusCode = 503;
        res.end('busy');
        return;
      }
      // A body cut off after some accounts.
      res.writeHead(200, { 'content-type': 'application/json' });
      const items = Array.from({ length: 2_000 }, (_, i) => accountText(i)).join(',');
      res.write(`{"jsonrpc":"2.0","result":[${items},`);
      setTimeout(() => res.destroy(), 50);
    });
    const rpc = createRpc(server.url, { retry: { baseDelayMs: 1, maxDelayMs: 1 } });
    const seen: string[] = [];
    const loop = async () => {
      for await (const { pubkey } of streamProgramAccounts(rpc, TOKEN, { paging: 'none' })) seen.push(pubkey);
    };
    await expect(loop()).rejects.toMatchObject({ name: 'NetworkError' });
    expect(server.requests).toHaveLength(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThan(0);
  });

  it('times out on a silent server, but not on a slow loop', async () => {
    const server = track(await startServer());
    server.reply((request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(`{"jsonrpc":"2.0","result":[${Array.from({ length: 300 }, (_, i) => accountText(i)).join(',')},`);
      if ((request.json as { params: unknown[] }).params.length > 0 && server.requests.length === 1) return; // then silence
    });
    const rpc = createRpc(server.url, { retry: false });
    const silent = async () => {
      for await (const _ of streamProgramAccounts(rpc, TOKEN, { paging: 'none', timeoutMs: 200 })) {
      }
    };
    await expect(silent()).rejects.toMatchObject({ name: 'TimeoutError' });

    server.reply((request, res) => void writeAccounts(res, idOf(request), 2_000, { bytes: 0 }));
    let count = 0;
    const started = Date.now();
    for await (const _ of streamProgramAccounts(rpc, TOKEN, { paging: 'none', timeoutMs: 1_000 })) {
      // Each pause of the loop is longer than timeoutMs; the server is never silent that long (a margin
      // of a second for a machine with both cores busy).
      if (count++ % 500 === 0) await new Promise((resolve) => setTimeout(resolve, 1_200));
    }
    expect(Date.now() - started).toBeGreaterThan(4 * 1_200);
    expect(count).toBe(2_000);
  });

  it('cancels the request when the loop breaks, or the caller aborts', async () => {
    const server = track(await startServer());
    let closed = 0;
    server.reply((request, res) => {
      res.once('close', () => closed++);
      void writeAccounts(res, idOf(request), 500_000, { bytes: 0 });
    });
    const rpc = createRpc(server.url);
    for await (const _ of streamProgramAccounts(rpc, TOKEN, { paging: 'none' })) break;
    await expect.poll(() => closed).toBe(1);

    const controller = new AbortController();
    const loop = async () => {
      for await (const _ of streamProgramAccounts(rpc, TOKEN, { paging: 'none', signal: controller.signal }))
        controller.abort(new Error('enough'));
    };
    await expect(loop()).rejects.toMatchObject({ name: 'AbortError' });
    await expect.poll(() => closed).toBe(2);
  });

  it('getProgramAccounts reads an answer past 32 MiB in runs (chunked or sized), exactly as a short one', async () => {
    const server = track(await startServer());
    const COUNT = 100_000; // about 44 MB
    server.reply((request, res) => void writeAccounts(res, idOf(request), COUNT, { bytes: 0 }));
    const rpc = createRpc(server.url, { maxResponseBytes: 128 * 1024 * 1024 });
    const accounts = await rpc.getProgramAccounts(TOKEN, { filters: [{ dataSize: 165 }] });
    expect(accounts).toHaveLength(COUNT);
    for (const i of [0, 1, 31_337, COUNT - 1]) {
      expect(accounts[i]?.pubkey).toBe(address(i));
      expect(accounts[i]?.account.lamports).toBe(BigInt(2_039_280 + i));
      expect(accounts[i]?.account.rentEpoch).toBe(18446744073709551615n);
      expect(accounts[i]?.account.data).toEqual(new Uint8Array(165).fill(i % 251));
    }
  });

  it('checks its arguments before any request', async () => {
    const server = track(await startServer());
    const rpc = createRpc(server.url);
    const bad: [unknown, RegExp][] = [
      [{ paging: 'yes' }, /config\.paging/],
      [{ pageSize: 0 }, /config\.pageSize/],
      [{ pageSize: 10_001 }, /config\.pageSize/],
      [{ changedSinceSlot: -1 }, /config\.changedSinceSlot/],
      [{ paging: 'none', changedSinceSlot: 5 }, /config\.changedSinceSlot/],
      [{ paging: 'none', pageSize: 5 }, /config\.pageSize/],
      [{ withContext: true }, /withContext/],
      [{ filter: [] }, /filter/],
      [{ encoding: 'hex' }, /config\.encoding/],
      [{ timeoutMs: -1 }, /config\.timeoutMs/],
    ];
    for (const [config, param] of bad) {
      expect(() => streamProgramAccounts(rpc, TOKEN, config as never)).toThrow(InvalidInputError);
      expect(() => streamProgramAccounts(rpc, TOKEN, config as never)).toThrow(param);
    }
    expect(() => streamProgramAccounts(rpc, 'not an address', {})).toThrow(/programId/);
    expect(() => streamProgramAccounts({} as never, TOKEN)).toThrow(/rpc/);
    expect(server.requests).toHaveLength(0);
  });

  it('works over createRpcWith and over a client that is no solrpc client (read whole)', async () => {
    const server = track(await startServer());
    server.reply((request, res) => void writeAccounts(res, idOf(request), 50, { bytes: 0 }));
    const small = createRpcWith(server.url, { getProgramAccounts });
    let count = 0;
    for await (const _ of streamProgramAccounts(small, TOKEN, { paging: 'none' })) count++;
    expect(count).toBe(50);
    const wrapped = { getProgramAccounts: small.getProgramAccounts };
    count = 0;
    for await (const _ of streamProgramAccounts(wrapped as never, TOKEN)) count++;
    expect(count).toBe(50);
  });
});
