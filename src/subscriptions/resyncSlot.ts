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

/** What a resyncing subscription's prepared request remembers of slots. */
interface SlotMemory {
  /** The newest slot its socket's notifications showed, and when (`Date.now()`). */
  socketSlot?: number;
  socketAt?: number;
  /** The slot of a resync read taken with no notification to judge it by: the next notification judges it. */
  unjudged?: number;
}

/** The typed refusal: `slot` was claimed where at most `most` can be true (docs/subscriptions.md says why). */
function refused(method: string, slot: number, most: number): ValidationError {
  return new ValidationError({
    method,
    path: 'result.context.slot',
    expected: `at most ${most}`,
    received: String(slot),
  });
}

/**
 * Called with each notification's slot: the newest the socket showed. A read taken before any notification
 * that claims more than `MAX_SLOTS_AHEAD` slots beyond this later one was a lie (or the socket's node is
 * unhealthy): every notification after it would be dropped as older, silently, so the subscription ends
 * here, typed, the read's slot named. (No allowance for time: the notification came after the read.)
 */
export function noteSocketSlot(prepared: PreparedSubscription, slot: number, method: string): void {
  const memory = prepared as SlotMemory;
  const read = memory.unjudged;
  memory.unjudged = undefined;
  if (read !== undefined && read > slot + MAX_SLOTS_AHEAD) throw refused(method, read, slot + MAX_SLOTS_AHEAD);
  if (slot > (memory.socketSlot ?? -1)) {
    memory.socketSlot = slot;
    memory.socketAt = Date.now();
  }
}

/**
 * Refuses a resync read whose context slot is beyond what the socket's newest notification allows (more
 * than `MAX_SLOTS_AHEAD`, plus a slot per `MS_PER_SLOT_ALLOWED` since): taken as newer, a far-future slot
 * (a hostile or broken HTTP node) would make every later notification look older, and be dropped. With no
 * notification yet, the read is taken, and the next notification judges it (`noteSocketSlot`).
 */
export function checkReadSlot(prepared: PreparedSubscription, slot: number, method: string): void {
  const memory = prepared as SlotMemory;
  const shown = memory.socketSlot;
  if (shown === undefined) {
    memory.unjudged = slot;
    return;
  }
  const most = shown + MAX_SLOTS_AHEAD + Math.floor((Date.now() - (memory.socketAt as number)) / MS_PER_SLOT_ALLOWED);
  if (slot > most) throw refused(method, slot, most);
}
