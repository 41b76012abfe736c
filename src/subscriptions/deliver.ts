import type { Entry } from './connectionOptions.js';
import { REMEMBERED_KEYS } from './defineSubscription.js';

/**
 * Hands a decoded notification to every consumer, unless something newer was delivered already: a state
 * read over HTTP after a resubscribe is dropped unless it is newer than the last notification, and a late
 * notification unless it is at least as new as the read.
 */
export function deliver(entry: Entry, value: unknown, resynced = false): void {
  const { definition } = entry;
  const slot = definition.slotOf?.(value);
  if (slot !== undefined) {
    const key = definition.keyOf ? definition.keyOf(value) : '';
    const newest = entry.slots.get(key);
    if (newest !== undefined && (slot < newest || (resynced && slot === newest))) return;
    // Newest last, so the least recently delivered key is the one forgotten past the bound.
    entry.slots.delete(key);
    entry.slots.set(key, slot);
    if (entry.slots.size > REMEMBERED_KEYS) entry.slots.delete(entry.slots.keys().next().value as string);
  }
  for (const stream of entry.streams) stream.push(value);
}
