/**
 * Issue 34's rate-limit targets through the whole transport, on a fake clock: calls fired at once against
 * an endpoint that keeps a token bucket (429 with Retry-After beyond it). With `rateLimit` set to the
 * endpoint's limit: no 429 drawn at all and the ideal time; without: every call through on Retry-After.
 * The real-time run of the issue's figures (1,000 calls, 50/s) is `npm run bench:ratelimit`.
 */
import { describe, expect, it } from 'vitest';
import {
  createRpc,
  endpointHealth,
  type FetchLike,
  type HttpTransportOptions,
  isSolRpcError,
} from '../../src/index.js';
import { createTransport } from '../../src/transport/http.js';
import { type FakeClock, fakeClock } from '../support/fakeClock.js';

const ADDRESS = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';
const PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

/** An endpoint that allows `perSecond` calls a second (bucket of `capacity`), counting methods by `weights`. */
function bucketEndpoint(clock: FakeClock, perSecond: number, capacity: number, weights: Record<string, number> = {}) {
  let level = capacity;
  let at = clock.now();
  const seen = { requests: 0, calls: 0, rejected: 0 };
  const fetch = async (_url: string, init: RequestInit): Promise<Response> => {
    const now = clock.now();
    level = Math.min(capacity, level + ((now - at) * perSecond) / 1000);
    at = now;
    const body = JSON.parse(String(init.body)) as { id: number; method: string } | { id: number; method: string }[];
    const calls = Array.isArray(body) ? body : [body];
    const cost = calls.reduce((sum, call) => sum + (weights[call.method] ?? 1), 0);
    seen.requests++;
    // A millionth of slack: the client's timers fall on whole milliseconds, the bucket's sums do not.
    if (level + 1e-6 < cost) {
      seen.rejected++;
      return new Response('Too Many Requests', { status: 429, headers: { 'retry-after': '1' } });
    }
    level -= cost;
    seen.calls += calls.length;
    const answer = (call: { id: number; method: string }) => ({
      jsonrpc: '2.0',
      id: call.id,
      result: call.method === 'getProgramAccounts' ? [] : { context: { slot: 100, apiVersion: '3.0.0' }, value: 1 },
    });
    return new Response(JSON.stringify(Array.isArray(body) ? calls.map(answer) : answer(body as never)), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch, seen };
}

/** Fires `calls` at once and moves the fake time on until all settle; returns their outcomes and the time taken. */
async function fireAtOnce(clock: FakeClock, calls: Array<() => Promise<unknown>>) {
  const started = clock.now();
  let settled = 0;
  const outcomes = calls.map((call) =>
    call().then(
      (value) => {
        settled++;
        return { ok: true as const, value };
      },
      (error: unknown) => {
        settled++;
        return { ok: false as const, error };
      },
    ),
  );
  while (settled < calls.length) {
    await clock.advance(5);
    // Reading a body takes a turn of the event loop: let it come.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { outcomes: await Promise.all(outcomes), ms: clock.now() - started };
}

function client(clock: FakeClock, fetch: FetchLike, options: HttpTransportOptions = {}, url = 'https://a.test/key') {
  return createRpc(createTransport(url, { fetch, coalesce: false, ...options }, clock));
}

describe('calls fired at once at an endpoint allowing 20 a second', () => {
  it('with rateLimit set to its limit: no 429 drawn, none surfaced, in the ideal time', async () => {
    const clock = fakeClock(1_000_000);
    const endpoint = bucketEndpoint(clock, 20, 20);
    const rpc = client(clock, endpoint.fetch, { rateLimit: { requestsPerSecond: 20, burst: 20 } });
    const { outcomes, ms } = await fireAtOnce(
      clock,
      Array.from({ length: 200 }, () => () => rpc.getBalance(ADDRESS)),
    );
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
    expect(endpoint.seen).toEqual({ requests: 200, calls: 200, rejected: 0 });
    // 20 at once, then 180 at 20 a second: 9 s (and the fake clock's 5-ms steps).
    expect(ms).toBeGreaterThanOrEqual(9_000);
    expect(ms).toBeLessThanOrEqual(9_000 * 1.05);
    expect(endpointHealth(rpc)[0]).toMatchObject({ requests: 200, rateLimited: 0, requestsPerSecond: 20, queued: 0 });
  });

  it('without rateLimit: every call gets through on the Retry-After its 429s carry', async () => {
    const clock = fakeClock(1_000_000);
    const endpoint = bucketEndpoint(clock, 20, 20);
    const rpc = client(clock, endpoint.fetch);
    const { outcomes } = await fireAtOnce(
      clock,
      Array.from({ length: 200 }, () => () => rpc.getBalance(ADDRESS)),
    );
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
    expect(endpoint.seen.calls).toBe(200);
    expect(endpoint.seen.rejected).toBeGreaterThan(0);
  });

  it('a batch takes the turns of all its calls', async () => {
    const clock = fakeClock(1_000_000);
    const endpoint = bucketEndpoint(clock, 20, 20);
    const rpc = client(clock, endpoint.fetch, {
      rateLimit: { requestsPerSecond: 20, burst: 20 },
      batch: { maxSize: 10 },
      coalesce: false,
    });
    const { outcomes, ms } = await fireAtOnce(
      clock,
      Array.from({ length: 100 }, () => () => rpc.getBalance(ADDRESS)),
    );
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
    expect(endpoint.seen).toEqual({ requests: 10, calls: 100, rejected: 0 });
    expect(ms).toBeGreaterThanOrEqual(4_000);
  });

  it("a method's weight: getProgramAccounts counted 5 where the endpoint counts it 5", async () => {
    const clock = fakeClock(1_000_000);
    const endpoint = bucketEndpoint(clock, 20, 20, { getProgramAccounts: 5 });
    const rpc = client(clock, endpoint.fetch, {
      rateLimit: { requestsPerSecond: 20, burst: 20, weights: { getProgramAccounts: 5 } },
      coalesce: false,
    });
    const { outcomes } = await fireAtOnce(clock, [
      ...Array.from({ length: 20 }, () => () => rpc.getProgramAccounts(PROGRAM)),
      ...Array.from({ length: 20 }, () => () => rpc.getBalance(ADDRESS)),
    ]);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
    expect(endpoint.seen.rejected).toBe(0);
  });
});

describe('no turn in time', () => {
  it('a call whose turn falls past its deadline fails at once with RateLimitedError (status null), never later', async () => {
    const clock = fakeClock(1_000_000);
    const endpoint = bucketEndpoint(clock, 10, 10);
    const rpc = client(clock, endpoint.fetch, {
      rateLimit: { requestsPerSecond: 10, burst: 10 },
      totalTimeoutMs: 2_000,
    });
    const { outcomes } = await fireAtOnce(
      clock,
      Array.from({ length: 60 }, () => () => rpc.getBalance(ADDRESS, { commitment: 'processed' })),
    );
    const refused = outcomes.filter((outcome) => !outcome.ok);
    // 10 at once and 10 a second for 2 s: about 30 in time, the rest refused.
    expect(outcomes.length - refused.length).toBeGreaterThanOrEqual(29);
    expect(outcomes.length - refused.length).toBeLessThanOrEqual(31);
    for (const outcome of refused) {
      const error = (outcome as { error: unknown }).error;
      expect(isSolRpcError(error, 'RateLimitedError')).toBe(true);
      expect(error).toMatchObject({ status: null, origin: 'https://a.test' });
      expect(String((error as Error).message)).not.toContain('key');
    }
    expect(endpoint.seen.rejected).toBe(0);
  });

  it('in a failover list, a call with no turn in time at the first endpoint goes to the next', async () => {
    const clock = fakeClock(1_000_000);
    const first = bucketEndpoint(clock, 10, 10);
    const second = bucketEndpoint(clock, 1_000, 1_000);
    const fetch = (url: string, init: RequestInit) =>
      (new URL(url).host === 'a.test' ? first : second).fetch(url, init);
    const rpc = createRpc(
      createTransport(
        [{ url: 'https://a.test/key', rateLimit: { requestsPerSecond: 10, burst: 10 } }, 'https://b.test/key'],
        { fetch, totalTimeoutMs: 2_000, coalesce: false },
        clock,
      ),
    );
    const { outcomes } = await fireAtOnce(
      clock,
      Array.from({ length: 60 }, () => () => rpc.getBalance(ADDRESS, { commitment: 'processed' })),
    );
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
    expect(first.seen.calls + second.seen.calls).toBe(60);
    expect(second.seen.calls).toBeGreaterThan(0);
    expect(first.seen.rejected + second.seen.rejected).toBe(0);
  });
});
