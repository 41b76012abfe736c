/**
 * Bounded memory (reliability.md rows 29-30, goal M): a 100 MB body, served chunked or with a lying
 * Content-Length from a real HTTP server on loopback, and a base64+zstd account that expands to 1 GiB,
 * must each fail with a typed error while the client process grows by no more than its limit plus a
 * small margin. Each call is measured in a fresh child process (memoryProbe.ts) for a clean baseline.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadZstd } from '../../src/codecs/zstd.js';
import { decodeResult } from '../../src/defineMethod.js';
import { DEFAULT_MAX_RESPONSE_BYTES, getAccountInfo, isSolRpcError } from '../../src/index.js';
import { contextFor } from '../support/decodeHarness.js';
import { buildClientBundle, type ClientBundle, MiB, type ProbeResult, runProbe } from '../support/memoryProbe.js';
import { rleBomb, zstdFrame } from '../support/zstdFrames.js';

const BODY_BYTES = 100 * 1000 * 1000; // 100 MB
const CHUNK = Buffer.alloc(64 * 1024, 'A'.charCodeAt(0));
const ADDRESS = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';

/** 1 GiB of zeros in RLE blocks: a 32 KiB frame, 44 KB of base64. */
const bomb = rleBomb(2 ** 30);
/** A frame whose header declares 1 GiB of content. */
const declaredBomb = zstdFrame([{ rle: 0, size: 1000 }], { contentSize: 2 ** 30 });

const account = (frame: Uint8Array) => ({
  data: [Buffer.from(frame).toString('base64'), 'base64+zstd'],
  executable: false,
  lamports: 2039280,
  owner: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  rentEpoch: '__U64_MAX__',
  space: 165,
});
const withU64Max = (json: string) => json.replaceAll('"__U64_MAX__"', '18446744073709551615');

let server: Server;
let base = '';
// Built while the file is collected, so a missing client can skip the tests rather than fail them.
const built = await buildClientBundle();
const bundle: ClientBundle | undefined = 'unavailable' in built ? undefined : built;
const unavailable = 'unavailable' in built ? built.unavailable : '';
if (unavailable) console.warn(`memory.test.ts: SKIPPED, no client to run in a child process: ${unavailable}`);
else console.info(`memory.test.ts: child processes run solrpc from ${bundle?.source}`);
interface Served {
  path: string;
  bytesWritten: number;
  closedEarly: boolean;
  /** Settles when the server stops writing: the whole body sent, or the client gone. */
  finished: Promise<void>;
}
const served: Served[] = [];

function readId(request: IncomingMessage): Promise<number> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      try {
        resolve((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number }).id);
      } catch {
        resolve(1);
      }
    });
  });
}

/** Writes a 100 MB JSON-RPC body of one long string, with back-pressure, until done or the client leaves. */
async function streamHugeBody(response: ServerResponse, id: number, record: Served): Promise<void> {
  const head = Buffer.from(`{"jsonrpc":"2.0","id":${id},"result":"`);
  const tail = Buffer.from('"}');
  let closed = false;
  response.on('close', () => {
    closed = true;
    record.closedEarly = !response.writableFinished;
  });
  // Waits for whichever comes first, drain or close, and removes the other listener: left in place,
  // one 'close' listener per wait piled up on the response (MaxListenersExceededWarning).
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve) => {
      if (response.write(chunk)) return resolve();
      const done = () => {
        response.off('drain', done);
        response.off('close', done);
        resolve();
      };
      response.on('drain', done);
      response.on('close', done);
    });
  await write(head);
  record.bytesWritten += head.length;
  let left = BODY_BYTES - head.length - tail.length;
  while (left > 0 && !closed) {
    const chunk = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
    await write(chunk);
    record.bytesWritten += chunk.length;
    left -= chunk.length;
  }
  if (!closed) response.end(tail);
}

beforeAll(async () => {
  await loadZstd();

  server = createServer(async (request, response) => {
    const id = await readId(request);
    const path = request.url ?? '/';
    let finish = () => {};
    const record: Served = {
      path,
      bytesWritten: 0,
      closedEarly: false,
      finished: new Promise((resolve) => {
        finish = resolve;
      }),
    };
    served.push(record);
    response.on('close', () => finish());
    response.on('error', () => undefined);
    const json = (status: number, text: string) => {
      response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      response.end(text);
    };
    switch (path) {
      case '/small':
        return json(200, `{"jsonrpc":"2.0","result":{"context":{"slot":1},"value":5},"id":${id}}`);
      case '/chunked':
        response.writeHead(200, { 'content-type': 'application/json' }); // no Content-Length: chunked
        return streamHugeBody(response, id, record);
      case '/honest-length':
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': BODY_BYTES });
        return streamHugeBody(response, id, record);
      case '/length-claims-less':
        // Claims 4 MiB, under the limit, then sends 100 MB: the client must read no more than it claimed.
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': 4 * MiB });
        return streamHugeBody(response, id, record);
      case '/length-claims-more':
        // Claims 1 GB, sends 100 MB.
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 * 1000 * 1000 });
        return streamHugeBody(response, id, record);
      case '/zstd-bomb':
        return json(
          200,
          withU64Max(JSON.stringify({ jsonrpc: '2.0', result: { context: { slot: 1 }, value: account(bomb) }, id })),
        );
      case '/zstd-declared-bomb':
        return json(
          200,
          withU64Max(
            JSON.stringify({ jsonrpc: '2.0', result: { context: { slot: 1 }, value: account(declaredBomb) }, id }),
          ),
        );
      case '/zstd-bombs-delegate':
        return json(
          200,
          withU64Max(
            JSON.stringify({
              jsonrpc: '2.0',
              result: {
                context: { slot: 1 },
                value: [1, 2, 3].map(() => ({ pubkey: ADDRESS, account: account(bomb) })),
              },
              id,
            }),
          ),
        );
      default:
        return json(404, '{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  bundle?.dispose();
  await new Promise<void>((resolve) => {
    server?.closeAllConnections();
    server ? server.close(() => resolve()) : resolve();
  });
});

const growth = (r: ProbeResult) => ({
  rss: r.peakRss - r.baseRss,
  arrayBuffers: r.peakArrayBuffers - r.baseArrayBuffers,
});
const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

async function probe(
  path: string,
  options: Record<string, unknown>,
  method = 'getBalance',
  args: unknown[] = [ADDRESS],
) {
  if (!bundle) throw new Error('no client bundle');
  const result = await runProbe(bundle, { warmUrl: `${base}/small`, url: `${base}${path}`, options, method, args });
  const g = growth(result);
  console.info(
    `memory.test.ts ${path} ${JSON.stringify(options)}: ${JSON.stringify(result.outcome)} in ${result.elapsedMs.toFixed(0)} ms, RSS +${mib(g.rss)}, arrayBuffers +${mib(g.arrayBuffers)}`,
  );
  return { ...result, growth: g };
}

describe.skipIf(unavailable !== '')('a 100 MB body', () => {
  const caps = [
    { name: 'maxResponseBytes 8 MiB', options: { maxResponseBytes: 8 * MiB }, cap: 8 * MiB },
    { name: 'the default cap (64 MiB)', options: {}, cap: DEFAULT_MAX_RESPONSE_BYTES },
  ];

  it.each(caps)(
    'chunked, with $name: ResponseTooLargeError, growth under the cap + 64 MiB',
    async ({ options, cap }) => {
      const r = await probe('/chunked', options);
      expect(r.outcome).toMatchObject({
        ok: false,
        name: 'ResponseTooLargeError',
        typed: true,
        what: 'body',
        limit: cap,
      });
      expect(r.growth.rss, mib(r.growth.rss)).toBeLessThan(cap + 64 * MiB);
      expect(r.growth.arrayBuffers, mib(r.growth.arrayBuffers)).toBeLessThan(cap + 64 * MiB);
      expect(r.elapsedMs).toBeLessThan(20_000);
      // The client stopped reading and closed the connection: the server never wrote the whole body.
      const record = served.filter((s) => s.path === '/chunked').at(-1) as Served;
      await record.finished;
      expect(record.closedEarly).toBe(true);
      expect(record.bytesWritten).toBeLessThan(BODY_BYTES);
    },
    60_000,
  );

  it.each(caps)(
    'with an honest Content-Length, with $name: refused before reading',
    async ({ options, cap }) => {
      const r = await probe('/honest-length', options);
      expect(r.outcome).toMatchObject({ ok: false, name: 'ResponseTooLargeError', typed: true, limit: cap });
      expect(r.growth.rss, mib(r.growth.rss)).toBeLessThan(64 * MiB);
    },
    60_000,
  );

  it('with a Content-Length claiming 1 GB: refused before reading', async () => {
    const r = await probe('/length-claims-more', { maxResponseBytes: 8 * MiB });
    expect(r.outcome).toMatchObject({ ok: false, name: 'ResponseTooLargeError', typed: true, limit: 8 * MiB });
    expect(r.growth.rss, mib(r.growth.rss)).toBeLessThan(64 * MiB);
  }, 60_000);

  it('with a Content-Length claiming 4 MiB (under the cap): at most 4 MiB is read, a typed error follows', async () => {
    const r = await probe('/length-claims-less', { maxResponseBytes: 8 * MiB });
    // The body ends where its length said: 4 MiB of an unterminated string, which is not JSON.
    expect(r.outcome).toMatchObject({ ok: false, typed: true });
    expect(['InvalidResponseError', 'ResponseTooLargeError', 'NetworkError']).toContain(
      (r.outcome as { name: string }).name,
    );
    expect(r.growth.rss, mib(r.growth.rss)).toBeLessThan(8 * MiB + 64 * MiB);
  }, 60_000);
});

describe.skipIf(unavailable !== '')('a base64+zstd account expanding to 1 GiB', () => {
  it('is refused: ResponseTooLargeError for the decompressed data, RSS growth under 64 MiB', async () => {
    expect(bomb.length).toBeLessThan(40 * 1024);
    const r = await probe('/zstd-bomb', {}, 'getAccountInfo', [ADDRESS, { encoding: 'base64+zstd' }]);
    expect(r.outcome).toMatchObject({
      ok: false,
      name: 'ResponseTooLargeError',
      typed: true,
      what: 'decompressed data',
      limit: 10 * MiB,
    });
    expect(r.growth.rss, mib(r.growth.rss)).toBeLessThan(64 * MiB);
    expect(r.growth.arrayBuffers, mib(r.growth.arrayBuffers)).toBeLessThan(64 * MiB);
  }, 60_000);

  it('is refused for every account of a getTokenAccountsByDelegate response, RSS growth under 64 MiB', async () => {
    const r = await probe('/zstd-bombs-delegate', {}, 'getTokenAccountsByDelegate', [
      ADDRESS,
      { programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' },
      { encoding: 'base64+zstd' },
    ]);
    expect(r.outcome).toMatchObject({ ok: false, name: 'ResponseTooLargeError', what: 'decompressed data' });
    expect(r.growth.rss, mib(r.growth.rss)).toBeLessThan(64 * MiB);
  }, 60_000);

  it('declared in the frame header: refused before decompressing anything', async () => {
    const r = await probe('/zstd-declared-bomb', { maxDecompressedBytes: 1 * MiB }, 'getAccountInfo', [
      ADDRESS,
      { encoding: 'base64+zstd' },
    ]);
    expect(r.outcome).toMatchObject({
      ok: false,
      name: 'ResponseTooLargeError',
      what: 'decompressed data',
      limit: MiB,
    });
    expect(r.growth.rss, mib(r.growth.rss)).toBeLessThan(16 * MiB);
  }, 60_000);
});

// The same bomb through the decode path in this process: quick, and not dependent on a child process.
describe('the zstd bomb in-process', () => {
  it('stops at maxDecompressedBytes with a typed error, allocating about that much', async () => {
    const prepared = getAccountInfo.prepare([ADDRESS, { encoding: 'base64+zstd' }]);
    const result = { context: { slot: 1 }, value: { ...account(bomb), rentEpoch: 0 } };
    const before = process.memoryUsage().arrayBuffers;
    let error: unknown;
    try {
      await decodeResult(getAccountInfo, result, contextFor(getAccountInfo), prepared);
    } catch (e) {
      error = e;
    }
    expect(isSolRpcError(error, 'ResponseTooLargeError') && error.what).toBe('decompressed data');
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(32 * MiB);
  });
});
