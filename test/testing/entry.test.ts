/**
 * `startTestCluster` (src/testing/index.ts) as a user starts it: it answers solrpc's client over HTTP
 * with the clock it was given; its options (port, slotMs, startSlot, accounts) do what they say and bad
 * ones are refused with an InvalidInputError naming the option, a port already taken included; fullApi
 * reaches the state (false: the minimal API), and litesvm (a transfer executed in LiteSVM); slots
 * continue forward when a cluster is started again later (the wall-clock starting slot, injected clock);
 * close() sends WebSocket clients a close frame (1001) and ends held calls at once.
 */
import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { createKeyPairSignerFromPrivateKeyBytes } from '@solana/kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createRpc, isSolRpcError } from '../../src/index.js';
import { startTestCluster, type TestCluster } from '../../src/testing/index.js';
import { CLOSE_GRACE_MS } from '../../src/testing/simulatedPubsub.js';
import { SLOT_ORIGIN, wallClockSlot } from '../../src/testing/testClusterOptions.js';
import { signedWalletTransfer } from '../support/walletTransfer.js';

const open: TestCluster[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((cluster) => cluster.close()));
});
async function start(options?: Parameters<typeof startTestCluster>[0]) {
  const cluster = await startTestCluster(options);
  open.push(cluster);
  return cluster;
}

/** A clock a test moves by hand. */
function manualClock(ms: number) {
  const clock = { ms, now: () => clock.ms };
  return clock;
}

describe('startTestCluster', () => {
  it('answers the client at its url, at the slot its clock says, the slot moving as the clock moves', async () => {
    const clock = manualClock(SLOT_ORIGIN.ms);
    const startSlot = SLOT_ORIGIN.slot + 5_000;
    const cluster = await start({ now: clock.now, startSlot, slotMs: 100 });
    expect(cluster.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(cluster.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    const rpc = createRpc(cluster.url, { retry: false });
    expect(await rpc.getSlot({ commitment: 'processed' })).toBe(startSlot);
    clock.ms += 1_050;
    expect(cluster.slot()).toBe(startSlot + 10);
    expect(await rpc.getSlot({ commitment: 'processed' })).toBe(startSlot + 10);
    // The contexts of answers read the same clock.
    expect((await rpc.getLatestBlockhash({ commitment: 'processed' })).context.slot).toBe(startSlot + 10);
  });

  it('listens on the port it is given, and refuses a port already taken naming options.port', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const taken = (holder.address() as AddressInfo).port;
    try {
      const refusal = await startTestCluster({ port: taken }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isSolRpcError(refusal, 'InvalidInputError')).toBe(true);
      expect(refusal).toMatchObject({ param: 'options.port' });
      expect(String((refusal as Error).message)).toContain(`port ${taken} of 127.0.0.1 is taken`);
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
    // The port freed, the same number is now the cluster's.
    const cluster = await start({ port: taken });
    expect(cluster.url).toBe(`http://127.0.0.1:${taken}`);
    const rpc = createRpc(cluster.url, { retry: false });
    const before = await rpc.getSlot({ commitment: 'processed' });
    // Closed, the port is free at once for a cluster started again, which goes on from a slot no earlier.
    await cluster.close();
    const again = await start({ port: taken });
    expect(again.url).toBe(`http://127.0.0.1:${taken}`);
    // Asked by a new client: the old one's keep-alive socket to the closed cluster can, with both cores
    // busy, be reused before its reset is read (ECONNRESET), which is the transport's matter, not the
    // cluster's.
    const fresh = createRpc(again.url, { retry: false });
    expect(await fresh.getSlot({ commitment: 'processed' })).toBeGreaterThanOrEqual(before);
  });

  it.each([
    [{ port: 70_000 }, 'options.port'],
    [{ port: 1.5 }, 'options.port'],
    [{ slotMs: 0 }, 'options.slotMs'],
    [{ startSlot: -1 }, 'options.startSlot'],
    [{ fullApi: 'yes' }, 'options.fullApi'],
    [{ litesvm: 'yes' }, 'options.litesvm'],
    [{ accounts: { 'not-an-address': { lamports: 1 } } }, 'options.accounts'],
    [
      { accounts: { '11111111111111111111111111111112': { lamports: -1 } } },
      'options.accounts["11111111111111111111111111111112"].lamports',
    ],
  ])('refuses %j with an InvalidInputError naming %s', async (options, param) => {
    const refusal = await startTestCluster(options as never).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isSolRpcError(refusal, 'InvalidInputError')).toBe(true);
    expect(refusal).toMatchObject({ param, method: 'startTestCluster' });
  });

  it('with fullApi: false, serves the minimal API only: a full-API method answers -32601', async () => {
    const minimal = createRpc((await start({ fullApi: false })).url, { retry: false });
    const full = createRpc((await start()).url, { retry: false });
    expect(await minimal.getHealth()).toBe('ok');
    expect(await minimal.getBlockTime(SLOT_ORIGIN.slot - 100).catch((error: unknown) => error)).toMatchObject({
      name: 'RpcError',
      code: -32601,
    });
    expect(typeof (await full.getBlockTime(SLOT_ORIGIN.slot - 100))).toBe('number');
  });

  it('with litesvm: true, executes a signed transfer in LiteSVM: it lands and the payer pays the lamport and the fee', async () => {
    const payer = (await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(32).fill(11))).address;
    const clock = manualClock(SLOT_ORIGIN.ms);
    const cluster = await start({ now: clock.now, litesvm: true, accounts: { [payer]: { lamports: 1_000_000_000n } } });
    const rpc = createRpc(cluster.url, { retry: false });
    const { value: lifetime } = await rpc.getLatestBlockhash();
    const { wire, signature } = await signedWalletTransfer(11, lifetime);
    expect(await rpc.sendTransaction(wire)).toBe(signature);
    clock.ms += 40 * 400;
    expect((await rpc.getSignatureStatuses([signature])).value[0]).toMatchObject({ confirmationStatus: 'finalized' });
    expect((await rpc.getBalance(payer, { commitment: 'processed' })).value).toBe(1_000_000_000n - 1n - 5_000n);
  });

  it('holds preloaded accounts from its start', async () => {
    const address = 'Bj1Bt6hGRm8vsWtPzkRFGjXADPvYt7iCLVHMvXNZHoha';
    const cluster = await start({ accounts: { [address]: { lamports: 2_000_000_000n } } });
    const rpc = createRpc(cluster.url, { retry: false });
    expect((await rpc.getBalance(address, { commitment: 'processed' })).value).toBe(2_000_000_000n);
  });
});

describe('the slot across restarts', () => {
  it('starts from the wall clock by default, so a cluster started later continues forward', async () => {
    const clock = manualClock(SLOT_ORIGIN.ms + 3_600_000);
    const first = await start({ now: clock.now });
    expect(first.slot()).toBe(SLOT_ORIGIN.slot + 9_000);
    clock.ms += 1_000;
    const seen = first.slot();
    await first.close();
    // Restarted half a second later: the slot goes on from where the first was, plus the time between.
    clock.ms += 500;
    const second = await start({ now: clock.now });
    expect(second.slot()).toBeGreaterThanOrEqual(seen);
    expect(second.slot()).toBe(wallClockSlot(clock.ms, 400));
    expect(second.slot()).toBe(SLOT_ORIGIN.slot + 9_003);
  });

  it('never counts backward across any pair of start times', () => {
    let previous = -1;
    for (let ms = SLOT_ORIGIN.ms - 1_000; ms < SLOT_ORIGIN.ms + 10_000; ms += 37) {
      const slot = wallClockSlot(ms, 400);
      expect(slot).toBeGreaterThanOrEqual(previous);
      previous = slot;
    }
  });
});

describe('close()', () => {
  it('sends each WebSocket client a close frame, 1001 going away', async () => {
    const cluster = await startTestCluster();
    const socket = new WebSocket(cluster.wsUrl);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    await cluster.close();
    expect(await closed).toEqual({ code: 1001, reason: 'going away' });
  });

  it('ends, CLOSE_GRACE_MS after sending it, a socket whose client never answers the close frame', async () => {
    const cluster = await startTestCluster();
    // A raw client: it completes the handshake, then never reads nor answers a frame.
    const raw = connect(Number(new URL(cluster.wsUrl).port), '127.0.0.1');
    raw.on('error', () => undefined);
    raw.write(
      'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    await new Promise((resolve) => raw.once('data', resolve));
    const ended = new Promise((resolve) => raw.once('close', resolve));
    // Only timeouts are faked: close() may wait for the client no longer than the grace on this clock.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let done = false;
      const closing = cluster.close().then(() => {
        done = true;
      });
      await vi.advanceTimersByTimeAsync(CLOSE_GRACE_MS - 1);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      // At the grace the socket is ended; the servers then close (real I/O, and one turn on the fake clock).
      await ended;
      while (!done) {
        await vi.advanceTimersByTimeAsync(1);
        await new Promise((resolve) => setImmediate(resolve));
      }
      await closing;
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends calls a silent fault holds instead of waiting for them', async () => {
    const cluster = await startTestCluster();
    const silence = cluster.fault('silent');
    // No client timeout: only close() can end this call.
    const held = createRpc(cluster.url, { retry: false, timeoutMs: 600_000 })
      .getSlot()
      .then(
        () => 'answered',
        (error: unknown) => (error as Error).name,
      );
    while (silence.hits === 0) await new Promise((resolve) => setImmediate(resolve));
    await cluster.close();
    expect(await held).toBe('NetworkError');
  });
});

describe('a hostile client', () => {
  it('sending a WebSocket frame over the size limit loses its socket (1009); the cluster carries on', async () => {
    const cluster = await start();
    const socket = new WebSocket(cluster.wsUrl);
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send('x'.repeat(1_000_001));
    expect(await closed).toBe(1009);
    expect(await createRpc(cluster.url, { retry: false }).getHealth()).toBe('ok');
  });
});
