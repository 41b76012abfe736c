/**
 * The compute budget a signed transaction asks for, read from its ComputeBudget instructions: what
 * landTransaction checks a built transaction against, and prices its fee from.
 * @module
 */
import { encodeBase58 } from '../codecs/base58.js';
import type { TransactionLayout } from '../codecs/transactionLayout.js';

export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
/** agave's MAX_COMPUTE_UNIT_LIMIT: the most units one transaction may ask for. */
export const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;
/** The base fee of each signature the message requires, in lamports (the cluster's fee rate, unchanged since genesis). */
export const LAMPORTS_PER_SIGNATURE = 5_000n;

const SET_COMPUTE_UNIT_LIMIT = 2;
const SET_COMPUTE_UNIT_PRICE = 3;

/** The limit and price a transaction sets, `null` for one it does not set. */
export interface ComputeBudget {
  unitLimit: number | null;
  unitPrice: bigint | null;
}

/**
 * Reads SetComputeUnitLimit (tag 2, u32 LE) and SetComputeUnitPrice (tag 3, u64 LE). A malformed or
 * repeated one is returned as `undefined`: the runtime refuses such a transaction, so it is never sent.
 */
export function computeBudgetOf(layout: TransactionLayout): ComputeBudget | undefined {
  let unitLimit: number | null = null;
  let unitPrice: bigint | null = null;
  for (const instruction of layout.instructions) {
    const program = layout.accountKeys[instruction.programIdIndex];
    if (!program || encodeBase58(program) !== COMPUTE_BUDGET_PROGRAM) continue;
    const { data } = instruction;
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (data[0] === SET_COMPUTE_UNIT_LIMIT) {
      if (data.length !== 5 || unitLimit !== null) return undefined;
      unitLimit = view.getUint32(1, true);
    } else if (data[0] === SET_COMPUTE_UNIT_PRICE) {
      if (data.length !== 9 || unitPrice !== null) return undefined;
      unitPrice = view.getBigUint64(1, true);
    }
  }
  return { unitLimit, unitPrice };
}

/**
 * The fee a transaction pays, in lamports: 5,000 per required signature plus its priority fee, the price
 * times the limit in micro-lamports, rounded up to a lamport (as agave's fee structure computes it).
 */
export function feeOf(signatures: number, unitLimit: number, unitPrice: bigint): bigint {
  return LAMPORTS_PER_SIGNATURE * BigInt(signatures) + (unitPrice * BigInt(unitLimit) + 999_999n) / 1_000_000n;
}

/** The highest price whose fee stays within `maxFee`, for that many signatures and that limit (`-1n` when none does). */
export function priceWithin(maxFee: bigint, signatures: number, unitLimit: number): bigint {
  const left = maxFee - LAMPORTS_PER_SIGNATURE * BigInt(signatures);
  if (left < 0n) return -1n;
  if (unitLimit === 0) return 2n ** 64n - 1n;
  return (left * 1_000_000n) / BigInt(unitLimit);
}
