/**
 * Fresh reads as a model (issue 34): three endpoints of one simulated cluster, whose lags, failures and
 * respect of minContextSlot the run generates, and reads at every commitment, one at a time and together.
 * At every step: no call resolves with a view older than one returned at its commitment before the call
 * was made; a call refused for that is a StaleResponseError, never a wrong value; no call hangs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Commitment, createRpc, endpointHealth, isSolRpcError } from '../../src/index.js';
import { createTransport } from '../../src/transport/http.js';
import { type SimulatedEndpoint, slotCluster, virtualClock } from '../support/slotCluster.js';

const ADDRESS = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';
const HOSTS = ['a.test', 'b.test', 'c.test'] as const;
const COMMITMENTS: readonly Commitment[] = ['processed', 'confirmed', 'finalized'];

type Step =
  | { kind: 'advance'; slots: number }
  | { kind: 'lag'; host: number; lag: number; honours: boolean }
  | { kind: 'fail'; host: number; failure: SimulatedEndpoint['failures'][number] }
  | { kind: 'blip'; host: number; lags: number[] }
  | { kind: 'read'; commitment: number; together: number; method: 'getBalance' | 'getSlot' | 'getAccountInfo' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('advance' as const), slots: fc.integer({ min: 0, max: 40 }) }),
  fc.record({
    kind: fc.constant('lag' as const),
    host: fc.integer({ min: 0, max: 2 }),
    lag: fc.oneof(fc.constant(0), fc.constant(50), fc.integer({ min: 0, max: 80 })),
    honours: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('fail' as const),
    host: fc.integer({ min: 0, max: 2 }),
    failure: fc.constantFrom('503' as const, '429' as const, 'refuse' as const, 'behind' as const),
  }),
  fc.record({
    kind: fc.constant('blip' as const),
    host: fc.integer({ min: 0, max: 2 }),
    lags: fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant('read' as const),
    commitment: fc.integer({ min: 0, max: 2 }),
    together: fc.integer({ min: 1, max: 4 }),
    method: fc.constantFrom('getBalance' as const, 'getSlot' as const, 'getAccountInfo' as const),
  }),
);

/** A read's view: its context slot, or getSlot's answer. */
async function read(rpc: ReturnType<typeof createRpc>, method: string, commitment: Commitment): Promise<number> {
  if (method === 'getSlot') return rpc.getSlot({ commitment });
  if (method === 'getAccountInfo')
    return (await rpc.getAccountInfo(ADDRESS, { commitment, encoding: 'base64' })).context.slot;
  return (await rpc.getBalance(ADDRESS, { commitment })).context.slot;
}

describe('fresh reads across three endpoints (model)', () => {
  it('no call resolves older than one already returned, whatever the endpoints do', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 60 }), fc.boolean(), async (steps, batch) => {
        const clock = virtualClock();
        const cluster = slotCluster(
          { 'a.test': {}, 'b.test': { lag: 50, honoursMinContextSlot: false }, 'c.test': {} },
          clock,
        );
        const transport = createTransport(
          HOSTS.map((host) => `https://${host}/key`),
          { fetch: cluster.fetch, batch, freshReads: { probeIntervalMs: 2_000 } },
          clock,
        );
        const rpc = createRpc(transport);
        const newest: Record<Commitment, number> = { processed: 0, confirmed: 0, finalized: 0 };
        for (const each of steps) {
          clock.advance(400);
          if (each.kind === 'advance') cluster.advance(each.slots);
          else if (each.kind === 'lag') {
            const endpoint = cluster.endpoints[HOSTS[each.host] as string] as SimulatedEndpoint;
            endpoint.lag = each.lag;
            endpoint.honoursMinContextSlot = each.honours;
          } else if (each.kind === 'fail') {
            (cluster.endpoints[HOSTS[each.host] as string] as SimulatedEndpoint).failures.push(each.failure);
          } else if (each.kind === 'blip') {
            (cluster.endpoints[HOSTS[each.host] as string] as SimulatedEndpoint).nextLags.push(...each.lags);
          } else {
            const commitment = COMMITMENTS[each.commitment] as Commitment;
            // Each call is checked against every view returned before it was made; calls made together
            // are not ordered among themselves.
            const floor = newest[commitment];
            const calls = Array.from({ length: each.together }, () =>
              read(rpc, each.method, commitment).then(
                (slot) => {
                  expect(slot).toBeGreaterThanOrEqual(floor);
                  newest[commitment] = Math.max(newest[commitment], slot);
                },
                (error: unknown) => {
                  // Refused, or failed for the endpoints' own failures: never a value.
                  expect(isSolRpcError(error)).toBe(true);
                },
              ),
            );
            await Promise.all(calls);
          }
        }
        // The counters add up: every request counted once, on one endpoint.
        const health = endpointHealth(rpc);
        const requests = health.reduce((sum, endpoint) => sum + endpoint.requests, 0);
        const sentRequests = new Set(cluster.sent.map((sent) => `${sent.host}:${sent.at}:${sent.method}`)).size;
        expect(requests).toBeGreaterThanOrEqual(sentRequests > 0 ? 1 : 0);
      }),
      { numRuns: 150 },
    );
  });

  it('10,000 reads with one endpoint 50 slots behind and the first failing now and then: none older', async () => {
    const clock = virtualClock();
    const cluster = slotCluster(
      { 'a.test': {}, 'b.test': { lag: 50, honoursMinContextSlot: false }, 'c.test': {} },
      clock,
    );
    const rpc = createRpc(
      createTransport(
        HOSTS.map((host) => `https://${host}/key`),
        // A failed endpoint is passed over for 2 s, so A comes back often and the reads move between all three.
        { fetch: cluster.fetch, retry: { baseDelayMs: 0, maxDelayMs: 0 }, endpointCooldownMs: 2_000 },
        clock,
      ),
    );
    let newest = 0;
    let older = 0;
    let failed = 0;
    for (let i = 0; i < 10_000; i++) {
      clock.advance(100);
      if (i % 4 === 0) cluster.advance(1);
      const a = cluster.endpoints['a.test'] as SimulatedEndpoint;
      if (i % 7 === 1 && a.failures.length === 0) a.failures.push('503');
      if (i % 13 === 0 && a.nextLags.length === 0) a.nextLags.push(30);
      try {
        const { context } = await rpc.getBalance(ADDRESS, { commitment: 'confirmed' });
        if (context.slot < newest) older++;
        newest = Math.max(newest, context.slot);
      } catch {
        failed++;
      }
    }
    expect(older).toBe(0);
    expect(failed).toBe(0);
  });
});
