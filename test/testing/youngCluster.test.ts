/**
 * A cluster started at any slot answers as a node of that age would: every registered method's answer at
 * startSlot 0, 1, 31, 32, 1000 and a mainnet-like slot passes solrpc's client (which refuses a negative
 * u64 with a ValidationError), and no number anywhere in the raw JSON is negative. At slot 0 the confirmed
 * and finalized banks are slot 0, counts start at 0, and histories (performance samples, fees, snapshots,
 * epoch credits) are shorter instead of reaching below genesis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpc, createRpcSubscriptions, isSolRpcError, type Rpc } from '../../src/index.js';
import { ANSWERS } from '../../src/testing/answers/index.js';
import { SIMULATION, type SimulatedCluster, startSimulatedCluster } from '../../src/testing/simulatedCluster.js';
import { keyOf, signed, transferInstruction } from './ledgerKit.js';

const NOW = 1_754_900_754_000;
const SOL = 1_000_000_000n;
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const VALIDATOR = SIMULATION.validators[0] as (typeof SIMULATION.validators)[number];

/** Every number in a parsed JSON body below zero, with its path. */
function negatives(value: unknown, path = '$'): string[] {
  if (typeof value === 'number') return value < 0 ? [`${path} = ${value}`] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => negatives(v, `${path}[${i}]`));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([k, v]) => negatives(v, `${path}.${k}`));
  return [];
}

interface Scan {
  slot: number;
  cluster: SimulatedCluster;
  rpc: Rpc;
  /** Raw response bodies by method, as the wire carried them. */
  bodies: Map<string, string[]>;
  clock: { ms: number };
}

async function startAt(startSlot: number): Promise<Scan> {
  const payer = await keyOf(61);
  const clock = { ms: NOW };
  const cluster = await startSimulatedCluster({
    startSlot,
    now: () => clock.ms,
    accounts: { [payer.address]: { lamports: 10n * SOL } },
  });
  const bodies = new Map<string, string[]>();
  const recording = async (input: string, init: RequestInit) => {
    const response = await fetch(input, init);
    const text = await response.clone().text();
    const method = (JSON.parse(String(init.body)) as { method: string }).method;
    bodies.set(method, [...(bodies.get(method) ?? []), text]);
    return response;
  };
  const rpc = createRpc(cluster.url, { retry: false, timeoutMs: 10_000, fetch: recording });
  return { slot: startSlot, cluster, rpc, bodies, clock };
}

/** One call per registered method, with params that exist on the cluster at its slot. */
async function callEveryMethod(scan: Scan): Promise<Map<string, unknown>> {
  const { rpc, clock } = scan;
  const payer = await keyOf(61);
  const to = (await keyOf(62)).address;
  const { value: latest } = await rpc.getLatestBlockhash();
  const transfer = await signed(payer, latest.blockhash, [transferInstruction(payer, to, SOL)]);
  const simulated = await signed(payer, latest.blockhash, [transferInstruction(payer, to, 2n * SOL)]);
  const signature = await rpc.sendTransaction(transfer.wire);
  const airdrop = await rpc.requestAirdrop(to, SOL);
  // Forty slots later the transfer and the airdrop are finalized and in blocks.
  clock.ms += 40 * 400;
  const slot = await rpc.getSlot({ commitment: 'finalized' });
  const [status] = (await rpc.getSignatureStatuses([signature])).value;
  const landed = Number(status?.slot ?? slot);
  const message = Buffer.from(transfer.wire, 'base64').subarray(65).toString('base64');
  const calls: Record<string, () => Promise<unknown>> = {
    getAccountInfo: () => rpc.getAccountInfo(payer.address),
    getBalance: () => rpc.getBalance(payer.address),
    getBlock: () => rpc.getBlock(landed, { maxSupportedTransactionVersion: 0 }),
    getBlockCommitment: () => rpc.getBlockCommitment(landed),
    getBlockHeight: () => rpc.getBlockHeight({ commitment: 'finalized' }),
    getBlockProduction: () => rpc.getBlockProduction(),
    getBlocks: () => rpc.getBlocks(Math.max(0, Number(slot) - 10), Number(slot)),
    getBlocksWithLimit: () => rpc.getBlocksWithLimit(Math.max(0, Number(slot) - 10), 5),
    getBlockTime: () => rpc.getBlockTime(landed),
    getClusterNodes: () => rpc.getClusterNodes(),
    getEpochInfo: () => rpc.getEpochInfo({ commitment: 'finalized' }),
    getEpochSchedule: () => rpc.getEpochSchedule(),
    getFeeForMessage: () => rpc.getFeeForMessage(message, { commitment: 'processed' }),
    getFirstAvailableBlock: () => rpc.getFirstAvailableBlock(),
    getGenesisHash: () => rpc.getGenesisHash(),
    getHealth: () => rpc.getHealth(),
    getHighestSnapshotSlot: () => rpc.getHighestSnapshotSlot(),
    getIdentity: () => rpc.getIdentity(),
    getInflationGovernor: () => rpc.getInflationGovernor(),
    getInflationRate: () => rpc.getInflationRate(),
    getInflationReward: () => rpc.getInflationReward([VALIDATOR.vote as never]),
    getLargestAccounts: () => rpc.getLargestAccounts(),
    getLatestBlockhash: () => rpc.getLatestBlockhash({ commitment: 'finalized' }),
    getLeaderSchedule: () => rpc.getLeaderSchedule(),
    getMaxRetransmitSlot: () => rpc.getMaxRetransmitSlot(),
    getMaxShredInsertSlot: () => rpc.getMaxShredInsertSlot(),
    getMinimumBalanceForRentExemption: () => rpc.getMinimumBalanceForRentExemption(165),
    getMultipleAccounts: () => rpc.getMultipleAccounts([payer.address, to as never]),
    getProgramAccounts: () => rpc.getProgramAccounts(TOKEN_PROGRAM as never),
    getRecentPerformanceSamples: () => rpc.getRecentPerformanceSamples(),
    getRecentPrioritizationFees: () => rpc.getRecentPrioritizationFees(),
    getSignatureStatuses: () => rpc.getSignatureStatuses([signature, airdrop], { searchTransactionHistory: true }),
    getSignaturesForAddress: () => rpc.getSignaturesForAddress(payer.address),
    getSlot: () =>
      Promise.all(['processed', 'confirmed', 'finalized'].map((c) => rpc.getSlot({ commitment: c as never }))),
    getSlotLeader: () => rpc.getSlotLeader(),
    getSlotLeaders: () => rpc.getSlotLeaders(slot, 4),
    getStakeMinimumDelegation: () => rpc.getStakeMinimumDelegation(),
    getSupply: () => rpc.getSupply(),
    getTokenAccountBalance: () => rpc.getTokenAccountBalance(SIMULATION.tokenAccount as never),
    getTokenAccountsByDelegate: () =>
      rpc.getTokenAccountsByDelegate(SIMULATION.delegate as never, { programId: TOKEN_PROGRAM as never }),
    getTokenAccountsByOwner: () =>
      rpc.getTokenAccountsByOwner(SIMULATION.wallet.address as never, { mint: SIMULATION.mint as never }),
    getTokenLargestAccounts: () => rpc.getTokenLargestAccounts(SIMULATION.mint as never),
    getTokenSupply: () => rpc.getTokenSupply(SIMULATION.mint as never),
    getTransaction: () => rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0 }),
    getTransactionCount: () => rpc.getTransactionCount({ commitment: 'finalized' }),
    getVersion: () => rpc.getVersion(),
    getVoteAccounts: () => rpc.getVoteAccounts(),
    isBlockhashValid: () => rpc.isBlockhashValid(latest.blockhash, { commitment: 'processed' }),
    minimumLedgerSlot: () => rpc.minimumLedgerSlot(),
    requestAirdrop: () => Promise.resolve(airdrop),
    sendTransaction: () => Promise.resolve(signature),
    simulateTransaction: () => rpc.simulateTransaction(simulated.wire),
  };
  const results = new Map<string, unknown>();
  for (const method of ANSWERS.keys()) {
    const call = calls[method];
    if (!call) throw new Error(`no call for ${method}: add one to this scan`);
    results.set(method, await call().catch((error: unknown) => error));
  }
  return results;
}

describe.each([0, 1, 31, 32, 1000, SIMULATION.firstSlot])('a cluster started at slot %i', (startSlot) => {
  let scan: Scan;
  let results: Map<string, unknown>;
  beforeAll(async () => {
    scan = await startAt(startSlot);
    results = await callEveryMethod(scan);
  });
  afterAll(() => scan.cluster.close());

  it('every method answers through solrpc’s client, no number in its raw JSON below 0', () => {
    const failures: string[] = [];
    // What a node this young refuses, as agave does: no snapshot before 25,000 rooted slots (-32008), and
    // no inflation reward before the first epoch has been paid (-32004 for the first slot of epoch 1).
    const young: Record<string, number> = {};
    if (startSlot + 40 - 32 < 25_000) young.getHighestSnapshotSlot = -32008;
    if (startSlot + 40 < 432_000) young.getInflationReward = -32004;
    for (const [method, result] of results) {
      if (young[method] !== undefined) {
        expect(
          isSolRpcError(result) && result.name === 'RpcError' ? (result as { code?: number }).code : result,
          method,
        ).toBe(young[method]);
      } else if (result instanceof Error) failures.push(`${method}: ${result.name}: ${result.message.split('\n')[0]}`);
    }
    for (const [method, bodies] of scan.bodies) {
      // An error's code is negative by JSON-RPC's design; every other number is a u64 or a count.
      for (const body of bodies) {
        const { error, ...rest } = JSON.parse(body) as { error?: { code: number; data?: unknown } };
        failures.push(...negatives({ ...rest, data: error?.data }).map((n) => `${method}: ${n}`));
      }
    }
    expect(failures).toEqual([]);
    expect([...results.keys()].sort()).toEqual([...ANSWERS.keys()].sort());
  });

  it('at the start the banks sit at the start slot or below, never below 0', async () => {
    const fresh = await startAt(startSlot);
    try {
      const [processed, confirmed, finalized] = await Promise.all(
        (['processed', 'confirmed', 'finalized'] as const).map((commitment) => fresh.rpc.getSlot({ commitment })),
      );
      expect(processed).toBe(startSlot);
      expect(confirmed).toBe(Math.max(0, startSlot - 1));
      expect(finalized).toBe(Math.max(0, startSlot - 32));
      const epoch = await fresh.rpc.getEpochInfo({ commitment: 'processed' });
      expect(Number(epoch.blockHeight)).toBeLessThanOrEqual(startSlot);
      expect(Number(epoch.transactionCount)).toBeGreaterThanOrEqual(0);
      // Histories reach back to genesis and no further: 150 confirmed slots of fees (agave's cache keeps a
      // slot once it is confirmed), one performance sample a 150 slots.
      const fees = await fresh.rpc.getRecentPrioritizationFees();
      const confirmedSlot = Math.max(0, startSlot - 1);
      expect(fees.length).toBe(Math.min(150, confirmedSlot + 1));
      expect(Number(fees[0]?.slot)).toBe(Math.max(0, confirmedSlot - 149));
      expect(Number(fees.at(-1)?.slot)).toBe(confirmedSlot);
      const samples = await fresh.rpc.getRecentPerformanceSamples();
      expect(samples.length).toBe(Math.min(720, Math.floor(startSlot / 150)));
      if (startSlot === 0) {
        expect(Number(epoch.blockHeight)).toBe(0);
        expect(Number(await fresh.rpc.getTransactionCount({ commitment: 'processed' }))).toBe(0);
      }
    } finally {
      await fresh.cluster.close();
    }
  });
});

describe('the WebSocket side of a cluster at slot 0', () => {
  it('notifies slots with their root at genesis, never below 0, and no root before one is made', async () => {
    const scan = await startAt(0);
    const subs = createRpcSubscriptions(scan.cluster.wsUrl);
    try {
      const slots = subs.slotSubscribe();
      const roots = subs.rootSubscribe();
      const first = slots.next();
      scan.clock.ms += 400;
      expect((await first).value).toEqual({ slot: 1, parent: 0, root: 0 });
      // The first root a slot makes is slot 1, at slot 33: rootSubscribe says nothing before.
      const firstRoot = roots.next();
      const next = slots.next();
      scan.clock.ms += 32 * 400;
      expect((await next).value).toMatchObject({ slot: 33, root: 1 });
      expect((await firstRoot).value).toBe(1);
    } finally {
      subs.close();
      await scan.cluster.close();
    }
  });
});
