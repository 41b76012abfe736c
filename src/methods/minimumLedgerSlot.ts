import { defineMethod } from '../defineMethod.js';
import { safeInteger } from '../schemas/numbers.js';
import type { CallOptions } from '../types/index.js';

// 1. Config: agave takes no params; only the call's own options.

/** Options of `minimumLedgerSlot`: the call's own (`signal`, `timeoutMs`); nothing is sent. */
export interface MinimumLedgerSlotConfig extends CallOptions {}

// 2. Result: a bare slot, so there is no result interface.

// 3. Signature

/** Reads the lowest slot the node's ledger holds. */
export interface MinimumLedgerSlot {
  /**
   * Reads the lowest slot the node has information about in its ledger (it rises as the node purges
   * old data). A node whose ledger is still empty answers -32600 `Invalid request`.
   * @example
   * const lowest = await rpc.minimumLedgerSlot();
   * console.log(`ledger from slot ${lowest}`);
   */
  (config?: MinimumLedgerSlotConfig): Promise<number>;
}

// 4. Wire schema: a slot, the shared `safeInteger`.

// 5. Definition

/** `minimumLedgerSlot`: the lowest slot in the ledger. Served by nodes started with `--full-rpc-api`. */
export const minimumLedgerSlot = /* @__PURE__ */ defineMethod<MinimumLedgerSlot, number>({
  name: 'minimumLedgerSlot',
  result: safeInteger,
});
