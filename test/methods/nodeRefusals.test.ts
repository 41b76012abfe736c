/**
 * The two refusals every method meets the same way, generated from the profile table
 * (test/support/methodProfiles.ts) rather than repeated in each method's file:
 *
 * - -32601 "Method not found": each method is called with its profile fixture's params and answered with
 *   agave's recorded -32601. The hint depends on the API set agave serves the method in, read from agave's
 *   own trait list (test/fixtures/agave/http-methods.json), not from solrpc: a method wrongly marked
 *   full-API or minimal fails here with its name.
 * - `minContextSlot`: a method whose profile says agave reads it sends it in its config and passes agave's
 *   recorded -32016 through typed, with the slot the node reached in the hint; every other method refuses
 *   it before any request, naming `config.minContextSlot`.
 *
 * Budget: at most two rows per method, each one in-process msw exchange (or none), 5 s deadline each; the
 * suite grows with the method list only, and does not read or start anything per row.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { serveFixture } from '../msw/fixtures.js';
import { calls, expectRpcError, firstLine, mockRpc, RPC_URL, rejectsWith, sent, useMswServer } from '../msw/server.js';
import { type ConformanceCase, callFor, expectedParams, loadCases } from '../support/conformance.js';
import { METHOD_NAMES, type MethodName, profileOf } from '../support/methodProfiles.js';

useMswServer();

const agave = JSON.parse(readFileSync(new URL('../fixtures/agave/http-methods.json', import.meta.url), 'utf8')) as {
  traits: Record<string, string[]>;
};
const MINIMAL: ReadonlySet<string> = new Set(agave.traits.Minimal);

/** agave's recorded answers: the -32601 of a method it does not serve, and a -32016 at slot 356139512. */
const METHOD_NOT_FOUND = 'conformance/error.-32601.method-not-found';
const NOT_REACHED = 'conformance/getSlot.error.min-context-slot-not-reached';
/** The profile fixtures, and the -32016 recording: the directory is read once. */
const wanted = new Set([
  ...METHOD_NAMES.map((method) => profileOf(method).fixture),
  'getSlot.error.min-context-slot-not-reached.json',
]);
const CASES = new Map(loadCases((c) => wanted.has(c.file)).map((c) => [c.file, c]));
const caseOf = (method: MethodName): ConformanceCase => CASES.get(profileOf(method).fixture) as ConformanceCase;
const recorded = CASES.get('getSlot.error.min-context-slot-not-reached.json') as ConformanceCase;
/** The slot asked for in that recording (356139600), and the one the node had reached (356139512). */
const ASKED = (recorded.params[0] as { minContextSlot: number }).minContextSlot;
const REACHED = Number(recorded.expect['error.data.contextSlot']);

const rpc = () =>
  createRpc(RPC_URL, { timeoutMs: 2_000, retry: false }) as unknown as Record<
    string,
    (...args: unknown[]) => Promise<unknown>
  >;

/** The case's params with `minContextSlot` added to the config, at the profile's config position. */
function withMinContextSlot(method: MethodName, slot: number | bigint): ConformanceCase {
  const c = caseOf(method);
  const { configIndex } = profileOf(method);
  const params = [...c.params];
  while (params.length < configIndex) params.push(undefined);
  const config = params[configIndex];
  params[configIndex] = { ...(typeof config === 'object' && config !== null ? config : {}), minContextSlot: slot };
  return { ...c, params };
}

const FULL_API_HINT =
  'the node may not serve this method: full-API methods need a node started with --full-rpc-api; try another RPC URL.';
const minimalHint = (method: string) =>
  `every agave node serves ${method}, so something in front of this one (a proxy, or a provider's plan) limits the methods it passes, or the server is not an agave node; try another RPC URL.`;

describe('-32601 Method not found, for every method', { timeout: 5_000 }, () => {
  it('agave serves every method of the profile table in one trait', () => {
    const served = new Set(Object.values(agave.traits).flat());
    expect(METHOD_NAMES.filter((method) => !served.has(method))).toStrictEqual([]);
  });

  it.each(METHOD_NAMES)('%s: typed, not retried, with the hint of the API set agave serves it in', async (method) => {
    const c = caseOf(method);
    const { params } = callFor(c);
    mockRpc({ [method]: serveFixture(METHOD_NOT_FOUND) });
    const error = await rejectsWith(rpc()[method]?.(...params) as Promise<unknown>, 'RpcError');
    expect(sent()).toStrictEqual([{ method, params: expectedParams(c) }]);
    expectRpcError(error, method, {
      code: -32601,
      codeName: 'METHOD_NOT_FOUND',
      message: 'Method not found',
      data: undefined,
      hint: MINIMAL.has(method) ? minimalHint(method) : FULL_API_HINT,
      retryable: false,
    });
  });
});

const TAKES = METHOD_NAMES.filter((method) => profileOf(method).minContextSlot);
const REFUSES = METHOD_NAMES.filter((method) => !profileOf(method).minContextSlot);

describe('minContextSlot', { timeout: 5_000 }, () => {
  it('agave reads it in 21 methods', () => {
    expect(TAKES).toHaveLength(21);
  });

  // Half the rows give the slot as a bigint, the other half as a number: both forms the option takes.
  it.each(TAKES.map((method, i) => [method, i % 2 === 0 ? ASKED : BigInt(ASKED)] as const))(
    '%s: sent in the config; -32016 typed and retryable, the hint naming the slot reached (given as %s)',
    async (method, slot) => {
      const { params } = callFor(withMinContextSlot(method, slot));
      mockRpc({ [method]: serveFixture(NOT_REACHED) });
      const error = await rejectsWith(rpc()[method]?.(...params) as Promise<unknown>, 'RpcError');
      expect(sent()).toStrictEqual([{ method, params: expectedParams(withMinContextSlot(method, ASKED)) }]);
      expectRpcError(error, method, {
        code: -32016,
        codeName: 'MIN_CONTEXT_SLOT_NOT_REACHED',
        message: 'Minimum context slot has not been reached',
        data: { contextSlot: REACHED },
        hint: `the node has only reached slot ${REACHED}; lower minContextSlot or retry once the node catches up.`,
        retryable: true,
      });
    },
  );

  it.each(REFUSES)('%s: agave takes no minContextSlot here, so it is refused before any request', async (method) => {
    const { params } = callFor(withMinContextSlot(method, ASKED));
    mockRpc({ [method]: serveFixture(NOT_REACHED) });
    const error = await rejectsWith(rpc()[method]?.(...params) as Promise<unknown>, 'InvalidInputError');
    expect(error).toMatchObject({ method, param: 'config.minContextSlot' });
    expect(firstLine(error)).toMatch(
      new RegExp(`^${method}: invalid config\\.minContextSlot: not an option of ${method}`),
    );
    expect(calls).toHaveLength(0);
  });
});
