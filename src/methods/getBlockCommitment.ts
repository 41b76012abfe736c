import { defineMethod, type WireOf } from '../defineMethod.js';
import { slot } from '../options/config.js';
import { memo } from '../schemas/memo.js';
import { expected, toBigInt, u64 } from '../schemas/numbers.js';
import { array, nullable, refine, type } from '../schemas/struct.js';
import type { CallOptions } from '../types/index.js';

// 1. Config

/** Options of `getBlockCommitment`: only the per-call ones; agave takes the slot alone, with no config. */
export interface GetBlockCommitmentConfig extends CallOptions {}

// 2. Result

/** How much stake has voted on a block, by lockout depth (agave's `RpcBlockCommitment`). */
export interface BlockCommitment {
  /**
   * 32 stake amounts in lamports, exact: entry `i` is the stake whose votes on the block have reached
   * confirmation count `i + 1` (agave's `[u64; MAX_LOCKOUT_HISTORY + 1]`); `null` when the node tracks no
   * commitment for the block (a slot rooted long ago, not reached, or unknown).
   */
  commitment: bigint[] | null;
  /** The total active stake of the current epoch in lamports, exact. */
  totalStake: bigint;
}

// 3. Signature

/** Reads how much stake has voted on a block. */
export interface GetBlockCommitment {
  /**
   * Reads the stake that has voted on the block at `slot`, by confirmation count, and the epoch's total
   * active stake. `commitment` is `null` for a block the node no longer (or not yet) tracks.
   * @example
   * const { commitment, totalStake } = await rpc.getBlockCommitment(slot);
   * const voted = commitment?.reduce((sum, stake) => sum + stake, 0n) ?? 0n;
   * console.log(`${(voted * 100n) / totalStake}% of the stake has voted on slot ${slot}`);
   */
  (slot: number | bigint, config?: GetBlockCommitmentConfig): Promise<BlockCommitment>;
}

// 4. Wire schema

/** agave's `MAX_LOCKOUT_HISTORY + 1`: a vote tower holds 31 lockouts, and the root makes 32. */
const LOCKOUT_DEPTHS = 32;

const commitmentResult = /* @__PURE__ */ memo(() =>
  type({
    commitment: nullable(
      refine(array(u64()), 'lockoutDepths', (list) =>
        list.length === LOCKOUT_DEPTHS
          ? true
          : expected(`${LOCKOUT_DEPTHS} stake amounts, one per lockout depth`, list.length),
      ),
    ),
    totalStake: u64(),
  }),
);

// 5. Definition

/** `getBlockCommitment`: the stake that has voted on a block. Served by nodes started with `--full-rpc-api`. */
export const getBlockCommitment = /* @__PURE__ */ defineMethod<GetBlockCommitment, WireOf<typeof commitmentResult>>({
  name: 'getBlockCommitment',
  args: { slot },
  result: commitmentResult,
  decode: (wire): BlockCommitment => ({
    commitment: wire.commitment ? wire.commitment.map(toBigInt) : null,
    totalStake: toBigInt(wire.totalStake),
  }),
});
