/**
 * A consumer's queue, deterministically: what each policy keeps for a consumer that has not asked yet,
 * the overflow error's count, and the end of the iterator.
 */
import { describe, expect, it } from 'vitest';
import { isSolRpcError } from '../../src/index.js';
import { NotificationStream } from '../../src/subscriptions/stream.js';

function stream<T>(policy: 'latest' | 'latestByKey' | 'all', size = 3, keyOf?: (value: T) => string) {
  let detached = 0;
  const s = new NotificationStream<T>('testSubscribe', policy, size, keyOf, () => detached++);
  return { s, detached: () => detached };
}

describe('NotificationStream', () => {
  it('hands a notification straight to a waiting consumer', async () => {
    const { s } = stream<number>('all');
    const next = s.next();
    s.push(1);
    expect(await next).toEqual({ value: 1, done: false });
  });

  it("'latest' keeps only the newest", async () => {
    const { s } = stream<number>('latest');
    for (let i = 1; i <= 10; i++) s.push(i);
    expect(await s.next()).toEqual({ value: 10, done: false });
  });

  it("'latestByKey' keeps the newest per key, in the order of their latest change, at most queueSize keys", async () => {
    const { s, detached } = stream<{ key: string; n: number }>('latestByKey', 3, (v) => v.key);
    s.push({ key: 'a', n: 1 });
    s.push({ key: 'b', n: 1 });
    s.push({ key: 'a', n: 2 });
    expect((await s.next()).value).toEqual({ key: 'b', n: 1 });
    expect((await s.next()).value).toEqual({ key: 'a', n: 2 });
    for (const key of ['c', 'd', 'e', 'f', 'g']) s.push({ key, n: 1 });
    expect(detached()).toBe(0);
    expect((await s.next()).value?.key).toBe('c');
    expect((await s.next()).value?.key).toBe('d');
    expect((await s.next()).value?.key).toBe('e');
    const error = await s.next().catch((e: unknown) => e);
    expect(isSolRpcError(error, 'SubscriptionOverflowError')).toBe(true);
    expect(error).toMatchObject({ dropped: 2, queueSize: 3 });
    expect(detached()).toBe(1);
  });

  it("'all': delivers what fits, then the overflow with every later notification counted", async () => {
    const { s, detached } = stream<number>('all', 3);
    for (let i = 1; i <= 10; i++) s.push(i);
    expect(detached()).toBe(0);
    expect([(await s.next()).value, (await s.next()).value, (await s.next()).value]).toEqual([1, 2, 3]);
    const error = await s.next().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SubscriptionOverflowError', dropped: 7, queueSize: 3 });
    expect((error as Error).message).toBe(
      'testSubscribe: the consumer fell behind: 7 notifications did not fit in the queue of 3 and were dropped\nHint: consume notifications faster (hand slow work to a queue of your own), or raise options.queueSize.',
    );
    expect(detached()).toBe(1);
    expect(await s.next()).toEqual({ value: undefined, done: true });
  });

  it('a failure comes after what is queued, once; then done', async () => {
    const { s } = stream<number>('all');
    s.push(1);
    s.fail(new Error('lost'));
    expect(await s.next()).toEqual({ value: 1, done: false });
    await expect(s.next()).rejects.toThrow('lost');
    expect(await s.next()).toEqual({ value: undefined, done: true });
  });

  it('return() drops the queue, settles a waiting next() and detaches once', async () => {
    const { s, detached } = stream<number>('all');
    const waiting = s.next();
    await s.return();
    expect(await waiting).toEqual({ value: undefined, done: true });
    await s.return();
    expect(detached()).toBe(1);
    s.push(5);
    expect(await s.next()).toEqual({ value: undefined, done: true });
  });
});
