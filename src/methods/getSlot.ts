import { defineMethod } from '../defineMethod.js';
import { commitment, minContextSlot } from '../options/config.js';
import { safeInteger } from '../schemas/numbers.js';
import type { ContextConfig } from '../types/index.js';

// 1. Config

/** Options of `getSlot`. */
export interface GetSlotConfig extends ContextConfig {}

// 2. Result: a bare slot, a `number` (slots stay far below 2^53).

// 3. Signature

/** Reads the slot the node has reached. */
export interface GetSlot {
  /**
   * Reads the slot of the bank at the given commitment (the node's default: `finalized`).
   * @example
   * const slot = await rpc.getSlot({ commitment: 'confirmed' });
   * console.log(`the node is at slot ${slot}`);
   */
  (config?: GetSlotConfig): Promise<number>;
}

// 4. Wire schema: a bare u64 that must fit a number, the shared `safeInteger`.

// 5. Definition

/** `getSlot`: the slot the node has reached. Served by every node. */
export const getSlot = /* @__PURE__ */ defineMethod<GetSlot, number>({
  name: 'getSlot',
  fullApi: false,
  config: { commitment, minContextSlot },
  result: safeInteger,
});
