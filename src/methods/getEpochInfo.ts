import { defineMethod, type WireOf } from '../defineMethod.js';
import { commitment, minContextSlot } from '../options/config.js';
import { memo } from '../schemas/memo.js';
import { safeInteger } from '../schemas/numbers.js';
import { nullable, type } from '../schemas/struct.js';
import type { ContextConfig } from '../types/index.js';

// 1. Config

/** Options of `getEpochInfo`. */
export interface GetEpochInfoConfig extends ContextConfig {}

// 2. Result

/** Where the cluster is in the current epoch. */
export interface EpochInfo {
  /** The current slot. */
  absoluteSlot: number;
  /** The current block height (lower than the slot: some slots are skipped). */
  blockHeight: number;
  /** The current epoch. */
  epoch: number;
  /** The slot relative to the epoch's first slot; resets to 0 at each new epoch. */
  slotIndex: number;
  /** How many slots the current epoch has (432,000 on mainnet-beta). */
  slotsInEpoch: number;
  /** Transactions processed since genesis; `null` where the node does not say (older nodes leave it out). */
  transactionCount: number | null;
}

// 3. Signature

/** Reads the current epoch and slot. */
export interface GetEpochInfo {
  /**
   * Reads the current epoch, slot, slot index and block height.
   * @example
   * const { epoch, slotIndex, slotsInEpoch } = await rpc.getEpochInfo({ commitment: 'confirmed' });
   * console.log(`epoch ${epoch}: ${((slotIndex / slotsInEpoch) * 100).toFixed(1)}% done`);
   */
  (config?: GetEpochInfoConfig): Promise<EpochInfo>;
}

// 4. Wire schema

const epochInfo = /* @__PURE__ */ memo(() =>
  type({
    absoluteSlot: safeInteger(),
    blockHeight: safeInteger(),
    epoch: safeInteger(),
    slotIndex: safeInteger(),
    slotsInEpoch: safeInteger(),
    transactionCount: nullable(safeInteger()),
  }),
);

// 5. Definition

/** `getEpochInfo`: the current epoch and slot. Served by every node. */
export const getEpochInfo = /* @__PURE__ */ defineMethod<GetEpochInfo, WireOf<typeof epochInfo>>({
  name: 'getEpochInfo',
  fullApi: false,
  config: { commitment, minContextSlot },
  result: epochInfo,
  decode: (wire): EpochInfo => ({
    absoluteSlot: wire.absoluteSlot,
    blockHeight: wire.blockHeight,
    epoch: wire.epoch,
    slotIndex: wire.slotIndex,
    slotsInEpoch: wire.slotsInEpoch,
    transactionCount: wire.transactionCount ?? null,
  }),
});
