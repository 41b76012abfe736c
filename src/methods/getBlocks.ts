import { parseSafeJson } from '../codecs/json.js';
import { defineCustomMethod } from '../defineMethod.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { checkArity, checkU64 } from '../options/check.js';
import { prepareConfig, slot } from '../options/config.js';
import { validateResult } from '../schemas/validate.js';
import {
  blockSlots,
  type ConfirmedBlocksConfig,
  confirmedBlocksOptions,
  MAX_BLOCKS_RANGE,
} from './shared/confirmedBlocks.js';

// 1. Config

/** Options of `getBlocks` (agave's `RpcContextConfig`). */
export interface GetBlocksConfig extends ConfirmedBlocksConfig {}

// 2. Result: the slots of the confirmed blocks in the range, ascending (`number`s; slots stay below 2^53).

// 3. Signature

/** Lists the slots that hold a confirmed block. */
export interface GetBlocks {
  /**
   * Lists the slots from `startSlot` that hold a block, ascending, up to the node's latest block at the
   * commitment asked for and at most 500,000 slots on. Skipped slots are left out.
   * @example
   * const slots = await rpc.getBlocks(356139000, { commitment: 'confirmed' });
   * console.log(`${slots.length} blocks since slot 356139000`);
   */
  (startSlot: number | bigint, config?: GetBlocksConfig): Promise<number[]>;
  /**
   * Lists the slots from `startSlot` to `endSlot` (both included) that hold a block, ascending. The range
   * may span at most 500,000 slots (agave's limit); an `endSlot` below `startSlot` gives `[]`.
   * @example
   * const slots = await rpc.getBlocks(356139000, 356139100);
   * console.log(`${101 - slots.length} of 101 slots were skipped`);
   */
  (startSlot: number | bigint, endSlot?: number | bigint, config?: GetBlocksConfig): Promise<number[]>;
}

// 4. Wire schema: the shared slot list.

function checkRange(method: string, start: number | bigint, end: number | bigint): void {
  // agave clamps the end to its latest block, then refuses a range still wider than its limit.
  const span = BigInt(end) - BigInt(start);
  if (span > MAX_BLOCKS_RANGE) {
    throw new InvalidInputError({
      method,
      param: 'endSlot',
      problem: `the range spans ${span} slots past startSlot; the node takes at most ${MAX_BLOCKS_RANGE}`,
      hint: 'split the range into several calls, or use getBlocksWithLimit.',
    });
  }
}

// 5. Definition

/** `getBlocks`: the confirmed blocks in a slot range. Served by nodes started with `--full-rpc-api`. */
export const getBlocks = /* @__PURE__ */ defineCustomMethod<GetBlocks>({
  name: 'getBlocks',
  // Slots only, below 2^53 as the schema checks: JSON.parse is exact for them, and 3-5x faster on 500,000.
  parse: parseSafeJson,
  prepare(args, method) {
    // agave takes [start], [start, end], [start, config] or [start, end, config].
    const configSecond = typeof args[1] === 'object' && args[1] !== null;
    checkArity(method, args, configSecond ? 2 : 3);
    const start = slot(method, 'startSlot', args[0]) as number | bigint;
    const end = configSecond ? undefined : checkU64(method, 'endSlot', args[1]);
    if (end !== undefined) checkRange(method, start, end);
    const { wire, options } = prepareConfig(method, confirmedBlocksOptions, args[configSecond ? 1 : 2]);
    const params: unknown[] = end === undefined ? [start] : [start, end];
    if (Object.keys(wire).length > 0) params.push(wire);
    return { params, options };
  },
  decode: (result, context) => validateResult(context.method, result, blockSlots()),
});
