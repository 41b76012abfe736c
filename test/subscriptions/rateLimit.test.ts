/**
 * Subscriptions under a rate limit, against a loopback pubsub server: each subscribe sent takes
 * `subscriptionWeight` tokens of the limit (a re-subscribe after a reconnect too) and waits its turn, from
 * the same bucket as an HTTP client given the same limiter; unsubscribes are free; a subscription waiting
 * for its turn ends with its signal, and a client closing lets go of its waits. Limits of one token per
 * 100 s: a request the limit holds back never goes within a test, so what reached the server says which
 * ones took a turn.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { isSolRpcError } from '../../src/errors/isSolRpcError.js';
import { createRpcSubscriptions, createRpcSubscriptionsWith } from '../../src/subscriptions/createRpcSubscriptions.js';
import { accountSubscribe } from '../../src/subscriptions/methods/accountSubscribe.js';
import { createRateLimiter, paceFor } from '../../src/transport/rateLimit.js';
import { realClock } from '../../src/transport/retry.js';
import { type PubsubServer, startPubsubServer } from '../support/pubsubServer.js';

const HANG = { timeout: 20_000 };
const SLOW = 0.01;
const accounts = Array.from({ length: 4 }, (_, i) => encodeBase58(new Uint8Array(32).fill(i + 1)));

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

/** Follows an account until the iterator ends; resolves with how it ended. */
async function follow(iterable: AsyncIterable<unknown>): Promise<string> {
  try {
    for await (const _ of iterable) {
      // Nothing is notified.
    }
    return 'ended';
  } catch (error) {
    return isSolRpcError(error) ? error.name : String(error);
  }
}

describe('subscriptions under a rate limit', () => {
  it(
    'each subscribe takes a token; the rest wait, in the queue an HTTP client of the same limiter joins',
    HANG,
    async () => {
      const limiter = createRateLimiter({ requestsPerSecond: SLOW, burst: 2 });
      const subs = createRpcSubscriptions(server.url, { rateLimit: limiter });
      const ended = accounts.slice(0, 3).map((account) => follow(subs.accountSubscribe(account)));
      await until(() => server.subscriptions.size === 2 && limiter.queued() === 1);
      await server.roundTrip();
      expect(sent('accountSubscribe')).toBe(2);
      // An HTTP endpoint given the same limiter finds the bucket empty and queues behind the subscription.
      const http = paceFor(limiter, realClock, 'options.rateLimit');
      const controller = new AbortController();
      const turn = http.turn(1, {
        method: 'getSlot',
        origin: 'http://x',
        deadline: Number.POSITIVE_INFINITY,
        signal: controller.signal,
      });
      expect(turn).toBeInstanceOf(Promise);
      expect(limiter.queued()).toBe(2);
      controller.abort();
      await expect(turn).rejects.toMatchObject({ name: 'AbortError', method: 'getSlot' });
      // Closing the client lets go of its wait: nothing left queued, no timer left behind.
      subs.close();
      expect(limiter.queued()).toBe(0);
      expect(await Promise.all(ended)).toEqual(['ended', 'ended', 'ended']);
    },
  );

  it('a subscription waiting for its turn ends with its signal; unsubscribes never wait', HANG, async () => {
    const limiter = createRateLimiter({ requestsPerSecond: SLOW, burst: 1 });
    const subs = createRpcSubscriptions(server.url, { rateLimit: limiter });
    const first = new AbortController();
    const second = new AbortController();
    const firstEnded = follow(subs.accountSubscribe(accounts[0] as string, { signal: first.signal }));
    const secondEnded = follow(subs.accountSubscribe(accounts[1] as string, { signal: second.signal }));
    await until(() => server.subscriptions.size === 1 && limiter.queued() === 1);
    // The first's answer read by the client, so that it leaves by an unsubscribe: one that leaves before its
    // answer just closes the socket (its last subscription), and the server drops it with no message.
    await server.roundTrip();
    second.abort();
    expect(await secondEnded).toBe('AbortError');
    expect(limiter.queued()).toBe(0);
    // The bucket is empty: an unsubscribe that took a turn would wait 100 s (the test's deadline says so).
    first.abort();
    expect(await firstEnded).toBe('AbortError');
    // The server may drop the subscription before it has counted the message: wait for both.
    await until(() => server.subscriptions.size === 0 && sent('accountUnsubscribe') === 1);
    expect(sent('accountSubscribe')).toBe(1);
    subs.close();
  });

  it('a re-subscribe after a reconnect takes a turn again', HANG, async () => {
    const limiter = createRateLimiter({ requestsPerSecond: SLOW, burst: 2 });
    const subs = createRpcSubscriptions(server.url, {
      rateLimit: limiter,
      reconnect: { initialDelayMs: 10, maxDelayMs: 20 },
    });
    const ended = accounts.slice(0, 2).map((account) => follow(subs.accountSubscribe(account)));
    await until(() => server.subscriptions.size === 2);
    server.closeAll(1001);
    await until(() => server.connections() === 2 && limiter.queued() === 2);
    await server.roundTrip();
    expect(sent('accountSubscribe')).toBe(2);
    expect(server.subscriptions.size).toBe(0);
    subs.close();
    expect(limiter.queued()).toBe(0);
    expect(await Promise.all(ended)).toEqual(['ended', 'ended']);
  });

  it('subscriptionWeight 0: subscribes are not counted, and leave the bucket to HTTP calls', HANG, async () => {
    const limiter = createRateLimiter({ requestsPerSecond: SLOW, burst: 1, subscriptionWeight: 0 });
    const subs = createRpcSubscriptions(server.url, { rateLimit: limiter });
    const ended = accounts.map((account) => follow(subs.accountSubscribe(account)));
    await until(() => server.subscriptions.size === accounts.length);
    expect(limiter.queued()).toBe(0);
    const http = paceFor(limiter, realClock, 'options.rateLimit');
    expect(http.turn(1, { method: 'getSlot', origin: 'http://x', deadline: Number.POSITIVE_INFINITY })).toBeUndefined();
    subs.close();
    expect(await Promise.all(ended)).toEqual(accounts.map(() => 'ended'));
  });

  it(
    'createRpcSubscriptions takes plain options (a limit of its own), checked before anything is sent',
    HANG,
    async () => {
      expect(() => createRpcSubscriptions(server.url, { rateLimit: { requestsPerSecond: -1 } })).toThrow(
        expect.objectContaining({ name: 'InvalidInputError', param: 'options.rateLimit.requestsPerSecond' }),
      );
      expect(() =>
        createRpcSubscriptions(server.url, { rateLimit: { requestsPerSecond: 1, weight: 2 } as never }),
      ).toThrow(expect.objectContaining({ name: 'InvalidInputError', param: 'options.rateLimit.weight' }));
      // The client of chosen methods takes a limiter only: an app that never limits carries no option checks.
      expect(() =>
        createRpcSubscriptionsWith(server.url, { accountSubscribe }, { rateLimit: { requestsPerSecond: 1 } }),
      ).toThrow(expect.objectContaining({ name: 'InvalidInputError', param: 'options.rateLimit' }));
      const limited = createRpcSubscriptionsWith(
        server.url,
        { accountSubscribe },
        { rateLimit: createRateLimiter({ requestsPerSecond: SLOW, burst: 1 }) },
      );
      limited.close();
      const subs = createRpcSubscriptions(server.url, {
        rateLimit: { requestsPerSecond: SLOW, subscriptionWeight: 1 },
      });
      const ended = accounts.slice(0, 2).map((account) => follow(subs.accountSubscribe(account)));
      await until(() => server.subscriptions.size === 1);
      await server.roundTrip();
      expect(sent('accountSubscribe')).toBe(1);
      subs.close();
      expect(await Promise.all(ended)).toEqual(['ended', 'ended']);
    },
  );
});
