import { defineMethod } from '../defineMethod.js';
import { slot } from '../options/config.js';
import { memo } from '../schemas/memo.js';
import { timestamp } from '../schemas/numbers.js';
import { nullable } from '../schemas/struct.js';
import type { CallOptions } from '../types/index.js';

// 1. Config

/** Options of `getBlockTime`: only the per-call ones; agave takes the slot alone, with no config. */
export interface GetBlockTimeConfig extends CallOptions {}

// 2. Result: Unix seconds (an i64 on the wire) as a `number`, or `null` where the node recorded no time.

// 3. Signature

/** Reads when a block was produced. */
export interface GetBlockTime {
  /**
   * Reads the estimated production time of the block at `slot`, in Unix seconds (the stake-weighted mean
   * of the validators' vote timestamps), or `null` when the node recorded none for it (blocks from
   * before timestamps were kept). A slot the node does not hold fails with an `RpcError` (-32004, or
   * -32007 / -32009 for a skipped slot, -32001 for a purged one).
   * @example
   * const seconds = await rpc.getBlockTime(356139500);
   * console.log(seconds === null ? 'no time recorded' : new Date(seconds * 1000).toISOString());
   */
  (slot: number | bigint, config?: GetBlockTimeConfig): Promise<number | null>;
}

// 4. Wire schema: a timestamp (negative ones are legal i64s) that fits a number, or `null`.

const blockTime = /* @__PURE__ */ memo(() => nullable(timestamp()));

// 5. Definition

/** `getBlockTime`: when the block at a slot was produced. Served by nodes started with `--full-rpc-api`. */
export const getBlockTime = /* @__PURE__ */ defineMethod<GetBlockTime, number | null | undefined>({
  name: 'getBlockTime',
  args: { slot },
  result: blockTime,
  // A proxy that drops a null result's key leaves it undefined: it comes back null, as sent.
  decode: (wire) => wire ?? null,
});
