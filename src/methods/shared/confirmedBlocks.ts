/**
 * What `getBlocks` and `getBlocksWithLimit` share: agave's range limit, their options, and the schema of
 * the slot list they return. Not a method: no registration of its own.
 * @module
 */
import { confirmedCommitment, minContextSlot } from '../../options/config.js';
import { memo } from '../../schemas/memo.js';
import { safeInteger } from '../../schemas/numbers.js';
import { array } from '../../schemas/struct.js';
import type { CallOptions } from '../../types/index.js';

/**
 * agave's `MAX_GET_CONFIRMED_BLOCKS_RANGE`: getBlocks refuses a wider range ("Slot range too large; max
 * 500000") and getBlocksWithLimit a larger limit ("Limit too large; max 500000"), both -32602.
 */
export const MAX_BLOCKS_RANGE = 500_000;

/** Options of `getBlocks` and `getBlocksWithLimit` (agave's `RpcContextConfig`, `processed` refused). */
export interface ConfirmedBlocksConfig extends CallOptions {
  /** `'confirmed'` or `'finalized'` (the node's default); agave refuses `'processed'` for block lists. */
  commitment?: 'confirmed' | 'finalized';
  /** Fail with -32016 unless the node's bank at that commitment has reached this slot. */
  minContextSlot?: number | bigint;
}

/** The options both methods send, in agave's order. */
export const confirmedBlocksOptions = { commitment: confirmedCommitment, minContextSlot };

/** A list of slots, each a safe integer; up to 500,000 of them, so one plain pass. */
export const blockSlots = /* @__PURE__ */ memo(() => array(safeInteger()));
