/**
 * The -32601 "Method not found" hint depends on the method: only the methods agave serves with
 * `--full-rpc-api` get the advice about that flag.
 */
import { describe, expect, it } from 'vitest';
import { FULL_RPC_API_METHODS, MINIMAL_RPC_API_METHODS } from '../../src/errors/hints.js';
import { withHint } from '../../src/errors/withHint.js';
import { RpcError } from '../../src/index.js';
import { allMethods } from '../../src/methods/index.js';

const FULL_API_HINT =
  'the node may not serve this method: full-API methods need a node started with --full-rpc-api; try another RPC URL.';

async function methodNotFound(method: string | undefined): Promise<RpcError> {
  const error = new RpcError({ method, code: -32601, message: 'Method not found' });
  return (await withHint(error)) as RpcError;
}

describe('the -32601 hint', () => {
  it('names --full-rpc-api for the methods agave serves only with the full API', async () => {
    for (const method of ['getClusterNodes', 'getAccountInfo', 'getTokenAccountsByDelegate', 'getTransaction']) {
      const error = await methodNotFound(method);
      expect(error.hint).toBe(FULL_API_HINT);
      expect(error.message).toBe(
        `${method}: RPC error -32601 (METHOD_NOT_FOUND): Method not found\nHint: ${FULL_API_HINT}`,
      );
    }
  });

  it('does not blame --full-rpc-api for the methods every node serves', async () => {
    for (const method of ['getVoteAccounts', 'getLeaderSchedule', 'getBalance', 'getEpochInfo']) {
      const error = await methodNotFound(method);
      expect(error.hint).not.toContain('--full-rpc-api');
      expect(error.hint).toBe(
        `every agave node serves ${method}, so something in front of this one (a proxy, or a provider's plan) limits the methods it passes, or the server is not an agave node; try another RPC URL.`,
      );
    }
  });

  it('says a method unknown to agave may be newer than the node, or not its method', async () => {
    const error = await methodNotFound('getFancyThing');
    expect(error.hint).not.toContain('--full-rpc-api');
    expect(error.hint).toBe(
      "getFancyThing is not an agave RPC method this node knows: it may be newer than the node's version, or not a method of this server; check the name and the node's version (getVersion).",
    );
  });

  it('keeps the --full-rpc-api advice when the method is not known', async () => {
    expect((await methodNotFound(undefined)).hint).toBe(FULL_API_HINT);
  });
});

describe('the lists of agave RPC methods', () => {
  it('cover agave 52 HTTP methods once: 40 need the full API, 12 are minimal', () => {
    expect(FULL_RPC_API_METHODS.size).toBe(40);
    expect(MINIMAL_RPC_API_METHODS.size).toBe(12);
    const all = new Set([...FULL_RPC_API_METHODS, ...MINIMAL_RPC_API_METHODS]);
    expect(all.size).toBe(52);
    for (const name of all) expect(name).toMatch(/^(get|is|send|simulate|request|minimum)[A-Z]\w+$/);
  });

  it('place every method solrpc implements in exactly one of them', () => {
    const unplaced = Object.keys(allMethods).filter(
      (name) => FULL_RPC_API_METHODS.has(name) === MINIMAL_RPC_API_METHODS.has(name),
    );
    expect(unplaced).toEqual([]);
    // A few placements read off agave's rpc.rs traits (Minimal; AccountsData; Full).
    expect(['getBalance', 'getSlot', 'getVoteAccounts'].every((m) => MINIMAL_RPC_API_METHODS.has(m))).toBe(true);
    expect(['getAccountInfo', 'getTransaction', 'getClusterNodes'].every((m) => FULL_RPC_API_METHODS.has(m))).toBe(
      true,
    );
  });
});
