/**
 * The compute units a transaction needs, from a simulation, and the limit to ask for.
 * @module
 */
import type { TransactionLayout } from '../codecs/transactionLayout.js';
import type { RpcWith } from '../createRpc.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { SimulationFailedError } from '../errors/SimulationFailedError.js';
import { ValidationError } from '../errors/ValidationError.js';
import type { simulateTransaction } from '../methods/simulateTransaction.js';
import { checkCommitment, checkConfig, checkU64, describe, isAbortSignal } from '../options/check.js';
import {
  readTransactionLayout,
  readWireTransaction,
  type TransactionTextEncoding,
  transactionEncoding,
} from '../options/wireTransaction.js';
import type { Commitment, ReadonlyUint8Array } from '../types/index.js';
import type { ReplacementBlockhash } from '../types/simulation.js';
import type { TransactionError } from '../types/transaction.js';
import { computeBudgetOf, MAX_COMPUTE_UNIT_LIMIT } from './computeBudgetOf.js';

/** The method `estimateComputeUnits` calls. */
export type EstimateComputeUnitsRpc = RpcWith<{
  /** Runs the transaction against a bank without sending it. */
  simulateTransaction: typeof simulateTransaction;
}>;

/** Options of `estimateComputeUnits`. */
export interface EstimateComputeUnitsOptions {
  /** How `transaction` is written when it is text: `'base64'` (default) or `'base58'`. */
  encoding?: TransactionTextEncoding;
  /** The bank to simulate against. Default `'confirmed'`. */
  commitment?: Commitment;
  /** Fail with -32016 unless the node has reached this slot. */
  minContextSlot?: number | bigint;
  /**
   * The share added over what the transaction will consume, from 0 to 10. Default 0.1 (10 %): the state a
   * transaction lands on is not the one it was simulated on, and a program's path (a swap's route, a
   * loop over a list) can cost more there.
   */
  margin?: number;
  /** Cancels the request. */
  signal?: AbortSignal;
}

/** What `estimateComputeUnits` resolves to. */
export interface ComputeUnitEstimate {
  /** The compute units the simulation consumed, as the node reports them. */
  unitsConsumed: number;
  /**
   * The compute units the ComputeBudget instructions the transaction lacked will add when it carries them:
   * 150 for each of SetComputeUnitLimit and SetComputeUnitPrice missing (0 when it had both).
   */
  budgetUnits: number;
  /**
   * The limit to ask for with SetComputeUnitLimit: `(unitsConsumed + budgetUnits) × (1 + margin)`,
   * rounded up, at most 1,400,000.
   */
  unitLimit: number;
  /** The program logs, in order; `null` where the node recorded none. */
  logs: string[] | null;
  /** The slot of the bank the simulation ran against. */
  slot: number;
  /** The blockhash the simulation used in place of the transaction's; `null` where the node did not say. */
  replacementBlockhash: ReplacementBlockhash | null;
}

/**
 * What one ComputeBudget instruction costs when it runs: agave's compute-budget program consumes its
 * `DEFAULT_COMPUTE_UNITS`, 150, as a real answer shows ("consumed 61882 of 1399850 compute units" after a
 * SetComputeUnitLimit(1,400,000): 150 went to that instruction).
 */
export const COMPUTE_BUDGET_INSTRUCTION_UNITS = 150;

const DEFAULT_MARGIN = 0.1;

/**
 * Simulates `transaction` (wire bytes or their base64 text, signed or not) with `sigVerify: false` and
 * `replaceRecentBlockhash: true`, and resolves to the units it consumed and the limit to ask for: a
 * margin (default 10 %) over what it consumed plus what the SetComputeUnitLimit and SetComputeUnitPrice
 * instructions it lacks will cost (150 each), capped at 1,400,000.
 *
 * The simulation obeys the transaction's own limit: simulate it with SetComputeUnitLimit(1,400,000), or
 * a limit you know to be ample, and a price of 0. Without one, agave grants 200,000 units per instruction
 * (3,000 per builtin instruction since SIMD-170), so a heavy instruction fails with
 * ComputationalBudgetExceeded; and the fee payer must afford the fee the price it carries sets.
 *
 * Rejects with `SimulationFailedError` (its `err`, `logs` and `unitsConsumed`) when the runtime fails the
 * transaction, with a `ValidationError` when the node does not report the units consumed (an old node or a
 * proxy): never a guess; and with `InvalidInputError` for bad arguments, before any request.
 * @example
 * // a draft carrying SetComputeUnitLimit(1_400_000) and SetComputeUnitPrice(0)
 * const { unitLimit } = await estimateComputeUnits(rpc, draftBytes);
 * // then build the transaction to send with SetComputeUnitLimit(unitLimit)
 */
export async function estimateComputeUnits(
  rpc: EstimateComputeUnitsRpc,
  transaction: ReadonlyUint8Array | string,
  options: EstimateComputeUnitsOptions = {},
): Promise<ComputeUnitEstimate> {
  const method = 'estimateComputeUnits';
  const given = checkConfig(method, 'options', options, [
    'encoding',
    'commitment',
    'minContextSlot',
    'margin',
    'signal',
  ]);
  const encoding = transactionEncoding(
    method,
    'options.encoding',
    given.encoding ?? 'base64',
  ) as TransactionTextEncoding;
  const commitment = checkCommitment(method, given.commitment, 'options.commitment') ?? 'confirmed';
  const minContextSlot = checkU64(method, 'options.minContextSlot', given.minContextSlot);
  const margin = given.margin ?? DEFAULT_MARGIN;
  if (typeof margin !== 'number' || !Number.isFinite(margin) || margin < 0 || margin > 10) {
    throw new InvalidInputError({
      method,
      param: 'options.margin',
      problem: `expected a share from 0 to 10 (0.1 is 10 %), got ${describe(margin)}`,
    });
  }
  const signal = given.signal;
  if (signal !== undefined && !isAbortSignal(signal)) {
    throw new InvalidInputError({
      method,
      param: 'options.signal',
      problem: `expected an AbortSignal, got ${describe(signal)}`,
    });
  }
  const bytes = readWireTransaction(method, transaction, encoding);
  const layout = await readTransactionLayout(method, bytes, false);
  const budgetUnits = COMPUTE_BUDGET_INSTRUCTION_UNITS * missingBudgetInstructions(layout);

  const { context, value } = await rpc.simulateTransaction(bytes, {
    sigVerify: false,
    replaceRecentBlockhash: true,
    commitment,
    ...(minContextSlot === undefined ? {} : { minContextSlot }),
    signal,
  });
  if (value.err !== null) {
    throw new SimulationFailedError({
      method,
      err: value.err,
      logs: value.logs,
      unitsConsumed: value.unitsConsumed,
      slot: context.slot,
      hint: hintFor(value.err),
    });
  }
  if (value.unitsConsumed === null) {
    throw new ValidationError({
      method,
      path: 'result.value.unitsConsumed',
      expected: 'the compute units consumed (this node, an old one or a proxy, left them out)',
      received: 'nothing',
    });
  }
  const { unitsConsumed } = value;
  // Less a millionth before rounding up: (1,000 + 300) × 1.1 is 1,430.0000000000002 in floating point.
  const scaled = (unitsConsumed + budgetUnits) * (1 + margin);
  const unitLimit = Math.min(MAX_COMPUTE_UNIT_LIMIT, Math.ceil(scaled - 1e-6));
  return {
    unitsConsumed,
    budgetUnits,
    unitLimit,
    logs: value.logs,
    slot: context.slot,
    replacementBlockhash: value.replacementBlockhash ?? null,
  };
}

/**
 * How many of SetComputeUnitLimit and SetComputeUnitPrice the transaction lacks (0, 1 or 2): each the
 * transaction sent will carry costs units the simulation did not count. A repeated one (which the runtime
 * refuses) counts as present.
 */
function missingBudgetInstructions(layout: TransactionLayout): number {
  const budget = computeBudgetOf(layout);
  if (!budget) return 0;
  return (budget.unitLimit === null ? 1 : 0) + (budget.unitPrice === null ? 1 : 0);
}

/** What to do about the failures a draft commonly meets. */
function hintFor(err: TransactionError): string | undefined {
  const text = JSON.stringify(err);
  if (text.includes('ComputationalBudgetExceeded')) {
    return 'the simulation ran out of the limit the transaction sets itself: simulate it with SetComputeUnitLimit(1400000).';
  }
  if (text === '"InsufficientFundsForFee"') {
    return 'the fee payer cannot pay the fee the transaction sets: fund it, or simulate with a price of 0.';
  }
  if (text === '"AccountNotFound"') return 'the fee payer has no account on this cluster: fund it first.';
  return undefined;
}
