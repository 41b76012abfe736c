/**
 * Congestion in the test cluster: the `marketFee` fault (a send paying a compute-unit price below the
 * market fee of its landing slot is answered and never lands; at or above it, it lands; the market fixed,
 * a seeded walk replayed exactly, or a function of the slot), getRecentPrioritizationFees from the ledger
 * (each confirmed slot's lowest landed price, raised by the accounts asked for, the market's traffic
 * counted while it is on and kept after it is cleared), `dropSends` with a seeded share (the same sends
 * dropped on every run, `count` counting drops), and `statusLag` (statuses and signatureSubscribe hear of a
 * landed transaction only N slots after it landed, while getTransaction sees it at once). The clock is
 * injected: slots move only when a test moves them.
 */
import { once } from 'node:events';
import { address, type Instruction, type KeyPairSigner } from '@solana/kit';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRpc, type Rpc } from '../../src/index.js';
import { startTestCluster, type TestCluster } from '../../src/testing/index.js';
import { testClusterHandlers } from '../../src/testing/msw.js';
import { SLOT_ORIGIN } from '../../src/testing/testClusterOptions.js';
import { keyOf, signed, transferInstruction } from './ledgerKit.js';

const SOL = 1_000_000_000n;
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const open: TestCluster[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((cluster) => cluster.close()));
});

/** SetComputeUnitPrice (3, then the micro-lamports as a u64) and SetComputeUnitLimit (2, then a u32). */
function computeBudget(unitPrice: bigint, unitLimit = 1_000): Instruction[] {
  const price = new Uint8Array(9);
  price[0] = 3;
  new DataView(price.buffer).setBigUint64(1, unitPrice, true);
  const limit = new Uint8Array(5);
  limit[0] = 2;
  new DataView(limit.buffer).setUint32(1, unitLimit, true);
  return [
    { programAddress: address(COMPUTE_BUDGET), data: limit },
    { programAddress: address(COMPUTE_BUDGET), data: price },
  ];
}

async function setup(payers: KeyPairSigner[], startSlot = SLOT_ORIGIN.slot) {
  const clock = { ms: 0 };
  const accounts = Object.fromEntries(payers.map((payer) => [payer.address, { lamports: 10n * SOL }]));
  const cluster = await startTestCluster({ now: () => clock.ms, startSlot, accounts });
  open.push(cluster);
  const rpc = createRpc(cluster.url, { retry: false, timeoutMs: 10_000 });
  const advance = (slots: number) => {
    clock.ms += slots * 400;
  };
  /** A transfer of `lamports` from `payer` at `unitPrice`, sent (preflight on); its signature. */
  const send = async (payer: KeyPairSigner, to: string, lamports: bigint, unitPrice: bigint, unitLimit = 1_000) => {
    const { value } = await rpc.getLatestBlockhash();
    const tx = await signed(payer, value.blockhash, [
      ...computeBudget(unitPrice, unitLimit),
      transferInstruction(payer, to, lamports),
    ]);
    expect(await rpc.sendTransaction(tx.wire, { encoding: 'base64' })).toBe(tx.signature);
    return tx;
  };
  return { cluster, rpc, advance, send };
}

const statusOf = async (rpc: Rpc, signature: string) => (await rpc.getSignatureStatuses([signature])).value[0];
const feesBySlot = async (rpc: Rpc, accounts?: string[]) =>
  new Map(
    (await rpc.getRecentPrioritizationFees(accounts)).map((fee) => [Number(fee.slot), Number(fee.prioritizationFee)]),
  );

describe("'marketFee'", () => {
  it('answers a send below the market and never lands it; at the market it lands, and sent again when the market falls', async () => {
    const payer = await keyOf(81);
    const to = (await keyOf(82)).address;
    const { cluster, rpc, advance, send } = await setup([payer]);
    const market = cluster.fault('marketFee', { price: 10_000 });
    const cheap = await send(payer, to, 1_000_000n, 9_999n);
    const paying = await send(payer, to, 2_000_000n, 10_000n);
    advance(40);
    expect(await statusOf(rpc, cheap.signature)).toBeNull();
    expect(await statusOf(rpc, paying.signature)).toMatchObject({ confirmationStatus: 'finalized', err: null });
    expect((await rpc.getBalance(to)).value).toBe(2_000_000n);
    // The same bytes, sent again after the market is gone, land: a leader that schedules them now.
    market.clear();
    expect(await rpc.sendTransaction(cheap.wire, { encoding: 'base64' })).toBe(cheap.signature);
    advance(1);
    expect(await statusOf(rpc, cheap.signature)).toMatchObject({ confirmationStatus: 'processed', err: null });
  });

  it('a price function of the slot decides each landing by the slot it would land in', async () => {
    const payer = await keyOf(83);
    const to = (await keyOf(84)).address;
    const { cluster, rpc, advance, send } = await setup([payer]);
    // Free in even slots, 1,000,000 in odd ones.
    cluster.fault('marketFee', { price: (slot) => (slot % 2 === 0 ? 0 : 1_000_000) });
    const landsOdd = cluster.slot() % 2 === 0;
    const first = await send(payer, to, 1_000_000n, 1n);
    advance(1);
    const second = await send(payer, to, 2_000_000n, 1n);
    advance(1);
    // One of the two would land in an odd slot, the other in an even one.
    expect(await statusOf(rpc, first.signature)).toEqual(landsOdd ? null : expect.objectContaining({ err: null }));
    expect(await statusOf(rpc, second.signature)).toEqual(landsOdd ? expect.objectContaining({ err: null }) : null);
  });

  it('a seeded walk is the same walk on every cluster, within its bounds, and moves', async () => {
    const walks: Map<number, number>[] = [];
    for (let i = 0; i < 2; i++) {
      const { cluster, rpc, advance } = await setup([]);
      cluster.fault('marketFee', { price: 50_000, walk: { seed: 42, step: 0.2, min: 10_000, max: 80_000 } });
      advance(200);
      walks.push(await feesBySlot(rpc));
    }
    const [a, b] = walks as [Map<number, number>, Map<number, number>];
    expect([...a]).toEqual([...b]);
    const prices = [...a.values()].map(Number);
    expect(prices).toHaveLength(150);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(10_000);
    expect(Math.max(...prices)).toBeLessThanOrEqual(80_000);
    expect(new Set(prices).size).toBeGreaterThan(50);
    // Another seed walks another way.
    const { cluster, rpc, advance } = await setup([]);
    cluster.fault('marketFee', { price: 50_000, walk: { seed: 43, step: 0.2, min: 10_000, max: 80_000 } });
    advance(200);
    expect([...(await feesBySlot(rpc))]).not.toEqual([...a]);
  });

  it('works behind the msw handlers too', async () => {
    const payer = await keyOf(85);
    const clock = { ms: 0 };
    const cluster = testClusterHandlers({
      now: () => clock.ms,
      startSlot: SLOT_ORIGIN.slot,
      accounts: { [payer.address]: { lamports: SOL } },
    });
    const { getResponse } = await import('msw');
    const rpc = createRpc(cluster.url, {
      retry: false,
      fetch: async (input, init) => (await getResponse(cluster.handlers, new Request(input, init))) ?? Response.error(),
    });
    cluster.fault('marketFee', { price: 7_000 });
    clock.ms += 3 * 400;
    const fees = await rpc.getRecentPrioritizationFees();
    expect(fees.at(-1)?.prioritizationFee).toBe(7_000n);
    expect(fees.at(-4)?.prioritizationFee).toBe(0n);
  });
});

describe('getRecentPrioritizationFees from the ledger', () => {
  it("each confirmed slot's lowest landed price, raised by the accounts asked for; 0 in a slot with none", async () => {
    const [a, b] = [await keyOf(86), await keyOf(87)];
    const [x, y, quiet] = [(await keyOf(88)).address, (await keyOf(89)).address, (await keyOf(90)).address];
    const { cluster, rpc, advance, send } = await setup([a, b]);
    const landing = cluster.slot() + 1;
    await send(a, x, 1_000_000n, 5_000n);
    await send(b, y, 1_000_000n, 9_000n);
    // A transaction asking a unit limit of 0 tells nothing of fees (agave leaves it out).
    await send(a, quiet, 1_000_000n, 1n, 0);
    advance(1);
    // Landed, but not yet confirmed: the cache has not got the slot.
    expect((await feesBySlot(rpc)).has(landing)).toBe(false);
    advance(1);
    const all = await feesBySlot(rpc);
    expect(all.get(landing)).toBe(5_000);
    expect(all.get(landing - 1)).toBe(0);
    expect((await feesBySlot(rpc, [y])).get(landing)).toBe(9_000);
    expect((await feesBySlot(rpc, [x, y])).get(landing)).toBe(9_000);
    expect((await feesBySlot(rpc, [x])).get(landing)).toBe(5_000);
    expect((await feesBySlot(rpc, [quiet])).get(landing)).toBe(5_000);
    // The payers' accounts are write-locked too; the System Program invoked is not.
    expect((await feesBySlot(rpc, [b.address])).get(landing)).toBe(9_000);
    expect((await feesBySlot(rpc, ['11111111111111111111111111111111'])).get(landing)).toBe(5_000);
    advance(150);
    expect((await feesBySlot(rpc)).has(landing)).toBe(false);
  });

  it("counts the market's traffic while it is on, for any account, and keeps it after it is cleared", async () => {
    const payer = await keyOf(91);
    const to = (await keyOf(92)).address;
    const { cluster, rpc, advance, send } = await setup([payer]);
    const before = cluster.slot();
    const market = cluster.fault('marketFee', { price: 20_000 });
    advance(3);
    const paying = await send(payer, to, 1_000_000n, 30_000n);
    const landing = cluster.slot() + 1;
    advance(2);
    market.clear();
    const off = cluster.slot();
    advance(3);
    const fees = await feesBySlot(rpc);
    const quiet = await feesBySlot(rpc, [(await keyOf(93)).address]);
    const busy = await feesBySlot(rpc, [to]);
    expect(fees.get(before)).toBe(0);
    for (let slot = before + 1; slot <= off; slot++) {
      expect(fees.get(slot)).toBe(20_000);
      expect(quiet.get(slot)).toBe(20_000);
      // The account the test's transfer locked shows what that transfer paid, in the slot it landed.
      expect(busy.get(slot)).toBe(slot === landing ? 30_000 : 20_000);
    }
    expect(fees.get(off + 1)).toBe(0);
    expect(await statusOf(rpc, paying.signature)).toMatchObject({ err: null });
  });
});

describe("'dropSends' with a share", () => {
  /** Sends 40 transfers with the fault on; which of them landed. */
  async function sendForty(options: { share: number; seed: number; count?: number }) {
    const payer = await keyOf(94);
    const to = (await keyOf(95)).address;
    const { cluster, rpc, advance, send } = await setup([payer]);
    const drops = cluster.fault('dropSends', options);
    const signatures: string[] = [];
    for (let i = 0; i < 40; i++) signatures.push((await send(payer, to, BigInt(1_000_000 + i), 0n)).signature);
    advance(1);
    const { value } = await rpc.getSignatureStatuses(signatures);
    return { landed: value.map((status) => status !== null), drops };
  }

  it('drops a seeded share of the sends, the same ones for the same seed; hits count the drops', async () => {
    const first = await sendForty({ share: 0.5, seed: 7 });
    const dropped = first.landed.filter((landed) => !landed).length;
    expect(first.drops.hits).toBe(dropped);
    // Binomial(40, 0.5): outside 8..32 has a chance below 1 in 10,000; the seed fixes it anyway.
    expect(dropped).toBeGreaterThanOrEqual(8);
    expect(dropped).toBeLessThanOrEqual(32);
    expect((await sendForty({ share: 0.5, seed: 7 })).landed).toEqual(first.landed);
    expect((await sendForty({ share: 0.5, seed: 8 })).landed).not.toEqual(first.landed);
    expect((await sendForty({ share: 0, seed: 7 })).landed.every(Boolean)).toBe(true);
  });

  it('with a count, stops after that many drops', async () => {
    const { landed, drops } = await sendForty({ share: 0.5, seed: 7, count: 2 });
    expect(landed.filter((l) => !l)).toHaveLength(2);
    expect(drops.hits).toBe(2);
    expect(drops.cleared).toBe(true);
  });
});

describe("'statusLag'", () => {
  it('getSignatureStatuses shows a landed transaction only N slots after it landed; getTransaction at once', async () => {
    const payer = await keyOf(96);
    const to = (await keyOf(97)).address;
    const { cluster, rpc, advance, send } = await setup([payer]);
    const lag = cluster.fault('statusLag', { slots: 3 });
    const tx = await send(payer, to, 1_000_000n, 0n);
    const landing = cluster.slot() + 1;
    advance(1);
    expect(await rpc.getTransaction(tx.signature, { commitment: 'confirmed' })).toBeNull();
    advance(1);
    expect((await rpc.getTransaction(tx.signature, { commitment: 'confirmed' }))?.slot).toBe(landing);
    expect(await statusOf(rpc, tx.signature)).toBeNull();
    advance(1);
    expect(await statusOf(rpc, tx.signature)).toBeNull();
    advance(1);
    expect(await statusOf(rpc, tx.signature)).toMatchObject({
      slot: landing,
      confirmationStatus: 'confirmed',
      confirmations: 3,
    });
    lag.clear();
    expect(await statusOf(rpc, tx.signature)).toMatchObject({ slot: landing });
  });

  it('signatureSubscribe says nothing of it until N slots after it landed', async () => {
    const payer = await keyOf(98);
    const to = (await keyOf(99)).address;
    const { cluster, advance, send } = await setup([payer]);
    cluster.fault('statusLag', { slots: 2 });
    const socket = new WebSocket(cluster.wsUrl);
    const messages: { id?: number; result?: unknown; params?: { subscription: number; result: unknown } }[] = [];
    const arrived = new EventTarget();
    socket.on('message', (data) => {
      messages.push(JSON.parse(String(data)));
      arrived.dispatchEvent(new Event('message'));
    });
    await once(socket, 'open');
    const until = async <T>(find: () => T | undefined): Promise<T> => {
      for (;;) {
        const found = find();
        if (found !== undefined) return found;
        await new Promise((resolve) => arrived.addEventListener('message', resolve, { once: true }));
      }
    };
    const subscribe = async (id: number, method: string, params: unknown[]) => {
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      return (await until(() => messages.find((m) => m.id === id))).result as number;
    };
    try {
      const tx = await send(payer, to, 1_000_000n, 0n);
      const landing = cluster.slot() + 1;
      const signature = await subscribe(1, 'signatureSubscribe', [tx.signature, { commitment: 'processed' }]);
      const slots = await subscribe(2, 'slotSubscribe', []);
      /** Resolves once slot `slot` is notified: the watchers' notifications of a slot come before it. */
      const slotNotified = (slot: number) =>
        until(() =>
          messages.find((m) => m.params?.subscription === slots && (m.params.result as { slot: number }).slot === slot),
        );
      const heard = () => messages.filter((m) => m.params?.subscription === signature).map((m) => m.params?.result);
      advance(1);
      await slotNotified(landing);
      advance(1);
      await slotNotified(landing + 1);
      expect(heard()).toEqual([]);
      advance(1);
      await slotNotified(landing + 2);
      expect(heard()).toEqual([{ context: { slot: landing }, value: { err: null } }]);
    } finally {
      socket.close();
    }
  });
});

describe('blockhash expiry', () => {
  it('a transaction lands at most at its lastValidBlockHeight: sent one slot later, it never lands', async () => {
    const payer = await keyOf(100);
    const to = (await keyOf(101)).address;
    const { rpc, advance } = await setup([payer]);
    const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'processed' });
    const transfer = (lamports: bigint) =>
      signed(payer, lifetime.blockhash, [transferInstruction(payer, to, lamports)]);
    const [inTime, late] = [await transfer(1_000_000n), await transfer(2_000_000n)];
    // The tip one block before the last valid height: sent now, it lands at that height.
    advance(149);
    await rpc.sendTransaction(inTime.wire, { encoding: 'base64', skipPreflight: true });
    advance(1);
    expect(BigInt(await rpc.getBlockHeight({ commitment: 'processed' }))).toBe(BigInt(lifetime.lastValidBlockHeight));
    expect(await statusOf(rpc, inTime.signature)).toMatchObject({ err: null });
    // At the last valid height, a send would land one block past it: taken, never landing.
    expect(await rpc.isBlockhashValid(lifetime.blockhash, { commitment: 'processed' })).toMatchObject({ value: true });
    await rpc.sendTransaction(late.wire, { encoding: 'base64', skipPreflight: true });
    advance(40);
    expect(await statusOf(rpc, late.signature)).toBeNull();
  });
});

describe('congestion options refused, the option named', () => {
  it.each([
    ['marketFee', {}, 'options.price'],
    ['marketFee', { price: -1 }, 'options.price'],
    ['marketFee', { price: 1.5 }, 'options.price'],
    ['marketFee', { price: 1, walk: { step: 0.1 } }, 'options.walk.seed'],
    ['marketFee', { price: 1, walk: { seed: 1, step: 2 } }, 'options.walk.step'],
    ['marketFee', { price: 1, walk: { seed: 1, stp: 0.1 } }, 'options.walk.stp'],
    ['marketFee', { price: 1, walk: { seed: 1, min: 10, max: 5 } }, 'options.walk.max'],
    ['marketFee', { price: () => 1, walk: { seed: 1 } }, 'options.walk'],
    ['marketFee', { price: 1, count: 1 }, 'options.count'],
    ['dropSends', { share: 1.5 }, 'options.share'],
    ['dropSends', { share: 0.5, seed: 0.5 }, 'options.seed'],
    ['statusLag', {}, 'options.slots'],
    ['statusLag', { slots: 0 }, 'options.slots'],
  ] as const)('%s %j: %s', async (kind, options, param) => {
    const { cluster } = await setup([]);
    expect(() => cluster.fault(kind as 'marketFee', options as never)).toThrow(
      expect.objectContaining({ name: 'InvalidInputError', param }),
    );
  });
});
