/**
 * estimateComputeUnits against the msw endpoint: what it sends (sigVerify off, the blockhash replaced, the
 * commitment), the limit it recommends (worked out by hand here), the typed errors of a failed
 * simulation and of a node that does not report the units, and bad input refused before any request.
 */
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { encodeBase64 } from '../../src/codecs/base64.js';
import { createRpcWith } from '../../src/createRpc.js';
import { isSolRpcError } from '../../src/errors/isSolRpcError.js';
import type { SimulationFailedError } from '../../src/errors/SimulationFailedError.js';
import type { ValidationError } from '../../src/errors/ValidationError.js';
import { simulateTransaction } from '../../src/methods/simulateTransaction.js';
import { MAX_COMPUTE_UNIT_LIMIT } from '../../src/send/computeBudgetOf.js';
import { estimateComputeUnits } from '../../src/send/estimateComputeUnits.js';
import { encodeTransaction } from '../../src/testing/encodeTransaction.js';
import { calls, mockRpc, RPC_URL, reply, sent, useMswServer } from '../msw/server.js';

useMswServer();

const key = (byte: number) => encodeBase58(new Uint8Array(32).fill(byte));
const PAYER = key(1);
const TO = key(2);
const SYSTEM = '11111111111111111111111111111111';
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const u32 = (tag: number, value: number) => {
  const bytes = new Uint8Array(5);
  bytes[0] = tag;
  new DataView(bytes.buffer).setUint32(1, value, true);
  return encodeBase58(bytes);
};
const SET_LIMIT = { programIdIndex: 3, accounts: [], data: u32(2, 1_400_000) };
const SET_PRICE = { programIdIndex: 3, accounts: [], data: encodeBase58(Uint8Array.of(3, 0, 0, 0, 0, 0, 0, 0, 0)) };
// A ComputeBudget instruction that is neither (RequestHeapFrame, tag 1): it does not stand for either.
const HEAP_FRAME = { programIdIndex: 3, accounts: [], data: u32(1, 64 * 1024) };
const TRANSFER = {
  programIdIndex: 2,
  accounts: [0, 1],
  data: encodeBase58(Uint8Array.of(2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0)),
};

/** An unsigned transfer from PAYER to TO with the given instructions besides it. */
function draft(budget: (typeof SET_LIMIT)[]): Uint8Array {
  return encodeTransaction({
    signatures: [encodeBase58(new Uint8Array(64))],
    version: 'legacy',
    message: {
      header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 2 },
      accountKeys: [PAYER, TO, SYSTEM, COMPUTE_BUDGET],
      recentBlockhash: key(9),
      instructions: [...budget, TRANSFER],
    },
  });
}
const FULL = draft([SET_LIMIT, SET_PRICE]);
const BARE = draft([]);

const rpc = createRpcWith(RPC_URL, { simulateTransaction });
const CONTEXT = { apiVersion: '2.3.7', slot: 447_552_001 };
const REPLACED = { blockhash: key(7), lastValidBlockHeight: 300 };
const LOGS = [
  'Program 11111111111111111111111111111111 invoke [1]',
  'Program 11111111111111111111111111111111 success',
];
const simulated = (value: Record<string, unknown>) =>
  reply.result({
    context: CONTEXT,
    value: { err: null, logs: LOGS, accounts: null, returnData: null, replacementBlockhash: REPLACED, ...value },
  });
/** What estimateComputeUnits sends for `bytes`, with `config` beside the fixed flags. */
const expectedCall = (bytes: Uint8Array, config: Record<string, unknown> = {}) => ({
  method: 'simulateTransaction',
  params: [
    encodeBase64(bytes),
    { encoding: 'base64', sigVerify: false, replaceRecentBlockhash: true, commitment: 'confirmed', ...config },
  ],
});

describe('estimateComputeUnits', { timeout: 10_000 }, () => {
  it('a draft with both budget instructions: 10 % over the units consumed, the simulation asked as documented', async () => {
    mockRpc({ simulateTransaction: simulated({ unitsConsumed: 62_032 }) });
    // 62,032 × 1.1 = 68,235.2, rounded up.
    await expect(estimateComputeUnits(rpc, FULL)).resolves.toStrictEqual({
      unitsConsumed: 62_032,
      budgetUnits: 0,
      unitLimit: 68_236,
      logs: LOGS,
      slot: 447_552_001,
      replacementBlockhash: { blockhash: REPLACED.blockhash, lastValidBlockHeight: 300n },
    });
    expect(sent()).toStrictEqual([expectedCall(FULL)]);
  });

  it('adds 150 units for each of SetComputeUnitLimit and SetComputeUnitPrice the draft lacks', async () => {
    mockRpc({ simulateTransaction: simulated({ unitsConsumed: 1_000 }) });
    // (1,000 + 300) × 1.1 = 1,430 exactly: a product that floating point writes 1,430.0000000000002.
    const bare = await estimateComputeUnits(rpc, BARE);
    expect([bare.budgetUnits, bare.unitLimit]).toStrictEqual([300, 1_430]);
    // Only the limit: one missing. A heap-frame request is a ComputeBudget instruction but neither.
    const limitOnly = await estimateComputeUnits(rpc, draft([HEAP_FRAME, SET_LIMIT]));
    expect([limitOnly.budgetUnits, limitOnly.unitLimit]).toStrictEqual([150, 1_265]);
    const heapOnly = await estimateComputeUnits(rpc, draft([HEAP_FRAME]));
    expect(heapOnly.budgetUnits).toBe(300);
  });

  it('options.margin, the 1,400,000 cap, base64 and base58 text, commitment and minContextSlot sent', async () => {
    mockRpc({ simulateTransaction: simulated({ unitsConsumed: 1_000 }) });
    await expect(estimateComputeUnits(rpc, FULL, { margin: 0 })).resolves.toMatchObject({ unitLimit: 1_000 });
    await expect(estimateComputeUnits(rpc, FULL, { margin: 0.25 })).resolves.toMatchObject({ unitLimit: 1_250 });
    await expect(
      estimateComputeUnits(rpc, encodeBase64(FULL), { commitment: 'processed', minContextSlot: 5 }),
    ).resolves.toMatchObject({ unitLimit: 1_100 });
    await expect(estimateComputeUnits(rpc, encodeBase58(FULL), { encoding: 'base58' })).resolves.toMatchObject({
      unitLimit: 1_100,
    });
    expect(sent()).toStrictEqual([
      expectedCall(FULL),
      expectedCall(FULL),
      expectedCall(FULL, { commitment: 'processed', minContextSlot: 5 }),
      expectedCall(FULL),
    ]);
    mockRpc({ simulateTransaction: simulated({ unitsConsumed: 1_399_850 }) });
    await expect(estimateComputeUnits(rpc, FULL)).resolves.toMatchObject({ unitLimit: MAX_COMPUTE_UNIT_LIMIT });
    mockRpc({ simulateTransaction: simulated({ unitsConsumed: 0, replacementBlockhash: undefined, logs: undefined }) });
    // Nothing consumed, a budget to add: 300 × 1.1; an old node's missing fields are null.
    await expect(estimateComputeUnits(rpc, BARE)).resolves.toMatchObject({
      unitLimit: 330,
      logs: null,
      replacementBlockhash: null,
    });
  });

  it('a failed simulation rejects with SimulationFailedError: err, logs, units, slot and the last log lines', async () => {
    const logs = [
      'Program ComputeBudget111111111111111111111111111111 invoke [1]',
      'Program ComputeBudget111111111111111111111111111111 success',
      'Program JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4 invoke [1]',
      'Program log: AnchorError occurred. Error Code: SlippageToleranceExceeded.',
      'Program JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4 failed: custom program error: 0x1771',
    ];
    mockRpc({
      simulateTransaction: simulated({ err: { InstructionError: [1, { Custom: 6001 }] }, logs, unitsConsumed: 62_032 }),
    });
    const error = await estimateComputeUnits(rpc, FULL).then(
      () => expect.unreachable(),
      (e: unknown) => e as SimulationFailedError,
    );
    expect(isSolRpcError(error, 'SimulationFailedError')).toBe(true);
    expect({
      name: error.name,
      method: error.method,
      err: error.err,
      logs: error.logs,
      unitsConsumed: error.unitsConsumed,
      slot: error.slot,
      retryable: error.retryable,
      hint: error.hint,
    }).toStrictEqual({
      name: 'SimulationFailedError',
      method: 'estimateComputeUnits',
      err: { InstructionError: [1, { Custom: 6001 }] },
      logs,
      unitsConsumed: 62_032,
      slot: 447_552_001,
      retryable: false,
      hint: undefined,
    });
    const lines = error.message.split('\n');
    expect(lines[0]).toBe(
      'estimateComputeUnits: simulation failed in slot 447552001 after 62032 compute units: {"InstructionError":[1,{"Custom":6001}]}',
    );
    expect(lines.slice(1)).toStrictEqual(['Logs (last lines):', ...logs.map((line) => `  ${line}`)]);
  });

  it('running out of its own limit is hinted; a transaction that did not run has no logs and no units', async () => {
    mockRpc({
      simulateTransaction: simulated({
        err: { InstructionError: [2, 'ComputationalBudgetExceeded'] },
        unitsConsumed: 200_000,
      }),
    });
    await expect(estimateComputeUnits(rpc, BARE)).rejects.toMatchObject({
      name: 'SimulationFailedError',
      unitsConsumed: 200_000,
      hint: 'the simulation ran out of the limit the transaction sets itself: simulate it with SetComputeUnitLimit(1400000).',
    });
    mockRpc({ simulateTransaction: simulated({ err: 'InsufficientFundsForFee', logs: [], unitsConsumed: 0 }) });
    await expect(estimateComputeUnits(rpc, BARE)).rejects.toMatchObject({
      err: 'InsufficientFundsForFee',
      hint: 'the fee payer cannot pay the fee the transaction sets: fund it, or simulate with a price of 0.',
    });
    mockRpc({ simulateTransaction: simulated({ err: 'AccountNotFound', logs: null, unitsConsumed: null }) });
    const error = (await estimateComputeUnits(rpc, BARE).catch((e: unknown) => e)) as SimulationFailedError;
    expect([error.err, error.logs, error.unitsConsumed]).toStrictEqual(['AccountNotFound', null, null]);
    expect(error.message.split('\n')[0]).toBe(
      'estimateComputeUnits: simulation failed in slot 447552001: "AccountNotFound"',
    );
  });

  it('a node that reports no units consumed: ValidationError, never a guess', async () => {
    for (const unitsConsumed of [null, undefined]) {
      mockRpc({ simulateTransaction: simulated({ unitsConsumed }) });
      const error = (await estimateComputeUnits(rpc, FULL).catch((e: unknown) => e)) as ValidationError;
      expect(isSolRpcError(error, 'ValidationError')).toBe(true);
      expect([error.method, error.path, error.received]).toStrictEqual([
        'estimateComputeUnits',
        'result.value.unitsConsumed',
        'nothing',
      ]);
    }
  });

  it('signal: aborts the simulation with AbortError', async () => {
    mockRpc({ simulateTransaction: () => new Promise(() => undefined) });
    const controller = new AbortController();
    const pending = estimateComputeUnits(rpc, FULL, { signal: controller.signal });
    await expect.poll(() => calls.length).toBe(1);
    controller.abort(new Error('user stop'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it.each([
    ['transaction', 42, {}],
    ['transaction', 'not base64!', {}],
    ['transaction', Uint8Array.of(1, 2, 3), {}],
    ['transaction', new Uint8Array(1_233), {}],
    ['options.encoding', FULL, { encoding: 'hex' }],
    ['options.commitment', FULL, { commitment: 'final' }],
    ['options.minContextSlot', FULL, { minContextSlot: -1 }],
    ['options.margin', FULL, { margin: -0.1 }],
    ['options.margin', FULL, { margin: 11 }],
    ['options.margin', FULL, { margin: Number.NaN }],
    ['options.margin', FULL, { margin: '0.1' }],
    ['options.signal', FULL, { signal: 'stop' }],
    ['options.sigVerify', FULL, { sigVerify: true }],
    ['options', FULL, 'fast'],
  ])('refuses %s (%#) before any request', async (param, transaction, options) => {
    mockRpc({ simulateTransaction: simulated({ unitsConsumed: 1 }) });
    await expect(estimateComputeUnits(rpc, transaction as Uint8Array, options as never)).rejects.toMatchObject({
      name: 'InvalidInputError',
      method: 'estimateComputeUnits',
      param,
    });
    expect(calls).toHaveLength(0);
  });
});
