/**
 * The named levels of a priority-fee estimate, the percentile each stands for, and the nearest-rank
 * percentile they are read with. Shared by `estimatePriorityFee` (one level) and
 * `estimatePriorityFeeLevels` (all of them), and by whoever escalates along them (`landTransaction`).
 * @module
 */

/** A named percentile of recent slots' fees; from the cheapest to the dearest. */
export type PriorityFeeLevel = 'min' | 'low' | 'medium' | 'high' | 'veryHigh' | 'unsafeMax';

/** Every level, cheapest first: the next level up is the one after in this list. */
export const PRIORITY_FEE_LEVELS: readonly PriorityFeeLevel[] = [
  'min',
  'low',
  'medium',
  'high',
  'veryHigh',
  'unsafeMax',
];

/**
 * The percentile each level reads: 0, 25, 50, 75, 95, 100, the mapping fee estimators commonly use.
 * `unsafeMax` is the highest fee any recent slot's cheapest transaction paid: one outlier sets it, hence
 * the name.
 */
export const PRIORITY_FEE_PERCENTILES: Readonly<Record<PriorityFeeLevel, number>> = {
  min: 0,
  low: 25,
  medium: 50,
  high: 75,
  veryHigh: 95,
  unsafeMax: 100,
};

/** A compute-unit price per level, in micro-lamports per compute unit: each at least the one below it. */
export interface PriorityFeeLevels {
  /** The 0th percentile: the cheapest slot. */
  min: bigint;
  /** The 25th percentile. */
  low: bigint;
  /** The 50th percentile (the median): `estimatePriorityFee`'s default. */
  medium: bigint;
  /** The 75th percentile. */
  high: bigint;
  /** The 95th percentile. */
  veryHigh: bigint;
  /** The 100th percentile: the dearest slot. */
  unsafeMax: bigint;
}

/**
 * The `percentile` (0 to 100) of `sorted` (ascending, not empty) by nearest rank: the smallest value with
 * at least `percentile` per cent of the values at or below it. Always one of the values, never an
 * interpolation, so the price returned is one a slot really took.
 */
export function nearestRank(sorted: readonly bigint[], percentile: number): bigint {
  // percentile × length first: an integer for integer percentiles, so 95 of 20 values is rank 19 exactly.
  const rank = Math.max(1, Math.ceil((percentile * sorted.length) / 100));
  return sorted[Math.min(rank, sorted.length) - 1] as bigint;
}
