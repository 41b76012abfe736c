/**
 * The test cluster's WebSocket side follows its ledger as an agave node's pubsub does (rpc_subscriptions.rs):
 * accountSubscribe notifies when the account changes in the bank its commitment reads (processed at the
 * landing slot, confirmed one slot later, finalized once rooted; `context.slot` that bank), in every
 * encoding exactly as getAccountInfo encodes it (dataSlice not applied, as agave), after a transfer, an
 * airdrop, a fee, and as agave's default account once emptied; programSubscribe notifies the program's
 * accounts written in a bank, filters honoured as getProgramAccounts honours them; signatureSubscribe
 * sends 'receivedSignature' when asked and `{ err }` at its commitment, the landing slot as context;
 * logsSubscribe notifies at its commitment, `mentions` filtering; bad params are refused in agave's words;
 * a node `behind` holds account notifications back. Seen by solrpc's client and by a raw `ws` client.
 * The clock is injected and moved by the test; what did not happen is read off the order of messages on
 * one socket (a slot notification comes after every watcher's notifications of the same slot).
 */
import { EventEmitter, once } from 'node:events';
import type { KeyPairSigner } from '@solana/kit';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRpc, createRpcSubscriptions, type Rpc } from '../../src/index.js';
import { startTestCluster, type TestCluster } from '../../src/testing/index.js';
import { SIMULATION, TOKEN_PROGRAM } from '../../src/testing/simulationCast.js';
import { SLOT_ORIGIN } from '../../src/testing/testClusterOptions.js';
import { keyOf, rawCall, SYSTEM_PROGRAM, signed, transferInstruction } from './ledgerKit.js';

const SOL = 1_000_000_000n;
const SLOT_MS = 40;
let payer: KeyPairSigner;
let closer: KeyPairSigner;
const fresh = (byte: number) => keyOf(byte).then((k) => k.address as string);

beforeAll(async () => {
  [payer, closer] = await Promise.all([keyOf(41), keyOf(42)]);
});

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

/** A cluster on a clock the test moves, the payer holding 10 SOL and the closer 1 SOL. */
async function setup() {
  const clock = { ms: SLOT_ORIGIN.ms };
  const cluster: TestCluster = await startTestCluster({
    now: () => clock.ms,
    slotMs: SLOT_MS,
    accounts: { [payer.address]: { lamports: 10n * SOL }, [closer.address]: { lamports: SOL } },
  });
  open.push(cluster);
  const rpc: Rpc = createRpc(cluster.url, { retry: false, timeoutMs: 10_000 });
  const advance = (slots: number) => {
    clock.ms += slots * SLOT_MS;
  };
  /** Sends a transfer signed by `from`; it lands in the next slot. */
  const transfer = async (from: KeyPairSigner, to: string, lamports: bigint, config: object = {}) => {
    const { value } = await rpc.getLatestBlockhash();
    const tx = await signed(from, value.blockhash, [transferInstruction(from, to, lamports)]);
    const body = await rawCall(cluster.url, 'sendTransaction', [tx.wire, { encoding: 'base64', ...config }]);
    expect(body.error ?? body.result).toBe(tx.signature);
    return tx.signature;
  };
  const http = async (method: string, params: unknown[]) => (await rawCall(cluster.url, method, params)).result;
  return { cluster, rpc, advance, transfer, http };
}

/** A notification's result: `{ context, value }` for the watchers, a slot's fields for slotSubscribe. */
type Result = { context?: { slot: number }; value?: { lamports?: number } | unknown; slot?: number };
type Message = {
  id?: number;
  result?: unknown;
  error?: unknown;
  method?: string;
  params?: { subscription: number; result: Result };
};
type Read = { context: { slot: number }; value: unknown };

/** A raw socket: every message kept in order, subscribe requests answered, waits on what arrives. */
async function rawSocket(url: string) {
  const socket = new WebSocket(url);
  open.push({ close: () => socket.close() });
  const messages: Message[] = [];
  const arrived = new EventEmitter();
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    arrived.emit('message');
  });
  await once(socket, 'open');
  const until = async <T>(find: () => T | undefined): Promise<T> => {
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      await once(arrived, 'message');
    }
  };
  let nextId = 1;
  const request = async (method: string, params: unknown[] = []) => {
    const id = nextId++;
    socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    return until(() => messages.find((m) => m.id === id));
  };
  return {
    messages,
    request,
    async subscribe(method: string, params: unknown[] = []): Promise<number> {
      const reply = await request(method, params);
      expect(reply.error).toBeUndefined();
      return reply.result as number;
    },
    /** The results notified to a subscription so far. */
    results: (subscription: number) =>
      messages.filter((m) => m.params?.subscription === subscription).map((m) => m.params?.result as Result),
    /** Resolves once the slot notification for `slot` has arrived on this socket. */
    slot: (subscription: number, slot: number) =>
      until(() =>
        messages.find((m) => m.params?.subscription === subscription && m.params.result.slot === slot)
          ? true
          : undefined,
      ),
    notification: (subscription: number) => until(() => messages.find((m) => m.params?.subscription === subscription)),
  };
}

describe('accountSubscribe', () => {
  it("through solrpc's client: a transfer notified at processed, as getAccountInfo reads the same bank", async () => {
    const { cluster, rpc, advance, transfer } = await setup();
    const to = await fresh(51);
    const acks = new EventEmitter();
    // solrpc's client on a `ws` socket that also tells the test when the cluster answered a subscribe.
    class Watching extends WebSocket {
      constructor(url: string) {
        super(url);
        this.on('message', (data) => {
          if ('result' in JSON.parse(String(data))) acks.emit('ack');
        });
      }
    }
    const subs = createRpcSubscriptions(cluster.wsUrl, { WebSocket: Watching as never });
    open.push(subs);
    const acked = once(acks, 'ack');
    const changes = subs.accountSubscribe(payer.address, { commitment: 'processed', encoding: 'base64' });
    const next = changes.next();
    await acked;
    await transfer(payer, to, SOL / 4n);
    advance(1);
    const { value: notified } = await next;
    const landing = cluster.slot();
    expect(notified?.context.slot).toBe(landing);
    expect(notified?.value.lamports).toBe(10n * SOL - SOL / 4n - 5_000n);
    const read = await rpc.getAccountInfo(payer.address, { commitment: 'processed', encoding: 'base64' });
    expect(read.context.slot).toBe(landing);
    expect(notified?.value).toEqual(read.value);
    await changes.return();
  });

  it('the wire: processed at the landing slot, confirmed a slot later, finalized once rooted, each its bank', async () => {
    const { cluster, advance, transfer, http } = await setup();
    const ws = await rawSocket(cluster.wsUrl);
    const to = await fresh(52);
    const subs = {
      processed: await ws.subscribe('accountSubscribe', [to, { commitment: 'processed', encoding: 'base64' }]),
      confirmed: await ws.subscribe('accountSubscribe', [to, { commitment: 'confirmed', encoding: 'base64' }]),
      finalized: await ws.subscribe('accountSubscribe', [to, { encoding: 'base64' }]),
    };
    const slots = await ws.subscribe('slotSubscribe');
    await transfer(payer, to, SOL);
    const landing = cluster.slot() + 1;
    advance(1);
    await ws.slot(slots, landing);
    const { value } = (await http('getAccountInfo', [to, { encoding: 'base64', commitment: 'processed' }])) as Read;
    expect(value).toEqual({
      data: ['', 'base64'],
      executable: false,
      lamports: Number(SOL),
      owner: SYSTEM_PROGRAM,
      rentEpoch: 18446744073709552000,
      space: 0,
    });
    const notification = ws.messages.find((m) => m.params?.subscription === subs.processed);
    expect(notification).toEqual({
      jsonrpc: '2.0',
      method: 'accountNotification',
      params: { result: { context: { slot: landing }, value }, subscription: subs.processed },
    });
    expect([ws.results(subs.confirmed), ws.results(subs.finalized)]).toEqual([[], []]);

    advance(1);
    await ws.slot(slots, landing + 1);
    expect(ws.results(subs.confirmed)).toEqual([{ context: { slot: landing }, value }]);
    advance(30);
    await ws.slot(slots, landing + 31);
    expect(ws.results(subs.finalized)).toEqual([]);
    advance(1);
    await ws.slot(slots, landing + 32);
    expect(ws.results(subs.finalized)).toEqual([{ context: { slot: landing }, value }]);
    // One change, one notification each.
    expect(ws.results(subs.processed)).toHaveLength(1);
    expect(ws.results(subs.confirmed)).toHaveLength(1);
  });

  it('every encoding as getAccountInfo encodes it; dataSlice not applied, as agave', async () => {
    const { cluster, advance, transfer, http } = await setup();
    const ws = await rawSocket(cluster.wsUrl);
    const configs = [
      {},
      { encoding: 'base58' },
      { encoding: 'base64' },
      { encoding: 'base64+zstd' },
      { encoding: 'jsonParsed' },
    ];
    const ids = [];
    for (const config of configs) {
      ids.push(await ws.subscribe('accountSubscribe', [payer.address, { commitment: 'processed', ...config }]));
    }
    const sliced = await ws.subscribe('accountSubscribe', [
      payer.address,
      { commitment: 'processed', encoding: 'base64', dataSlice: { offset: 0, length: 0 } },
    ]);
    const slots = await ws.subscribe('slotSubscribe');
    await transfer(payer, await fresh(53), SOL);
    advance(1);
    await ws.slot(slots, cluster.slot());
    for (const [i, config] of configs.entries()) {
      const read = (await http('getAccountInfo', [payer.address, { commitment: 'processed', ...config }])) as Read;
      expect(ws.results(ids[i] as number)).toEqual([{ context: { slot: read.context.slot }, value: read.value }]);
    }
    expect(ws.results(sliced)).toEqual(ws.results(ids[2] as number));
  });

  it('an account emptied is notified as agave’s default account; getAccountInfo reads null', async () => {
    const { cluster, rpc, advance, transfer, http } = await setup();
    const ws = await rawSocket(cluster.wsUrl);
    const base64 = await ws.subscribe('accountSubscribe', [
      closer.address,
      { commitment: 'processed', encoding: 'base64' },
    ]);
    const parsed = await ws.subscribe('accountSubscribe', [
      closer.address,
      { commitment: 'processed', encoding: 'jsonParsed' },
    ]);
    const program = await ws.subscribe('programSubscribe', [
      SYSTEM_PROGRAM,
      { commitment: 'processed', encoding: 'base64' },
    ]);
    const slots = await ws.subscribe('slotSubscribe');
    // All of it less the fee: nothing is left.
    await transfer(closer, payer.address, SOL - 5_000n);
    advance(1);
    await ws.slot(slots, cluster.slot());
    const closed = {
      data: ['', 'base64'],
      executable: false,
      lamports: 0,
      owner: SYSTEM_PROGRAM,
      rentEpoch: 0,
      space: 0,
    };
    expect(ws.results(base64)).toEqual([{ context: { slot: cluster.slot() }, value: closed }]);
    expect(ws.results(parsed)).toEqual(ws.results(base64));
    // programSubscribe sees the slot's write itself: the emptied account, zero lamports, still the System Program's.
    const written = ws.results(program).map((r) => r.value as { pubkey: string; account: { lamports: number } });
    expect(written.map((w) => [w.pubkey, w.account.lamports])).toEqual([
      [closer.address, 0],
      [payer.address, Number(10n * SOL + SOL - 5_000n)],
    ]);
    expect(await http('getAccountInfo', [closer.address, { commitment: 'processed' }])).toMatchObject({ value: null });
    expect((await rpc.getBalance(closer.address, { commitment: 'processed' })).value).toBe(0n);
  });

  it('an airdrop creates the account: notified from nothing; a fee alone changes the payer', async () => {
    const { cluster, advance, http } = await setup();
    const ws = await rawSocket(cluster.wsUrl);
    const wallet = await fresh(54);
    const sub = await ws.subscribe('accountSubscribe', [wallet, { commitment: 'processed', encoding: 'base64' }]);
    const slots = await ws.subscribe('slotSubscribe');
    await http('requestAirdrop', [wallet, 2_000_000_000]);
    advance(1);
    await ws.slot(slots, cluster.slot());
    expect(ws.results(sub)).toEqual([
      {
        context: { slot: cluster.slot() },
        value: {
          data: ['', 'base64'],
          executable: false,
          lamports: 2_000_000_000,
          owner: SYSTEM_PROGRAM,
          rentEpoch: 18446744073709552000,
          space: 0,
        },
      },
    ]);
  });

  it('a failed transfer landed with skipPreflight: the payer notified with its fee charged', async () => {
    const { cluster, advance, transfer } = await setup();
    const ws = await rawSocket(cluster.wsUrl);
    const to = await fresh(55);
    const sub = await ws.subscribe('accountSubscribe', [
      closer.address,
      { commitment: 'processed', encoding: 'base64' },
    ]);
    const payee = await ws.subscribe('accountSubscribe', [to, { commitment: 'processed', encoding: 'base64' }]);
    const slots = await ws.subscribe('slotSubscribe');
    await transfer(closer, to, 2n * SOL, { skipPreflight: true });
    advance(1);
    await ws.slot(slots, cluster.slot());
    expect(ws.results(sub).map((r) => (r.value as { lamports: number }).lamports)).toEqual([Number(SOL) - 5_000]);
    expect(ws.results(payee)).toEqual([]);
  });
  it('jsonParsed: a token account credited lamports comes parsed, as getAccountInfo parses it', async () => {
    const { cluster, advance, transfer, http } = await setup();
    const ws = await rawSocket(cluster.wsUrl);
    const holding = SIMULATION.tokenAccount;
    const config = { commitment: 'processed', encoding: 'jsonParsed' };
    const account = await ws.subscribe('accountSubscribe', [holding, config]);
    const program = await ws.subscribe('programSubscribe', [
      TOKEN_PROGRAM,
      { ...config, filters: [{ dataSize: 165 }] },
    ]);
    const slots = await ws.subscribe('slotSubscribe');
    await transfer(payer, holding, 1_000n);
    advance(1);
    await ws.slot(slots, cluster.slot());
    const read = (await http('getAccountInfo', [holding, config])) as Read;
    expect(read.value).toMatchObject({ data: { program: 'spl-token', parsed: { type: 'account' } } });
    expect(ws.results(account)).toEqual([{ context: { slot: read.context.slot }, value: read.value }]);
    expect(ws.results(program)).toEqual([
      { context: { slot: read.context.slot }, value: { pubkey: holding, account: read.value } },
    ]);
  });
});

describe('programSubscribe', () => {
  it("the program's accounts written in a bank, filters as getProgramAccounts applies them", async () => {
    const { cluster, advance, transfer, http } = await setup();
    const ws = await rawSocket(cluster.wsUrl);
    const to = await fresh(56);
    const config = { commitment: 'processed', encoding: 'base64' };
    const empty = await ws.subscribe('programSubscribe', [SYSTEM_PROGRAM, { ...config, filters: [{ dataSize: 0 }] }]);
    const sized = await ws.subscribe('programSubscribe', [SYSTEM_PROGRAM, { ...config, filters: [{ dataSize: 8 }] }]);
    const memcmp = await ws.subscribe('programSubscribe', [
      SYSTEM_PROGRAM,
      { ...config, filters: [{ memcmp: { offset: 0, bytes: '2' } }] },
    ]);
    const other = await ws.subscribe('programSubscribe', [
      'Vote111111111111111111111111111111111111111',
      { commitment: 'processed' },
    ]);
    const slots = await ws.subscribe('slotSubscribe');
    await transfer(payer, to, SOL);
    advance(1);
    await ws.slot(slots, cluster.slot());
    const scan = (await http('getProgramAccounts', [SYSTEM_PROGRAM, { ...config, filters: [{ dataSize: 0 }] }])) as {
      pubkey: string;
      account: unknown;
    }[];
    const expected = [payer.address, to].map((pubkey) => ({
      context: { slot: cluster.slot() },
      value: { pubkey, account: scan.find((entry) => entry.pubkey === pubkey)?.account },
    }));
    expect(ws.results(empty)).toEqual(expected);
    expect(expected[1]?.value.account).toMatchObject({ lamports: Number(SOL) });
    expect([ws.results(sized), ws.results(memcmp), ws.results(other)]).toEqual([[], [], []]);
    const notification = ws.messages.find((m) => m.params?.subscription === empty);
    expect(notification?.method).toBe('programNotification');
  });
});

describe('signatureSubscribe', () => {
  it("'receivedSignature' when asked, then { err } at the commitment, the landing slot as context; then it ends", async () => {
    const { cluster, rpc, advance } = await setup();
    const ws = await rawSocket(cluster.wsUrl);
    const { value } = await rpc.getLatestBlockhash();
    const tx = await signed(payer, value.blockhash, [transferInstruction(payer, await fresh(57), SOL)]);
    const confirmed = await ws.subscribe('signatureSubscribe', [
      tx.signature,
      { commitment: 'confirmed', enableReceivedNotification: true },
    ]);
    const processed = await ws.subscribe('signatureSubscribe', [tx.signature, { commitment: 'processed' }]);
    const slots = await ws.subscribe('slotSubscribe');
    await rawCall(cluster.url, 'sendTransaction', [tx.wire, { encoding: 'base64' }]);
    const landing = cluster.slot() + 1;
    advance(1);
    await ws.slot(slots, landing);
    expect(ws.results(confirmed)).toEqual([{ context: { slot: landing }, value: 'receivedSignature' }]);
    expect(ws.results(processed)).toEqual([{ context: { slot: landing }, value: { err: null } }]);
    advance(1);
    await ws.slot(slots, landing + 1);
    expect(ws.results(confirmed)).toEqual([
      { context: { slot: landing }, value: 'receivedSignature' },
      { context: { slot: landing }, value: { err: null } },
    ]);
    // Notified, the subscriptions are gone, as on a node.
    expect((await ws.request('signatureUnsubscribe', [confirmed])).error).toEqual({
      code: -32602,
      message: 'Invalid subscription id.',
    });
  });

  it('a failed transaction: its error', async () => {
    const { cluster, advance, transfer } = await setup();
    const ws = await rawSocket(cluster.wsUrl);
    const signature = await transfer(closer, await fresh(58), 2n * SOL, { skipPreflight: true });
    const sub = await ws.subscribe('signatureSubscribe', [signature, { commitment: 'processed' }]);
    advance(1);
    expect((await ws.notification(sub)).params?.result).toEqual({
      context: { slot: cluster.slot() },
      value: { err: { InstructionError: [0, { Custom: 1 }] } },
    });
  });
});

describe('logsSubscribe', () => {
  it('at its commitment, mentions filtering, the logs getTransaction has', async () => {
    const { cluster, rpc, advance, transfer } = await setup();
    const ws = await rawSocket(cluster.wsUrl);
    const to = await fresh(59);
    const mentioned = await ws.subscribe('logsSubscribe', [{ mentions: [to] }, { commitment: 'confirmed' }]);
    const all = await ws.subscribe('logsSubscribe', ['all', { commitment: 'processed' }]);
    const elsewhere = await ws.subscribe('logsSubscribe', [
      { mentions: [closer.address] },
      { commitment: 'processed' },
    ]);
    const slots = await ws.subscribe('slotSubscribe');
    const signature = await transfer(payer, to, SOL);
    const landing = cluster.slot() + 1;
    advance(1);
    await ws.slot(slots, landing);
    const logs = [`Program ${SYSTEM_PROGRAM} invoke [1]`, `Program ${SYSTEM_PROGRAM} success`];
    const result = { context: { slot: landing }, value: { signature, err: null, logs } };
    expect(ws.results(all)).toEqual([result]);
    expect([ws.results(mentioned), ws.results(elsewhere)]).toEqual([[], []]);
    advance(1);
    await ws.slot(slots, landing + 1);
    expect(ws.results(mentioned)).toEqual([result]);
    const landed = await rpc.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(landed?.meta?.logMessages).toEqual(logs);
  });
});

describe('refusals and faults', () => {
  it("refuses what agave's rpc_pubsub.rs refuses, in its words", async () => {
    const { cluster } = await setup();
    const ws = await rawSocket(cluster.wsUrl);
    const cases: [string, unknown[], string][] = [
      ['accountSubscribe', ['not-an-address'], 'Invalid Request: Invalid pubkey provided'],
      ['programSubscribe', ['xyz'], 'Invalid Request: Invalid pubkey provided'],
      ['signatureSubscribe', ['abc'], 'Invalid Request: Invalid signature provided'],
      ['logsSubscribe', [{ mentions: [payer.address, closer.address] }], 'Invalid Request: Only 1 address supported'],
      ['logsSubscribe', [{ mentions: ['nope'] }], 'Invalid Request: Invalid mentions provided'],
      [
        'accountSubscribe',
        [payer.address, { encoding: 'hex' }],
        'Invalid params: unknown variant `hex`, expected one of `binary`, `base58`, `base64`, `jsonParsed`, `base64+zstd`.',
      ],
    ];
    for (const [method, params, message] of cases) {
      expect((await ws.request(method, params)).error, method).toEqual({ code: -32602, message });
    }
  });

  it("'behind': account notifications wait until the lagging node's bank holds the change", async () => {
    const { cluster, advance, transfer } = await setup();
    const ws = await rawSocket(cluster.wsUrl);
    const processed = await ws.subscribe('accountSubscribe', [payer.address, { commitment: 'processed' }]);
    const confirmed = await ws.subscribe('accountSubscribe', [payer.address, { commitment: 'confirmed' }]);
    const slots = await ws.subscribe('slotSubscribe');
    await transfer(payer, await fresh(60), SOL);
    const landing = cluster.slot() + 1;
    const behind = cluster.fault('behind', { slots: 2 });
    advance(3); // the cluster is at landing + 2, the node at the landing slot
    await ws.slot(slots, landing);
    const order = () =>
      ws.messages
        .filter((m) => m.method)
        .map((m) => [m.params?.subscription, m.params?.result.context?.slot ?? m.params?.result.slot]);
    // Its processed bank holds the change; its confirmed bank (landing - 1) does not yet.
    expect(order()).toEqual([
      [processed, landing],
      [slots, landing],
    ]);
    behind.clear();
    advance(0);
    await ws.slot(slots, landing + 2);
    expect(order()).toEqual([
      [processed, landing],
      [slots, landing],
      [confirmed, landing],
      [slots, landing + 2],
    ]);
  });
});
