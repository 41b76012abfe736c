/**
 * A compute-unit price from the fees recent slots paid.
 * @module
 */
import type { RpcWith } from '../createRpc.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import type { getRecentPrioritizationFees } from '../methods/getRecentPrioritizationFees.js';
import type { Address } from '../types/index.js';

/** The method `estimatePriorityFee` calls. */
export type EstimatePriorityFeeRpc = RpcWith<{
  /** The lowest fee each recent slot's transactions paid. */
  getRecentPrioritizationFees: typeof getRecentPrioritizationFees;
}>;

/** Options of `estimatePriorityFee`. */
export interface EstimatePriorityFeeOptions {
  /**
   * The accounts the transaction will write-lock (at most 128): the estimate then follows the fees paid by
   * transactions locking them, the contended ones. Left out, all transactions'.
   */
  accounts?: readonly Address[];
  /** Which percentile of the recent slots' fees to return, 0 to 100. Default 50 (the median). */
  percentile?: number;
  /** Cancels the request. */
  signal?: AbortSignal;
}

/**
 * Estimates a compute-unit price, in micro-lamports per compute unit (`setComputeUnitPrice`'s unit),
 * as the `percentile` of the fees of the slots the node reports (up to 150, from
 * `getRecentPrioritizationFees`), by nearest rank. `0n` when the node reports no slot.
 *
 * Zero-fee slots count as data points: each entry is the lowest price a transaction (locking `accounts`)
 * paid in that slot, so 0 means that a transaction without priority fee landed there. Leaving those
 * slots out would report what only the slots under pressure demanded, and overpay whenever the accounts
 * are quiet; counted, a busy period raises the estimate as the share of paying slots grows. Ask a higher
 * percentile (75, 90) to land ahead of most of them.
 * @example
 * const price = await estimatePriorityFee(rpc, { accounts: [market], percentile: 75 });
 * // then: a SetComputeUnitPrice instruction with `price` micro-lamports
 */
export async function estimatePriorityFee(
  rpc: EstimatePriorityFeeRpc,
  options: EstimatePriorityFeeOptions = {},
): Promise<bigint> {
  const method = 'estimatePriorityFee';
  const percentile = options.percentile ?? 50;
  if (typeof percentile !== 'number' || !Number.isFinite(percentile) || percentile < 0 || percentile > 100) {
    throw new InvalidInputError({ method, param: 'options.percentile', problem: 'expected a number from 0 to 100' });
  }
  const fees = await rpc.getRecentPrioritizationFees(options.accounts, { signal: options.signal });
  if (fees.length === 0) return 0n;
  const sorted = fees.map((fee) => fee.prioritizationFee).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  // Nearest rank: the smallest fee with at least `percentile` per cent of the slots at or below it.
  const rank = Math.max(1, Math.ceil((percentile / 100) * sorted.length));
  return sorted[rank - 1] as bigint;
}
