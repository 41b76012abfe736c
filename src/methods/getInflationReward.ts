import { defineMethod, type WireOf } from '../defineMethod.js';
import { checkAddressList, confirmedCommitment, minContextSlot, unsigned } from '../options/config.js';
import { memo } from '../schemas/memo.js';
import { safeInteger, toBigInt, u8, u16, u64 } from '../schemas/numbers.js';
import { array, nullable, optional, type } from '../schemas/struct.js';
import type { Address, CallOptions } from '../types/index.js';

// 1. Config

/** Options of `getInflationReward` (agave's `RpcEpochConfig`). */
export interface GetInflationRewardConfig extends CallOptions {
  /** The epoch whose rewards to read. Default (the node's): the epoch before the current one. */
  epoch?: number | bigint;
  /** `confirmed` or `finalized` (the node's default): the node reads blocks, which it refuses at `processed`. */
  commitment?: 'confirmed' | 'finalized';
  /** Fail with -32016 unless the node has reached this slot. */
  minContextSlot?: number | bigint;
}

// 2. Result

/** The inflation reward one address received for an epoch. */
export interface InflationReward {
  /** The epoch the reward was paid for. */
  epoch: number;
  /** The slot of the block that credited it: the epoch boundary, or one a little after it for stake rewards paid in partitions. */
  effectiveSlot: number;
  /** The reward in lamports, exact. */
  amount: bigint;
  /** The account's balance in lamports just after the reward, exact. */
  postBalance: bigint;
  /** The vote account's commission in percent when the reward was paid; `null` when the node did not record it. */
  commission: number | null;
  /** The same commission in basis points (SIMD-0291), from nodes that record it; absent otherwise. */
  commissionBps?: number;
}

// 3. Signature

/** Reads the inflation rewards of addresses for an epoch. */
export interface GetInflationReward {
  /**
   * Reads the staking or voting reward each address received for an epoch: one entry per address, in the
   * order given, `null` for an address that received none. At most 32 addresses (agave's limit).
   * @example
   * const [reward] = await rpc.getInflationReward([stakeAccount], { epoch: 823 });
   * console.log(reward ? `${reward.amount} lamports at slot ${reward.effectiveSlot}` : 'no reward');
   */
  (addresses: readonly Address[], config?: GetInflationRewardConfig): Promise<(InflationReward | null)[]>;
}

// 4. Wire schema

const rewardsResult = /* @__PURE__ */ memo(() =>
  array(
    nullable(
      type({
        epoch: safeInteger(),
        effectiveSlot: safeInteger(),
        amount: u64(),
        postBalance: u64(),
        commission: nullable(u8()),
        commissionBps: optional(u16()),
      }),
    ),
  ),
);

// 5. Definition

/** `getInflationReward`: each address's reward for an epoch, `null` where none. Full-API nodes serve it. */
export const getInflationReward = /* @__PURE__ */ defineMethod<GetInflationReward, WireOf<typeof rewardsResult>>({
  name: 'getInflationReward',
  // agave's MAX_GET_INFLATION_REWARD_ADDRESSES: current nodes refuse more with -32602.
  args: { addresses: (method, param, value) => checkAddressList(method, param, value, 32) },
  config: { epoch: unsigned, commitment: confirmedCommitment, minContextSlot },
  result: rewardsResult,
  decode: (wire) =>
    wire.map((reward): InflationReward | null => {
      if (reward == null) return null;
      const decoded: InflationReward = {
        epoch: reward.epoch,
        effectiveSlot: reward.effectiveSlot,
        amount: toBigInt(reward.amount),
        postBalance: toBigInt(reward.postBalance),
        commission: reward.commission ?? null,
      };
      if (reward.commissionBps !== undefined) decoded.commissionBps = reward.commissionBps;
      return decoded;
    }),
});
