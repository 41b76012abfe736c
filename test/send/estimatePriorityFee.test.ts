/**
 * estimatePriorityFee and estimatePriorityFeeLevels against the msw endpoint: one getRecentPrioritizationFees
 * call per writable account (those of options.transaction's header and options.accounts), the highest
 * percentile of them, levels and the cap, every value worked out by hand below; a node with no slots, a
 * slot listed twice, the bound on requests in flight, the first failure ending the rest, and bad input
 * refused before any request.
 */
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { encodeBase64 } from '../../src/codecs/base64.js';
import { createRpcWith } from '../../src/createRpc.js';
import { getRecentPrioritizationFees } from '../../src/methods/getRecentPrioritizationFees.js';
import { estimatePriorityFee, estimatePriorityFeeLevels } from '../../src/send/estimatePriorityFee.js';
import { PRIORITY_FEE_LEVELS } from '../../src/send/priorityFeeLevels.js';
import { encodeTransaction } from '../../src/testing/encodeTransaction.js';
import { calls, mockRpc, RPC_URL, type RpcReply, type RpcRequest, reply, useMswServer } from '../msw/server.js';

useMswServer();

const key = (byte: number) => encodeBase58(new Uint8Array(32).fill(byte));
const PAYER = key(1);
const COSIGNER = key(2);
const TO = key(3);
const WRITABLE_PROGRAM = key(4);
const MARKET = key(5);
const TABLE = key(6);
const SYSTEM = '11111111111111111111111111111111';

/**
 * PAYER signs and writes; COSIGNER signs read-only; TO is written; WRITABLE_PROGRAM is marked writable but
 * invoked as a program (the runtime demotes it); SYSTEM is read-only. With `version: 0`, a lookup table
 * adds a writable account that the bytes do not name.
 */
function transaction(version: 'legacy' | 0 = 'legacy'): Uint8Array {
  return encodeTransaction({
    signatures: [encodeBase58(new Uint8Array(64)), encodeBase58(new Uint8Array(64))],
    version,
    message: {
      header: { numRequiredSignatures: 2, numReadonlySignedAccounts: 1, numReadonlyUnsignedAccounts: 1 },
      accountKeys: [PAYER, COSIGNER, TO, WRITABLE_PROGRAM, SYSTEM],
      recentBlockhash: key(9),
      instructions: [
        { programIdIndex: 3, accounts: [0, 2], data: encodeBase58(Uint8Array.of(1)) },
        { programIdIndex: 4, accounts: [0, 2], data: encodeBase58(Uint8Array.of(2, 0, 0, 0)) },
      ],
      ...(version === 0
        ? { addressTableLookups: [{ accountKey: TABLE, writableIndexes: [0], readonlyIndexes: [1] }] }
        : {}),
    },
  });
}

const slots = (fees: number[]) => fees.map((fee, i) => ({ slot: 1_000 + i, prioritizationFee: fee }));
/**
 * Each account's fees per slot, and the global list. Sorted, with the nearest rank of 0/25/50/75/95/100:
 * - GLOBAL  0 0 0 0 50 100 200 300 1000 5000 (10): ranks 1,3,5,8,10,10 → 0, 0, 50, 300, 5000, 5000
 * - PAYER   0 10 20 30 (4):                         ranks 1,1,2,3,4,4   → 0, 0, 10, 20, 30, 30
 * - TO      0 100 200 300 500 700 800 900 (8):      ranks 1,2,4,6,8,8   → 0, 100, 300, 700, 900, 900
 * - MARKET  0 0 0 2000 (4):                         ranks 1,1,2,3,4,4   → 0, 0, 0, 0, 2000, 2000
 * The highest of PAYER, TO and MARKET per level: 0, 100, 300, 700, 2000, 2000 (TO sets the middle levels,
 * MARKET the top ones).
 */
const FEES: Record<string, number[]> = {
  global: [0, 0, 0, 100, 200, 300, 5_000, 0, 1_000, 50],
  [PAYER]: [0, 10, 20, 30],
  [TO]: [500, 100, 900, 700, 300, 0, 200, 800],
  [MARKET]: [2_000, 0, 0, 0],
};

/** Answers from FEES (or `table`), by the one account asked, or the global list when none is. */
function answering(table: Record<string, unknown> = FEES) {
  return (request: RpcRequest): RpcReply => {
    const [accounts] = request.params as [string[] | undefined];
    if (accounts !== undefined && accounts.length !== 1) return reply.error(-32602, 'expected one account per call');
    const fees = table[accounts?.[0] ?? 'global'];
    if (fees === undefined) return reply.result([]);
    return reply.result(Array.isArray(fees) && typeof fees[0] !== 'object' ? slots(fees as number[]) : fees);
  };
}

const rpc = createRpcWith(RPC_URL, { getRecentPrioritizationFees });
/** The account each call asked for (`global` for none), sorted. */
const asked = () =>
  calls.map((call) => (call.params.length === 0 ? 'global' : (call.params[0] as string[]).join())).sort();

describe('estimatePriorityFee', { timeout: 10_000 }, () => {
  it('without accounts: one global call; default the median, level and percentile (which wins) by nearest rank', async () => {
    mockRpc({ getRecentPrioritizationFees: answering() });
    await expect(estimatePriorityFee(rpc)).resolves.toBe(50n);
    await expect(estimatePriorityFee(rpc, { level: 'high' })).resolves.toBe(300n);
    await expect(estimatePriorityFee(rpc, { level: 'veryHigh' })).resolves.toBe(5_000n);
    await expect(estimatePriorityFee(rpc, { level: 'high', percentile: 50 })).resolves.toBe(50n);
    await expect(estimatePriorityFee(rpc, { accounts: [] })).resolves.toBe(50n);
    expect(calls.map((call) => call.params)).toStrictEqual([[], [], [], [], []]);
  });

  it('with a transaction: one call per writable static account and per options.accounts, the highest percentile', async () => {
    mockRpc({ getRecentPrioritizationFees: answering() });
    const bytes = transaction();
    await expect(estimatePriorityFee(rpc, { transaction: bytes, accounts: [MARKET] })).resolves.toBe(300n);
    // Neither COSIGNER (read-only), WRITABLE_PROGRAM (demoted) nor SYSTEM; no global call.
    expect(asked()).toStrictEqual([MARKET, PAYER, TO].sort());
    await expect(estimatePriorityFee(rpc, { transaction: bytes, accounts: [MARKET], level: 'high' })).resolves.toBe(
      700n,
    );
    await expect(estimatePriorityFee(rpc, { transaction: bytes, accounts: [MARKET], percentile: 95 })).resolves.toBe(
      2_000n,
    );
    // As base64 text, and as base58 with encoding; an account in both lists is asked once.
    calls.length = 0;
    await expect(estimatePriorityFee(rpc, { transaction: encodeBase64(bytes), accounts: [TO] })).resolves.toBe(300n);
    expect(asked()).toStrictEqual([PAYER, TO].sort());
    await expect(estimatePriorityFee(rpc, { transaction: encodeBase58(bytes), encoding: 'base58' })).resolves.toBe(
      300n,
    );
  });

  it('a v0 transaction: the accounts its lookup tables load are not in its bytes, so not asked', async () => {
    mockRpc({ getRecentPrioritizationFees: answering() });
    await expect(estimatePriorityFee(rpc, { transaction: transaction(0), level: 'low' })).resolves.toBe(100n);
    expect(asked()).toStrictEqual([PAYER, TO].sort());
  });

  it('estimatePriorityFeeLevels: every level from one reading, each capped by maxUnitPrice', async () => {
    mockRpc({ getRecentPrioritizationFees: answering() });
    const bytes = transaction();
    await expect(estimatePriorityFeeLevels(rpc, { transaction: bytes, accounts: [MARKET] })).resolves.toStrictEqual({
      min: 0n,
      low: 100n,
      medium: 300n,
      high: 700n,
      veryHigh: 2_000n,
      unsafeMax: 2_000n,
    });
    expect(calls).toHaveLength(3);
    await expect(
      estimatePriorityFeeLevels(rpc, { transaction: bytes, accounts: [MARKET], maxUnitPrice: 500n }),
    ).resolves.toStrictEqual({
      min: 0n,
      low: 100n,
      medium: 300n,
      high: 500n,
      veryHigh: 500n,
      unsafeMax: 500n,
    });
    await expect(estimatePriorityFeeLevels(rpc, { maxUnitPrice: 0 })).resolves.toStrictEqual({
      min: 0n,
      low: 0n,
      medium: 0n,
      high: 0n,
      veryHigh: 0n,
      unsafeMax: 0n,
    });
    await expect(estimatePriorityFee(rpc, { level: 'unsafeMax', maxUnitPrice: 4_999 })).resolves.toBe(4_999n);
    expect(PRIORITY_FEE_LEVELS).toStrictEqual(['min', 'low', 'medium', 'high', 'veryHigh', 'unsafeMax']);
  });

  it('a node with no slots: 0n; an account with none is left out, the others still count', async () => {
    mockRpc({ getRecentPrioritizationFees: answering({}) });
    await expect(estimatePriorityFee(rpc)).resolves.toBe(0n);
    await expect(estimatePriorityFeeLevels(rpc, { transaction: transaction() })).resolves.toMatchObject({
      min: 0n,
      unsafeMax: 0n,
    });
    mockRpc({ getRecentPrioritizationFees: answering({ [PAYER]: [], [TO]: [7, 9] }) });
    // TO alone: 7 9, the median rank 1.
    await expect(estimatePriorityFee(rpc, { transaction: transaction() })).resolves.toBe(7n);
  });

  it('a slot listed twice counts once, at its higher fee', async () => {
    const repeated = [
      { slot: 1, prioritizationFee: 0 },
      { slot: 1, prioritizationFee: 900 },
      { slot: 1, prioritizationFee: 900 },
      { slot: 2, prioritizationFee: 10 },
    ];
    mockRpc({ getRecentPrioritizationFees: answering({ global: repeated }) });
    // As slots: 10 900, rank 1 of 2 at 25 % is 10 (the four entries as they came would give 0).
    await expect(estimatePriorityFee(rpc, { level: 'low' })).resolves.toBe(10n);
    await expect(estimatePriorityFee(rpc, { level: 'high' })).resolves.toBe(900n);
  });

  it('slots: only the newest slots count, by slot number whatever the order they came in', async () => {
    // Slots 1,000-1,009 with fees 0 0 0 100 200 300 5000 0 1000 50 (FEES.global), listed newest first.
    const shuffled = slots(FEES.global as number[]).reverse();
    mockRpc({ getRecentPrioritizationFees: answering({ global: shuffled }) });
    // The newest 4 (slots 1,006-1,009): 5000 0 1000 50, sorted 0 50 1000 5000.
    await expect(estimatePriorityFee(rpc, { slots: 4, level: 'min' })).resolves.toBe(0n);
    await expect(estimatePriorityFee(rpc, { slots: 4, level: 'medium' })).resolves.toBe(50n);
    await expect(estimatePriorityFee(rpc, { slots: 4, level: 'high' })).resolves.toBe(1_000n);
    // The newest one alone (slot 1,009): 50 at every level.
    await expect(estimatePriorityFeeLevels(rpc, { slots: 1 })).resolves.toMatchObject({ min: 50n, unsafeMax: 50n });
    // More than the node holds: all of them (the median of the ten is 50).
    await expect(estimatePriorityFee(rpc, { slots: 150 })).resolves.toBe(50n);
  });

  it('asks at most 8 accounts at a time, all of them in the end', async () => {
    const accounts = Array.from({ length: 20 }, (_, i) => key(100 + i));
    let inFlight = 0;
    let most = 0;
    let release: () => void = () => undefined;
    const full = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockRpc({
      getRecentPrioritizationFees: async (request) => {
        inFlight++;
        most = Math.max(most, inFlight);
        // Held until 8 are in flight at once: a call that asked fewer at a time would never get here.
        if (inFlight === 8) release();
        await full;
        inFlight--;
        const [[account]] = request.params as [[string]];
        return reply.result(slots([accounts.indexOf(account)]));
      },
    });
    // Account i paid i in its one slot: the highest is 19.
    await expect(estimatePriorityFee(rpc, { accounts })).resolves.toBe(19n);
    expect([calls.length, most]).toStrictEqual([20, 8]);
  });

  it('the first failure rejects the call, aborts the calls in flight and starts no other', async () => {
    const accounts = Array.from({ length: 20 }, (_, i) => key(100 + i));
    let unblock: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => {
      unblock = resolve;
    });
    let waiting = 0;
    let allWaiting: () => void = () => undefined;
    const sevenWaiting = new Promise<void>((resolve) => {
      allWaiting = resolve;
    });
    mockRpc({
      getRecentPrioritizationFees: async (request) => {
        const [[account]] = request.params as [[string]];
        if (account === accounts[0]) {
          // Fails once the seven others of the first batch are in flight.
          await sevenWaiting;
          return reply.error(-32603, 'internal error');
        }
        if (++waiting === 7) allWaiting();
        await blocked;
        return reply.result([]);
      },
    });
    try {
      await expect(estimatePriorityFee(rpc, { accounts })).rejects.toMatchObject({ name: 'RpcError', code: -32603 });
      expect(calls).toHaveLength(8);
    } finally {
      unblock();
    }
  });

  it('signal: aborts every call in flight with AbortError', async () => {
    mockRpc({ getRecentPrioritizationFees: () => new Promise(() => undefined) });
    const controller = new AbortController();
    const pending = estimatePriorityFee(rpc, { transaction: transaction(), signal: controller.signal });
    await expect.poll(() => calls.length).toBe(2);
    controller.abort(new Error('user stop'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  const TOO_MANY = Array.from({ length: 128 }, (_, i) => key(100 + i));
  it.each([
    ['options.percentile', { percentile: 101 }],
    ['options.percentile', { percentile: -1 }],
    ['options.percentile', { percentile: Number.NaN }],
    ['options.percentile', { percentile: '50' }],
    ['options.level', { level: 'max' }],
    ['options.maxUnitPrice', { maxUnitPrice: -1 }],
    ['options.maxUnitPrice', { maxUnitPrice: 1.5 }],
    ['options.maxUnitPrice', { maxUnitPrice: 2n ** 64n }],
    ['options.maxUnitPrice', { maxUnitPrice: '5' }],
    ['options.accounts', { accounts: PAYER }],
    ['options.accounts.1', { accounts: [PAYER, 'nope'] }],
    ['options.accounts', { accounts: [...TOO_MANY, key(99)] }],
    ['options.transaction', { transaction: 42 }],
    ['options.transaction', { transaction: Uint8Array.of(1, 2, 3) }],
    // 128 accounts given, and the transaction's two writable ones besides: 130 in all.
    ['options.transaction', { accounts: TOO_MANY, transaction: transaction() }],
    ['options.encoding', { transaction: 'AAAA', encoding: 'hex' }],
    ['options.signal', { signal: {} }],
    ['options.percentil', { percentil: 50 }],
    ['options.slots', { slots: 0 }],
    ['options.slots', { slots: 151 }],
    ['options.slots', { slots: 2.5 }],
    ['options', 'high'],
  ])('estimatePriorityFee refuses %s (%#) before any request', async (param, options) => {
    mockRpc({ getRecentPrioritizationFees: answering() });
    await expect(estimatePriorityFee(rpc, options as never)).rejects.toMatchObject({
      name: 'InvalidInputError',
      method: 'estimatePriorityFee',
      param,
    });
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['options.level', { level: 'high' }],
    ['options.percentile', { percentile: 75 }],
    ['options.maxUnitPrice', { maxUnitPrice: -1n }],
    ['options.transaction', { transaction: new Uint8Array(0) }],
  ])('estimatePriorityFeeLevels refuses %s before any request', async (param, options) => {
    mockRpc({ getRecentPrioritizationFees: answering() });
    await expect(estimatePriorityFeeLevels(rpc, options as never)).rejects.toMatchObject({
      name: 'InvalidInputError',
      method: 'estimatePriorityFeeLevels',
      param,
    });
    expect(calls).toHaveLength(0);
  });
});
