/**
 * A compute-unit price from the fees recent slots paid: per account the transaction write-locks, the
 * most contended one setting the price.
 * @module
 */
import type { RpcWith } from '../createRpc.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import type { getRecentPrioritizationFees } from '../methods/getRecentPrioritizationFees.js';
import { checkConfig, checkOneOf, checkU64, describe, isAbortSignal } from '../options/check.js';
import { checkAddressList } from '../options/config.js';
import { onAbort } from '../options/onAbort.js';
import {
  readTransactionLayout,
  readWireTransaction,
  type TransactionTextEncoding,
  transactionEncoding,
} from '../options/wireTransaction.js';
import type { Address, ReadonlyUint8Array } from '../types/index.js';
import {
  nearestRank,
  PRIORITY_FEE_LEVELS,
  PRIORITY_FEE_PERCENTILES,
  type PriorityFeeLevel,
  type PriorityFeeLevels,
} from './priorityFeeLevels.js';
import { writableStaticAccounts } from './writableAccounts.js';

/** The method `estimatePriorityFee` calls. */
export type EstimatePriorityFeeRpc = RpcWith<{
  /** The lowest fee each recent slot's transactions paid. */
  getRecentPrioritizationFees: typeof getRecentPrioritizationFees;
}>;

/** Where the fees are read from, and the cap: the options `estimatePriorityFee` and `estimatePriorityFeeLevels` share. */
export interface PriorityFeeSourceOptions {
  /**
   * Accounts the transaction will write-lock: each one's fees are read, and the most contended sets the
   * price. Added to the writable accounts of `transaction` (those its lookup tables load must be listed
   * here: they are not in its bytes). At most 128 in all, with `transaction`'s.
   */
  accounts?: readonly Address[];
  /**
   * The transaction (signed or not), as wire bytes or their base64 text (base58 with `encoding`): its
   * writable static accounts are read from its header, as with `accounts`.
   */
  transaction?: ReadonlyUint8Array | string;
  /** How `transaction` is written when it is text: `'base64'` (default) or `'base58'`. */
  encoding?: TransactionTextEncoding;
  /** The most to return, in micro-lamports per compute unit: every estimate is capped at it. */
  maxUnitPrice?: bigint | number;
  /**
   * Only the newest `slots` slots count, 1 to 150: a market that moves is followed sooner than over the
   * whole history, which trails a falling market by up to a minute. Default: every slot the node reports.
   */
  slots?: number;
  /** Cancels the requests. */
  signal?: AbortSignal;
}

/** Options of `estimatePriorityFee`. */
export interface EstimatePriorityFeeOptions extends PriorityFeeSourceOptions {
  /** A named percentile: `'min'` 0, `'low'` 25, `'medium'` 50, `'high'` 75, `'veryHigh'` 95, `'unsafeMax'` 100. */
  level?: PriorityFeeLevel;
  /** Which percentile of the recent slots' fees to return, 0 to 100; overrides `level`. Default 50 (`'medium'`). */
  percentile?: number;
}

/** Options of `estimatePriorityFeeLevels`. */
export interface EstimatePriorityFeeLevelsOptions extends PriorityFeeSourceOptions {}

/**
 * Estimates a compute-unit price, in micro-lamports per compute unit (`SetComputeUnitPrice`'s unit), as
 * the `percentile` (or `level`) of the fees of the slots the node reports (up to 150, from
 * `getRecentPrioritizationFees`), by nearest rank; never above `maxUnitPrice`. `0n` when the node reports
 * no slot.
 *
 * Without accounts (neither `accounts` nor `transaction`), it reads the fees of all transactions: one
 * call. With accounts, one call per account (at most 8 at a time), and the price is the highest of the
 * accounts' percentiles: the most contended account sets it. Bad options are refused before any request
 * with an `InvalidInputError` naming them.
 *
 * Zero-fee slots count as data points: each entry is the lowest price a transaction (writing the account)
 * paid in that slot, so 0 means that a transaction without priority fee landed there. Leaving those
 * slots out would report what only the slots under pressure demanded, and overpay whenever the accounts
 * are quiet; counted, a busy period raises the estimate as the share of paying slots grows. Ask a higher
 * level (`'high'`, `'veryHigh'`) to land ahead of most of them.
 * @example
 * const price = await estimatePriorityFee(rpc, { transaction: draftBytes, level: 'high', maxUnitPrice: 1_000_000n });
 * // then: a SetComputeUnitPrice instruction with `price` micro-lamports
 */
export async function estimatePriorityFee(
  rpc: EstimatePriorityFeeRpc,
  options: EstimatePriorityFeeOptions = {},
): Promise<bigint> {
  const method = 'estimatePriorityFee';
  const given = checkConfig(method, 'options', options, [...SOURCE_OPTIONS, 'level', 'percentile']);
  const level = checkOneOf(method, 'options.level', given.level, PRIORITY_FEE_LEVELS) ?? 'medium';
  const percentile = given.percentile ?? PRIORITY_FEE_PERCENTILES[level];
  if (typeof percentile !== 'number' || !Number.isFinite(percentile) || percentile < 0 || percentile > 100) {
    throw new InvalidInputError({
      method,
      param: 'options.percentile',
      problem: `expected a number from 0 to 100, got ${describe(percentile)}`,
    });
  }
  const { series, cap } = await readFees(rpc, method, given);
  return capped(highestPercentile(series, percentile), cap);
}

/**
 * Every level of `estimatePriorityFee` at once, from one reading of the fees (the same requests as one
 * level): `{ min, low, medium, high, veryHigh, unsafeMax }`, in micro-lamports per compute unit, each at
 * least the one below it and none above `maxUnitPrice`. To escalate after a transaction expired
 * unlanded, take the next level up (`PRIORITY_FEE_LEVELS` lists them in order).
 * @example
 * const fees = await estimatePriorityFeeLevels(rpc, { transaction: draftBytes, maxUnitPrice: 2_000_000n });
 * let price = fees.high; // first attempt; after an expiry: fees.veryHigh
 */
export async function estimatePriorityFeeLevels(
  rpc: EstimatePriorityFeeRpc,
  options: EstimatePriorityFeeLevelsOptions = {},
): Promise<PriorityFeeLevels> {
  const method = 'estimatePriorityFeeLevels';
  const given = checkConfig(method, 'options', options, SOURCE_OPTIONS);
  const { series, cap } = await readFees(rpc, method, given);
  const levels = {} as PriorityFeeLevels;
  for (const level of PRIORITY_FEE_LEVELS) {
    levels[level] = capped(highestPercentile(series, PRIORITY_FEE_PERCENTILES[level]), cap);
  }
  return levels;
}

const SOURCE_OPTIONS = ['accounts', 'transaction', 'encoding', 'maxUnitPrice', 'slots', 'signal'];

/** The slots agave's prioritization fee cache keeps (MAX_NUM_RECENT_BLOCKS). */
const MAX_SLOTS = 150;

/** The most accounts read: no transaction can write-lock more (agave's `MAX_TX_ACCOUNT_LOCKS`). */
const MAX_ACCOUNTS = 128;

/** Requests in flight at once, with many accounts: enough to be quick, few enough not to trip a rate limit. */
const CONCURRENCY = 8;

/**
 * Checks the shared options (before any request), then reads the fees: one list per account, or the
 * global list when there is no account. Each list is ascending, one entry per slot.
 */
async function readFees(
  rpc: EstimatePriorityFeeRpc,
  method: string,
  given: Record<string, unknown>,
): Promise<{ series: bigint[][]; cap: bigint | undefined }> {
  const accounts =
    given.accounts === undefined ? [] : checkAddressList(method, 'options.accounts', given.accounts, MAX_ACCOUNTS);
  const encoding = transactionEncoding(
    method,
    'options.encoding',
    given.encoding ?? 'base64',
  ) as TransactionTextEncoding;
  const maxUnitPrice = checkU64(method, 'options.maxUnitPrice', given.maxUnitPrice);
  const window = given.slots ?? MAX_SLOTS;
  if (typeof window !== 'number' || !Number.isSafeInteger(window) || window < 1 || window > MAX_SLOTS) {
    throw new InvalidInputError({
      method,
      param: 'options.slots',
      problem: `expected a whole number of slots from 1 to ${MAX_SLOTS}, got ${describe(window)}`,
    });
  }
  const { signal } = given;
  if (signal !== undefined && !isAbortSignal(signal)) {
    throw new InvalidInputError({
      method,
      param: 'options.signal',
      problem: `expected an AbortSignal, got ${describe(signal)}`,
    });
  }
  const unique = new Set(accounts);
  if (given.transaction !== undefined) {
    const param = 'options.transaction';
    const bytes = readWireTransaction(method, given.transaction, encoding, param);
    const layout = await readTransactionLayout(method, bytes, false, param);
    for (const account of writableStaticAccounts(layout)) unique.add(account);
    if (unique.size > MAX_ACCOUNTS) {
      throw new InvalidInputError({
        method,
        param,
        problem: `${unique.size} writable accounts with options.accounts; no transaction can write-lock more than ${MAX_ACCOUNTS}`,
      });
    }
  }
  const cap = maxUnitPrice === undefined ? undefined : BigInt(maxUnitPrice);
  const keys = [...unique];
  // Without accounts: the fees of all transactions. With accounts, no global call is made as well: agave
  // answers each slot for an account with the higher of the slot's lowest fee and the account's lowest
  // (runtime's PrioritizationFeeCache::get_prioritization_fees), so an account's list is never below
  // the global one, slot by slot, nor its percentiles.
  if (keys.length === 0) {
    return { series: [slotFees(await rpc.getRecentPrioritizationFees(undefined, { signal }), window)], cap };
  }
  // One call per account rather than one with them all: given several, agave answers each slot with the
  // highest of their fees, which is not any one account's history.
  const series = await mapBounded(keys, signal as AbortSignal | undefined, async (account, bounded) =>
    slotFees(await rpc.getRecentPrioritizationFees([account], { signal: bounded }), window),
  );
  return { series, cap };
}

/**
 * A node's answer as one fee per slot of the newest `window` slots, ascending. A slot listed twice (never
 * by agave, whose cache is a map by slot; a hostile or merging proxy could) counts once, at its higher
 * fee: repeating a slot cannot weigh the estimate, and the higher is the side that lands.
 */
function slotFees(answer: readonly { slot: number; prioritizationFee: bigint }[], window: number): bigint[] {
  const bySlot = new Map<number, bigint>();
  for (const { slot, prioritizationFee } of answer) {
    const seen = bySlot.get(slot);
    if (seen === undefined || prioritizationFee > seen) bySlot.set(slot, prioritizationFee);
  }
  const newest = [...bySlot.keys()].sort((a, b) => b - a).slice(0, window);
  return newest.map((slot) => bySlot.get(slot) as bigint).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The highest `percentile` over the lists that hold a slot; `0n` when none does. */
function highestPercentile(series: readonly bigint[][], percentile: number): bigint {
  let highest = 0n;
  for (const fees of series) {
    if (fees.length === 0) continue;
    const value = nearestRank(fees, percentile);
    if (value > highest) highest = value;
  }
  return highest;
}

function capped(value: bigint, cap: bigint | undefined): bigint {
  return cap !== undefined && value > cap ? cap : value;
}

/**
 * `run` over `items`, at most `CONCURRENCY` at a time, results in order. The first failure rejects and
 * aborts the calls still in flight (their own rejections are then ignored); no new call starts after it.
 * The caller's `signal` aborts them all.
 */
async function mapBounded<T, R>(
  items: readonly T[],
  signal: AbortSignal | undefined,
  run: (item: T, signal: AbortSignal) => Promise<R>,
): Promise<R[]> {
  const controller = new AbortController();
  if (signal?.aborted) controller.abort(signal.reason);
  const stopWaiting = onAbort(signal, () => controller.abort(signal?.reason));
  const results: R[] = new Array(items.length);
  let next = 0;
  // The first failure in time: the calls it aborts reject after it, with errors of its making.
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && !failure) {
      const index = next++;
      try {
        results[index] = await run(items[index] as T, controller.signal);
      } catch (error) {
        if (!failure) {
          failure = { error };
          controller.abort(error);
        }
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  } finally {
    stopWaiting();
  }
  if (failure) throw failure.error;
  return results;
}
