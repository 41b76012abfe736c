import { defineMethod } from '../defineMethod.js';
import {
  callOptionsOf,
  checkAddress,
  checkArity,
  checkCommitment,
  checkConfig,
  checkU64,
  compact,
} from '../options/check.js';
import { decodeContext, rpcContext } from '../schemas/context.js';
import { memo } from '../schemas/memo.js';
import { toBigInt, u64 } from '../schemas/numbers.js';
import { type } from '../schemas/struct.js';
import { validateResult } from '../schemas/validate.js';
import type { Address, CallOptions, Commitment, RpcResult } from '../types/index.js';

// 1. Config

/** Options of `getBalance`. */
export interface GetBalanceConfig extends CallOptions {
  /** The bank to read from. Default (server's) `finalized`. */
  commitment?: Commitment;
  /** Fail with -32016 unless the node has reached this slot. */
  minContextSlot?: number | bigint;
}

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
export const getBalance = /* @__PURE__ */ defineMethod<GetBalance>({
  name: 'getBalance',
  prepare(args) {
    checkArity('getBalance', args, 2);
    const address = checkAddress('getBalance', 'address', args[0]);
    const config = checkConfig('getBalance', 'config', args[1], [
      'commitment',
      'minContextSlot',
      'signal',
      'timeoutMs',
    ]);
    const wire = compact({
      commitment: checkCommitment('getBalance', config.commitment),
      minContextSlot: checkU64('getBalance', 'config.minContextSlot', config.minContextSlot),
    });
    return { params: wire ? [address, wire] : [address], options: callOptionsOf('getBalance', config) };
  },
  decode(result, context) {
    const checked = validateResult(context.method, result, balanceResult());
    return { context: decodeContext(checked.context), value: toBigInt(checked.value) };
  },
});
