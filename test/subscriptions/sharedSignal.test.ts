/**
 * One AbortSignal shared by many subscriptions (an app's shutdown signal): one listener on it whatever
 * their number, so Node never warns of a leak, none left once they end, and an abort ends them all.
 */
import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { createRpcSubscriptions, isSolRpcError } from '../../src/index.js';
import { type PubsubServer, startPubsubServer } from '../support/pubsubServer.js';

const HANG = { timeout: 20_000 };
const addresses = Array.from({ length: 150 }, (_, i) => encodeBase58(new Uint8Array(32).fill(i + 1)));
const closedAccount = {
  context: { slot: 5 },
  value: {
    lamports: 1,
    owner: '11111111111111111111111111111111',
    data: ['', 'base64'],
    executable: false,
    rentEpoch: 0,
    space: 0,
  },
};

let server: PubsubServer;
const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(warning.name);
beforeEach(async () => {
  server = await startPubsubServer();
  warnings.length = 0;
  process.on('warning', onWarning);
});
afterEach(async () => {
  process.off('warning', onWarning);
  await server.stop();
});

/** Waits until the server holds `count` subscriptions. */
async function subscribed(count: number): Promise<void> {
  while (server.subscriptions.size < count) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('one AbortSignal shared by 150 subscriptions', () => {
  it('one listener while they live; an abort ends every one with AbortError; none left after', HANG, async () => {
    const subs = createRpcSubscriptions(server.url);
    const controller = new AbortController();
    const ended = addresses.map(async (account) => {
      try {
        for await (const _ of subs.accountSubscribe(account, { signal: controller.signal })) {
          // Nothing is notified.
        }
        return 'ended';
      } catch (error) {
        return isSolRpcError(error) ? error.name : String(error);
      }
    });
    await subscribed(addresses.length);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    controller.abort(new Error('shutdown'));
    expect(new Set(await Promise.all(ended))).toStrictEqual(new Set(['AbortError']));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    expect(warnings).not.toContain('MaxListenersExceededWarning');
    subs.close();
  });

  it('subscriptions left with break leave no listener on a signal that lives on', HANG, async () => {
    const subs = createRpcSubscriptions(server.url);
    const controller = new AbortController();
    const firsts = addresses.map(async (account) => {
      for await (const notification of subs.accountSubscribe(account, { signal: controller.signal })) {
        return notification.value.lamports;
      }
    });
    await subscribed(addresses.length);
    expect(server.notify('accountSubscribe', closedAccount)).toBe(addresses.length);
    expect(new Set(await Promise.all(firsts))).toStrictEqual(new Set([1n]));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    expect(warnings).not.toContain('MaxListenersExceededWarning');
    subs.close();
  });
});
