/**
 * Endpoints of one simulated cluster behind a scripted `fetch`, on a virtual clock: each endpoint answers
 * from its own view (the cluster's slot less its lag), honours `minContextSlot` with -32016 or ignores it,
 * and can be made to fail. Reads answer with their view's slot; getSlot answers the slot itself.
 */
import { createRpc, type HttpTransportOptions } from '../../src/index.js';
import { createTransport } from '../../src/transport/http.js';
import type { Clock } from '../../src/types/clock.js';

export interface SimulatedEndpoint {
  /** Slots behind the cluster's tip. */
  lag: number;
  /** Whether `minContextSlot` above its view is answered -32016 (as agave does) or ignored. */
  honoursMinContextSlot: boolean;
  /** What the next request gets instead of an answer, once each. */
  failures: Array<'503' | '429' | 'refuse' | 'behind'>;
  /** Lags the next requests answer with, once each, before `lag` again (a backend of a pool behind, then caught up). */
  nextLags: number[];
}

export interface SentRequest {
  host: string;
  method: string;
  params: unknown[];
  at: number;
}

interface Call {
  id: number;
  method: string;
  params?: unknown[];
}

/** One call's answer from an endpoint whose view is `view`. */
function answer(call: Call, view: number, endpoint: SimulatedEndpoint, failure: string | undefined): unknown {
  const error = (code: number, message: string, data?: unknown) => ({
    jsonrpc: '2.0',
    id: call.id,
    error: { code, message, ...(data === undefined ? {} : { data }) },
  });
  if (failure === 'behind') return error(-32005, 'Node is behind by 99 slots', { numSlotsBehind: 99 });
  const config = (call.params ?? []).find(
    (param) => typeof param === 'object' && param !== null && !Array.isArray(param),
  ) as { minContextSlot?: number } | undefined;
  if (endpoint.honoursMinContextSlot && config?.minContextSlot !== undefined && config.minContextSlot > view) {
    return error(-32016, 'Minimum context slot has not been reached', { contextSlot: view });
  }
  const result = call.method === 'getSlot' ? view : { context: { slot: view, apiVersion: '3.0.0' }, value: view };
  return { jsonrpc: '2.0', id: call.id, result };
}

/** A virtual clock whose sleeps pass at once and move time on. */
export function virtualClock(start = 1_000_000): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    random: () => 0.5,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      now += ms;
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

/**
 * A cluster whose tip is `tip()` (the caller moves it), with endpoints by host name (`a.test`…), and the
 * `fetch` that routes to them.
 */
export function slotCluster(hosts: Record<string, Partial<SimulatedEndpoint>>, clock: Clock) {
  let tip = 1_000;
  const sent: SentRequest[] = [];
  const endpoints: Record<string, SimulatedEndpoint> = {};
  for (const [host, given] of Object.entries(hosts)) {
    endpoints[host] = { lag: 0, honoursMinContextSlot: true, failures: [], nextLags: [], ...given };
  }
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const host = new URL(url).host;
    const endpoint = endpoints[host];
    if (!endpoint) throw new TypeError(`no endpoint ${host}`);
    const parsed = JSON.parse(String(init.body)) as Call | Call[];
    const calls = Array.isArray(parsed) ? parsed : [parsed];
    for (const call of calls) sent.push({ host, method: call.method, params: call.params ?? [], at: clock.now() });
    const failure = endpoint.failures.shift();
    if (failure === 'refuse') {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    }
    if (failure === '503') return new Response('busy', { status: 503 });
    if (failure === '429') return new Response('slow down', { status: 429, headers: { 'retry-after': '0' } });
    // One view for the whole request (a batch too).
    const view = tip - (endpoint.nextLags.shift() ?? endpoint.lag);
    const answers = calls.map((call) => answer(call, view, endpoint, failure));
    return json(Array.isArray(parsed) ? answers : answers[0]);
  };
  return {
    fetch,
    sent,
    endpoints,
    tip: () => tip,
    advance(slots: number) {
      tip += slots;
    },
  };
}

/**
 * A client of a new slot cluster on a virtual clock: one endpoint per host, each URL carrying a key in
 * its path (`https://a.test/secret-key`) so tests can check that none leaks, `options` on top.
 */
export function slotClient(hosts: Record<string, Partial<SimulatedEndpoint>>, options: HttpTransportOptions = {}) {
  const clock = virtualClock();
  const cluster = slotCluster(hosts, clock);
  const urls = Object.keys(hosts).map((host) => `https://${host}/secret-key`);
  const transport = createTransport(
    urls.length === 1 ? (urls[0] as string) : urls,
    { fetch: cluster.fetch, ...options },
    clock,
  );
  return { rpc: createRpc(transport), transport, cluster, clock };
}
