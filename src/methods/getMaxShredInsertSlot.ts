import { defineMethod } from '../defineMethod.js';
import { safeInteger } from '../schemas/numbers.js';
import type { CallOptions } from '../types/index.js';

// 1. Config: agave takes no params; only the call's own options.

/** Options of `getMaxShredInsertSlot`: the call's own (`signal`, `timeoutMs`); nothing is sent. */
export interface GetMaxShredInsertSlotConfig extends CallOptions {}

// 2. Result: a bare slot, so there is no result interface.

// 3. Signature

/** Reads the highest slot the node has inserted shreds for. */
export interface GetMaxShredInsertSlot {
  /**
   * Reads the highest slot the node has inserted shreds for into its blockstore. `0` until it has
   * inserted any.
   * @example
   * const slot = await rpc.getMaxShredInsertSlot();
   * console.log(`shreds inserted up to slot ${slot}`);
   */
  (config?: GetMaxShredInsertSlotConfig): Promise<number>;
}

// 4. Wire schema: a slot, the shared `safeInteger`.

// 5. Definition

/** `getMaxShredInsertSlot`: the highest slot with shreds inserted. Served by nodes started with `--full-rpc-api`. */
export const getMaxShredInsertSlot = /* @__PURE__ */ defineMethod<GetMaxShredInsertSlot, number>({
  name: 'getMaxShredInsertSlot',
  result: safeInteger,
});
