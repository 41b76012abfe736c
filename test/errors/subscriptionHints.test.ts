/**
 * A subscription's -32601 "Method not found" hint, made from the `nodeFlag` on its definition: agave
 * serves blockSubscribe and voteSubscribe only on a node started with their flag
 * (validator/src/commands/run/args/pub_sub_config.rs), every other subscription on every node. Over a
 * loopback WebSocket server that refuses the method as agave does.
 */
import { describe, expect, it } from 'vitest';
import { withHint } from '../../src/errors/withHint.js';
import { createRpcSubscriptions, isSolRpcError, RpcError } from '../../src/index.js';
import { allSubscriptions } from '../../src/subscriptions/methods/index.js';
import { startPubsubServer } from '../support/pubsubServer.js';

describe('the -32601 hint of a subscription, from the nodeFlag on its definition', { timeout: 10_000 }, () => {
  it.each([
    ['blockSubscribe', '--rpc-pubsub-enable-block-subscription'],
    ['voteSubscribe', '--rpc-pubsub-enable-vote-subscription'],
  ] as const)('%s names %s', async (method, flag) => {
    const server = await startPubsubServer();
    const subs = createRpcSubscriptions(server.url);
    try {
      server.refuse.set(method, { code: -32601, message: 'Method not found' });
      const stream = method === 'blockSubscribe' ? subs.blockSubscribe('all') : subs.voteSubscribe();
      const error = await stream.next().then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(isSolRpcError(error, 'RpcError') && error.code).toBe(-32601);
      const hint = `a node serves ${method} only when started with ${flag} (it is off by default); use a node that enables it.`;
      expect((error as RpcError).hint).toBe(hint);
      expect((error as RpcError).message.split('\n')).toStrictEqual([
        `${method}: RPC error -32601 (METHOD_NOT_FOUND): Method not found`,
        `Hint: ${hint}`,
      ]);
      expect(server.requests.map((request) => request.method)).toContain(method);
    } finally {
      subs.close();
      await server.stop();
    }
  });

  it('says a subscription every node serves is limited in front of the node, without naming a flag', async () => {
    const error = (await withHint(
      new RpcError({ method: 'slotSubscribe', code: -32601, message: 'Method not found' }),
      allSubscriptions.slotSubscribe,
    )) as RpcError;
    expect(error.hint).toBe(
      "the node does not serve slotSubscribe on its WebSocket: a proxy or a provider's plan may limit the subscriptions it passes, or the server does not know this one; check the name, or try another WebSocket URL.",
    );
    expect(error.hint).not.toContain('--');
  });

  it('only blockSubscribe and voteSubscribe carry a flag: agave serves the others on every node', () => {
    const flags = Object.fromEntries(
      Object.values(allSubscriptions)
        .filter((definition) => definition.nodeFlag !== undefined)
        .map((definition) => [definition.name, definition.nodeFlag]),
    );
    expect(flags).toStrictEqual({
      blockSubscribe: '--rpc-pubsub-enable-block-subscription',
      voteSubscribe: '--rpc-pubsub-enable-vote-subscription',
    });
  });
});
