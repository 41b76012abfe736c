/**
 * A transaction's fee as agave charges it: 5,000 lamports a signature (the default
 * `lamports_per_signature`) plus the prioritization fee, the compute-unit price (micro-lamports) times the
 * compute-unit limit, rounded up. The limit is what SetComputeUnitLimit asks, or by default 200,000 a
 * non-builtin instruction and 3,000 a builtin one, at most 1,400,000.
 */
import type { DecodedTransaction } from '../../index.js';
import { u32le, u64le } from '../bytes.js';
import { BUILTINS, COMPUTE_BUDGET_PROGRAM, instructionBytes } from './programs.js';

export const LAMPORTS_PER_SIGNATURE = 5_000n;
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000n;

/** What a transaction's compute budget instructions ask: the unit price (0 without one) and the unit limit. */
export interface ComputeBudget {
  /** Micro-lamports per compute unit (SetComputeUnitPrice), 0 when the transaction sets none. */
  unitPrice: bigint;
  /** SetComputeUnitLimit's, or the default for its instructions; at most 1,400,000. */
  unitLimit: bigint;
}

export function computeBudgetOf(transaction: DecodedTransaction): ComputeBudget {
  const { accountKeys, instructions } = transaction.message;
  let price = 0n;
  let limit: bigint | undefined;
  let defaultLimit = 0n;
  for (const instruction of instructions) {
    const program = accountKeys[instruction.programIdIndex];
    if (program === COMPUTE_BUDGET_PROGRAM) {
      const data = instructionBytes(instruction.data);
      if (data[0] === 2 && data.length === 5) limit = BigInt(u32le(data, 1));
      if (data[0] === 3 && data.length === 9) price = u64le(data, 1);
    } else defaultLimit += BUILTINS.has(program ?? '') ? 3_000n : 200_000n;
  }
  const units = limit ?? defaultLimit;
  return { unitPrice: price, unitLimit: units > MAX_COMPUTE_UNIT_LIMIT ? MAX_COMPUTE_UNIT_LIMIT : units };
}

export function feeOf(transaction: DecodedTransaction): bigint {
  const { unitPrice, unitLimit } = computeBudgetOf(transaction);
  const priority = (unitPrice * unitLimit + 999_999n) / 1_000_000n;
  return LAMPORTS_PER_SIGNATURE * BigInt(transaction.message.header.numRequiredSignatures) + priority;
}
