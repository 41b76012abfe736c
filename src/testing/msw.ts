/**
 * `solrpc/testing/msw`: the test cluster as msw request handlers, for tests that intercept requests rather
 * than open a port: msw's `setupServer` in Node, `setupWorker` (or `getResponse` as a fetch) in a browser.
 * The same state and answers as `startTestCluster`, with its HTTP faults. Everything this module reaches
 * runs in a browser (no node: module, Buffer or process; WebCrypto's Ed25519), which
 * test/testing/mswBrowserSafe.test.ts checks on a browser bundle; the Node servers and LiteSVM's loader
 * live in modules it does not import. msw is an optional peer dependency: only this entry imports it.
 */
import { type HttpHandler, HttpResponse, http } from 'msw';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { answerWithFaults, connectMarket } from './faults/answerFaults.js';
import type { FaultControls, FaultHandle, FaultKind, FaultOptions } from './faults/faultKinds.js';
import { FaultSet } from './faults/faultSet.js';
import { answerBody, rateLimitedBody, readBody } from './jsonRpcBody.js';
import { createSimulatedState } from './simulatedState.js';
import { checkTestClusterOptions, type TestClusterOptions } from './testClusterOptions.js';

/**
 * How to make the handlers: the test cluster's options (its port aside: nothing listens; `litesvm`
 * refused with its name, as LiteSVM is a native Node package), and the URL they answer at.
 *
 * @example
 * ```ts fragment
 * const cluster = testClusterHandlers({ url: 'https://rpc.test', slotMs: 100 });
 * ```
 */
export interface TestClusterHandlersOptions extends Omit<TestClusterOptions, 'port'> {
  /** The URL the handlers answer JSON-RPC POSTs at; `https://test-cluster.invalid/` when left out. */
  url?: string;
}

/**
 * The msw handlers of one test cluster, with its clock and its HTTP faults (`'socketLost'` and
 * `'socketClosed'` are refused: there is no WebSocket here).
 *
 * @example
 * ```ts fragment
 * const server = setupServer(...cluster.handlers);
 * ```
 */
export interface TestClusterHandlers extends FaultControls {
  /** The handlers to give msw's `setupServer` (or `setupWorker`, `server.use`, or `getResponse`). */
  handlers: HttpHandler[];
  /** The URL they answer at: pass it to `createRpc`. */
  url: string;
  /** The cluster's current slot. */
  slot(): number;
}

/**
 * The test cluster as msw handlers: JSON-RPC POSTs to `url` are answered from a fresh cluster state, as
 * `startTestCluster` answers them over HTTP, faults included.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createRpc } from 'solrpc';
 * import { testClusterHandlers } from 'solrpc/testing/msw';
 *
 * const cluster = testClusterHandlers();
 * const server = setupServer(...cluster.handlers);
 * server.listen({ onUnhandledRequest: 'error' });
 * console.log(await createRpc(cluster.url).getSlot());
 * server.close();
 * ```
 */
export function testClusterHandlers(options: TestClusterHandlersOptions = {}): TestClusterHandlers {
  const { url = 'https://test-cluster.invalid/', ...rest } = options;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url))
    throw new InvalidInputError({
      method: 'testClusterHandlers',
      param: 'options.url',
      problem: `expected an http(s) URL, got ${String(url)}`,
    });
  const state = createSimulatedState(checkTestClusterOptions(rest));
  const faults = new FaultSet();
  connectMarket(faults, state.openMarket);
  const respond = answerWithFaults(faults, state.answer);
  const handler = http.post(url, async ({ request }) => {
    const body = readBody(await request.text());
    const silent = faults.take('silent', body.methods);
    if (silent) await silent.off;
    const slow = faults.take('slow', body.methods);
    if (slow) await new Promise((resolve) => setTimeout(resolve, slow.options.delayMs));
    const limited = faults.take('rateLimited', body.methods);
    const json = { 'content-type': 'application/json; charset=utf-8' };
    if (limited) {
      return new HttpResponse(rateLimitedBody(body), {
        status: 429,
        headers: { ...json, 'retry-after': String(limited.options.retryAfterSeconds ?? 1) },
      });
    }
    const reply = await answerBody(body, respond);
    const cut = faults.take('cutShort', body.methods);
    // msw cannot reset a connection mid-body: a reset is the network error it can make.
    if (cut?.options.mode === 'reset') return HttpResponse.error();
    return new HttpResponse(cut ? reply.slice(0, Math.floor(reply.length / 2)) : reply, { headers: json });
  });
  return {
    handlers: [handler],
    url,
    slot: state.slot,
    fault: <K extends FaultKind>(kind: K, faultOptions?: FaultOptions[K]): FaultHandle => {
      if (kind === 'socketLost' || kind === 'socketClosed')
        throw new InvalidInputError({
          method: 'fault',
          param: 'kind',
          problem: `${kind} needs a WebSocket; the msw handlers serve HTTP only (startTestCluster serves both)`,
        });
      return faults.add(kind, faultOptions);
    },
    clearFaults: () => faults.clearAll(),
  } as TestClusterHandlers;
}
