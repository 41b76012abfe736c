import { parseSafeJson } from '../codecs/json.js';
import { defineMethod } from '../defineMethod.js';
import { countUpTo, slot } from '../options/config.js';
import { address } from '../schemas/address.js';
import { memo } from '../schemas/memo.js';
import { array } from '../schemas/struct.js';
import type { Address, CallOptions } from '../types/index.js';

// 1. Config: agave takes `[startSlot, limit]` and nothing else (it reads the finalized bank's schedule).

/** Options of `getSlotLeaders`: the call's own (`signal`, `timeoutMs`); nothing else is sent. */
export interface GetSlotLeadersConfig extends CallOptions {}

// 2. Result: one leader identity per slot, in slot order.

// 3. Signature

/** Lists the leaders of a run of slots. */
export interface GetSlotLeaders {
  /**
   * Lists the leader identity of each of `limit` slots from `startSlot` on (included), in slot order, read
   * from the leader schedules the node holds; the run may cross into the next epoch when the node already
   * has its schedule. `limit` is 0 to 5,000 (agave's limit; 0 gives `[]`).
   * @example
   * const tip = await rpc.getSlot({ commitment: 'processed' });
   * const next = await rpc.getSlotLeaders(tip, 10);
   * console.log(`the next 10 slots are led by ${new Set(next).size} validators`);
   */
  (startSlot: number | bigint, limit: number, config?: GetSlotLeadersConfig): Promise<Address[]>;
}

// 4. Argument check and wire schema

/** agave's `MAX_GET_SLOT_LEADERS` (rpc-client-types/src/request.rs). */
const MAX_SLOT_LEADERS = 5_000;

/**
 * agave refuses a larger limit with -32602 "Invalid limit; max 5000" and answers 0 with `[]` (it checks
 * `limit > MAX_GET_SLOT_LEADERS` only), so 0 is sent like any other limit.
 */
const limit = /* @__PURE__ */ countUpTo(MAX_SLOT_LEADERS);

const leaders = /* @__PURE__ */ memo(() => array(address()));

// 5. Definition

/** `getSlotLeaders`: the leaders of a run of slots. Served by nodes started with `--full-rpc-api`. */
export const getSlotLeaders = /* @__PURE__ */ defineMethod<GetSlotLeaders, string[]>({
  name: 'getSlotLeaders',
  // Addresses only: nothing JSON.parse could round.
  parse: parseSafeJson,
  args: { startSlot: slot, limit },
  result: leaders,
});
