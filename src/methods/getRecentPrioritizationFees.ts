import { defineCustomMethod } from '../defineMethod.js';
import { checkArity } from '../options/check.js';
import { checkAddressList, prepareConfig } from '../options/config.js';
import { memo } from '../schemas/memo.js';
import { safeInteger, toBigInt, u64 } from '../schemas/numbers.js';
import { array, type } from '../schemas/struct.js';
import { validateResult } from '../schemas/validate.js';
import type { Address, CallOptions } from '../types/index.js';

// 1. Config

/** Options of `getRecentPrioritizationFees`: only the per-call ones; the node takes no config. */
export interface GetRecentPrioritizationFeesConfig extends CallOptions {}

// 2. Result

/** The lowest prioritization fee paid in one recent slot. */
export interface PrioritizationFee {
  /** The slot. */
  slot: number;
  /**
   * The lowest compute-unit price (micro-lamports per compute unit) a transaction in that slot paid. With
   * addresses, the highest of that and, for each address, the lowest price among the slot's transactions
   * that write-lock it (agave's prioritization fee cache): the most contended address sets it. Exact, a u64.
   */
  prioritizationFee: bigint;
}

// 3. Signature

/** Reads the prioritization fees of recent slots. */
export interface GetRecentPrioritizationFees {
  /**
   * Reads the prioritization fees of the slots the node keeps in its cache (up to 150).
   * @param addresses At most 128 (agave's `MAX_TX_ACCOUNT_LOCKS`): each slot's fee is then the highest of
   * the slot's lowest and each address's lowest among the transactions write-locking it. Left out, the
   * slot's lowest over all transactions. `estimatePriorityFee` asks one address at a time.
   * @example
   * const fees = await rpc.getRecentPrioritizationFees([marketAddress]);
   * const highest = fees.reduce((max, { prioritizationFee }) => (prioritizationFee > max ? prioritizationFee : max), 0n);
   */
  (addresses?: readonly Address[], config?: GetRecentPrioritizationFeesConfig): Promise<PrioritizationFee[]>;
}

// 4. Wire schema

const feesResult = /* @__PURE__ */ memo(() => array(type({ slot: safeInteger(), prioritizationFee: u64() })));

/** agave refuses more addresses than a transaction can lock (`MAX_TX_ACCOUNT_LOCKS`). */
const MAX_ADDRESSES = 128;

// 5. Definition

/** `getRecentPrioritizationFees`: recent slots' lowest prioritization fees. Full-API nodes serve it. */
export const getRecentPrioritizationFees = /* @__PURE__ */ defineCustomMethod<GetRecentPrioritizationFees>({
  name: 'getRecentPrioritizationFees',
  prepare(args, method) {
    checkArity(method, args, 2);
    const [addresses, config] = args;
    const params: unknown[] = [];
    if (addresses !== undefined) params.push(checkAddressList(method, 'addresses', addresses, MAX_ADDRESSES));
    return { params, options: prepareConfig(method, {}, config).options };
  },
  decode: (result, context): PrioritizationFee[] =>
    validateResult(context.method, result, feesResult()).map((fee) => ({
      slot: fee.slot,
      prioritizationFee: toBigInt(fee.prioritizationFee),
    })),
});
