import { defineMethod, type WireOf } from '../defineMethod.js';
import { memo } from '../schemas/memo.js';
import { safeInteger } from '../schemas/numbers.js';
import { boolean, type } from '../schemas/struct.js';
import type { CallOptions } from '../types/index.js';

// 1. Config: agave takes no params (the schedule comes from genesis, so no commitment either).

/** Options of `getEpochSchedule`: the call's own (`signal`, `timeoutMs`); nothing is sent. */
export interface GetEpochScheduleConfig extends CallOptions {}

// 2. Result

/** How the cluster divides slots into epochs, fixed at genesis. */
export interface EpochSchedule {
  /** Slots in each epoch after the warmup (432,000 on mainnet-beta). */
  slotsPerEpoch: number;
  /** How many slots before an epoch starts its leader schedule is computed. */
  leaderScheduleSlotOffset: number;
  /** Whether the first epochs are short (32 slots, doubling up to `slotsPerEpoch`). */
  warmup: boolean;
  /** The first epoch of full length: `0` without warmup. */
  firstNormalEpoch: number;
  /** The first slot of `firstNormalEpoch`: `0` without warmup. */
  firstNormalSlot: number;
}

// 3. Signature

/** Reads the cluster's epoch schedule. */
export interface GetEpochSchedule {
  /**
   * Reads the epoch schedule from the cluster's genesis config: epoch length, leader-schedule offset and
   * warmup. The same at every commitment, so it takes none.
   * @example
   * const { slotsPerEpoch, firstNormalEpoch, firstNormalSlot } = await rpc.getEpochSchedule();
   * const epochOf = (slot: number) => firstNormalEpoch + Math.floor((slot - firstNormalSlot) / slotsPerEpoch);
   */
  (config?: GetEpochScheduleConfig): Promise<EpochSchedule>;
}

// 4. Wire schema

const epochSchedule = /* @__PURE__ */ memo(() =>
  type({
    slotsPerEpoch: safeInteger(),
    leaderScheduleSlotOffset: safeInteger(),
    warmup: boolean(),
    firstNormalEpoch: safeInteger(),
    firstNormalSlot: safeInteger(),
  }),
);

// 5. Definition

/** `getEpochSchedule`: epoch length and warmup. Served by nodes started with `--full-rpc-api`. */
export const getEpochSchedule = /* @__PURE__ */ defineMethod<GetEpochSchedule, WireOf<typeof epochSchedule>>({
  name: 'getEpochSchedule',
  result: epochSchedule,
  // Field by field: keys a node adds are not copied.
  decode: (wire): EpochSchedule => ({
    slotsPerEpoch: wire.slotsPerEpoch,
    leaderScheduleSlotOffset: wire.leaderScheduleSlotOffset,
    warmup: wire.warmup,
    firstNormalEpoch: wire.firstNormalEpoch,
    firstNormalSlot: wire.firstNormalSlot,
  }),
});
