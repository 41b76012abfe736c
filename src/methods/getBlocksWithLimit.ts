import { parseSafeJson } from '../codecs/json.js';
import { defineMethod } from '../defineMethod.js';
import { countUpTo, slot } from '../options/config.js';
import {
  blockSlots,
  type ConfirmedBlocksConfig,
  confirmedBlocksOptions,
  MAX_BLOCKS_RANGE,
} from './shared/confirmedBlocks.js';

// 1. Config

/** Options of `getBlocksWithLimit` (agave's `RpcContextConfig`). */
export interface GetBlocksWithLimitConfig extends ConfirmedBlocksConfig {}

// 2. Result: the slots of up to `limit` confirmed blocks from `startSlot`, ascending (`number`s).

// 3. Signature

/** Lists the slots of the next confirmed blocks. */
export interface GetBlocksWithLimit {
  /**
   * Lists the slots of at most `limit` blocks from `startSlot` on (included), ascending; fewer when the
   * node's latest block at the commitment asked for comes first. `limit` is 0 to 500,000 (agave's limit).
   * @example
   * const [next] = await rpc.getBlocksWithLimit(356139500, 1, { commitment: 'confirmed' });
   * console.log(next === undefined ? 'no block yet' : `the next block is at slot ${next}`);
   */
  (startSlot: number | bigint, limit: number, config?: GetBlocksWithLimitConfig): Promise<number[]>;
}

// 4. Argument check; the wire schema is the shared slot list.

/** agave refuses a limit above its range with -32602 "Limit too large; max 500000"; 0 gives `[]`. */
const limit = /* @__PURE__ */ countUpTo(MAX_BLOCKS_RANGE);

// 5. Definition

/** `getBlocksWithLimit`: the next confirmed blocks from a slot. Served by nodes started with `--full-rpc-api`. */
export const getBlocksWithLimit = /* @__PURE__ */ defineMethod<GetBlocksWithLimit, number[]>({
  name: 'getBlocksWithLimit',
  // Slots only, below 2^53 as the schema checks: JSON.parse is exact for them.
  parse: parseSafeJson,
  args: { startSlot: slot, limit },
  config: confirmedBlocksOptions,
  result: blockSlots,
});
