/**
 * Retries, Retry-After, cool-downs, failover, coalescing and batching, on a virtual clock and a
 * scripted fetch: every wait is recorded, none is spent, and every attempt is counted.
 */
import { describe, expect, it } from 'vitest';
import { createRpc, type HttpTransportOptions, isSolRpcError } from '../../src/index.js';
import { createTransport } from '../../src/transport/http.js';
import type { Clock } from '../../src/types/clock.js';
import { failure } from '../support/failure.js';

const ADDRESS = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';
const OK = (id: unknown, value = 5) =>
  `{"jsonrpc":"2.0","result":{"context":{"slot":1},"value":${value}},"id":${JSON.stringify(id)}}`;

interface Sent {
  url: string;
  at: number;
  body: unknown;
}

type Script = (sent: Sent, index: number) => Response | Promise<Response> | 'refuse' | 'tls' | 'dns' | 'hang';

function virtualClock(random = 0.5) {
  let now = 1_000_000;
  const sleeps: number[] = [];
  const clock: Clock = {
    now: () => now,
    random: () => random,
    sleep: async (ms, signal) => {
      sleeps.push(ms);
      if (signal?.aborted) throw signal.reason;
      now += ms;
    },
  };
  return { clock, sleeps, advance: (ms: number) => (now += ms), time: () => now };
}

function harness(
  script: Script,
  options: HttpTransportOptions = {},
  urls: string | string[] = 'https://a.test/key',
  random = 0.5,
) {
  const time = virtualClock(random);
  const sent: Sent[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const entry = { url, at: time.time(), body: JSON.parse(String(init.body)) };
    sent.push(entry);
    const outcome = await script(entry, sent.length - 1);
    if (outcome === 'refuse')
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    if (outcome === 'tls')
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }),
      });
    if (outcome === 'dns')
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }),
      });
    if (outcome === 'hang') {
      // Never answers: the attempt ends when its signal aborts.
      return new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    }
    return outcome;
  };
  const transport = createTransport(urls, { fetch, ...options }, time.clock);
  return { rpc: createRpc(transport), sent, sleeps: time.sleeps, time };
}

const json = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } });
const text = (status: number, headers: Record<string, string> = {}) =>
  new Response('upstream trouble', { status, headers: { 'content-type': 'text/plain', ...headers } });
const idOf = (sent: Sent) => (sent.body as { id: unknown }).id;

describe('what is retried', () => {
  it.each([408, 429, 500, 502, 503, 504])('HTTP %i: four attempts in all, then the HttpError', async (status) => {
    const { rpc, sent, sleeps } = harness(() => text(status), {}, 'https://a.test/key', 0.999);
    const error = await failure(rpc.getBalance(ADDRESS));
    expect(isSolRpcError(error, 'HttpError') && error.status).toBe(status);
    expect(sent).toHaveLength(4);
    // Full jitter: random × min(8000, 250 × 2^n), here with random 0.999.
    expect(sleeps).toEqual([249, 499, 999]);
  });

  it.each([400, 401, 403, 404, 413])('HTTP %i: one attempt only', async (status) => {
    const { rpc, sent } = harness(() => text(status));
    expect(isSolRpcError(await failure(rpc.getBalance(ADDRESS)), 'HttpError')).toBe(true);
    expect(sent).toHaveLength(1);
  });

  it.each([
    [-32005, 4],
    [-32016, 4],
    [-32602, 1],
    [-32601, 1],
    [-32004, 1],
  ])('JSON-RPC %i: %i attempt(s)', async (code, attempts) => {
    const { rpc, sent } = harness((s) =>
      json(`{"jsonrpc":"2.0","error":{"code":${code},"message":"m"},"id":${idOf(s)}}`),
    );
    expect(isSolRpcError(await failure(rpc.getBalance(ADDRESS)), 'RpcError')).toBe(true);
    expect(sent).toHaveLength(attempts);
  });

  it('retries refused connections, never TLS failures, and a missing host once', async () => {
    expect((await failure(harness(() => 'refuse').rpc.getBalance(ADDRESS))).message).toMatch(/ECONNREFUSED/);
    const refused = harness(() => 'refuse');
    await failure(refused.rpc.getBalance(ADDRESS));
    expect(refused.sent).toHaveLength(4);
    const tls = harness(() => 'tls');
    expect(isSolRpcError(await failure(tls.rpc.getBalance(ADDRESS)), 'NetworkError')).toBe(true);
    expect(tls.sent).toHaveLength(1);
    const dns = harness(() => 'dns');
    await failure(dns.rpc.getBalance(ADDRESS));
    expect(dns.sent).toHaveLength(2);
  });

  it('never retries a malformed answer', async () => {
    const { rpc, sent } = harness(() => json('{"jsonrpc":"2.0","result":'));
    expect(isSolRpcError(await failure(rpc.getBalance(ADDRESS)), 'InvalidResponseError')).toBe(true);
    expect(sent).toHaveLength(1);
  });

  it('recovers when a retry succeeds, with a fresh id per attempt', async () => {
    const { rpc, sent } = harness((s, i) => (i < 2 ? text(503) : json(OK(idOf(s), 7))));
    await expect(rpc.getBalance(ADDRESS)).resolves.toEqual({ context: { slot: 1 }, value: 7n });
    expect(new Set(sent.map(idOf)).size).toBe(3);
  });

  it('does not retry with retry: false, and honours maxRetries', async () => {
    const off = harness(() => text(503), { retry: false });
    await failure(off.rpc.getBalance(ADDRESS));
    expect(off.sent).toHaveLength(1);
    const one = harness(() => text(503), { retry: { maxRetries: 1 } });
    await failure(one.rpc.getBalance(ADDRESS));
    expect(one.sent).toHaveLength(2);
  });
});

describe('Retry-After', () => {
  it.each([
    ['2', 2000],
    ['0', 0],
  ])('waits the seconds asked (%s)', async (header, wait) => {
    const { rpc, sent, time } = harness((s, i) => (i === 0 ? text(429, { 'retry-after': header }) : json(OK(idOf(s)))));
    await rpc.getBalance(ADDRESS);
    expect(sent).toHaveLength(2);
    expect((sent[1] as Sent).at - (sent[0] as Sent).at).toBe(wait);
    expect(time.time()).toBeGreaterThan(0);
  });

  it('reads an HTTP date', async () => {
    const { rpc, sent } = harness((s, i) =>
      i === 0 ? text(503, { 'retry-after': new Date(Date.now() + 5000).toUTCString() }) : json(OK(idOf(s))),
    );
    await rpc.getBalance(ADDRESS);
    const waited = (sent[1] as Sent).at - (sent[0] as Sent).at;
    expect(waited).toBeGreaterThan(3000);
    expect(waited).toBeLessThanOrEqual(5000);
  });

  it.each(['soon', '-1', '1.5', ''])('falls back to backoff for %j', async (header) => {
    const { rpc, sleeps } = harness((s, i) => (i === 0 ? text(429, { 'retry-after': header }) : json(OK(idOf(s)))));
    await rpc.getBalance(ADDRESS);
    expect(sleeps).toEqual([125]); // 0.5 × 250
  });

  it('fails fast with RateLimitedError above maxRetryAfterMs, carrying the delay', async () => {
    const { rpc, sent, sleeps } = harness(() => text(429, { 'retry-after': '86400' }));
    const error = await failure(rpc.getBalance(ADDRESS));
    expect(isSolRpcError(error, 'RateLimitedError') && error.retryAfterMs).toBe(86_400_000);
    expect(sent).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  // Issue 29, defect 8: an 11-digit delay was taken as malformed (four requests, then HttpError 429).
  it.each([
    ['99999999999', '99999999999', 99_999_999_999_000],
    ['2147484', '2147484', 2_147_484_000], // just past setTimeout's 2^31 - 1 ms
    ['9007199254741', '9007199254741', Number.MAX_SAFE_INTEGER], // past 2^53 ms: held at the largest exact number
    ['400 nines', '9'.repeat(400), Number.MAX_SAFE_INTEGER], // Number() of it is Infinity
  ])('a huge delay (%s s) is a pause beyond any budget: RateLimitedError at once, naming it', async (_, header, ms) => {
    const { rpc, sent, sleeps } = harness(() => text(429, { 'retry-after': header }));
    const error = await failure(rpc.getBalance(ADDRESS));
    expect(isSolRpcError(error, 'RateLimitedError') && error.retryAfterMs).toBe(ms);
    expect(error.message.split('\n')[0]).toBe(
      `getBalance: https://a.test asked to wait ${ms} ms (HTTP 429), more than the 30000 ms allowed`,
    );
    expect(sent).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('an HTTP date far in the future is a pause beyond any budget too', async () => {
    const { rpc, sent } = harness(() => text(503, { 'retry-after': 'Fri, 31 Dec 9999 23:59:59 GMT' }));
    const error = await failure(rpc.getBalance(ADDRESS));
    expect(isSolRpcError(error, 'RateLimitedError') && error.status).toBe(503);
    expect(isSolRpcError(error, 'RateLimitedError') && error.retryAfterMs).toBeGreaterThan(2 ** 31);
    expect(sent).toHaveLength(1);
  });

  it('fails fast when the wait would pass the total deadline', async () => {
    const { rpc, sent } = harness(() => text(429, { 'retry-after': '20' }), { totalTimeoutMs: 10_000 });
    const error = await failure(rpc.getBalance(ADDRESS));
    expect(isSolRpcError(error, 'RateLimitedError') && error.retryAfterMs).toBe(20_000);
    expect(sent).toHaveLength(1);
  });

  it('cools the endpoint down for every call: no request during the pause but one probe', async () => {
    let firstAnswered = false;
    const { rpc, sent } = harness((s) => {
      if (!firstAnswered) {
        firstAnswered = true;
        return text(429, { 'retry-after': '1' });
      }
      return json(OK(idOf(s)));
    });
    const first = rpc.getBalance(ADDRESS, { minContextSlot: 1 });
    await Promise.resolve();
    const others = Array.from({ length: 20 }, (_, i) => rpc.getBalance(ADDRESS, { minContextSlot: i + 2 }));
    await Promise.all([first, ...others]);
    const pauseStart = (sent[0] as Sent).at;
    const during = sent.filter((s) => s.at > pauseStart && s.at < pauseStart + 1000);
    expect(during.length).toBeLessThanOrEqual(1);
  });
});

describe('deadlines', () => {
  it('times out each attempt, retries, and stops at the total deadline', async () => {
    const { rpc, sent } = harness(() => 'hang', { timeoutMs: 50, totalTimeoutMs: 120, retry: { baseDelayMs: 1 } });
    const started = Date.now();
    const error = await failure(rpc.getBalance(ADDRESS));
    expect(isSolRpcError(error, 'TimeoutError')).toBe(true);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('stops retrying when the caller aborts, during a backoff too', async () => {
    const controller = new AbortController();
    const { rpc } = harness(() => {
      controller.abort(new Error('stop'));
      return text(503);
    });
    const error = await failure(rpc.getBalance(ADDRESS, { signal: controller.signal }));
    expect(isSolRpcError(error, 'AbortError')).toBe(true);
  });
});

describe('failover', () => {
  it('moves to the next URL at once, and remembers the failed one for a while', async () => {
    const { rpc, sent, sleeps, time } = harness(
      (s) => (s.url.startsWith('https://a.test') ? text(503) : json(OK(idOf(s)))),
      { endpointCooldownMs: 30_000 },
      ['https://a.test/key', 'https://b.test/key'],
    );
    await rpc.getBalance(ADDRESS);
    expect(sent.map((s) => new URL(s.url).host)).toEqual(['a.test', 'b.test']);
    expect(sleeps).toEqual([]);
    await rpc.getBalance(ADDRESS);
    expect(sent.map((s) => new URL(s.url).host)).toEqual(['a.test', 'b.test', 'b.test']);
    time.advance(30_001);
    await rpc.getBalance(ADDRESS);
    expect(sent.map((s) => new URL(s.url).host).at(-2)).toBe('a.test');
  });

  // A pause beyond the call's budget on one URL of a list failed the call with RateLimitedError while
  // another URL could answer at once.
  it.each(['99999999999', '60'])(
    'a pause beyond the budget (Retry-After %s) on one URL: the call moves to the next, and the next call too',
    async (header) => {
      const { rpc, sent, sleeps } = harness(
        (s) => (s.url.startsWith('https://a.test') ? text(429, { 'retry-after': header }) : json(OK(idOf(s)))),
        {},
        ['https://a.test/key', 'https://b.test/key'],
      );
      await expect(rpc.getBalance(ADDRESS)).resolves.toMatchObject({ value: 5n });
      await rpc.getBalance(ADDRESS, { commitment: 'confirmed' });
      expect(sent.map((s) => new URL(s.url).host)).toEqual(['a.test', 'b.test', 'b.test']);
      expect(sleeps).toEqual([]);
    },
  );

  it('a pause beyond the budget on every URL of a list: RateLimitedError, naming the last', async () => {
    const { rpc, sent } = harness(() => text(429, { 'retry-after': '99999999999' }), {}, [
      'https://a.test/key',
      'https://b.test/key',
    ]);
    const error = await failure(rpc.getBalance(ADDRESS));
    expect(isSolRpcError(error, 'RateLimitedError') && error.origin).toBe('https://b.test');
    expect(sent.map((s) => new URL(s.url).host)).toEqual(['a.test', 'b.test']);
  });

  it('takes a rate-limited endpoint out of turn and uses the other', async () => {
    const { rpc, sent } = harness(
      (s) => (s.url.startsWith('https://a.test') ? text(429, { 'retry-after': '10' }) : json(OK(idOf(s)))),
      {},
      ['https://a.test/key', 'https://b.test/key'],
    );
    await rpc.getBalance(ADDRESS);
    await rpc.getBalance(ADDRESS);
    expect(sent.map((s) => new URL(s.url).host)).toEqual(['a.test', 'b.test', 'b.test']);
  });
});

describe('coalescing', () => {
  it('sends identical calls in flight once; each caller gets its own objects', async () => {
    const { rpc, sent } = harness((s) =>
      json(`{"jsonrpc":"2.0","result":{"context":{"slot":1},"value":null},"id":${idOf(s)}}`),
    );
    const calls = Array.from({ length: 5 }, () => rpc.getAccountInfo(ADDRESS));
    const results = await Promise.all(calls);
    expect(sent).toHaveLength(1);
    expect(results.every((r) => r.value === null)).toBe(true);
    expect(new Set(results.map((r) => r.context)).size).toBe(5);
  });

  it('keeps different calls apart, and can be turned off', async () => {
    const on = harness((s) => json(OK(idOf(s))));
    await Promise.all([on.rpc.getBalance(ADDRESS), on.rpc.getBalance(ADDRESS, { commitment: 'processed' })]);
    expect(on.sent).toHaveLength(2);
    const off = harness((s) => json(OK(idOf(s))), { coalesce: false });
    await Promise.all([off.rpc.getBalance(ADDRESS), off.rpc.getBalance(ADDRESS)]);
    expect(off.sent).toHaveLength(2);
  });

  it('aborts the shared request only when every caller has given up', async () => {
    let aborted = 0;
    const { rpc } = harness((_s) => new Promise<Response>(() => undefined));
    const a = new AbortController();
    const b = new AbortController();
    const pa = rpc.getBalance(ADDRESS, { signal: a.signal }).catch((e: unknown) => e);
    const pb = rpc.getBalance(ADDRESS, { signal: b.signal }).catch((e: unknown) => e);
    a.abort();
    expect(isSolRpcError(await pa, 'AbortError')).toBe(true);
    b.abort();
    expect(isSolRpcError(await pb, 'AbortError')).toBe(true);
    aborted++;
    expect(aborted).toBe(1);
  });
});

describe('batching', () => {
  it('sends calls made together as one array, matched by id whatever the order', async () => {
    const { rpc, sent } = harness(
      (s) => {
        const calls = s.body as { id: number; method: string }[];
        const answers = calls.map((c) =>
          c.method === 'getBalance'
            ? OK(c.id, c.id)
            : `{"jsonrpc":"2.0","result":{"absoluteSlot":1,"blockHeight":1,"epoch":0,"slotIndex":1,"slotsInEpoch":32},"id":${c.id}}`,
        );
        return json(`[${answers.reverse().join(',')}]`);
      },
      { batch: true },
    );
    const [a, b, c] = await Promise.all([
      rpc.getBalance(ADDRESS),
      rpc.getEpochInfo(),
      rpc.getBalance(ADDRESS, { commitment: 'confirmed' }),
    ]);
    expect(sent).toHaveLength(1);
    expect(Array.isArray((sent[0] as Sent).body)).toBe(true);
    const ids = ((sent[0] as Sent).body as { id: number }[]).map((x) => x.id);
    expect(a.value).toBe(BigInt(ids[0] as number));
    expect(b.epoch).toBe(0);
    expect(c.value).toBe(BigInt(ids[2] as number));
  });

  it('fails only the call whose answer is missing', async () => {
    const { rpc } = harness(
      (s) => {
        const [first] = s.body as { id: number }[];
        return json(`[${OK((first as { id: number }).id)}]`);
      },
      { batch: true },
    );
    const [a, b] = await Promise.allSettled([rpc.getBalance(ADDRESS), rpc.getEpochInfo()]);
    expect(a.status).toBe('fulfilled');
    expect(b.status === 'rejected' && isSolRpcError(b.reason, 'InvalidResponseError') && b.reason.reason).toBe(
      'missing-response',
    );
  });

  it('falls back to one request per call when the provider refuses batches, and stays there', async () => {
    const { rpc, sent } = harness(
      (s) =>
        Array.isArray(s.body)
          ? json('{"jsonrpc":"2.0","error":{"code":-32600,"message":"batch requests are not supported"},"id":null}')
          : json(OK(idOf(s))),
      { batch: true },
    );
    await Promise.all([rpc.getBalance(ADDRESS), rpc.getEpochInfo().catch(() => undefined)]);
    expect(Array.isArray((sent[0] as Sent).body)).toBe(true);
    expect(sent.slice(1).every((s) => !Array.isArray(s.body))).toBe(true);
    const before = sent.length;
    await Promise.all([
      rpc.getBalance(ADDRESS, { commitment: 'processed' }),
      rpc.getBalance(ADDRESS, { commitment: 'confirmed' }),
    ]);
    expect(sent.slice(before).every((s) => !Array.isArray(s.body))).toBe(true);
  });
});

describe('a timeout after retries says what happened', () => {
  // The attempt timers are real and short; the time in all is the virtual clock's (each attempt adds
  // its 20 ms, each backoff its wait), so every figure below is exact.
  function timing(script: (index: number) => Response | 'hang', options: HttpTransportOptions, random = 0.5) {
    let advance: (ms: number) => number = () => 0;
    const run = harness(
      (_sent, index) => {
        advance(20);
        return script(index);
      },
      { timeoutMs: 20, ...options },
      undefined,
      random,
    );
    advance = run.time.advance;
    return run;
  }

  it('every attempt timed out: how many, of what limit, and the time in all', async () => {
    const { rpc, sent, sleeps } = timing(() => 'hang', {});
    const error = await failure(rpc.getBalance(ADDRESS));
    expect(sent).toHaveLength(4);
    expect(sleeps).toEqual([125, 250, 500]);
    expect(isSolRpcError(error, 'TimeoutError') && [error.timeoutMs, error.attempts, error.elapsedMs]).toEqual([
      20, 4, 955,
    ]);
    expect(error.message).toBe(
      'getBalance: no complete answer from https://a.test in 4 attempts of 20 ms each (1.0 s in all)\n' +
        'Hint: raise timeoutMs (each attempt) or totalTimeoutMs (the whole call), or check that the node is reachable and not overloaded.',
    );
  });

  it('only the last attempt timed out: it says so', async () => {
    const { rpc, sent } = timing((index) => (index < 3 ? text(503) : 'hang'), {});
    const error = await failure(rpc.getBalance(ADDRESS));
    expect(sent).toHaveLength(4);
    expect(error.message.split('\n')[0]).toBe(
      'getBalance: no complete answer from https://a.test within 20 ms on the last of 4 attempts (1.0 s in all)',
    );
  });

  it('the whole call ran out: the total limit, the attempts and the time in all', async () => {
    // No backoff (random 0): attempts of 20, 20 and the 10 ms left of the 50 ms total.
    const { rpc, sent } = timing(() => 'hang', { totalTimeoutMs: 50 }, 0);
    const error = await failure(rpc.getBalance(ADDRESS));
    expect(sent).toHaveLength(3);
    expect(isSolRpcError(error, 'TimeoutError') && [error.timeoutMs, error.attempts, error.elapsedMs]).toEqual([
      50, 3, 60,
    ]);
    expect(error.message.split('\n')[0]).toBe(
      "getBalance: no complete answer from https://a.test within the call's total limit of 50 ms (3 attempts, 0.1 s in all)",
    );
  });

  it('one attempt only: the message names its limit, as before', async () => {
    const { rpc, sent } = timing(() => 'hang', { retry: false });
    const error = await failure(rpc.getBalance(ADDRESS));
    expect(sent).toHaveLength(1);
    expect(isSolRpcError(error, 'TimeoutError') && [error.timeoutMs, error.attempts, error.elapsedMs]).toEqual([
      20, 1, 20,
    ]);
    expect(error.message.split('\n')[0]).toBe('getBalance: no complete answer from https://a.test within 20 ms');
  });
});
