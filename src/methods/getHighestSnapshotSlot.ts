import { defineMethod, type WireOf } from '../defineMethod.js';
import { memo } from '../schemas/memo.js';
import { safeInteger } from '../schemas/numbers.js';
import { nullable, type } from '../schemas/struct.js';
import type { CallOptions } from '../types/index.js';

// 1. Config: agave takes no params (it reads the node's snapshot archive directories).

/** Options of `getHighestSnapshotSlot`: the call's own (`signal`, `timeoutMs`); nothing is sent. */
export interface GetHighestSnapshotSlotConfig extends CallOptions {}

// 2. Result

/** The slots of the newest snapshots the node holds, which a node catching up can download from it. */
export interface SnapshotSlots {
  /** The slot of the newest full snapshot. */
  full: number;
  /** The slot of the newest incremental snapshot on top of that full one; `null` when there is none. */
  incremental: number | null;
}

// 3. Signature

/** Reads the slots of the node's newest snapshots. */
export interface GetHighestSnapshotSlot {
  /**
   * Reads the slot of the newest full snapshot the node holds, and of the newest incremental snapshot
   * based on it. A node without snapshots answers -32008 (`NO_SNAPSHOT`, "No snapshot").
   * @example
   * const { full, incremental } = await rpc.getHighestSnapshotSlot();
   * console.log(`full snapshot at ${full}, incremental at ${incremental ?? 'none'}`);
   */
  (config?: GetHighestSnapshotSlotConfig): Promise<SnapshotSlots>;
}

// 4. Wire schema (agave's `RpcSnapshotSlotInfo`: `incremental` is an Option, sent as null)

const snapshotSlots = /* @__PURE__ */ memo(() => type({ full: safeInteger(), incremental: nullable(safeInteger()) }));

// 5. Definition

/** `getHighestSnapshotSlot`: the newest snapshots' slots. Served by every node. */
export const getHighestSnapshotSlot = /* @__PURE__ */ defineMethod<
  GetHighestSnapshotSlot,
  WireOf<typeof snapshotSlots>
>({
  name: 'getHighestSnapshotSlot',
  fullApi: false,
  result: snapshotSlots,
  // A missing incremental is null, as a null one is.
  decode: (wire): SnapshotSlots => ({ full: wire.full, incremental: wire.incremental ?? null }),
});
