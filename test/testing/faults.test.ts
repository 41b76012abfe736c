/**
 * The faults of `startTestCluster` (src/testing/faults/), each seen by solrpc's client or a raw socket as
 * from a real provider: 429 with Retry-After (for a count, or until cleared, scoped by method); a node
 * behind (contexts lag, minContextSlot answers -32016, slot notifications held back); dropped sends (a signature, never a status); slow
 * and silent answers (a silent call answered once cleared); bodies cut short (truncated or reset); WebSockets
 * lost (no close frame) or closed with a code; batches answered in order; bad fault options refused with
 * the option named. The clock is injected: slots move only when a test moves them.
 */
import { createKeyPairSignerFromPrivateKeyBytes } from '@solana/kit';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRpc, isSolRpcError } from '../../src/index.js';
import { startTestCluster, type TestCluster } from '../../src/testing/index.js';
import { SLOT_ORIGIN } from '../../src/testing/testClusterOptions.js';
import { signedWalletTransfer } from '../support/walletTransfer.js';

const ADDRESS = 'Bj1Bt6hGRm8vsWtPzkRFGjXADPvYt7iCLVHMvXNZHoha';
const open: TestCluster[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((cluster) => cluster.close()));
});

/** A cluster on a clock the test moves, and a client that never retries: each answer as the server sent it. */
async function setup(options: Parameters<typeof startTestCluster>[0] = {}) {
  const clock = { ms: SLOT_ORIGIN.ms };
  const cluster = await startTestCluster({ now: () => clock.ms, ...options });
  open.push(cluster);
  const rpc = createRpc(cluster.url, { retry: false, timeoutMs: 10_000 });
  const advance = (slots: number) => {
    clock.ms += slots * (options.slotMs ?? 400);
  };
  return { cluster, rpc, advance };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ answered: value }),
    (error: unknown) => error as Error & Record<string, unknown>,
  );

/** Resolves once `handle` has applied to a call: the server holds it. */
async function held(handle: { hits: number }) {
  while (handle.hits === 0) await new Promise((resolve) => setImmediate(resolve));
}

describe("'rateLimited'", () => {
  it('refuses with 429 and Retry-After for its count of calls, then answers again', async () => {
    const { cluster, rpc } = await setup();
    const limited = cluster.fault('rateLimited', { retryAfterSeconds: 3, count: 1 });
    const refused = await failure(rpc.getSlot());
    expect(isSolRpcError(refused, 'HttpError')).toBe(true);
    expect(refused).toMatchObject({ status: 429, retryAfterMs: 3_000 });
    expect(limited.cleared).toBe(true);
    expect(await rpc.getSlot()).toBe(SLOT_ORIGIN.slot - 32);
  });

  it('scoped to methods, refuses only those, until cleared', async () => {
    const { cluster, rpc } = await setup();
    const limited = cluster.fault('rateLimited', { methods: ['getBalance'] });
    for (let i = 0; i < 3; i++) {
      expect(await failure(rpc.getBalance(ADDRESS))).toMatchObject({ name: 'HttpError', status: 429 });
    }
    expect(await rpc.getSlot()).toBe(SLOT_ORIGIN.slot - 32);
    expect(limited.hits).toBe(3);
    limited.clear();
    expect((await rpc.getBalance(ADDRESS)).value).toBe(0n);
  });

  it('a retrying client waits out the Retry-After and gets its answer', async () => {
    const { cluster } = await setup();
    const limited = cluster.fault('rateLimited', { retryAfterSeconds: 0, count: 2 });
    expect(await createRpc(cluster.url).getSlot()).toBe(SLOT_ORIGIN.slot - 32);
    expect(limited.hits).toBe(2);
  });
});

describe("'behind'", () => {
  it('answers from a bank N slots back: slots and contexts lag, minContextSlot ahead of it is -32016', async () => {
    const { cluster, rpc } = await setup();
    const tip = cluster.slot();
    cluster.fault('behind', { slots: 50 });
    expect(await rpc.getSlot({ commitment: 'processed' })).toBe(tip - 50);
    expect((await rpc.getBalance(ADDRESS, { commitment: 'processed' })).context.slot).toBe(tip - 50);
    const refused = await failure(rpc.getBalance(ADDRESS, { commitment: 'processed', minContextSlot: tip }));
    expect(isSolRpcError(refused, 'RpcError')).toBe(true);
    expect(refused).toMatchObject({ code: -32016, data: { contextSlot: tip - 50 } });
    cluster.clearFaults();
    expect((await rpc.getBalance(ADDRESS, { commitment: 'processed', minContextSlot: tip })).context.slot).toBe(tip);
  });

  it('holds slot notifications back until the lagging bank passes the last slot notified', async () => {
    const { cluster, advance } = await setup({ slotMs: 40 });
    const { socket } = await socketTo(cluster);
    const notifications: number[] = [];
    let wake = () => {};
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.method === 'slotNotification') {
        notifications.push(message.params.result.slot);
        wake();
      }
    });
    const nextSlot = () => new Promise<void>((resolve) => (wake = resolve));
    const subscribed = new Promise((resolve) => socket.once('message', resolve));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe' }));
    await subscribed;
    const tip = cluster.slot();
    let next = nextSlot();
    advance(1);
    await next;
    expect(notifications).toEqual([tip + 1]);
    cluster.fault('behind', { slots: 5 });
    // The lagging bank is at tip - 1, then tip + 3: the next notification is tip + 3, none before it.
    next = nextSlot();
    advance(3);
    advance(4);
    await next;
    expect(notifications).toEqual([tip + 1, tip + 3]);
    socket.close();
  });
});

describe("'dropSends'", () => {
  it('answers the signature of a send that never lands; the same bytes sent again land', async () => {
    const payer = (await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(32).fill(7))).address;
    const { cluster, rpc, advance } = await setup({ accounts: { [payer]: { lamports: 1_000_000_000 } } });
    const { value: lifetime } = await rpc.getLatestBlockhash();
    const { wire, signature } = await signedWalletTransfer(7, lifetime);
    const dropped = cluster.fault('dropSends', { count: 1 });
    expect(await rpc.sendTransaction(wire)).toBe(signature);
    expect(dropped.hits).toBe(1);
    advance(40);
    expect((await rpc.getSignatureStatuses([signature])).value).toEqual([null]);
    // The fault spent, the same transaction is taken and lands.
    expect(await rpc.sendTransaction(wire)).toBe(signature);
    advance(40);
    expect((await rpc.getSignatureStatuses([signature])).value[0]).toMatchObject({ confirmationStatus: 'finalized' });
  });
});

describe("'slow' and 'silent'", () => {
  it('slow: a call is answered delayMs late, so a shorter client timeout runs out', async () => {
    const { cluster, rpc } = await setup();
    cluster.fault('slow', { delayMs: 60_000, methods: ['getSlot'] });
    const impatient = createRpc(cluster.url, { retry: false, timeoutMs: 50 });
    expect(isSolRpcError(await failure(impatient.getSlot()), 'TimeoutError')).toBe(true);
    // Another method is not slowed (asked with the patient client: 50 ms is no bound on a busy machine).
    expect(await rpc.getHealth()).toBe('ok');
  });

  it('slow: the answer arrives after the delay, the same answer', async () => {
    const { cluster, rpc } = await setup();
    const slow = cluster.fault('slow', { delayMs: 20, count: 1 });
    expect(await rpc.getSlot()).toBe(SLOT_ORIGIN.slot - 32);
    expect(slow.hits).toBe(1);
  });

  it('silent: no answer until cleared, then the held call is answered', async () => {
    const { cluster, rpc } = await setup();
    const silence = cluster.fault('silent', { methods: ['getSlot'] });
    let settled = false;
    const call = rpc.getSlot().finally(() => {
      settled = true;
    });
    await held(silence);
    // A call of another method is answered meanwhile; the held one is not.
    expect(await rpc.getHealth()).toBe('ok');
    expect(settled).toBe(false);
    silence.clear();
    expect(await call).toBe(SLOT_ORIGIN.slot - 32);
  });
});

describe("'cutShort'", () => {
  it("'truncated': half the body in a well-framed response, refused by the client as no JSON", async () => {
    const { cluster } = await setup();
    cluster.fault('cutShort', { count: 1 });
    const response = await fetch(cluster.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }),
    });
    const whole = `{"jsonrpc":"2.0","result":${SLOT_ORIGIN.slot - 32},"id":1}`;
    expect(await response.text()).toBe(whole.slice(0, Math.floor(whole.length / 2)));
  });

  it("'truncated' and 'reset' reach solrpc's client as typed errors", async () => {
    const { cluster, rpc } = await setup();
    cluster.fault('cutShort', { count: 1 });
    const truncated = await failure(rpc.getSlot());
    expect(isSolRpcError(truncated, 'InvalidResponseError')).toBe(true);
    cluster.fault('cutShort', { mode: 'reset', count: 1 });
    const reset = await failure(rpc.getSlot());
    expect(isSolRpcError(reset, 'NetworkError')).toBe(true);
    expect(await rpc.getSlot()).toBe(SLOT_ORIGIN.slot - 32);
  });
});

/** A raw WebSocket to the cluster, open. */
async function socketTo(cluster: TestCluster) {
  const socket = new WebSocket(cluster.wsUrl);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('open', resolve));
  return { socket, closed };
}

describe('the WebSocket faults', () => {
  it("'socketLost': the open socket ends with no close frame (1006); with count 1 the next one stays", async () => {
    const { cluster } = await setup();
    const { closed } = await socketTo(cluster);
    const lost = cluster.fault('socketLost', { count: 1 });
    expect(await closed).toEqual({ code: 1006, reason: '' });
    expect(lost.cleared).toBe(true);
    const next = await socketTo(cluster);
    const reply = new Promise((resolve) => next.socket.once('message', (data) => resolve(JSON.parse(String(data)))));
    next.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe' }));
    expect(await reply).toEqual({ jsonrpc: '2.0', result: 0, id: 1 });
    next.socket.close();
  });

  it("'socketClosed': open sockets and new ones get the close frame's code and reason until cleared", async () => {
    const { cluster } = await setup();
    const first = await socketTo(cluster);
    const closing = cluster.fault('socketClosed', { code: 1013, reason: 'try again later' });
    expect(await first.closed).toEqual({ code: 1013, reason: 'try again later' });
    const second = new WebSocket(cluster.wsUrl);
    second.on('error', () => undefined);
    const secondClosed = await new Promise((resolve) => second.once('close', (code) => resolve(code)));
    expect(secondClosed).toBe(1013);
    expect(closing.hits).toBe(2);
    closing.clear();
    const third = await socketTo(cluster);
    expect(third.socket.readyState).toBe(WebSocket.OPEN);
    third.socket.close();
  });

  it("'silent' holds a subscribe request's reply until cleared", async () => {
    const { cluster } = await setup();
    const { socket } = await socketTo(cluster);
    const silence = cluster.fault('silent', { methods: ['slotSubscribe'] });
    const replies: unknown[] = [];
    socket.on('message', (data) => replies.push(JSON.parse(String(data))));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe' }));
    await held(silence);
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'rootSubscribe' }));
    while (replies.length < 1) await new Promise((resolve) => setImmediate(resolve));
    expect(replies).toEqual([{ jsonrpc: '2.0', result: 0, id: 2 }]);
    silence.clear();
    while (replies.length < 2) await new Promise((resolve) => setImmediate(resolve));
    expect(replies[1]).toEqual({ jsonrpc: '2.0', result: 1, id: 1 });
    socket.close();
  });
});

describe('batches and fault options', () => {
  it('answers a batch with an array in the order of its calls, errors in place', async () => {
    const { cluster } = await setup();
    const response = await fetch(cluster.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'getHealth' },
        { jsonrpc: '2.0', id: 'b', method: 'noSuchMethod' },
        { jsonrpc: '2.0', id: 'c', method: 'getSlot', params: [{ commitment: 'processed' }] },
      ]),
    });
    expect(await response.json()).toEqual([
      { jsonrpc: '2.0', result: 'ok', id: 'a' },
      { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id: 'b' },
      { jsonrpc: '2.0', result: SLOT_ORIGIN.slot, id: 'c' },
    ]);
  });

  it.each([
    ['nope', {}, 'kind'],
    ['rateLimited', { count: 0 }, 'options.count'],
    ['rateLimited', { retryAfterSeconds: -1 }, 'options.retryAfterSeconds'],
    ['behind', {}, 'options.slots'],
    ['slow', { delayMs: 1.5 }, 'options.delayMs'],
    ['cutShort', { mode: 'half' }, 'options.mode'],
    ['socketClosed', { code: 1006 }, 'options.code'],
    ['socketClosed', { code: 1000, reason: 'x'.repeat(124) }, 'options.reason'],
    ['dropSends', { methods: ['getSlot'] }, 'options.methods'],
    ['silent', { methods: [] }, 'options.methods'],
  ])('refuses %s with %j, naming %s', async (kind, options, param) => {
    const { cluster } = await setup();
    let refusal: unknown;
    try {
      cluster.fault(kind as 'silent', options as never);
    } catch (error) {
      refusal = error;
    }
    expect(isSolRpcError(refusal, 'InvalidInputError')).toBe(true);
    expect(refusal).toMatchObject({ param, method: 'fault' });
  });
});
