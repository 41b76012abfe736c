import { defineMethod, type WireOf } from '../defineMethod.js';
import { commitment, flag } from '../options/config.js';
import { address } from '../schemas/address.js';
import { decodeContext, rpcContext } from '../schemas/context.js';
import { memo } from '../schemas/memo.js';
import { toBigInt, u64 } from '../schemas/numbers.js';
import { array, type } from '../schemas/struct.js';
import type { Address, CommitmentConfig, RpcResult } from '../types/index.js';

// 1. Config

/** Options of `getSupply` (agave's `RpcSupplyConfig`: a commitment, no `minContextSlot`). */
export interface GetSupplyConfig extends CommitmentConfig {
  /** Leave the list of non-circulating accounts out: `nonCirculatingAccounts` then comes back `[]`. */
  excludeNonCirculatingAccountsList?: boolean;
}

// 2. Result

/** The cluster's lamport supply, every amount exact. */
export interface Supply {
  /** All lamports in existence (the bank's capitalization). */
  total: bigint;
  /** `total - nonCirculating`. */
  circulating: bigint;
  /** Lamports held by the accounts the node counts as non-circulating (locked stake, foundation reserves). */
  nonCirculating: bigint;
  /** Those accounts; `[]` when `excludeNonCirculatingAccountsList` was set. */
  nonCirculatingAccounts: Address[];
}

/** The supply with the context it was read at. */
export interface SupplyResult extends RpcResult<Supply> {}

// 3. Signature

/** Reads the cluster's lamport supply. */
export interface GetSupply {
  /**
   * Reads the total, circulating and non-circulating supply in lamports, exactly, as `bigint`s.
   * @example
   * const { value } = await rpc.getSupply({ excludeNonCirculatingAccountsList: true });
   * console.log(`${value.circulating / 1_000_000_000n} of ${value.total / 1_000_000_000n} SOL circulate`);
   */
  (config?: GetSupplyConfig): Promise<SupplyResult>;
}

// 4. Wire schema

const supplyResult = /* @__PURE__ */ memo(() =>
  type({
    context: rpcContext(),
    value: type({
      total: u64(),
      circulating: u64(),
      nonCirculating: u64(),
      nonCirculatingAccounts: array(address()),
    }),
  }),
);

// 5. Definition

/** `getSupply`: total, circulating and non-circulating lamports. Full-API nodes serve it. */
export const getSupply = /* @__PURE__ */ defineMethod<GetSupply, WireOf<typeof supplyResult>>({
  name: 'getSupply',
  config: { commitment, excludeNonCirculatingAccountsList: flag },
  result: supplyResult,
  decode: ({ context, value }): SupplyResult => ({
    context: decodeContext(context),
    value: {
      total: toBigInt(value.total),
      circulating: toBigInt(value.circulating),
      nonCirculating: toBigInt(value.nonCirculating),
      nonCirculatingAccounts: value.nonCirculatingAccounts,
    },
  }),
});
