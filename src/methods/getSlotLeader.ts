import { defineMethod } from '../defineMethod.js';
import { commitment, minContextSlot } from '../options/config.js';
import { address } from '../schemas/address.js';
import type { Address, ContextConfig } from '../types/index.js';

// 1. Config

/** Options of `getSlotLeader` (agave's `RpcContextConfig`). */
export interface GetSlotLeaderConfig extends ContextConfig {}

// 2. Result: a bare address, the identity of the validator that leads the bank's slot.

// 3. Signature

/** Reads which validator leads the current slot. */
export interface GetSlotLeader {
  /**
   * Reads the identity of the leader of the bank at the given commitment (the node's default:
   * `finalized`): the validator that produced, or is producing, that slot's block.
   * @example
   * const leader = await rpc.getSlotLeader({ commitment: 'processed' });
   * console.log(`slot led by ${leader}`);
   */
  (config?: GetSlotLeaderConfig): Promise<Address>;
}

// 4. Wire schema: a bare base58 address, the shared `address`.

// 5. Definition

/** `getSlotLeader`: the leader of the bank's slot. Served by nodes started with `--full-rpc-api`. */
export const getSlotLeader = /* @__PURE__ */ defineMethod<GetSlotLeader, string>({
  name: 'getSlotLeader',
  config: { commitment, minContextSlot },
  result: address,
});
