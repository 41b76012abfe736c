import { defineMethod, type WireOf } from '../defineMethod.js';
import { commitment, minContextSlot } from '../options/config.js';
import { decodeContext, rpcContext } from '../schemas/context.js';
import { memo } from '../schemas/memo.js';
import { toBigInt, u64 } from '../schemas/numbers.js';
import { type } from '../schemas/struct.js';
import type { ContextConfig, RpcResult } from '../types/index.js';

// 1. Config

/** Options of `getStakeMinimumDelegation`. */
export interface GetStakeMinimumDelegationConfig extends ContextConfig {}

// 2. Result

/** The smallest stake delegation the stake program accepts, in lamports, exact. */
export interface StakeMinimumDelegationResult extends RpcResult<bigint> {}

// 3. Signature

/** Reads the stake program's minimum delegation. */
export interface GetStakeMinimumDelegation {
  /**
   * Reads the smallest amount a stake account may delegate, in lamports, as a `bigint`: `1n` today, or
   * one SOL (`1_000_000_000n`) once the cluster activates the feature that raises it.
   * @example
   * const { value } = await rpc.getStakeMinimumDelegation({ commitment: 'confirmed' });
   * console.log(`delegate at least ${value} lamports`);
   */
  (config?: GetStakeMinimumDelegationConfig): Promise<StakeMinimumDelegationResult>;
}

// 4. Wire schema

const minimumDelegation = /* @__PURE__ */ memo(() => type({ context: rpcContext(), value: u64() }));

// 5. Definition

/** `getStakeMinimumDelegation`: the minimum stake delegation. Served by nodes started with `--full-rpc-api`. */
export const getStakeMinimumDelegation = /* @__PURE__ */ defineMethod<
  GetStakeMinimumDelegation,
  WireOf<typeof minimumDelegation>
>({
  name: 'getStakeMinimumDelegation',
  config: { commitment, minContextSlot },
  result: minimumDelegation,
  decode: (wire): StakeMinimumDelegationResult => ({
    context: decodeContext(wire.context),
    value: toBigInt(wire.value),
  }),
});
