/**
 * The HTTP transport attacked by a hostile server over loopback (issue 29): a slowloris body, headers with
 * no body ever, batch answers out of order, duplicated, missing or foreign, one AbortSignal shared by a
 * thousand calls, a signal aborted before the call, and the URL's secrets under every kind of failure.
 * Each ends in a typed error within a bound the docs state (docs/reliability.md), with nothing leaked.
 * Deadlines here guard against a hang; the outcome is decided by what the client did, never by a race.
 */
import { getEventListeners } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createBasicTransport,
  createHttpTransport,
  createRpc,
  type FetchLike,
  isSolRpcError,
} from '../../src/index.js';
import { createNodeFetch } from '../../src/node.js';
import { viewsOfError } from '../support/canaryScan.js';
import { failure } from '../support/failure.js';
import { closedPort } from '../support/httpServer.js';

const ADDRESS = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';
const BALANCE = (id: unknown, value = 5) =>
  `{"jsonrpc":"2.0","result":{"context":{"slot":1},"value":${value}},"id":${JSON.stringify(id)}}`;

// ---------------------------------------------------------------- a raw server that misbehaves byte by byte

interface Raw {
  port: number;
  origin: string;
  /** Requests received, with their bodies. */
  bodies: string[];
  handle(next: (socket: Socket, body: string) => void): void;
  close(): Promise<void>;
}

/** A TCP server that reads one HTTP/1.1 request per connection and hands the socket to the handler. */
async function startRaw(): Promise<Raw> {
  const sockets = new Set<Socket>();
  const bodies: string[] = [];
  let handler: (socket: Socket, body: string) => void = (socket) => socket.destroy();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    const timers: ReturnType<typeof setInterval>[] = [];
    (socket as Socket & { timers?: typeof timers }).timers = timers;
    socket.on('close', () => {
      sockets.delete(socket);
      for (const timer of timers) clearInterval(timer);
    });
    socket.on('error', () => undefined);
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      const end = buffer.indexOf('\r\n\r\n');
      if (end === -1) return;
      const length = Number(/content-length: *(\d+)/i.exec(buffer.slice(0, end))?.[1] ?? 0);
      if (buffer.length < end + 4 + length) return;
      const body = buffer.slice(end + 4, end + 4 + length);
      buffer = '';
      bodies.push(body);
      handler(socket, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    bodies,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Writes one byte of `text` every `ms`, for as long as the socket lives. */
function dribble(socket: Socket, text: string, ms: number): void {
  let at = 0;
  const timer = setInterval(() => {
    if (socket.destroyed) return clearInterval(timer);
    socket.write(text[at % text.length] as string);
    at++;
  }, ms);
  (socket as Socket & { timers: ReturnType<typeof setInterval>[] }).timers.push(timer);
}

let raw: Raw;
const extraServers: Server[] = [];
beforeAll(async () => {
  raw = await startRaw();
});
afterEach(() => {
  raw.bodies.length = 0;
});
afterAll(async () => {
  for (const server of extraServers) server.close();
  await raw.close();
});

/** The fetches a client may use in Node: solrpc's default pool, and Node's own fetch (undici). */
const FETCHES: ReadonlyArray<[string, () => FetchLike | undefined]> = [
  ['the default node:http pool', () => undefined],
  ['createNodeFetch', () => createNodeFetch()],
  ["Node's global fetch", () => globalThis.fetch as FetchLike],
];

/** How long a call may take beyond its bound on a busy machine: timers fire late, never early. */
const SLACK_MS = 1500;

async function timed<T>(call: () => Promise<T>): Promise<{ error: Error; ms: number }> {
  const start = performance.now();
  const error = await failure(call());
  return { error, ms: performance.now() - start };
}

// ---------------------------------------------------------------- slow and silent bodies

/**
 * Runs a case against a raw server of its own, so that the cases below, which wait out real timeouts, run
 * side by side (describe.concurrent) with no request of one counted in another's `bodies`.
 */
function withOwnRaw(body: (raw: Raw) => Promise<void>): Promise<void> {
  return startRaw().then((raw) => body(raw).finally(() => raw.close()));
}

describe.concurrent('a slowloris server: headers, then the body one byte per 100 ms for ever', () => {
  const slowloris = (declared: boolean) => (socket: Socket) => {
    const headers = declared
      ? 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n'
      : 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n';
    socket.write(headers);
    if (declared) dribble(socket, '{"jsonrpc":"2.0","result":', 100);
    else dribble(socket, '1\r\n \r\n', 100 / 7);
  };

  describe.each([
    ['Content-Length', true],
    ['chunked', false],
  ] as const)('(%s)', (_framing, declared) => {
    it.each(FETCHES)('timeoutMs bounds one attempt, body included (%s)', (_name, fetch) =>
      withOwnRaw(async (raw) => {
        raw.handle(slowloris(declared));
        const transport = createBasicTransport(raw.origin, { timeoutMs: 400, fetch: fetch() });
        const { error, ms } = await timed(() => transport({ method: 'getSlot', params: [] }));
        expect(isSolRpcError(error, 'TimeoutError') && error.timeoutMs).toBe(400);
        expect(ms).toBeLessThan(400 + SLACK_MS);
        expect(raw.bodies).toHaveLength(1);
      }),
    );

    it.each(FETCHES)('totalTimeoutMs bounds the call, retries included (%s)', (_name, fetch) =>
      withOwnRaw(async (raw) => {
        raw.handle(slowloris(declared));
        const rpc = createRpc(raw.origin, {
          timeoutMs: 300,
          totalTimeoutMs: 800,
          retry: { baseDelayMs: 1, maxDelayMs: 1, maxRetries: 10 },
          fetch: fetch(),
        });
        const { error, ms } = await timed(() => rpc.getSlot());
        expect(isSolRpcError(error, 'TimeoutError')).toBe(true);
        expect(ms).toBeLessThan(800 + SLACK_MS);
        // Attempts of 300 ms (never less: timers fire late, not early) within 800 ms: three at most, the
        // last cut short by the total.
        expect(raw.bodies.length).toBeLessThanOrEqual(3);
      }),
    );
  });
});

describe.concurrent('a server that sends the headers and never a body', () => {
  it.each(FETCHES)('ends the attempt at timeoutMs and the call at totalTimeoutMs (%s)', (_name, fetch) =>
    withOwnRaw(async (raw) => {
      raw.handle((socket) =>
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 50\r\n\r\n'),
      );
      const rpc = createRpc(raw.origin, {
        timeoutMs: 250,
        totalTimeoutMs: 600,
        retry: { baseDelayMs: 1 },
        fetch: fetch(),
      });
      const { error, ms } = await timed(() => rpc.getSlot());
      expect(isSolRpcError(error, 'TimeoutError')).toBe(true);
      expect(ms).toBeLessThan(600 + SLACK_MS);
    }),
  );
});

describe.concurrent('a server that dribbles its headers one byte per 100 ms', () => {
  it.each(FETCHES)('ends the attempt at timeoutMs (%s)', (_name, fetch) =>
    withOwnRaw(async (raw) => {
      raw.handle((socket) =>
        dribble(socket, 'HTTP/1.1 200 OK\r\nx-padding: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 100),
      );
      const transport = createBasicTransport(raw.origin, { timeoutMs: 400, fetch: fetch() });
      const { error, ms } = await timed(() => transport({ method: 'getSlot', params: [] }));
      expect(isSolRpcError(error, 'TimeoutError') && error.timeoutMs).toBe(400);
      expect(ms).toBeLessThan(400 + SLACK_MS);
    }),
  );
});

describe.concurrent('aborting while a slowloris body is being read', () => {
  it.each(FETCHES)('rejects with AbortError at once, not at the timeout (%s)', (_name, fetch) =>
    withOwnRaw(async (raw) => {
      let headersSent!: () => void;
      const sent = new Promise<void>((resolve) => {
        headersSent = resolve;
      });
      raw.handle((socket) => {
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n');
        dribble(socket, '1\r\n \r\n', 100 / 7);
        headersSent();
      });
      const controller = new AbortController();
      const rpc = createRpc(raw.origin, { timeoutMs: 20_000, totalTimeoutMs: 30_000, fetch: fetch() });
      const call = rpc.getSlot({ signal: controller.signal });
      await sent;
      const start = performance.now();
      controller.abort();
      const error = await failure(call);
      expect(isSolRpcError(error, 'AbortError')).toBe(true);
      expect(performance.now() - start).toBeLessThan(SLACK_MS);
      expect(raw.bodies).toHaveLength(1);
    }),
  );
});

describe.concurrent('Retry-After far beyond any budget, over the wire', () => {
  it.each(['99999999999', 'Fri, 31 Dec 9999 23:59:59 GMT'])('%s: RateLimitedError after one request', (value) =>
    withOwnRaw(async (raw) => {
      raw.handle((socket) =>
        socket.end(
          `HTTP/1.1 429 Too Many Requests\r\nretry-after: ${value}\r\ncontent-length: 4\r\nconnection: close\r\n\r\nslow`,
        ),
      );
      const error = await failure(createRpc(raw.origin).getSlot());
      expect(isSolRpcError(error, 'RateLimitedError') && error.retryAfterMs).toBeGreaterThan(2 ** 31);
      expect(error.message).toMatch(/asked to wait \d+ ms \(HTTP 429\), more than the 30000 ms allowed/);
      expect(raw.bodies).toHaveLength(1);
    }),
  );
});

describe.concurrent('calls waiting behind a probe that hangs', () => {
  // A 429 cools the endpoint down; when the pause ends one call probes and the others wait for its
  // outcome. A probe that hangs must not hold the others past their own deadline or their abort.
  it(
    'each waiter still ends at its totalTimeoutMs, or at once when aborted',
    () =>
      withOwnRaw(async (raw) => {
        raw.handle((socket) => {
          if (raw.bodies.length === 1) {
            socket.end(
              'HTTP/1.1 429 Too Many Requests\r\nretry-after: 1\r\ncontent-length: 0\r\nconnection: close\r\n\r\n',
            );
          }
          // Later requests (the probe) are never answered.
        });
        const rpc = createRpc(raw.origin, { timeoutMs: 1500, totalTimeoutMs: 2500, coalesce: false });
        const prober = new AbortController();
        const probe = rpc.getBalance(ADDRESS, { minContextSlot: 1, timeoutMs: 20_000, signal: prober.signal });
        probe.catch(() => undefined);
        // The pause is 1 s; the probe goes out after it, and hangs.
        const deadline = performance.now() + 5000;
        while (raw.bodies.length < 2 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 10));
        expect(raw.bodies).toHaveLength(2);
        const aborter = new AbortController();
        const started = performance.now();
        const late = timed(() => rpc.getBalance(ADDRESS, { minContextSlot: 2 }));
        const aborted = timed(() => rpc.getBalance(ADDRESS, { minContextSlot: 3, signal: aborter.signal }));
        setTimeout(() => aborter.abort(), 100);
        const [waited, gaveUp] = await Promise.all([late, aborted]);
        prober.abort();
        expect(isSolRpcError(gaveUp.error, 'AbortError')).toBe(true);
        expect(gaveUp.ms).toBeLessThan(100 + SLACK_MS);
        expect(isSolRpcError(waited.error, 'TimeoutError')).toBe(true);
        expect(performance.now() - started).toBeLessThan(2500 + SLACK_MS);
        // Neither sent a request while the probe was out.
        expect(raw.bodies).toHaveLength(2);
      }),
    15_000,
  );
});

// ---------------------------------------------------------------- batch answers that lie about ids

describe('batch answers', () => {
  /** Answers each batch with `answer(ids)`, a list of JSON-RPC response texts. */
  const batchServer = (answer: (ids: number[]) => string[]) =>
    raw.handle((socket, body) => {
      const ids = (JSON.parse(body) as Array<{ id: number }>).map((call) => call.id);
      const text = `[${answer(ids).join(',')}]`;
      socket.end(
        `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
      );
    });
  const client = () => createRpc(raw.origin, { batch: true, retry: false, coalesce: false });
  /** Three calls in one batch; each answer's value is its id, so a misattributed answer shows. */
  const three = (rpc: ReturnType<typeof client>) =>
    Promise.allSettled([
      rpc.getBalance(ADDRESS, { minContextSlot: 1 }),
      rpc.getBalance(ADDRESS, { minContextSlot: 2 }),
      rpc.getBalance(ADDRESS, { minContextSlot: 3 }),
    ]);
  const sentIds = () => (JSON.parse(raw.bodies[0] as string) as Array<{ id: number }>).map((call) => call.id);
  const outcomeOf = (outcome: PromiseSettledResult<{ value: bigint }>) =>
    outcome.status === 'fulfilled' ? outcome.value.value : (outcome.reason as { reason?: string }).reason;

  it('out of order: each call gets the answer to its own id', async () => {
    batchServer((ids) => [...ids].reverse().map((id) => BALANCE(id, id)));
    const outcomes = await three(client());
    expect(raw.bodies).toHaveLength(1);
    expect(outcomes.map(outcomeOf)).toEqual(sentIds().map(BigInt));
  });

  it('a duplicated id: that call fails with InvalidResponseError, never takes either answer; the others stand', async () => {
    batchServer(([a, b, c]) => [BALANCE(a, a), BALANCE(b, 1000), BALANCE(c, c), BALANCE(b, 2000)]);
    const [first, second, third] = await three(client());
    const [a, , c] = sentIds();
    expect(first && outcomeOf(first)).toBe(BigInt(a as number));
    expect(third && outcomeOf(third)).toBe(BigInt(c as number));
    expect(second?.status).toBe('rejected');
    const error = (second as PromiseRejectedResult).reason;
    expect(isSolRpcError(error, 'InvalidResponseError') && error.reason).toBe('id-mismatch');
    expect(error.message).toMatch(/2 responses for id/);
  });

  it('a duplicated id, once as a number and once as a string: the same', async () => {
    batchServer(([a, b, c]) => [BALANCE(a, a), BALANCE(b, b), BALANCE(String(b), 7), BALANCE(c, c)]);
    const outcomes = await three(client());
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('a missing id: that call fails with missing-response; the others stand', async () => {
    batchServer(([a, , c]) => [BALANCE(c, c), BALANCE(a, a)]);
    const outcomes = await three(client());
    const [a, , c] = sentIds();
    expect(outcomes.map(outcomeOf)).toEqual([BigInt(a as number), 'missing-response', BigInt(c as number)]);
  });

  it('extra ids (answers to requests never sent) are ignored; every call still gets its own', async () => {
    batchServer((ids) => [
      BALANCE(99_999, 1),
      ...ids.map((id) => BALANCE(id, id)),
      BALANCE(null, 2),
      '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid request"},"id":null}',
      '"not a response"',
    ]);
    const outcomes = await three(client());
    expect(outcomes.map(outcomeOf)).toEqual(sentIds().map(BigInt));
  });

  it("a call's own timeoutMs holds when batching is on, whatever the batch's others ask", async () => {
    raw.handle(() => undefined); // never answers
    const rpc = createRpc(raw.origin, { batch: true, retry: false, timeoutMs: 1500, totalTimeoutMs: 2000 });
    const patient = rpc.getSlot().catch((error: unknown) => error);
    const { error, ms } = await timed(() => rpc.getBalance(ADDRESS, { timeoutMs: 200 }));
    expect(isSolRpcError(error, 'TimeoutError') && error.timeoutMs).toBe(200);
    expect(ms).toBeLessThan(200 + SLACK_MS);
    expect(isSolRpcError(await patient, 'TimeoutError')).toBe(true);
  }, 15_000);

  it('an empty array: every call fails with missing-response', async () => {
    batchServer(() => []);
    const outcomes = await three(client());
    expect(outcomes.map(outcomeOf)).toEqual(['missing-response', 'missing-response', 'missing-response']);
  });
});

// ---------------------------------------------------------------- abort signals

/** A fetch that never answers: each request ends only when its signal aborts. Counts its calls. */
function hangingFetch() {
  let calls = 0;
  const fetch: FetchLike = (_url, init) => {
    calls++;
    return new Promise((_resolve, reject) => {
      const signal = init?.signal;
      if (signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
    });
  };
  return { fetch, calls: () => calls };
}

/** Node warnings emitted while `body` runs (MaxListenersExceededWarning among them). */
async function warningsDuring(body: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const onWarning = (warning: Error) => seen.push(`${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);
  try {
    await body();
    // Warnings are emitted on a later tick.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', onWarning);
  }
  return seen;
}

describe('one AbortSignal shared by 1,000 concurrent calls', () => {
  const CLIENTS: ReadonlyArray<[string, Parameters<typeof createRpc>[1]]> = [
    ['createRpc defaults', {}],
    ['coalesce off', { coalesce: false }],
    ['batching', { batch: { maxSize: 50 } }],
    ['no retries', { retry: false, coalesce: false }],
  ];

  it.each(CLIENTS)(
    'no listener warning, one listener at most while they run, none after; abort rejects them all (%s)',
    async (_name, options) => {
      const { fetch, calls } = hangingFetch();
      const rpc = createRpc('https://rpc.test/', { ...options, fetch });
      const controller = new AbortController();
      const { signal } = controller;
      let outcomes: PromiseSettledResult<unknown>[] = [];
      let during = 0;
      const warnings = await warningsDuring(async () => {
        const pending = Array.from({ length: 1000 }, (_, i) => rpc.getBalance(ADDRESS, { minContextSlot: i, signal }));
        // Let every call reach its request.
        for (let i = 0; i < 20 && calls() < (options?.batch ? 20 : 1000); i++) {
          await new Promise((resolve) => setImmediate(resolve));
        }
        during = getEventListeners(signal, 'abort').length;
        // From here the clock stands still: a rejection that waited for a timer set after the abort would
        // never come (the test's deadline catches that hang), so all of them settling proves the abort
        // alone ended them, however slow the machine.
        vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
        try {
          controller.abort(new Error('user gave up'));
          outcomes = await Promise.allSettled(pending);
        } finally {
          vi.useRealTimers();
        }
      });
      expect(warnings).toEqual([]);
      expect(during).toBeLessThanOrEqual(1);
      expect(getEventListeners(signal, 'abort')).toHaveLength(0);
      expect(outcomes).toHaveLength(1000);
      expect(outcomes.every((o) => o.status === 'rejected' && isSolRpcError(o.reason, 'AbortError'))).toBe(true);
    },
  );

  it('calls that end normally leave no listener on the shared signal', async () => {
    const fetch: FetchLike = async (_url, init) => {
      const { id } = JSON.parse(String(init?.body)) as { id: number };
      return new Response(BALANCE(id), { headers: { 'content-type': 'application/json' } });
    };
    const rpc = createRpc('https://rpc.test/', { fetch });
    const { signal } = new AbortController();
    const warnings = await warningsDuring(async () => {
      await Promise.all(Array.from({ length: 1000 }, (_, i) => rpc.getBalance(ADDRESS, { minContextSlot: i, signal })));
    });
    expect(warnings).toEqual([]);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });
});

describe('a signal aborted before the call', () => {
  const TRANSPORTS: ReadonlyArray<[string, (fetch: FetchLike) => (signal: AbortSignal) => Promise<unknown>]> = [
    ['createRpc', (fetch) => (signal) => createRpc('https://rpc.test/', { fetch }).getSlot({ signal })],
    [
      'createRpc, batching',
      (fetch) => (signal) => createRpc('https://rpc.test/', { fetch, batch: true }).getSlot({ signal }),
    ],
    [
      'createHttpTransport, coalesce off',
      (fetch) => (signal) =>
        createHttpTransport('https://rpc.test/', { fetch, coalesce: false })({ method: 'getSlot', params: [], signal }),
    ],
    [
      'createBasicTransport',
      (fetch) => (signal) =>
        createBasicTransport('https://rpc.test/', { fetch })({ method: 'getSlot', params: [], signal }),
    ],
  ];

  it.each(TRANSPORTS)('rejects with AbortError before any request (%s)', async (_name, make) => {
    const { fetch, calls } = hangingFetch();
    const reason = new Error('already gone');
    const error = await failure(make(fetch)(AbortSignal.abort(reason)));
    expect(isSolRpcError(error, 'AbortError') && error.cause).toBe(reason);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls()).toBe(0);
  });
});

// ---------------------------------------------------------------- secrets under every failure

describe("the URL's secrets under every failure", () => {
  const USER = 'AcctUser2024';
  const PASSWORD = 'Pa55+word/Q9';
  const PATH_KEY = 'PathKey7Hq2Lx';
  const QUERY_KEY = 'QueryKey5Wm8Zr';
  const FORMS = [
    USER,
    PASSWORD,
    encodeURIComponent(PASSWORD),
    PATH_KEY,
    QUERY_KEY,
    Buffer.from(`${USER}:${PASSWORD}`).toString('base64'),
  ];
  const urlOf = (origin: string) =>
    `${origin.replace('://', `://${USER}:${encodeURIComponent(PASSWORD)}@`)}/${PATH_KEY}/?api-key=${QUERY_KEY}`;
  /** The request as a careless proxy would echo it: the path and query, and the credentials decoded. */
  const echo = (socket: Socket, status: string, headers: string, body: string) => {
    socket.end(
      `HTTP/1.1 ${status}\r\n${headers}content-type: text/plain\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  };
  const everything = (origin: string) => `${urlOf(origin)} ${USER}:${PASSWORD} ${PATH_KEY} ${QUERY_KEY}`;

  const FAILURES: ReadonlyArray<[string, string, (origin: string) => Promise<string>]> = [
    ['a refused connection', 'NetworkError', async () => `http://127.0.0.1:${await closedPort()}`],
    [
      'a TLS failure (https to a plain server)',
      'NetworkError',
      async () => {
        // Answers the TLS hello in plain text, as a plain HTTP server on an https URL does.
        const plain = createServer((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
        extraServers.push(plain);
        await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
        return `https://127.0.0.1:${(plain.address() as AddressInfo).port}`;
      },
    ],
    [
      'a timeout',
      'TimeoutError',
      async () => {
        raw.handle(() => undefined);
        return raw.origin;
      },
    ],
    [
      'a 500 whose body echoes the URL',
      'HttpError',
      async () => {
        raw.handle((socket) =>
          echo(socket, '500 Internal Server Error', '', `upstream ${everything(raw.origin)} failed`),
        );
        return raw.origin;
      },
    ],
    [
      'a reason phrase that echoes the keys',
      'HttpError',
      async () => {
        raw.handle((socket) => echo(socket, `401 Unauthorized ${PATH_KEY} ${QUERY_KEY}`, '', 'no'));
        return raw.origin;
      },
    ],
    [
      'a redirect whose Location carries the keys',
      'HttpError',
      async () => {
        raw.handle((socket) =>
          echo(socket, '307 Temporary Redirect', `location: ${urlOf('http://elsewhere.test')}\r\n`, ''),
        );
        return raw.origin;
      },
    ],
    [
      'a 200 that is not JSON and echoes the URL',
      'InvalidResponseError',
      async () => {
        raw.handle((socket) => echo(socket, '200 OK', '', `hello ${everything(raw.origin)}`));
        return raw.origin;
      },
    ],
  ];

  const CLIENTS: ReadonlyArray<[string, (url: string, fetch: FetchLike | undefined) => () => Promise<unknown>]> = [
    ['createRpc', (url, fetch) => () => createRpc(url, { timeoutMs: 200, retry: false, fetch }).getSlot()],
    [
      'the basic transport',
      (url, fetch) => () => createBasicTransport(url, { timeoutMs: 200, fetch })({ method: 'getSlot', params: [] }),
    ],
  ];
  const CASES = CLIENTS.flatMap(([client, make]) =>
    FETCHES.map(([fetchName, fetch]) => [`${client}, ${fetchName}`, make, fetch] as const),
  );

  describe.each(FAILURES)('%s', (_name, kind, setUp) => {
    it.each(CASES)('%s: a typed error showing none of them', async (_client, make, fetch) => {
      const origin = await setUp(raw.origin);
      const error = await failure(make(urlOf(origin), fetch())());
      expect(error.name).toBe(kind);
      const texts = viewsOfError(error).map((view) => `${view.where}: ${view.text}`);
      expect(texts.filter((text) => FORMS.some((form) => text.includes(form)))).toEqual([]);
      // The origin stays, so the error still says where it failed.
      expect(error.message).toContain(origin);
    });
  });
});
