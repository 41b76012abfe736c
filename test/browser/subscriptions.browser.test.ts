/**
 * Subscriptions in headless Chromium, through the browser's own WebSocket (the `#default-websocket`
 * browser entry, no `ws`), answered by msw's WebSocket interception as an agave node answers: decoded
 * notifications, the unsubscribe after a break, and a reconnect with its resubscribe after the server
 * closes the socket. No Buffer, no process, no network.
 */
import { ws } from 'msw';
import { setupWorker } from 'msw/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpcSubscriptions, createRpcSubscriptionsWith, slotSubscribe } from '../../src/index.js';

const URL = 'wss://rpc.test';
const node = ws.link(URL);
const worker = setupWorker();
const received: { method: string; params: unknown[] }[] = [];
let connections = 0;
let nextId = 0;
/** Sends a notification to every subscription of `method`. */
let notify: (method: string, result: unknown) => void = () => undefined;
/** Closes every socket from the server side. */
let closeAll: () => void = () => undefined;

beforeAll(async () => {
  const live = new Map<number, { method: string; send: (data: string) => void }>();
  const clients = new Set<{ close: (code?: number, reason?: string) => void }>();
  worker.use(
    node.addEventListener('connection', ({ client }) => {
      connections++;
      clients.add(client);
      client.addEventListener('close', () => clients.delete(client));
      client.addEventListener('message', (event) => {
        const request = JSON.parse(String(event.data)) as { id: number; method: string; params: unknown[] };
        received.push({ method: request.method, params: request.params });
        const reply = (body: object) => client.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, ...body }));
        if (request.method.endsWith('Unsubscribe')) {
          live.delete(Number(request.params[0]));
          reply({ result: true });
        } else if (request.method.endsWith('Subscribe')) {
          const id = nextId++;
          live.set(id, { method: request.method, send: (data) => client.send(data) });
          reply({ result: id });
        } else {
          reply({ error: { code: -32601, message: 'Method not found' } });
        }
      });
    }),
  );
  notify = (method, result) => {
    for (const [id, sub] of live) {
      if (sub.method !== method) continue;
      const name = `${method.replace(/Subscribe$/, '')}Notification`;
      sub.send(JSON.stringify({ jsonrpc: '2.0', method: name, params: { result, subscription: id } }));
    }
  };
  closeAll = () => {
    for (const client of clients) client.close(1001, 'restarting');
    live.clear();
  };
  await worker.start({ quiet: true, onUnhandledRequest: 'error' });
});

afterAll(() => worker.stop());

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('subscriptions in the browser', () => {
  it('decodes account notifications: bytes and exact lamports, no Node globals', async () => {
    expect(typeof (globalThis as { Buffer?: unknown }).Buffer).toBe('undefined');
    const subs = createRpcSubscriptions(URL);
    const address = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
    const iterator = subs.accountSubscribe(address, { encoding: 'base64' });
    const first = iterator.next();
    await until(() => received.some((r) => r.method === 'accountSubscribe'));
    notify('accountSubscribe', {
      context: { slot: 7 },
      value: {
        lamports: 5_000_000_000,
        owner: '11111111111111111111111111111111',
        data: ['AQID', 'base64'],
        executable: false,
        rentEpoch: 0,
        space: 3,
      },
    });
    const { value } = await first;
    expect(value?.value.lamports).toBe(5_000_000_000n);
    expect(value?.value.data).toEqual(new Uint8Array([1, 2, 3]));
    await iterator.return();
    await until(() => received.some((r) => r.method === 'accountUnsubscribe'));
    subs.close();
  });

  it('reconnects and resubscribes after the server closes the socket', async () => {
    const subs = createRpcSubscriptionsWith(URL, { slotSubscribe }, { reconnect: { initialDelayMs: 10 } });
    const events: string[] = [];
    subs.onConnectionChange((event) => events.push(event.state));
    const slots = subs.slotSubscribe();
    const before = connections;
    const first = slots.next();
    await until(() => connections === before + 1 && received.filter((r) => r.method === 'slotSubscribe').length >= 1);
    notify('slotSubscribe', { slot: 10, parent: 9, root: 0 });
    expect((await first).value?.slot).toBe(10);
    const subscribes = received.filter((r) => r.method === 'slotSubscribe').length;
    closeAll();
    await until(() => received.filter((r) => r.method === 'slotSubscribe').length === subscribes + 1);
    const second = slots.next();
    notify('slotSubscribe', { slot: 11, parent: 10, root: 0 });
    expect((await second).value?.slot).toBe(11);
    expect(events).toEqual(['connected', 'reconnecting', 'connected']);
    subs.close();
  });
});
