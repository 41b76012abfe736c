/**
 * Each subscription method over a real loopback WebSocket server: what is sent, what a notification
 * decodes to (exactly as the HTTP methods decode), the end of the iterator and its unsubscribe, and input
 * refused before anything is sent.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRpcSubscriptions, isSolRpcError, type RpcSubscriptions } from '../../src/index.js';
import { zstdFrame } from '../../src/testing/zstdFrame.js';
import { type PubsubServer, startPubsubServer } from '../support/pubsubServer.js';

const ADDRESS = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
const CONTEXT = { context: { slot: 356_139_456 } };
const FROZEN = {
  type: 'frozen',
  slot: 356_139_456,
  timestamp: 1_754_900_754_123,
  stats: {
    numTransactionEntries: 10,
    numSuccessfulTransactions: 900,
    numFailedTransactions: 12,
    maxTransactionsPerEntry: 64,
  },
};

let server: PubsubServer;
let subs: RpcSubscriptions;

beforeEach(async () => {
  server = await startPubsubServer();
  subs = createRpcSubscriptions(server.url);
});

afterEach(async () => {
  subs.close();
  await server.stop();
});

/** Waits until the server holds `count` live subscriptions (the client subscribes asynchronously). */
async function subscribed(count = 1): Promise<void> {
  while (server.subscriptions.size < count) await new Promise((resolve) => setTimeout(resolve, 2));
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
}

describe('slotSubscribe', () => {
  it('yields each slot, and a break unsubscribes', { timeout: 10_000 }, async () => {
    const iterator = subs.slotSubscribe();
    const seen: number[] = [];
    const reading = (async () => {
      for await (const { slot, parent, root } of iterator) {
        expect(parent).toBe(slot - 1);
        expect(root).toBe(slot - 32);
        seen.push(slot);
        if (seen.length === 2) break;
      }
    })();
    await subscribed();
    server.notify('slotSubscribe', { slot: 100, parent: 99, root: 68 });
    await until(() => seen.length === 1);
    server.notify('slotSubscribe', { slot: 101, parent: 100, root: 69 });
    await reading;
    expect(seen).toEqual([100, 101]);
    await until(() => server.requests.some((r) => r.method === 'slotUnsubscribe'));
    expect(server.requests.map((r) => r.method)).toEqual(['slotSubscribe', 'slotUnsubscribe']);
    expect(server.requests[1]?.params).toEqual([0]);
    // The last subscription gone, the socket closes.
    await until(() => server.sockets() === 0);
  });
});

describe('accountSubscribe', () => {
  const account = {
    lamports: 1,
    owner: TOKEN_PROGRAM,
    data: ['AQID', 'base64'],
    executable: false,
    rentEpoch: 0,
    space: 3,
  };

  it('decodes the account as getAccountInfo does: bytes, exact lamports', { timeout: 10_000 }, async () => {
    const iterator = subs.accountSubscribe(ADDRESS, { encoding: 'base64', commitment: 'confirmed' });
    const first = iterator.next();
    await subscribed();
    expect(server.requests[0]).toEqual({
      method: 'accountSubscribe',
      params: [ADDRESS, { encoding: 'base64', commitment: 'confirmed' }],
    });
    // The server writes u64::MAX and 2^53 + 1 as JSON integers; the client reads them exactly.
    server.sendRaw(
      `{"jsonrpc":"2.0","method":"accountNotification","params":{"result":{"context":{"slot":356139456},"value":{"lamports":9007199254740993,"owner":"${TOKEN_PROGRAM}","data":["AQID","base64"],"executable":false,"rentEpoch":18446744073709551615,"space":3}},"subscription":0}}`,
    );
    const { value } = (await first) as IteratorYieldResult<Awaited<ReturnType<typeof iterator.next>>['value']>;
    expect(value.context.slot).toBe(356_139_456);
    expect(value.value.lamports).toBe(9_007_199_254_740_993n);
    expect(value.value.rentEpoch).toBe(18_446_744_073_709_551_615n);
    expect(value.value.data).toEqual(new Uint8Array([1, 2, 3]));
    await iterator.return();
  });

  it('base64+zstd: subscribes once the decoder has loaded, and decompresses', { timeout: 10_000 }, async () => {
    const bytes = new Uint8Array(300).fill(7);
    const iterator = subs.accountSubscribe(ADDRESS, { encoding: 'base64+zstd' });
    const first = iterator.next();
    await subscribed();
    expect(server.requests[0]?.params).toEqual([ADDRESS, { encoding: 'base64+zstd' }]);
    const data = [Buffer.from(zstdFrame(bytes)).toString('base64'), 'base64+zstd'];
    server.notify('accountSubscribe', { context: { slot: 9 }, value: { ...account, data, space: 300 } });
    expect((await first).value?.value.data).toEqual(bytes);
    await iterator.return();
  });

  it('a consumer gone before the decoder loaded: nothing is sent', { timeout: 10_000 }, async () => {
    const iterator = subs.accountSubscribe(ADDRESS, { encoding: 'base64+zstd' });
    await iterator.return();
    // Another subscription waits for the same decoder, then subscribes on the same socket: had the first
    // been sent once the decoder loaded, it would have gone before, and reached the server before the
    // client's answer to a ping.
    const other = subs.accountSubscribe(TOKEN_PROGRAM, { encoding: 'base64+zstd' });
    const next = other.next();
    await subscribed();
    await server.roundTrip();
    expect(server.requests).toEqual([
      { method: 'accountSubscribe', params: [TOKEN_PROGRAM, { encoding: 'base64+zstd' }] },
    ]);
    await other.return();
    expect((await next).done).toBe(true);
  });

  it('a slow consumer gets only the latest state', { timeout: 10_000 }, async () => {
    const iterator = subs.accountSubscribe(ADDRESS);
    const first = iterator.next();
    await subscribed();
    const notify = (lamports: number, slot: number) =>
      server.notify('accountSubscribe', { context: { slot }, value: { ...account, lamports } });
    notify(1, 10);
    expect((await first).value?.value.lamports).toBe(1n);
    notify(2, 11);
    notify(3, 12);
    notify(4, 13);
    // The consumer is busy while they arrive: the client has read all three once it answers a ping.
    await server.roundTrip();
    expect((await iterator.next()).value?.value.lamports).toBe(4n);
    await iterator.return();
  });

  it('refuses bad input before connecting', async () => {
    expect(() => subs.accountSubscribe('not an address')).toThrow(/accountSubscribe: .*address/);
    expect(() => subs.accountSubscribe(ADDRESS, { encoding: 'hex' as 'base64' })).toThrow(/config\.encoding/);
    expect(() => subs.accountSubscribe(ADDRESS, { timeoutMs: 5 } as never)).toThrow(/config\.timeoutMs/);
    expect(() => subs.accountSubscribe(ADDRESS, { rpc: {} as never })).toThrow(/config\.rpc/);
    // What the client queued for later runs before this turn of the event loop ends; a connection it had
    // opened would be accepted before the probe's.
    await new Promise((resolve) => setImmediate(resolve));
    expect(await server.acceptedBeforeProbe()).toBe(0);
    expect(server.requests).toEqual([]);
  });
});

describe('programSubscribe', () => {
  it('decodes keyed accounts and sends the filters', { timeout: 10_000 }, async () => {
    const iterator = subs.programSubscribe(TOKEN_PROGRAM, { filters: [{ dataSize: 165 }], encoding: 'base64' });
    const first = iterator.next();
    await subscribed();
    expect(server.requests[0]?.params).toEqual([TOKEN_PROGRAM, { encoding: 'base64', filters: [{ dataSize: 165 }] }]);
    server.notify('programSubscribe', {
      ...CONTEXT,
      value: {
        pubkey: ADDRESS,
        account: {
          lamports: 2_039_280,
          owner: TOKEN_PROGRAM,
          data: ['AAA=', 'base64'],
          executable: false,
          rentEpoch: 0,
          space: 2,
        },
      },
    });
    const { value } = await first;
    expect(value?.value.pubkey).toBe(ADDRESS);
    expect(value?.value.account.lamports).toBe(2_039_280n);
    expect(value?.value.account.data).toEqual(new Uint8Array([0, 0]));
    await iterator.return();
  });
});

describe('signatureSubscribe', () => {
  it('ends after the status, without an unsubscribe (the server drops it)', { timeout: 10_000 }, async () => {
    const iterator = subs.signatureSubscribe(SIGNATURE, { commitment: 'confirmed', enableReceivedNotification: true });
    const values: unknown[] = [];
    const reading = (async () => {
      for await (const { value } of iterator) values.push(value);
    })();
    await subscribed();
    server.notify('signatureSubscribe', { ...CONTEXT, value: 'receivedSignature' });
    server.notify('signatureSubscribe', { ...CONTEXT, value: { err: { InstructionError: [0, { Custom: 1 }] } } });
    await reading;
    expect(values).toEqual(['receivedSignature', { err: { InstructionError: [0, { Custom: 1 }] } }]);
    expect(server.requests.map((r) => r.method)).toEqual(['signatureSubscribe']);
  });
});

describe('logsSubscribe', () => {
  it('sends the mentions filter and yields each transaction', { timeout: 10_000 }, async () => {
    const iterator = subs.logsSubscribe({ mentions: [ADDRESS] }, { commitment: 'confirmed' });
    const first = iterator.next();
    await subscribed();
    expect(server.requests[0]?.params).toEqual([{ mentions: [ADDRESS] }, { commitment: 'confirmed' }]);
    server.notify('logsSubscribe', {
      ...CONTEXT,
      value: { signature: SIGNATURE, err: null, logs: ['Program log: hi'] },
    });
    expect((await first).value?.value).toEqual({ signature: SIGNATURE, err: null, logs: ['Program log: hi'] });
    await iterator.return();
  });

  it.each([
    [{ mentions: [ADDRESS, ADDRESS] }, /filter\.mentions/],
    [{ mentions: ['nope'] }, /filter\.mentions\.0/],
    ['everything', /filter/],
  ])('refuses the filter %j before sending', (filter, message) => {
    expect(() => subs.logsSubscribe(filter as never)).toThrow(message);
    expect(server.requests).toEqual([]);
  });
});

describe('rootSubscribe, slotsUpdatesSubscribe and voteSubscribe', () => {
  it('decode their notifications', { timeout: 10_000 }, async () => {
    const roots = subs.rootSubscribe();
    const updates = subs.slotsUpdatesSubscribe();
    const votes = subs.voteSubscribe();
    const next = [roots.next(), updates.next(), votes.next()] as const;
    await subscribed(3);
    server.notify('rootSubscribe', 356_139_424);
    server.notify('slotsUpdatesSubscribe', FROZEN);
    server.notify('voteSubscribe', {
      votePubkey: ADDRESS,
      slots: [356_139_455, 356_139_456],
      hash: '4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZAMdL4VZHirAn',
      timestamp: null,
      signature: SIGNATURE,
    });
    const [root, update, vote] = await Promise.all(next);
    expect(root.value).toBe(356_139_424);
    // Decoded field for field as sent.
    expect(update.value).toEqual(FROZEN);
    expect(vote.value).toMatchObject({ votePubkey: ADDRESS, slots: [356_139_455, 356_139_456], timestamp: null });
  });
});

describe('a notification that is not what its subscription sends', () => {
  it('ends the iterator with a ValidationError naming the field', { timeout: 10_000 }, async () => {
    const iterator = subs.slotSubscribe();
    const first = iterator.next();
    await subscribed();
    server.notify('slotSubscribe', { slot: 'soon', parent: 1, root: 0 });
    const error = await first.catch((e: unknown) => e);
    expect(isSolRpcError(error, 'ValidationError')).toBe(true);
    expect(String((error as Error).message)).toMatch(/slot/);
    await until(() => server.requests.some((r) => r.method === 'slotUnsubscribe'));
  });
});
