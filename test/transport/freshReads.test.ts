/**
 * Fresh reads (issue 34): no call resolves with a view older than one the client already returned at the
 * same commitment; retries ask for that slot; lagging endpoints are passed over and tried again.
 */
import { describe, expect, it } from 'vitest';
import { endpointHealth, isSolRpcError } from '../../src/index.js';
import { failure } from '../support/failure.js';
import { type SimulatedEndpoint, slotClient } from '../support/slotCluster.js';

const ADDRESS = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';

const minContextSlotOf = (params: unknown[]) =>
  (
    params.find((p) => typeof p === 'object' && p !== null && !Array.isArray(p)) as
      | { minContextSlot?: number }
      | undefined
  )?.minContextSlot;

describe('one endpoint whose answers go back in time', () => {
  it('asks again for at least the newest slot, and returns nothing older', async () => {
    const { rpc, cluster } = slotClient({ 'a.test': {} });
    expect((await rpc.getBalance(ADDRESS)).context.slot).toBe(1_000);
    // Another backend of the same URL, 30 slots behind for two answers, then caught up.
    (cluster.endpoints['a.test'] as SimulatedEndpoint).nextLags.push(30, 30);
    expect((await rpc.getBalance(ADDRESS)).context.slot).toBe(1_000);
    const asked = cluster.sent.slice(1).map((sent) => minContextSlotOf(sent.params));
    // The first attempt goes as the caller wrote it (its old answer refused); the retries ask for slot
    // 1,000 (the first answered -32016 by the backend still behind).
    expect(asked).toEqual([undefined, 1_000, 1_000]);
  });

  it('with retry: false, refuses the older answer with a StaleResponseError naming both slots', async () => {
    const { rpc, cluster } = slotClient({ 'a.test': {} }, { retry: false });
    await rpc.getBalance(ADDRESS);
    cluster.endpoints['a.test'] = { ...(cluster.endpoints['a.test'] as SimulatedEndpoint), lag: 5 };
    const error = await failure(rpc.getBalance(ADDRESS));
    expect(isSolRpcError(error, 'StaleResponseError')).toBe(true);
    if (!isSolRpcError(error, 'StaleResponseError')) return;
    expect(error).toMatchObject({ contextSlot: 995, newestSlot: 1_000, commitment: 'finalized', retryable: true });
    expect(error.origin).toBe('https://a.test');
    expect(error.message).not.toContain('secret-key');
  });

  it('keeps each commitment apart: a finalized view behind a processed one is not stale', async () => {
    const { rpc, cluster } = slotClient({ 'a.test': {} }, { retry: false });
    await rpc.getBalance(ADDRESS, { commitment: 'processed' });
    cluster.endpoints['a.test'] = { ...(cluster.endpoints['a.test'] as SimulatedEndpoint), lag: 32 };
    expect((await rpc.getBalance(ADDRESS, { commitment: 'finalized' })).context.slot).toBe(968);
    expect(
      isSolRpcError(await failure(rpc.getBalance(ADDRESS, { commitment: 'processed' })), 'StaleResponseError'),
    ).toBe(true);
  });

  it("checks getSlot's own answer, and keeps a caller's minContextSlot above the newest", async () => {
    const { rpc, cluster } = slotClient({ 'a.test': {} }, { retry: false });
    expect(await rpc.getSlot({ commitment: 'processed' })).toBe(1_000);
    cluster.endpoints['a.test'] = { ...(cluster.endpoints['a.test'] as SimulatedEndpoint), lag: 1 };
    expect(isSolRpcError(await failure(rpc.getSlot({ commitment: 'processed' })), 'StaleResponseError')).toBe(true);
    cluster.endpoints['a.test'] = { ...(cluster.endpoints['a.test'] as SimulatedEndpoint), lag: 0 };
    cluster.advance(10);
    await rpc.getSlot({ commitment: 'processed', minContextSlot: 1_005 });
    expect(minContextSlotOf(cluster.sent.at(-1)?.params ?? [])).toBe(1_005);
  });

  it('turned off (freshReads: false), answers are returned as they come', async () => {
    const { rpc, cluster } = slotClient({ 'a.test': {} }, { freshReads: false });
    await rpc.getBalance(ADDRESS);
    cluster.endpoints['a.test'] = { ...(cluster.endpoints['a.test'] as SimulatedEndpoint), lag: 50 };
    expect((await rpc.getBalance(ADDRESS)).context.slot).toBe(950);
  });
});

describe('three endpoints, one 50 slots behind', () => {
  it('a read failing over to the lagging one is asked again elsewhere, never returned older', async () => {
    const { rpc, cluster } = slotClient({
      'a.test': {},
      'b.test': { lag: 50, honoursMinContextSlot: false },
      'c.test': {},
    });
    expect((await rpc.getBalance(ADDRESS)).context.slot).toBe(1_000);
    // A fails: the call goes to B, whose old view is refused; then on to C.
    (cluster.endpoints['a.test'] as SimulatedEndpoint).failures.push('503');
    cluster.advance(1);
    expect((await rpc.getBalance(ADDRESS)).context.slot).toBe(1_001);
    expect(cluster.sent.slice(1).map((sent) => sent.host)).toEqual(['a.test', 'b.test', 'c.test']);
  });

  it('is passed over once its lag is known, and tried again once it has caught up', async () => {
    const {
      rpc,
      rpc: client,
      cluster,
      clock,
    } = slotClient({ 'a.test': { lag: 50 }, 'b.test': {}, 'c.test': {} }, { freshReads: { probeIntervalMs: 1_000 } });
    await rpc.getBalance(ADDRESS);
    // A probe interval on, the next call reads every endpoint's slot beside it.
    clock.advance(1_000);
    await rpc.getBalance(ADDRESS);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const probes = cluster.sent.filter((sent) => sent.method === 'getSlot').map((sent) => sent.host);
    expect(probes.sort()).toEqual(['a.test', 'b.test', 'c.test']);
    const health = endpointHealth(client);
    expect(health[0]).toMatchObject({ origin: 'https://a.test', lagging: true, lagSlots: 50 });
    expect(health[1]).toMatchObject({ lagging: false, lagSlots: 0 });
    // Passed over: the calls go to B.
    const before = cluster.sent.length;
    for (let i = 0; i < 5; i++) await rpc.getBalance(ADDRESS);
    expect(cluster.sent.slice(before).map((sent) => sent.host)).toEqual(Array(5).fill('b.test'));
    // Caught up, A is found so at the next slot reading, and is the first choice again.
    (cluster.endpoints['a.test'] as SimulatedEndpoint).lag = 0;
    clock.advance(1_000);
    await rpc.getBalance(ADDRESS);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(endpointHealth(client)[0]).toMatchObject({ lagging: false, lagSlots: 0 });
    const after = cluster.sent.length;
    await rpc.getBalance(ADDRESS);
    expect(cluster.sent.slice(after).map((sent) => sent.host)).toEqual(['a.test']);
  });

  it('a batched call answered from an older view is asked again on its own, for the newest slot', async () => {
    const { rpc, cluster } = slotClient({ 'a.test': {} }, { batch: true, coalesce: false });
    await Promise.all([rpc.getBalance(ADDRESS), rpc.getBalance(ADDRESS)]);
    // The batch is answered from a view 3 slots older; the call asked again alone finds the newest.
    (cluster.endpoints['a.test'] as SimulatedEndpoint).nextLags.push(3);
    const results = await Promise.all([rpc.getBalance(ADDRESS), rpc.getBalance(ADDRESS)]);
    expect(results.map((result) => result.context.slot)).toEqual([1_000, 1_000]);
    const again = cluster.sent.filter((sent) => minContextSlotOf(sent.params) === 1_000);
    expect(again).toHaveLength(2);
  });
});

describe('health and hooks', () => {
  it('counts requests, 429s, retries, failovers and stale answers per endpoint', async () => {
    const { rpc, cluster } = slotClient({ 'a.test': {}, 'b.test': {} });
    (cluster.endpoints['a.test'] as SimulatedEndpoint).failures.push('503');
    await rpc.getBalance(ADDRESS);
    (cluster.endpoints['b.test'] as SimulatedEndpoint).failures.push('429');
    await rpc.getBalance(ADDRESS);
    const [a, b] = endpointHealth(rpc);
    expect(a).toMatchObject({ origin: 'https://a.test', index: 0, requests: 1, answered: 0, failovers: 1, retries: 0 });
    expect(b).toMatchObject({
      origin: 'https://b.test',
      index: 1,
      requests: 3,
      answered: 2,
      rateLimited: 1,
      retries: 2,
    });
    expect(b?.lastSlot).toBe(1_000);
    expect(b?.slots).toEqual({ finalized: 1_000 });
  });

  it('tells onRequest and onResponse of every request, with the origin and never the key; a throwing hook changes nothing', async () => {
    const events: unknown[] = [];
    const { rpc, cluster } = slotClient(
      { 'a.test': {}, 'b.test': {} },
      {
        onRequest: (event) => {
          events.push(event);
          throw new Error('logger down');
        },
        onResponse: (event) => events.push(event),
      },
    );
    (cluster.endpoints['a.test'] as SimulatedEndpoint).failures.push('503');
    await rpc.getBalance(ADDRESS);
    expect(events).toMatchObject([
      { method: 'getBalance', kind: 'call', origin: 'https://a.test', endpoint: 0, attempt: 0 },
      { method: 'getBalance', origin: 'https://a.test', ok: false, error: { name: 'HttpError', status: 503 } },
      { method: 'getBalance', origin: 'https://b.test', endpoint: 1, attempt: 1 },
      { method: 'getBalance', origin: 'https://b.test', ok: true, contextSlot: 1_000 },
    ]);
    expect(JSON.stringify(events)).not.toContain('secret-key');
    for (const event of events)
      expect(String((event as { error?: Error }).error?.message ?? '')).not.toContain('secret-key');
  });

  it('endpointHealth refuses what is no solrpc client, naming it', () => {
    expect(() => endpointHealth({})).toThrow(/client/);
  });
});
