import { defineMethod, type WireOf } from '../defineMethod.js';
import { commitment, flag, oneOf } from '../options/config.js';
import { address } from '../schemas/address.js';
import { decodeContext, rpcContext } from '../schemas/context.js';
import { memo } from '../schemas/memo.js';
import { toBigInt, u64 } from '../schemas/numbers.js';
import { array, type } from '../schemas/struct.js';
import type { Address, CommitmentConfig, RpcResult } from '../types/index.js';

// 1. Config

/** Options of `getLargestAccounts` (agave's `RpcLargestAccountsConfig`: no `minContextSlot`). */
export interface GetLargestAccountsConfig extends CommitmentConfig {
  /** Only the accounts the node counts as circulating, or only the non-circulating ones. Default: all. */
  filter?: 'circulating' | 'nonCirculating';
  /**
   * `false` lets the node scan its accounts in any order, which costs it less; the answer is the same 20
   * accounts, largest first, either way. Newer nodes only: older ones ignore it. Default (the node's): `true`.
   */
  sortResults?: boolean;
}

// 2. Result

/** An account and its balance. */
export interface AccountBalance {
  /** The account's address. */
  address: Address;
  /** Its balance in lamports, exact. */
  lamports: bigint;
}

/**
 * Up to 20 accounts with the most lamports, largest first, with the context they were read at. The node
 * may answer from a cache (agave keeps one per filter for up to two hours): `context.slot` is then the
 * slot the list was computed at, older than the commitment asked for.
 */
export interface LargestAccountsResult extends RpcResult<AccountBalance[]> {}

// 3. Signature

/** Lists the accounts that hold the most lamports. */
export interface GetLargestAccounts {
  /**
   * Lists the 20 accounts with the most lamports, balances exact as `bigint`s.
   * @example
   * const { value } = await rpc.getLargestAccounts({ filter: 'circulating' });
   * for (const { address, lamports } of value) console.log(address, lamports);
   */
  (config?: GetLargestAccountsConfig): Promise<LargestAccountsResult>;
}

// 4. Wire schema

const largestResult = /* @__PURE__ */ memo(() =>
  type({ context: rpcContext(), value: array(type({ address: address(), lamports: u64() })) }),
);

// 5. Definition

/** `getLargestAccounts`: the 20 accounts with the most lamports. Full-API nodes serve it. */
export const getLargestAccounts = /* @__PURE__ */ defineMethod<GetLargestAccounts, WireOf<typeof largestResult>>({
  name: 'getLargestAccounts',
  config: { commitment, filter: /* @__PURE__ */ oneOf(['circulating', 'nonCirculating']), sortResults: flag },
  result: largestResult,
  decode: ({ context, value }): LargestAccountsResult => ({
    context: decodeContext(context),
    value: value.map((entry) => ({ address: entry.address, lamports: toBigInt(entry.lamports) })),
  }),
});
