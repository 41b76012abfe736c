/**
 * A resync read's context slot, judged against what the socket showed: an HTTP node that answers at a far
 * future slot (999,999,999,999), hostile or broken, must not make every later notification look older and
 * be dropped. agave calls a node healthy within 128 slots of the cluster, so an HTTP node that far ahead
 * of the pubsub node (plus a slot per 10 ms since the socket's newest notification) is believed.
 * In-process chain and node on virtual time (resyncWorld.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import {
  createRpc,
  createRpcSubscriptions,
  isSolRpcError,
  type RpcSubscriptions,
  type Transport,
} from '../../src/index.js';
import { MAX_SLOTS_AHEAD, MS_PER_SLOT_ALLOWED } from '../../src/subscriptions/resyncSlot.js';
import { World } from './resyncWorld.js';

function address(seed: number): string {
  const bytes = new Uint8Array(32);
  bytes[0] = 9;
  new DataView(bytes.buffer).setUint32(1, seed);
  return encodeBase58(bytes);
}

const PROGRAM = address(1_000);
const WATCHED = address(1);
const FAR = 999_999_999_999;

interface Yielded {
  slot: number;
  lamports: bigint;
}

/** An account and a program subscription over `world`, whose HTTP answers claim `claim(slot)` instead. */
class Harness {
  readonly world = new World({ [WATCHED]: { lamports: 5, owner: PROGRAM } });
  /** Maps the slot the HTTP node really read at to the one it answers with. */
  claim: (slot: number) => number = (slot) => slot;
  readonly account: Yielded[] = [];
  readonly program: Yielded[] = [];
  readonly ended: { account?: unknown; program?: unknown } = {};
  readonly subs: RpcSubscriptions;

  constructor() {
    const transport: Transport = async (request) => {
      const result = (await this.world.transport(request)) as { context: { slot: number } };
      return { ...result, context: { slot: this.claim(result.context.slot) } };
    };
    const rpc = createRpc(transport);
    this.subs = createRpcSubscriptions('ws://127.0.0.1:1', { WebSocket: this.world.WebSocket });
    this.follow('account', this.subs.accountSubscribe(WATCHED, { rpc }), this.account, (v) => v);
    this.follow('program', this.subs.programSubscribe(PROGRAM, { rpc }), this.program, (v) => ({
      context: v.context,
      value: v.value.account,
    }));
  }

  private follow<T>(
    name: 'account' | 'program',
    iterator: AsyncIterable<T>,
    into: Yielded[],
    pick: (value: T) => { context: { slot: number }; value: { lamports: bigint } },
  ): void {
    (async () => {
      for await (const value of iterator) {
        const { context, value: account } = pick(value);
        into.push({ slot: context.slot, lamports: account.lamports });
      }
      this.ended[name] = 'ended';
    })().catch((error: unknown) => {
      this.ended[name] = error;
    });
  }

  /** A change the socket notifies (when up), at the chain's next slot. */
  change(lamports: number): void {
    this.world.change(WATCHED, { lamports, owner: PROGRAM });
  }
}

let harness: Harness | undefined;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});

afterEach(() => {
  harness?.subs.close();
  harness = undefined;
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** When the notification at slot 2 was decoded: after `from`, before `to` (virtual `Date.now()`). */
interface Notified {
  from: number;
  to: number;
}

/**
 * A harness whose account was notified once (slot 2), then its socket killed, and changed meanwhile (slot
 * 3); the HTTP node then claims `claim(slot, notified)`.
 */
async function notifiedThenKilled(claim: (slot: number, notified: Notified) => number): Promise<Harness> {
  const h = new Harness();
  harness = h;
  await vi.advanceTimersByTimeAsync(10);
  const from = Date.now();
  h.change(9);
  await vi.advanceTimersByTimeAsync(10);
  const notified = { from, to: Date.now() };
  expect(h.account).toEqual([{ slot: 2, lamports: 9n }]);
  h.claim = (slot) => claim(slot, notified);
  h.world.kill();
  h.change(10);
  // The reconnect and its reads (answered within 20 ms each).
  await vi.advanceTimersByTimeAsync(1_500);
  return h;
}

describe('a resync read at a far-future slot', () => {
  it('is refused when the socket showed a slot: later notifications are delivered', async () => {
    const h = await notifiedThenKilled(() => FAR);
    expect(h.world.reads.map((read) => read.method)).toEqual(['getAccountInfo', 'getProgramAccounts']);
    // Neither read is delivered; the subscriptions go on.
    expect(h.account).toEqual([{ slot: 2, lamports: 9n }]);
    expect(h.program).toEqual([{ slot: 2, lamports: 9n }]);
    h.claim = (slot) => slot;
    h.change(11);
    await vi.advanceTimersByTimeAsync(10);
    expect(h.account).toEqual([
      { slot: 2, lamports: 9n },
      { slot: 4, lamports: 11n },
    ]);
    expect(h.program).toEqual([
      { slot: 2, lamports: 9n },
      { slot: 4, lamports: 11n },
    ]);
    expect(h.ended).toEqual({});
  });

  it('ends the subscription typed at the next notification when nothing was notified before the read', async () => {
    const h = new Harness();
    harness = h;
    h.claim = () => FAR;
    await vi.advanceTimersByTimeAsync(10);
    h.world.kill();
    h.change(10);
    await vi.advanceTimersByTimeAsync(1_500);
    // Nothing to judge it by: taken, as a close while the socket was down must come.
    expect(h.account).toEqual([{ slot: FAR, lamports: 10n }]);
    h.claim = (slot) => slot;
    h.change(11);
    await vi.advanceTimersByTimeAsync(10);
    // The notification at slot 3 shows the read's slot was a lie: no silent drop of everything after it.
    expect(h.account).toEqual([{ slot: FAR, lamports: 10n }]);
    const error = h.ended.account;
    expect(isSolRpcError(error, 'ValidationError')).toBe(true);
    expect(error).toMatchObject({ method: 'accountSubscribe', path: 'result.context.slot', received: String(FAR) });
    expect((error as Error).message).toContain(`at most ${3 + MAX_SLOTS_AHEAD}`);
    expect(h.ended.program).toMatchObject({
      name: 'ValidationError',
      method: 'programSubscribe',
      received: String(FAR),
    });
  });
});

describe('a read taken before any notification', () => {
  /** No notification before the kill; the read claims `claim`; the next notification is at slot 3. */
  async function readThenNotified(claim: number): Promise<Harness> {
    const h = new Harness();
    harness = h;
    h.claim = () => claim;
    await vi.advanceTimersByTimeAsync(10);
    h.world.kill();
    h.change(10);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(h.account).toEqual([{ slot: claim, lamports: 10n }]);
    h.change(11);
    await vi.advanceTimersByTimeAsync(10);
    return h;
  }

  it(`is believed by a later notification at most ${MAX_SLOTS_AHEAD} slots older (dropped as older)`, async () => {
    const h = await readThenNotified(3 + MAX_SLOTS_AHEAD);
    expect(h.account).toEqual([{ slot: 3 + MAX_SLOTS_AHEAD, lamports: 10n }]);
    expect(h.ended).toEqual({});
  });

  it('is found false by one a slot older than that: the subscription ends typed', async () => {
    const h = await readThenNotified(3 + MAX_SLOTS_AHEAD + 1);
    expect(h.ended.account).toMatchObject({
      name: 'ValidationError',
      path: 'result.context.slot',
      received: String(3 + MAX_SLOTS_AHEAD + 1),
    });
  });
});

describe('an HTTP node a little ahead of the pubsub node', () => {
  /** The most the bound allows at the time of the read, counted from the latest the notification can have been. */
  const most = (notified: Notified) =>
    2 + MAX_SLOTS_AHEAD + Math.floor((Date.now() - notified.to) / MS_PER_SLOT_ALLOWED);
  /** One beyond the bound at the time of the read, counted from the earliest the notification can have been. */
  const beyond = (notified: Notified) =>
    2 + MAX_SLOTS_AHEAD + Math.floor((Date.now() - notified.from) / MS_PER_SLOT_ALLOWED) + 1;

  it(`is believed up to ${MAX_SLOTS_AHEAD} slots, and a slot per 10 ms since, beyond the socket's newest notification`, async () => {
    const claimed: number[] = [];
    const h = await notifiedThenKilled((_slot, notified) => claimed[claimed.push(most(notified)) - 1] as number);
    expect(claimed).toHaveLength(2);
    expect(claimed[0]).toBeGreaterThanOrEqual(2 + MAX_SLOTS_AHEAD);
    expect(h.account).toEqual([
      { slot: 2, lamports: 9n },
      { slot: claimed[0], lamports: 10n },
    ]);
    expect(h.program.at(-1)).toEqual({ slot: claimed[1], lamports: 10n });
    expect(h.ended).toEqual({});
  });

  it('is refused one slot beyond that', async () => {
    const h = await notifiedThenKilled((_slot, notified) => beyond(notified));
    expect(h.world.reads.map((read) => read.method)).toEqual(['getAccountInfo', 'getProgramAccounts']);
    expect(h.account).toEqual([{ slot: 2, lamports: 9n }]);
    expect(h.program).toEqual([{ slot: 2, lamports: 9n }]);
    expect(h.ended).toEqual({});
  });

  it('is believed further ahead the longer the socket was quiet: a slot per 10 ms', async () => {
    const h = new Harness();
    harness = h;
    await vi.advanceTimersByTimeAsync(10);
    h.change(9);
    await vi.advanceTimersByTimeAsync(10);
    // 60 s without a notification: a chain, a fast local one too, moved on meanwhile.
    await vi.advanceTimersByTimeAsync(60_000);
    const ahead = 2 + MAX_SLOTS_AHEAD + 60_000 / MS_PER_SLOT_ALLOWED;
    h.claim = () => ahead;
    h.world.kill();
    h.change(10);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(h.account.at(-1)).toEqual({ slot: ahead, lamports: 10n });
    expect(h.ended).toEqual({});
  });
});
