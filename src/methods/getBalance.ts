import { defineMethod, type WireOf } from '../defineMethod.js';
import { checkAddress } from '../options/check.js';
import { commitment, minContextSlot } from '../options/config.js';
import { decodeContext, rpcContext } from '../schemas/context.js';
import { memo } from '../schemas/memo.js';
import { toBigInt, u64 } from '../schemas/numbers.js';
import { type } from '../schemas/struct.js';
import type { Address, ContextConfig, RpcResult } from '../types/index.js';

// 1. Config

/** Options of `getBalance`. */
export interface GetBalanceConfig extends ContextConfig {}

// 2. Result

/** The balance in lamports, exact; `0n` for an address that holds no account. */
export interface BalanceResult extends RpcResult<bigint> {}

// 3. Signature

/** Reads an address's balance. */
export interface GetBalance {
  /**
   * Reads the lamport balance of an address, exactly, as a `bigint`.
   * @example
   * const { value } = await rpc.getBalance(address, { commitment: 'confirmed' });
   * console.log(`${value} lamports`);
   */
  (address: Address, config?: GetBalanceConfig): Promise<BalanceResult>;
}

// 4. Wire schema

const balanceResult = /* @__PURE__ */ memo(() => type({ context: rpcContext(), value: u64() }));

// 5. Definition

/** `getBalance`: the lamports held at an address. */
export const getBalance = /* @__PURE__ */ defineMethod<GetBalance, WireOf<typeof balanceResult>>({
  name: 'getBalance',
  fullApi: false,
  args: { address: checkAddress },
  config: { commitment, minContextSlot },
  result: balanceResult,
  decode: (wire): BalanceResult => ({ context: decodeContext(wire.context), value: toBigInt(wire.value) }),
});
