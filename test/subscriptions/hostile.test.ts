/**
 * A hostile pubsub server, one behaviour per test, on virtual time (fake timers and the scripted server
 * of scriptedServer.ts): frames nested 5,000 and 100,000 deep (issue 29, defect 4), servers that accept
 * the handshake and then close, with a policy code or politely, or stall in the middle of a frame (defect
 * 5), and the server that is killed every 1.5 s and must still be followed for good. Every outcome is a
 * typed error or a notification; nothing is unhandled; the URL's key appears nowhere.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import {
  type ConnectionEvent,
  createRpcSubscriptions,
  isSolRpcError,
  type RpcSubscriptions,
  type RpcSubscriptionsOptions,
} from '../../src/index.js';
import { deepValue, ScriptedServer, type ServedSubscription } from './scriptedServer.js';

const SECRET = 'H0st1leK3yV4lue';
const URL = `ws://127.0.0.1:1/v1/${SECRET}?api-key=${SECRET}`;
const OPTIONS: RpcSubscriptionsOptions = {
  heartbeatIntervalMs: 1_000,
  heartbeatTimeoutMs: 3_000,
  connectTimeoutMs: 1_000,
  reconnect: { maxAttempts: 10, maxElapsedMs: 10_000, initialDelayMs: 100, maxDelayMs: 2_000 },
};
const ADDRESS = encodeBase58(new Uint8Array(32).fill(7));
const account = (slot: number) =>
  `{"context":{"slot":${slot}},"value":{"data":["","base64"],"executable":false,"lamports":${slot},"owner":"11111111111111111111111111111111","rentEpoch":0,"space":0}}`;

let server: ScriptedServer;
let subs: RpcSubscriptions;
let events: ConnectionEvent[];
const unhandled: unknown[] = [];
const onUnhandled = (error: unknown) => unhandled.push(error);

beforeAll(async () => {
  // What a refusal loads on first use, loaded before time is virtual.
  await import('../../src/schemas/explain.js');
  await import('../../src/errors/hints.js');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  process.on('unhandledRejection', onUnhandled);
  unhandled.length = 0;
  server = new ScriptedServer();
  subs = createRpcSubscriptions(URL, { ...OPTIONS, WebSocket: server.WebSocket });
  events = [];
  subs.onConnectionChange((event) => events.push(event));
});

afterEach(async () => {
  subs.close();
  await vi.advanceTimersByTimeAsync(10);
  process.off('unhandledRejection', onUnhandled);
  vi.useRealTimers();
  vi.restoreAllMocks();
  expect(unhandled).toEqual([]);
  const said = JSON.stringify(events.map((e) => ('reason' in e ? e.reason : 'error' in e ? String(e.error) : '')));
  expect(said).not.toContain(SECRET);
});

/** Lets `ms` of virtual time pass, with the promises in between. */
async function pass(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(0);
  }
}

/** What an iterator's next() settles to, within `ms` of virtual time. */
async function settle<T>(next: Promise<IteratorResult<T>>, ms = 100): Promise<IteratorResult<T> | { error: unknown }> {
  const outcome = next.then(
    (result) => result,
    (error: unknown) => ({ error }),
  );
  await pass(ms);
  const pending = Symbol('pending');
  const result = await Promise.race([outcome, Promise.resolve(pending)]);
  if (result === pending) throw new Error(`still pending after ${ms} virtual ms`);
  return result as IteratorResult<T> | { error: unknown };
}

const served = (method: string): ServedSubscription => {
  const sub = server.live().find((s) => s.method === method);
  if (!sub) throw new Error(`${method} is not served`);
  return sub;
};

const errorOf = (outcome: unknown): Error & Record<string, unknown> => {
  expect(outcome).toHaveProperty('error');
  const { error } = outcome as { error: Error & Record<string, unknown> };
  expect(isSolRpcError(error), String(error)).toBe(true);
  expect(`${error.message} ${JSON.stringify({ ...error })}`).not.toContain(SECRET);
  return error;
};

describe('a frame nested deeper than the parser reads (128 levels)', () => {
  it.each([5_000, 100_000])(
    'a slotNotification %i deep ends the slot iterator with an InvalidResponseError; the account subscription on the same socket goes on',
    async (depth) => {
      const slots = subs.slotSubscribe();
      const accounts = subs.accountSubscribe(ADDRESS, { encoding: 'base64' });
      const firstSlot = slots.next();
      const firstAccount = accounts.next();
      await pass(20);
      server.notify(served('slotSubscribe'), '{"parent":9,"root":0,"slot":10}');
      expect(await settle(firstSlot)).toEqual({ value: { slot: 10, parent: 9, root: 0 }, done: false });
      server.notify(served('accountSubscribe'), account(10));
      expect(((await settle(firstAccount)) as IteratorResult<{ context: { slot: number } }>).value?.context.slot).toBe(
        10,
      );

      const slotSub = served('slotSubscribe');
      server.notify(slotSub, `{"parent":0,"root":0,"slot":${deepValue(depth)}}`);
      // The valid notification after it, for the other subscription, is delivered.
      const nextAccount = accounts.next();
      server.notify(served('accountSubscribe'), account(11));
      const error = errorOf(await settle(slots.next()));
      expect(error).toMatchObject({ name: 'InvalidResponseError', method: 'slotSubscribe', reason: 'json' });
      expect(error.message).toMatch(/a slotNotification: nesting too deep \(more than 128 levels\)/);
      expect(((await settle(nextAccount)) as IteratorResult<{ context: { slot: number } }>).value?.context.slot).toBe(
        11,
      );
      // The slot subscription ended on the server too; the iterator is done.
      await pass(10);
      expect(server.subscriptions.has(slotSub.id)).toBe(false);
      expect(await slots.next()).toEqual({ value: undefined, done: true });
      await accounts.return();
    },
  );

  it('a notification whose whole result is 100,000 deep, for an account subscription, ends it the same way', async () => {
    const accounts = subs.accountSubscribe(ADDRESS, { encoding: 'base64' });
    const next = accounts.next();
    await pass(20);
    server.notify(served('accountSubscribe'), deepValue(100_000));
    const error = errorOf(await settle(next));
    expect(error).toMatchObject({ name: 'InvalidResponseError', method: 'accountSubscribe', reason: 'json' });
  });

  it.each([
    ['deepResult', 'a subscription id 5,000 deep'],
    ['deepError', 'an error whose data is 5,000 deep'],
  ] as const)(
    'a subscribe answered with %s (%s) ends that iterator with an InvalidResponseError',
    async (answer, _what) => {
      server.mode.subscribe = answer;
      const slots = subs.slotSubscribe();
      const error = errorOf(await settle(slots.next(), 50));
      expect(error).toMatchObject({ name: 'InvalidResponseError', method: 'slotSubscribe', reason: 'json' });
      expect(error.message).toMatch(/its answer: nesting too deep \(more than 128 levels\)/);
      // Not retried, and the socket closes with its last subscription.
      expect(server.sockets).toHaveLength(1);
      expect(events.map((e) => e.state)).toEqual(['connected', 'closed']);
    },
  );

  it('a schema-invalid notification still ends its iterator with the ValidationError naming the field', async () => {
    const slots = subs.slotSubscribe();
    const next = slots.next();
    await pass(20);
    server.notify(served('slotSubscribe'), '{"parent":0,"root":0,"slot":"x"}');
    const error = errorOf(await settle(next));
    expect(error).toMatchObject({ name: 'ValidationError', path: 'result.slot' });
  });
});

describe('a server that says go away', () => {
  it.each([1008, 4000, 4001, 4029, 4999])(
    'a close with %i ends every iterator at once with a ConnectionLostError naming the code and the reason, key redacted',
    async (code) => {
      const slots = subs.slotSubscribe();
      const accounts = subs.accountSubscribe(ADDRESS, { encoding: 'base64' });
      const both = Promise.all(
        [slots.next(), accounts.next()].map((next) => next.then(undefined, (error: unknown) => ({ error }))),
      );
      await pass(20);
      server.current?.closeFromServer(code, `invalid api key ${SECRET}`);
      await pass(10);
      for (const outcome of await both) {
        const error = errorOf(outcome);
        expect(error).toMatchObject({ name: 'ConnectionLostError', closeCode: code, retryable: false });
        expect(error.message).toMatch(
          new RegExp(`closed the connection with code ${code} \\(invalid api key \\[redacted\\]\\), a policy close`),
        );
      }
      await pass(30_000);
      expect(server.sockets).toHaveLength(1);
      expect(events.map((e) => e.state)).toEqual(['connected', 'gave-up']);
    },
  );

  it.each([1000, 1001, 1006, 1011, 1013])(
    'a close with %i right after every handshake: backoff grows, attempts count on, and it gives up within maxElapsedMs',
    async (code) => {
      server.mode.closeAfterOpen = code;
      const slots = subs.slotSubscribe();
      const start = Date.now();
      const outcome = await settle(slots.next(), 15_000);
      const error = errorOf(outcome);
      expect(error).toMatchObject({ name: 'ConnectionLostError', closeCode: undefined });
      expect(error.elapsedMs as number).toBeLessThanOrEqual(10_000);
      expect(Date.now() - start).toBeLessThanOrEqual(15_000);
      expect(server.sockets.length).toBeLessThanOrEqual(11);
      const attempts = events.flatMap((e) => (e.state === 'reconnecting' ? [e.attempt] : []));
      // Counted on, never back to 1: none of these connections proved healthy.
      expect(attempts).toEqual(Array.from({ length: attempts.length }, (_, i) => i + 1));
      const delays = events.flatMap((e) => (e.state === 'reconnecting' ? [e.delayMs] : []));
      expect(delays.slice(0, 4)).toEqual([75, 150, 300, 600]);
    },
  );

  it('a server that answers pings but never a subscribe: dropped after heartbeatTimeoutMs, and given up on in bounds', async () => {
    server.mode.subscribe = 'silent';
    const slots = subs.slotSubscribe();
    const first = events.length;
    await pass(3_500);
    expect(events.slice(first).find((e) => e.state === 'reconnecting')).toMatchObject({
      reason: expect.stringMatching(/a subscribe unanswered for 3 s/),
    });
    const error = errorOf(await settle(slots.next(), 20_000));
    expect(error).toMatchObject({ name: 'ConnectionLostError' });
    expect(error.elapsedMs as number).toBeLessThanOrEqual(10_000);
  });

  it('a server that stalls in the middle of a frame after every handshake: the heartbeat finds it, the budgets apply', async () => {
    server.mode.stallAfterAnswers = 0;
    const slots = subs.slotSubscribe();
    const error = errorOf(await settle(slots.next(), 20_000));
    expect(error).toMatchObject({ name: 'ConnectionLostError' });
    expect(error.elapsedMs as number).toBeLessThanOrEqual(10_000);
    const reasons = events.flatMap((e) => (e.state === 'reconnecting' ? [e.reason] : []));
    expect(reasons[0]).toMatch(/no answer for 3 s/);
    expect(events.filter((e) => e.state === 'reconnecting').map((e) => (e as { attempt: number }).attempt)).toEqual(
      Array.from({ length: reasons.length }, (_, i) => i + 1),
    );
  });
});

describe('a consumer that leaves before the server answered its subscribe', () => {
  it('the subscription the server made all the same is unsubscribed once the answer comes', async () => {
    // Another subscription keeps the socket open, so the server would go on notifying the orphan.
    const accounts = subs.accountSubscribe(ADDRESS, { encoding: 'base64' });
    void accounts.next();
    await pass(20);
    const slots = subs.slotSubscribe();
    void slots.next();
    await slots.return();
    await pass(20);
    expect(server.live().map((sub) => sub.method)).toEqual(['accountSubscribe']);
    await accounts.return();
  });
});

describe('a server that never answers a ping but serves', () => {
  it('recovers after each loss all the same: a notification after the probe proves the socket', async () => {
    server.mode.pong = false;
    const slots = subs.slotSubscribe();
    let slot = 0;
    for (let round = 0; round < 3; round++) {
      for (let second = 0; second < 15; second++) {
        const next = slots.next();
        await pass(500);
        server.notify(served('slotSubscribe'), `{"parent":${slot},"root":0,"slot":${++slot}}`);
        expect(((await settle(next, 10)) as IteratorResult<{ slot: number }>).value?.slot).toBe(slot);
        await pass(490);
      }
      server.current?.closeFromServer(1001, 'restarting');
      await pass(1_000);
    }
    // 45 s of it, three losses, each one attempt 1: never given up.
    expect(events.flatMap((e) => (e.state === 'reconnecting' ? [e.attempt] : []))).toEqual([1, 1, 1]);
    expect(events.some((e) => e.state === 'gave-up')).toBe(false);
    await slots.return();
  });
});

describe('a server killed every 1.5 s, which serves between kills', () => {
  it.each([
    ['in Node (protocol pings)', false],
    ['in a browser (no protocol ping: a JSON-RPC ping, answered -32601)', true],
  ])(
    'recovers each time (attempt 1 after each kill) and follows the slots for a minute without giving up, %s',
    async (_name, browser) => {
      if (browser) {
        subs.close();
        const Scripted = server.WebSocket;
        // A socket without ping(): what browsers give.
        const Browser = class extends Scripted {
          constructor(url: string) {
            super(url);
            Object.defineProperty(this, 'ping', { value: undefined });
          }
        };
        subs = createRpcSubscriptions(URL, { ...OPTIONS, WebSocket: Browser });
        subs.onConnectionChange((event) => events.push(event));
      }
      const slots = subs.slotSubscribe();
      const seen: number[] = [];
      let slot = 0;
      for (let kill = 0; kill < 40; kill++) {
        await pass(100);
        const next = slots.next();
        server.notify(served('slotSubscribe'), `{"parent":${slot},"root":0,"slot":${++slot}}`);
        const result = await settle(next, 10);
        seen.push((result as IteratorResult<{ slot: number }>).value?.slot as number);
        await pass(1_400);
        server.current?.closeFromServer(1006, '');
      }
      expect(seen).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      const attempts = events.flatMap((e) => (e.state === 'reconnecting' ? [e.attempt] : []));
      expect(attempts).toEqual(new Array(40).fill(1));
      expect(events.some((e) => e.state === 'gave-up')).toBe(false);
      await slots.return();
    },
  );
});
