/**
 * An account closed while the socket was down (issue 29, defect 9). After a reconnect the read over HTTP
 * answers `value: null` at a newer slot: the iterator yields the account as agave's pubsub shows a closed
 * one (`AccountSharedData::default()` through `encode_ui_account`: 0 lamports, the system program as
 * owner, no data, not executable, rent epoch 0, space 0; with `jsonParsed` the node has no parser for
 * empty system data and falls back to base64, so the data is bytes). A read older than what was
 * delivered is still dropped. `programSubscribe` reads back, with `getMultipleAccounts`, each account it
 * delivered that the program's read no longer lists, and delivers its state: closed as above, or alive
 * under another owner.
 *
 * A real loopback WebSocket server and a real loopback HTTP server; timings are shortened through the
 * client's options, and the tests' deadlines only guard against a hang.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { createRpc, createRpcSubscriptions, type RpcSubscriptions } from '../../src/index.js';
import { type RecordedRequest, startServer, type TestServer } from '../support/httpServer.js';
import { type PubsubServer, startPubsubServer } from '../support/pubsubServer.js';

const SYSTEM = '11111111111111111111111111111111';
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

const QUICK = {
  heartbeatIntervalMs: 100,
  heartbeatTimeoutMs: 1_000,
  connectTimeoutMs: 500,
  reconnect: { initialDelayMs: 10, maxDelayMs: 80, maxElapsedMs: 5_000, maxAttempts: 20 },
};

/** What the decoder yields for a closed account, whatever the encoding asked for. */
const CLOSED = {
  lamports: 0n,
  owner: SYSTEM,
  data: new Uint8Array(0),
  executable: false,
  rentEpoch: 0n,
  space: 0,
};

let pubsub: PubsubServer;
let http: TestServer;
let subs: RpcSubscriptions;

beforeEach(async () => {
  pubsub = await startPubsubServer();
  http = await startServer();
  subs = createRpcSubscriptions(pubsub.url, QUICK);
});

afterEach(async () => {
  subs.close();
  await pubsub.stop();
  await http.close();
});

function address(seed: number): string {
  const bytes = new Uint8Array(32);
  new DataView(bytes.buffer).setUint32(0, seed + 1);
  return encodeBase58(bytes);
}

/** A wire account as agave sends it: `owner`'s, with `bytes` of data as base64. */
function wireAccount(lamports: number, owner = TOKEN, bytes = 3) {
  const data = Buffer.alloc(bytes, 7).toString('base64');
  return { lamports, owner, data: [data, 'base64'], executable: false, rentEpoch: 361, space: bytes };
}

/** Answers JSON-RPC over HTTP with `answer(method, params)`. */
function serve(answer: (method: string, params: unknown[]) => unknown): void {
  http.reply((request, response) => {
    const { id, method, params } = request.json as { id: number; method: string; params: unknown[] };
    const result = answer(method, params);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ jsonrpc: '2.0', id, result }));
  });
}

const calls = (method: string): RecordedRequest[] =>
  http.requests.filter((request) => (request.json as { method: string }).method === method);

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
}

const subscribed = (method: string) => [...pubsub.subscriptions.values()].filter((sub) => sub.method === method).length;

describe('accountSubscribe with rpc: an account closed while the socket was down', () => {
  it.each([
    ['base64 (the default)', undefined],
    ['base58', 'base58'],
    ['jsonParsed', 'jsonParsed'],
  ] as const)(
    '%s: yields the closed account (0 lamports, system owner, no data) at the read slot',
    {
      timeout: 10_000,
    },
    async (_name, encoding) => {
      const watched = address(1);
      serve(() => ({ context: { slot: 40, apiVersion: '2.2.0' }, value: null }));
      const rpc = createRpc(http.url);
      const changes = subs.accountSubscribe(watched, {
        rpc,
        commitment: 'confirmed',
        ...(encoding ? { encoding } : {}),
      });
      const first = changes.next();
      await until(() => subscribed('accountSubscribe') === 1);
      const wire = encoding === 'base58' ? { ...wireAccount(5), data: ['HXM', 'base58'] } : wireAccount(5);
      pubsub.notify('accountSubscribe', { context: { slot: 10 }, value: wire });
      expect((await first).value?.value.lamports).toBe(5n);
      // The socket drops; meanwhile the account is closed (slot 40); the client comes back and reads it.
      pubsub.resetAll();
      const next = await changes.next();
      expect(next.value).toEqual({ context: { slot: 40, apiVersion: '2.2.0' }, value: CLOSED });
      // The read asked for the account in the subscription's own encoding and commitment.
      expect(calls('getAccountInfo').map((request) => (request.json as { params: unknown[] }).params)).toEqual([
        [watched, { encoding: encoding ?? 'base64', commitment: 'confirmed' }],
      ]);
      await changes.return();
    },
  );

  it('a loop waiting for lamports === 0n, as the guide writes it, ends', { timeout: 10_000 }, async () => {
    const watched = address(2);
    serve(() => ({ context: { slot: 30 }, value: null }));
    const rpc = createRpc(http.url);
    const seen: bigint[] = [];
    const loop = (async () => {
      for await (const { value } of subs.accountSubscribe(watched, { encoding: 'base64', rpc })) {
        seen.push(value.lamports);
        if (value.lamports === 0n) break;
      }
    })();
    await until(() => subscribed('accountSubscribe') === 1);
    pubsub.notify('accountSubscribe', { context: { slot: 10 }, value: wireAccount(9) });
    await until(() => seen.length === 1);
    pubsub.closeAll(1001);
    await loop;
    expect(seen).toEqual([9n, 0n]);
    // `break` unsubscribed: the socket is closed with its last subscription.
    await until(() => pubsub.sockets() === 0);
  });

  it('a close read at a slot not newer than the last notification is dropped', { timeout: 10_000 }, async () => {
    const watched = address(3);
    // A lagging HTTP node: it still shows the account closed at slot 10, before the notification at 20.
    serve(() => ({ context: { slot: 20 }, value: null }));
    const rpc = createRpc(http.url);
    const changes = subs.accountSubscribe(watched, { rpc });
    const first = changes.next();
    await until(() => subscribed('accountSubscribe') === 1);
    pubsub.notify('accountSubscribe', { context: { slot: 20 }, value: wireAccount(5) });
    expect((await first).value?.value.lamports).toBe(5n);
    pubsub.resetAll();
    await until(() => calls('getAccountInfo').length === 1 && subscribed('accountSubscribe') === 1);
    // Whatever the read does, the next value is the next notification: the stale close never came.
    const second = changes.next();
    pubsub.notify('accountSubscribe', { context: { slot: 21 }, value: wireAccount(6) });
    expect((await second).value).toMatchObject({ context: { slot: 21 }, value: { lamports: 6n } });
    await changes.return();
  });
});

describe('programSubscribe with rpc: accounts that left the program while the socket was down', () => {
  it('each account delivered before and missing from the read is read back and delivered as it is now', {
    timeout: 10_000,
  }, async () => {
    const [kept, closed, reassigned, neverSeen] = [address(10), address(11), address(12), address(13)];
    const OTHER = address(99);
    serve((method, params) => {
      if (method === 'getProgramAccounts') {
        return { context: { slot: 50 }, value: [{ pubkey: kept, account: wireAccount(8) }] };
      }
      if (method === 'getMultipleAccounts') {
        const keys = params[0] as string[];
        return {
          context: { slot: 51 },
          value: keys.map((key) => (key === reassigned ? wireAccount(4, OTHER, 2) : null)),
        };
      }
      throw new Error(`unexpected ${method}`);
    });
    const rpc = createRpc(http.url);
    const changes = subs.programSubscribe(TOKEN, { rpc, commitment: 'confirmed', filters: [{ dataSize: 3 }] });
    const seen: unknown[] = [];
    const loop = (async () => {
      for await (const notification of changes) seen.push(notification);
    })();
    await until(() => subscribed('programSubscribe') === 1);
    for (const [slot, pubkey] of [kept, closed, reassigned].entries()) {
      pubsub.notify('programSubscribe', { context: { slot: 10 + slot }, value: { pubkey, account: wireAccount(5) } });
    }
    await until(() => seen.length === 3);
    pubsub.resetAll();
    await until(() => seen.length === 6);
    const after = seen.slice(3) as { context: { slot: number }; value: { pubkey: string; account: unknown } }[];
    const byKey = new Map(after.map((n) => [n.value.pubkey, n]));
    expect(byKey.get(kept)).toMatchObject({
      context: { slot: 50 },
      value: { account: { lamports: 8n, owner: TOKEN } },
    });
    expect(byKey.get(closed)).toEqual({ context: { slot: 51 }, value: { pubkey: closed, account: CLOSED } });
    expect(byKey.get(reassigned)).toMatchObject({
      context: { slot: 51 },
      value: { account: { lamports: 4n, owner: OTHER, data: new Uint8Array([7, 7]) } },
    });
    expect(byKey.has(neverSeen)).toBe(false);
    // Only the accounts it had delivered, in the subscription's encoding and commitment, without its filters.
    const multiple = calls('getMultipleAccounts').map((request) => (request.json as { params: unknown[] }).params);
    expect(multiple).toHaveLength(1);
    expect(multiple[0]).toEqual([
      expect.arrayContaining([closed, reassigned]),
      { encoding: 'base64', commitment: 'confirmed' },
    ]);
    expect((multiple[0] as unknown[][])[0]).toHaveLength(2);
    await changes.return();
    await loop;
  });
});
