/**
 * The hints that depend on the call, made from the facts on the method's definition (never from a list
 * kept beside it) and from the params it sent:
 *
 * - -32601 "Method not found": `fullApi` true names `--full-rpc-api`; false says every agave node serves
 *   the method; a subscription's `nodeFlag` names the flag (blockSubscribe, voteSubscribe); no facts (a raw
 *   transport, `request`) names every cause.
 * - -32004 "Block not available" asked at finalized (said, or the default) names commitment; asked at
 *   confirmed, or from a call that takes no commitment (getBlockTime), it does not.
 *
 * Each through the client as a user meets it, over HTTP (msw), where the transport completes the error
 * before the method's call passes its facts. The subscriptions' hints: subscriptionHints.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { withHint } from '../../src/errors/withHint.js';
import { createRpc, createRpcWith, getBlock, getBlockTime, RpcError } from '../../src/index.js';
import { allMethods } from '../../src/methods/index.js';
import type { Transport } from '../../src/types/index.js';
import { mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';

useMswServer();

const FULL_API_HINT =
  'the node may not serve this method: full-API methods need a node started with --full-rpc-api; try another RPC URL.';
const minimalHint = (method: string) =>
  `every agave node serves ${method}, so something in front of this one (a proxy, or a provider's plan) limits the methods it passes, or the server is not an agave node; try another RPC URL.`;
const unknownHint = (method: string) =>
  `the node does not serve ${method}: an agave method may need a node started with --full-rpc-api, or be newer than the node's version (getVersion); a proxy or a provider's plan may limit the methods it passes; check the name, or try another RPC URL.`;

const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

describe('the -32601 hint, from the fullApi fact on the definition', { timeout: 5_000 }, () => {
  it('names --full-rpc-api for a full-API method, replacing the hint the transport gave without facts', async () => {
    mockRpc({ getClusterNodes: reply.error(-32601, 'Method not found') });
    const error = await rejectsWith(rpc().getClusterNodes(), 'RpcError');
    expect(sent()).toStrictEqual([{ method: 'getClusterNodes', params: [] }]);
    expect(error.hint).toBe(FULL_API_HINT);
    expect(error.message).toBe(
      `getClusterNodes: RPC error -32601 (METHOD_NOT_FOUND): Method not found\nHint: ${FULL_API_HINT}`,
    );
    // The stack repeats the message as it ends, not the transport's hint.
    expect(error.stack).toContain(`Hint: ${FULL_API_HINT}`);
    expect(error.stack).not.toContain('check the name');
  });

  it('says every node serves a minimal method, without blaming --full-rpc-api', async () => {
    mockRpc({ getBalance: reply.error(-32601, 'Method not found') });
    const address = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';
    const error = await rejectsWith(rpc().getBalance(address), 'RpcError');
    expect(sent()).toStrictEqual([{ method: 'getBalance', params: [address] }]);
    expect(error.hint).toBe(minimalHint('getBalance'));
    expect(error.message.split('\n')).toStrictEqual([
      'getBalance: RPC error -32601 (METHOD_NOT_FOUND): Method not found',
      `Hint: ${minimalHint('getBalance')}`,
    ]);
  });

  it('names every cause where nothing is known of the method: request, and a bare transport error', async () => {
    mockRpc({ getFancyThing: reply.error(-32601, 'Method not found') });
    const error = await rejectsWith(rpc().request('getFancyThing', []), 'RpcError');
    expect(sent()).toStrictEqual([{ method: 'getFancyThing', params: [] }]);
    expect(error.hint).toBe(unknownHint('getFancyThing'));
    const bare = (await withHint(new RpcError({ code: -32601, message: 'Method not found' }))) as RpcError;
    expect(bare.hint).toBe(unknownHint('this method'));
  });

  it('is made when the error is thrown: a transport of the caller’s own gets the same hints', async () => {
    const notFound: Transport = async ({ method }) => {
      throw new RpcError({ method, code: -32601, message: 'Method not found' });
    };
    const client = createRpcWith(notFound, { getBlockTime, getBalance: allMethods.getBalance });
    expect((await rejectsWith(client.getBlockTime(5), 'RpcError')).hint).toBe(FULL_API_HINT);
    expect(
      (await rejectsWith(client.getBalance('B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi'), 'RpcError')).hint,
    ).toBe(minimalHint('getBalance'));
  });

  it('keeps a fact’s hint through a later pass without facts, and names the code once', async () => {
    const full = new RpcError({ method: 'getBlock', code: -32601, message: 'Method not found' });
    await withHint(full, { fullApi: true });
    await withHint(full);
    expect(full.hint).toBe(FULL_API_HINT);
    expect(full.message).toBe(
      `getBlock: RPC error -32601 (METHOD_NOT_FOUND): Method not found\nHint: ${FULL_API_HINT}`,
    );
  });
});

describe('the -32004 hint, from the commitment the call asked at', { timeout: 5_000 }, () => {
  // agave's words for a slot past the root at the commitment asked.
  const notAvailable = reply.error(-32004, 'Block not available for slot 356139600');
  const COMMITMENT_HINT =
    "the block may not be finalized yet: this call asked at commitment finalized (the default), and a slot seen at confirmed or processed is finalized some 32 slots (about 13 s) later; ask with commitment 'confirmed', or retry once it is finalized.";
  const RETRY_HINT = 'the block is not available yet on this node; retry shortly.';

  it.each([
    ['no commitment (finalized, the default)', undefined, COMMITMENT_HINT],
    ['commitment finalized', 'finalized', COMMITMENT_HINT],
    ['commitment confirmed', 'confirmed', RETRY_HINT],
  ] as const)('getBlock asked with %s', async (_, commitment, hint) => {
    mockRpc({ getBlock: notAvailable });
    const client = createRpcWith(RPC_URL, { getBlock });
    const config = commitment === undefined ? {} : { commitment };
    const error = await rejectsWith(client.getBlock(356_139_600, config), 'RpcError');
    expect(sent()).toStrictEqual([
      { method: 'getBlock', params: [356_139_600, { encoding: 'json', ...(commitment ? { commitment } : {}) }] },
    ]);
    expect(error.codeName).toBe('BLOCK_NOT_AVAILABLE');
    expect(error.hint).toBe(hint);
    expect(error.message.split('\n')[1]).toBe(`Hint: ${hint}`);
  });

  it('getBlockTime, which takes no commitment, is told to retry', async () => {
    mockRpc({ getBlockTime: notAvailable });
    const error = await rejectsWith(createRpcWith(RPC_URL, { getBlockTime }).getBlockTime(356_139_600), 'RpcError');
    expect(sent()).toStrictEqual([{ method: 'getBlockTime', params: [356_139_600] }]);
    expect(error.hint).toBe(RETRY_HINT);
  });
});
