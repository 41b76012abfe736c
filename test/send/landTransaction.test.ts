/**
 * landTransaction against the project's test cluster on loopback, with transactions built and signed by
 * @solana/kit: it lands and reports the fee the ledger charged, sizes the limit by simulation, prices from
 * recent fees, rebroadcasts dropped sends, tells its progress in order; and it refuses, before any send,
 * options and built transactions that would break its promises.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRpc,
  isSolRpcError,
  type LandingBuildInput,
  type LandingProgress,
  landTransaction,
  type Rpc,
} from '../../src/index.js';
import { startTestCluster, type TestCluster } from '../../src/testing/index.js';
import { useParties } from '../support/landKit.js';

let cluster: TestCluster;
let rpc: Rpc;
const { parties, transfer } = useParties();

beforeAll(async () => {
  cluster = await startTestCluster({
    slotMs: 50,
    accounts: { [parties.payer.address]: { lamports: 10_000_000_000n } },
  });
  rpc = createRpc(cluster.url, { retry: false });
});
afterAll(async () => {
  await cluster.close();
});

describe('landTransaction on the test cluster', () => {
  it('lands, sizes the limit by simulation, and reports the fee the ledger charged', async () => {
    const before = (await rpc.getBalance(parties.payer.address, { commitment: 'confirmed' })).value;
    const inputs: LandingBuildInput[] = [];
    const events: LandingProgress['stage'][] = [];
    const landed = await landTransaction(rpc, {
      pollIntervalMs: 50,
      unitPrice: 10_000n,
      onProgress: (event) => events.push(event.stage),
      build: (input) => {
        inputs.push(input);
        return transfer(input);
      },
    });
    // A draft (attempt 0) at the most units, then the real one at the limit the simulation called for.
    expect(inputs.map((input) => input.attempt)).toEqual([0, 1]);
    expect(inputs[0]?.unitLimit).toBe(1_400_000);
    expect(inputs[1]?.unitLimit).toBeLessThan(10_000);
    expect(landed).toMatchObject({
      attempts: 1,
      unitPrice: 10_000n,
      unitLimit: inputs[1]?.unitLimit,
      commitment: 'confirmed',
    });
    // Sent, rebroadcast at polls that miss it (as many as the clock gives), landed.
    expect(events[0]).toBe('sent');
    expect(events.at(-1)).toBe('landed');
    expect(events.slice(1, -1).every((stage) => stage === 'rebroadcast')).toBe(true);
    const status = (await rpc.getSignatureStatuses([landed.signature])).value[0];
    expect(status?.slot).toBe(landed.slot);
    const after = (await rpc.getBalance(parties.payer.address, { commitment: 'confirmed' })).value;
    // The fee reported is the fee charged: the balance fell by the transfer and that fee, no more.
    expect(before - after).toBe(1_000_000n + landed.feeLamports);
    expect(landed.feeLamports).toBe(5_000n + (10_000n * BigInt(landed.unitLimit) + 999_999n) / 1_000_000n);
  });

  it('rebroadcasts a send the leader dropped, and lands the same transaction', async () => {
    // The first send and the copy sent right after it: a rebroadcast is what lands it.
    cluster.fault('dropSends', { count: 2 });
    const stages: LandingProgress[] = [];
    const landed = await landTransaction(rpc, {
      pollIntervalMs: 50,
      resendIntervalMs: 100,
      unitLimit: 1_000,
      unitPrice: 0,
      onProgress: (event) => stages.push(event),
      build: (input) => transfer(input),
    });
    expect(landed.attempts).toBe(1);
    expect(stages.map((event) => event.stage)).toContain('rebroadcast');
    expect(stages.every((event) => 'signature' in event && event.signature === landed.signature)).toBe(true);
    cluster.clearFaults();
  });

  it('prices the first attempt from recent fees when no price is given, within maxUnitPrice', async () => {
    const prices: bigint[] = [];
    const landed = await landTransaction(rpc, {
      pollIntervalMs: 50,
      unitLimit: 1_000,
      maxUnitPrice: 5_000n,
      build: (input) => {
        prices.push(input.unitPrice);
        return transfer(input);
      },
    });
    const fees = await rpc.getRecentPrioritizationFees();
    expect(landed.unitPrice).toBe(prices.at(-1));
    expect(landed.unitPrice).toBeLessThanOrEqual(5_000n);
    // Never above the dearest fee any recent slot took, unless the cap is lower.
    const dearest = fees.reduce((max, fee) => (fee.prioritizationFee > max ? fee.prioritizationFee : max), 0n);
    expect(landed.unitPrice).toBeLessThanOrEqual(dearest < 5_000n ? dearest : 5_000n);
  });

  it('refuses a transaction the build callback signed on another blockhash, unsent', async () => {
    const error = await landTransaction(rpc, {
      unitLimit: 1_000,
      unitPrice: 0,
      build: async (input) => {
        const { value } = await rpc.getLatestBlockhash({ commitment: 'finalized' });
        return transfer({
          ...input,
          blockhash: (value.blockhash === input.blockhash
            ? input.blockhash.replace(/.$/, '')
            : value.blockhash) as typeof input.blockhash,
        });
      },
    }).catch((e: unknown) => e);
    expect(isSolRpcError(error, 'TransactionNotLandedError')).toBe(true);
    if (!isSolRpcError(error, 'TransactionNotLandedError')) return;
    expect(error.reason).toBe('build-failed');
    expect(error.mayStillLand).toBe(false);
    expect(error.attempts).toEqual([]);
  });

  it.each([
    [
      'a limit other than the one given',
      (input: LandingBuildInput) => transfer({ ...input, unitLimit: input.unitLimit + 1 }),
      /compute-unit limit/,
    ],
    [
      'a price other than the one given',
      (input: LandingBuildInput) => transfer({ ...input, unitPrice: input.unitPrice + 1n }),
      /compute-unit price/,
    ],
    ['bytes that are not a transaction', () => new Uint8Array([1, 2, 3]), /build\(\)|transaction/],
    [
      'a callback that throws',
      () => {
        throw new Error('signer offline');
      },
      /signer offline/,
    ],
  ])('refuses %s, before sending anything', async (_, build, message) => {
    const error = await landTransaction(rpc, { unitLimit: 1_000, unitPrice: 7n, build }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'TransactionNotLandedError',
      reason: 'build-failed',
      mayStillLand: false,
      attempts: [],
    });
    expect((error as Error).message).toMatch(message);
  });

  it.each([
    ['options.build', {}],
    ['options.maxUnitPrices', { build: () => new Uint8Array(), maxUnitPrices: 5 }],
    ['options.maxUnitPrice', { build: () => new Uint8Array(), maxUnitPrice: -1 }],
    ['options.maxFeeLamports', { build: () => new Uint8Array(), maxFeeLamports: 1.5 }],
    ['options.unitLimit', { build: () => new Uint8Array(), unitLimit: 1_400_001 }],
    ['options.maxFeeLamports', { build: () => new Uint8Array(), maxFeeLamports: 4_999n }],
    ['options.unitPrice', { build: () => new Uint8Array(), unitPrice: 10n, maxUnitPrice: 5n }],
    ['options.timeoutMs', { build: () => new Uint8Array(), timeoutMs: 0 }],
    ['options.commitment', { build: () => new Uint8Array(), commitment: 'recent' }],
  ] as const)('refuses bad options before any request: names %s', async (param, options) => {
    let requests = 0;
    const counting = new Proxy(rpc, {
      get(target, key) {
        requests++;
        return Reflect.get(target, key);
      },
    });
    const error = await landTransaction(counting, options as never).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'InvalidInputError', param });
    expect(requests).toBe(0);
  });
});

describe('landTransaction under a market fee', () => {
  let fast: TestCluster;
  let fastRpc: Rpc;
  beforeAll(async () => {
    // Slots of 10 ms: a blockhash lives 1.5 s here.
    fast = await startTestCluster({ slotMs: 10, accounts: { [parties.payer.address]: { lamports: 10_000_000_000n } } });
    fastRpc = createRpc(fast.url, { retry: false });
  });
  afterAll(async () => {
    await fast.close();
  });

  it('builds again only after the first is proved expired, at a higher price, and lands the second', async () => {
    const start = fast.slot();
    // A leader that takes nothing below 1,000,000 for the first 200 slots, then anything.
    const handle = fast.fault('marketFee', { price: (slot: number) => (slot < start + 200 ? 1_000_000 : 0) });
    const events: LandingProgress[] = [];
    const built: LandingBuildInput[] = [];
    const landed = await landTransaction(fastRpc, {
      pollIntervalMs: 20,
      resendIntervalMs: 50,
      unitLimit: 1_000,
      maxUnitPrice: 5_000n,
      onProgress: (event) => events.push(event),
      build: (input) => {
        built.push(input);
        return transfer(input);
      },
    });
    handle.clear();
    expect(landed.attempts).toBeGreaterThanOrEqual(2);
    const rebuilt = events.filter((event) => event.stage === 'rebuilt');
    expect(rebuilt).toHaveLength(landed.attempts - 1);
    // Each attempt on a newer blockhash, never above the cap, never cheaper than the one before.
    const sent = built.filter((input) => input.attempt > 0);
    for (let i = 1; i < sent.length; i++) {
      expect(sent[i]?.lastValidBlockHeight).toBeGreaterThan(sent[i - 1]?.lastValidBlockHeight as bigint);
      expect(sent[i]?.unitPrice).toBeGreaterThanOrEqual(sent[i - 1]?.unitPrice as bigint);
    }
    expect(sent.every((input) => input.unitPrice <= 5_000n)).toBe(true);
    // Only the last one is in the ledger: the expired ones never landed.
    const signatures = events.flatMap((event) => (event.stage === 'sent' ? [event.signature] : []));
    const statuses = await fastRpc.getSignatureStatuses(signatures, { searchTransactionHistory: true });
    expect(statuses.value.filter((status) => status !== null)).toHaveLength(1);
    expect(signatures.at(-1)).toBe(landed.signature);
  });

  it('ends at timeoutMs saying the cap is below the market, with what may still land', async () => {
    const handle = fast.fault('marketFee', { price: 50_000 });
    // Let the fee cache see the market's traffic.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const error = await landTransaction(fastRpc, {
      pollIntervalMs: 20,
      unitLimit: 1_000,
      maxUnitPrice: 1_000n,
      timeoutMs: 1_000,
      build: (input) => transfer(input),
    }).catch((e: unknown) => e);
    expect(isSolRpcError(error, 'TransactionNotLandedError')).toBe(true);
    if (!isSolRpcError(error, 'TransactionNotLandedError')) return;
    expect(error.reason).toBe('timeout');
    // What recent slots took: this market, or the dearer one of the test before, still in the fee cache.
    expect(error.cappedBelow).toBeGreaterThanOrEqual(50_000n);
    expect(error.attempts.length).toBeGreaterThanOrEqual(1);
    expect(error.attempts.every((attempt) => attempt.unitPrice === 1_000n)).toBe(true);
    expect(error.message).toMatch(/maxUnitPrice/);
    // Whatever it says may still land is the last one sent; nothing it sent is in the ledger.
    const statuses = await fastRpc.getSignatureStatuses(
      error.attempts.map((attempt) => attempt.signature),
      { searchTransactionHistory: true },
    );
    expect(statuses.value.every((status) => status === null)).toBe(true);
    // Cleared only now: the attempt it names as pending may land once the market lets it.
    handle.clear();
  });
});
