/**
 * Congestion's ledger side: the market fee a leader asks while the `marketFee` fault is on (transactions
 * paying a lower compute-unit price are taken and never land), and what each slot's landed transactions
 * paid, from which getRecentPrioritizationFees answers as agave's prioritization fee cache does.
 *
 * The market's own traffic (everyone else's transactions, paying at least the market fee and locking
 * accounts of their own) lands in every slot the market is on: it sets each such block's lowest price to
 * the market fee, so an account no transaction of the test locks still shows the market, as on mainnet.
 */
import type { DecodedTransaction } from '../../index.js';
import { seededRandom } from '../seededRandom.js';
import type { Ledger } from '../simulatedLedger.js';
import { computeBudgetOf } from './fees.js';

/**
 * A market price in micro-lamports per compute unit: fixed, or a function of the slot.
 *
 * @example
 * ```ts fragment
 * const rising: MarketPrice = (slot) => 1_000 + (slot % 1_000) * 10;
 * ```
 */
export type MarketPrice = number | bigint | ((slot: number) => number | bigint);

/**
 * A seeded random walk of the market price, one step a slot from the price it starts at.
 *
 * @example
 * ```ts fragment
 * cluster.fault('marketFee', { price: 10_000, walk: { seed: 7, step: 0.1, min: 1_000, max: 100_000 } });
 * ```
 */
export interface MarketWalk {
  /** The walk's seed: the same seed walks the same way. */
  seed: number;
  /** The largest move in one slot, as a share of the price: 0.05 (5%) when left out. */
  step?: number;
  /** The lowest price it walks to; 1 when left out. */
  min?: number | bigint;
  /** The highest price it walks to; unbounded when left out. */
  max?: number | bigint;
}

export interface MarketOptions {
  price: MarketPrice;
  walk?: MarketWalk;
}

/** One market fee switched on: the slots it holds (`until` Infinity while on) and its price at each. */
export interface MarketSpan {
  from: number;
  until: number;
  priceAt(slot: number): bigint;
}

/** The lowest price and the lowest price per writable account among one slot's landed transactions. */
export interface SlotFees {
  min: bigint;
  accounts: Map<string, bigint>;
}

/** How many slots of fees the cache keeps (agave's MAX_NUM_RECENT_BLOCKS). */
export const RECENT_FEE_SLOTS = 150;

/** A market price function's answer as a whole number of micro-lamports; a TypeError names a bad one. */
function wholePrice(value: number | bigint, slot: number): bigint {
  if (typeof value === 'bigint' && value >= 0n) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  throw new TypeError(`marketFee: price(${slot}) must be a whole number of micro-lamports, got ${String(value)}`);
}

/** The price at each slot from `from` on, as the options say; a walk's steps are kept as they are drawn. */
function pricing(options: MarketOptions, from: number): (slot: number) => bigint {
  const { price, walk } = options;
  if (typeof price === 'function') return (slot) => wholePrice(price(slot), slot);
  if (!walk) {
    const fixed = BigInt(price);
    return () => fixed;
  }
  const draw = seededRandom(walk.seed);
  const step = walk.step ?? 0.05;
  const min = Number(walk.min ?? 1);
  const max = walk.max === undefined ? Number.POSITIVE_INFINITY : Number(walk.max);
  const steps = [Math.min(max, Math.max(min, Number(price)))];
  return (slot) => {
    const index = Math.max(0, slot - from);
    while (steps.length <= index) {
      const last = steps[steps.length - 1] as number;
      steps.push(Math.min(max, Math.max(min, last * (1 + step * (2 * draw() - 1)))));
    }
    return BigInt(Math.round(steps[index] as number));
  };
}

/** Switches a market on from `from` (the first slot its leader asks it of); returns what switches it off after `until`. */
export function openMarket(ledger: Ledger, from: number, options: MarketOptions): (until: number) => void {
  const span: MarketSpan = { from, until: Number.POSITIVE_INFINITY, priceAt: pricing(options, from) };
  ledger.market ??= [];
  ledger.market.push(span);
  return (until) => {
    span.until = until;
  };
}

/** The market fee at `slot`: the highest of the markets on then, or undefined when none is. */
export function marketPriceAt(ledger: Ledger, slot: number): bigint | undefined {
  let found: bigint | undefined;
  for (const span of ledger.market ?? []) {
    if (slot < span.from || slot > span.until) continue;
    const price = span.priceAt(slot);
    if (found === undefined || price > found) found = price;
  }
  return found;
}

/** The accounts a transaction write-locks, by its header; the programs it invokes are demoted, as agave does. */
function writableAccounts(transaction: DecodedTransaction): string[] {
  const { accountKeys, header, instructions } = transaction.message;
  const signers = header.numRequiredSignatures;
  const programs = new Set(instructions.map((instruction) => instruction.programIdIndex));
  return accountKeys.filter(
    (_key, i) =>
      !programs.has(i) &&
      (i < signers - header.numReadonlySignedAccounts ||
        (i >= signers && i < accountKeys.length - header.numReadonlyUnsignedAccounts)),
  );
}

/** Counts a transaction that landed in `slot` in that slot's fees; one asking a zero unit limit tells nothing, as in agave. */
export function recordFees(ledger: Ledger, slot: number, transaction: DecodedTransaction): void {
  const { unitPrice, unitLimit } = computeBudgetOf(transaction);
  if (unitLimit === 0n) return;
  ledger.fees ??= new Map();
  let fees = ledger.fees.get(slot);
  if (!fees) {
    fees = { min: unitPrice, accounts: new Map() };
    ledger.fees.set(slot, fees);
    // Only the last 150 slots are ever read: older ones go as new ones come.
    for (const old of ledger.fees.keys()) if (old < slot - 2 * RECENT_FEE_SLOTS) ledger.fees.delete(old);
  }
  if (unitPrice < fees.min) fees.min = unitPrice;
  for (const account of writableAccounts(transaction)) {
    const known = fees.accounts.get(account);
    if (known === undefined || unitPrice < known) fees.accounts.set(account, unitPrice);
  }
}

/**
 * getRecentPrioritizationFees as agave answers it: for each of the 150 slots up to `newest`, the lowest
 * price paid in the block (0 for a block with none), raised to the lowest price paid by the transactions
 * that write-locked each account asked for (those that any did).
 */
export function prioritizationFees(
  ledger: Ledger,
  newest: number,
  accounts: readonly string[],
): { prioritizationFee: bigint; slot: number }[] {
  const oldest = Math.max(0, newest - (RECENT_FEE_SLOTS - 1));
  const out: { prioritizationFee: bigint; slot: number }[] = [];
  for (let slot = oldest; slot <= newest; slot++) {
    const landed = ledger.fees?.get(slot);
    const market = marketPriceAt(ledger, slot);
    let fee = landed?.min;
    if (market !== undefined && (fee === undefined || market < fee)) fee = market;
    fee ??= 0n;
    for (const account of accounts) {
      const paid = landed?.accounts.get(account);
      if (paid !== undefined && paid > fee) fee = paid;
    }
    out.push({ prioritizationFee: fee, slot });
  }
  return out;
}
