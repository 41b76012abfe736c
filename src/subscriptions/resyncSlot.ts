import { ValidationError } from '../errors/ValidationError.js';
import type { PreparedSubscription } from './defineSubscription.js';

/**
 * How far the HTTP node may be ahead of the pubsub node: agave calls a node healthy while it is within
 * 128 slots of the cluster (`--health-check-slot-distance`), so two healthy nodes differ by at most that.
 */
export const MAX_SLOTS_AHEAD = 128;

/**
 * Slots come every 400 ms on a real cluster; a read may claim one more per 10 ms since the socket's newest
 * notification: forty times that pace, so a local chain that makes slots faster is not refused, while a
 * far-future slot still is (999,999,999,999 would need centuries of quiet).
 */
export const MS_PER_SLOT_ALLOWED = 10;

/** A slot and when it was seen (`Date.now()`). */
interface SeenSlot {
  slot: number;
  at: number;
}

/** What a resyncing subscription's prepared request remembers of slots. */
interface SlotMemory {
  /** The newest slot its socket's notifications showed. */
  socketSlot?: SeenSlot;
  /** The slot of a resync read taken with no notification to judge it by: the next notification judges it. */
  unjudgedRead?: number;
}

/** The highest slot a read may claim now, `seen` the socket's newest notification: beyond, a node is unhealthy or lying. */
function limit(seen: SeenSlot, now: number): number {
  return seen.slot + MAX_SLOTS_AHEAD + Math.floor(Math.max(0, now - seen.at) / MS_PER_SLOT_ALLOWED);
}

/**
 * Called with each notification's slot: the newest the socket showed. A read taken before any notification
 * that claims more than `MAX_SLOTS_AHEAD` slots beyond this later one was a lie (or the socket's node is
 * unhealthy): every notification after it would be dropped as older, silently, so the subscription ends
 * here, typed. (No allowance for time: the notification came after the read, its slot can only be higher.)
 */
export function noteSocketSlot(prepared: PreparedSubscription, slot: number, method: string): void {
  const memory = prepared as SlotMemory;
  const read = memory.unjudgedRead;
  memory.unjudgedRead = undefined;
  if (read !== undefined && read > slot + MAX_SLOTS_AHEAD) {
    throw new ValidationError({
      method,
      path: 'result.context.slot',
      expected: `within ${MAX_SLOTS_AHEAD} slots of ${read}, the slot the rpc's read after the reconnect claimed`,
      received: String(slot),
    });
  }
  if (slot > (memory.socketSlot?.slot ?? -1)) memory.socketSlot = { slot, at: Date.now() };
}

/**
 * Refuses a resync read whose context slot is beyond what the socket's newest notification allows (more
 * than `MAX_SLOTS_AHEAD`, plus a slot per `MS_PER_SLOT_ALLOWED` since): taken as newer, a far-future slot (a hostile or
 * broken HTTP node) would make every later notification look older, and be dropped. With no notification
 * yet, the read is taken, and the next notification judges it (`noteSocketSlot`).
 */
export function checkReadSlot(prepared: PreparedSubscription, slot: number, method: string): void {
  const memory = prepared as SlotMemory;
  const now = Date.now();
  const shown = memory.socketSlot;
  if (!shown) {
    memory.unjudgedRead = slot;
    return;
  }
  const most = limit(shown, now);
  if (slot > most) {
    throw new ValidationError({
      method,
      path: 'result.context.slot',
      expected: `at most ${most} (${MAX_SLOTS_AHEAD} slots beyond ${shown.slot}, the newest the socket showed, and one per ${MS_PER_SLOT_ALLOWED} ms since)`,
      received: String(slot),
    });
  }
}
