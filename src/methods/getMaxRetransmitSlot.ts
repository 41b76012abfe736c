import { defineMethod } from '../defineMethod.js';
import { safeInteger } from '../schemas/numbers.js';
import type { CallOptions } from '../types/index.js';

// 1. Config: agave takes no params; only the call's own options.

/** Options of `getMaxRetransmitSlot`: the call's own (`signal`, `timeoutMs`); nothing is sent. */
export interface GetMaxRetransmitSlotConfig extends CallOptions {}

// 2. Result: a bare slot, so there is no result interface.

// 3. Signature

/** Reads the highest slot the node has seen in its retransmit stage. */
export interface GetMaxRetransmitSlot {
  /**
   * Reads the highest slot the node has seen in its retransmit stage (shreds it passed on to peers).
   * `0` until the node has retransmitted any.
   * @example
   * const slot = await rpc.getMaxRetransmitSlot();
   * console.log(`retransmitted up to slot ${slot}`);
   */
  (config?: GetMaxRetransmitSlotConfig): Promise<number>;
}

// 4. Wire schema: a slot, the shared `safeInteger`.

// 5. Definition

/** `getMaxRetransmitSlot`: the highest slot retransmitted. Served by nodes started with `--full-rpc-api`. */
export const getMaxRetransmitSlot = /* @__PURE__ */ defineMethod<GetMaxRetransmitSlot, number>({
  name: 'getMaxRetransmitSlot',
  result: safeInteger,
});
