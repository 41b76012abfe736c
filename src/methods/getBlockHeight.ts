import { defineMethod } from '../defineMethod.js';
import { commitment, minContextSlot } from '../options/config.js';
import { safeInteger } from '../schemas/numbers.js';
import type { ContextConfig } from '../types/index.js';

// 1. Config

/** Options of `getBlockHeight`. */
export interface GetBlockHeightConfig extends ContextConfig {}

// 2. Result: a bare block height, a `number` (lower than the slot, far below 2^53).

// 3. Signature

/** Reads the node's current block height. */
export interface GetBlockHeight {
  /**
   * Reads the block height of the bank at the given commitment (the node's default: `finalized`): how
   * many blocks lie below it, which is less than its slot because some slots have no block.
   * @example
   * const height = await rpc.getBlockHeight({ commitment: 'confirmed' });
   * console.log(`block height ${height}`);
   */
  (config?: GetBlockHeightConfig): Promise<number>;
}

// 4. Wire schema: a bare u64 that must fit a number, the shared `safeInteger`.

// 5. Definition

/** `getBlockHeight`: the current block height. Served by every node. */
export const getBlockHeight = /* @__PURE__ */ defineMethod<GetBlockHeight, number>({
  name: 'getBlockHeight',
  fullApi: false,
  config: { commitment, minContextSlot },
  result: safeInteger,
});
