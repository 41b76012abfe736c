/**
 * A subscribe the rate limit held back is sent when its turn comes (src/subscriptions/queueSubscribe.ts),
 * on the socket it waited for, and serves. rateLimit.test.ts holds every wait for 100 s, to say which
 * requests took a turn; here the limit refills a token every 20 ms, so turns come within a test. With a
 * burst of 1, the second of two subscribes sent together always waits: both are sent in one tick (the
 * socket's open), and the first takes the only token. A wait its socket's loss ends, and the turn taken
 * again after the reconnect, are rateLimit.test.ts's.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { createRpcSubscriptions } from '../../src/subscriptions/createRpcSubscriptions.js';
import { createRateLimiter } from '../../src/transport/rateLimit.js';
import { type PubsubServer, startPubsubServer } from '../support/pubsubServer.js';

const HANG = { timeout: 20_000 };
const OWNER = encodeBase58(new Uint8Array(32).fill(9));
const accounts = Array.from({ length: 2 }, (_, i) => encodeBase58(new Uint8Array(32).fill(i + 1)));
const [firstAccount, secondAccount] = accounts as [string, string];

let server: PubsubServer;
beforeEach(async () => {
  server = await startPubsubServer();
});
afterEach(async () => {
  await server.stop();
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const sent = (method: string) => server.requests.filter((request) => request.method === method).length;

function account(lamports: number, slot: number) {
  return {
    context: { slot },
    value: { lamports, owner: OWNER, data: ['', 'base64'], executable: false, rentEpoch: 0, space: 0 },
  };
}

describe('a subscribe waiting for its turn', () => {
  it('is sent when the turn comes, on the socket it waited for, and its subscription serves', HANG, async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 50, burst: 1 });
    const subs = createRpcSubscriptions(server.url, { rateLimit: limiter });
    const first = subs.accountSubscribe(firstAccount)[Symbol.asyncIterator]();
    const second = subs.accountSubscribe(secondAccount)[Symbol.asyncIterator]();
    const firstValue = first.next();
    const secondValue = second.next();
    // The second took no token at the open: only its turn sends it.
    await until(() => server.subscriptions.size === 2 && limiter.queued() === 0);
    expect(sent('accountSubscribe')).toBe(2);
    expect(server.connections()).toBe(1);
    expect(server.notify('accountSubscribe', account(7, 10), (params) => params[0] === secondAccount)).toBe(1);
    expect(server.notify('accountSubscribe', account(5, 11), (params) => params[0] === firstAccount)).toBe(1);
    expect(await secondValue).toMatchObject({ done: false, value: { context: { slot: 10 }, value: { lamports: 7n } } });
    expect(await firstValue).toMatchObject({ done: false, value: { context: { slot: 11 }, value: { lamports: 5n } } });
    await first.return?.();
    await second.return?.();
    subs.close();
  });
});
