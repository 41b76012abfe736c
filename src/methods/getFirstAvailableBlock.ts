import { defineMethod } from '../defineMethod.js';
import { safeInteger } from '../schemas/numbers.js';
import type { CallOptions } from '../types/index.js';

// 1. Config: agave takes no params; only the call's own options.

/** Options of `getFirstAvailableBlock`: the call's own (`signal`, `timeoutMs`); nothing is sent. */
export interface GetFirstAvailableBlockConfig extends CallOptions {}

// 2. Result: a bare slot, so there is no result interface.

// 3. Signature

/** Reads the slot of the lowest block this node (or its long-term storage) still holds. */
export interface GetFirstAvailableBlock {
  /**
   * Reads the slot of the lowest confirmed block not yet purged from the ledger: from the node's
   * blockstore, or from its long-term storage (BigTable) where that goes further back. `0` on a node with
   * neither.
   * @example
   * const first = await rpc.getFirstAvailableBlock();
   * console.log(`blocks from slot ${first} on`);
   */
  (config?: GetFirstAvailableBlockConfig): Promise<number>;
}

// 4. Wire schema: a slot, the shared `safeInteger`.

// 5. Definition

/** `getFirstAvailableBlock`: the lowest block still held. Served by nodes started with `--full-rpc-api`. */
export const getFirstAvailableBlock = /* @__PURE__ */ defineMethod<GetFirstAvailableBlock, number>({
  name: 'getFirstAvailableBlock',
  result: safeInteger,
});
