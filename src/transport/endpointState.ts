/**
 * What the transport remembers about each endpoint between calls: when it is passed over (failed,
 * cooling down after a 429, lagging), the newest slot it showed at each commitment, and the counters
 * `endpointHealth` reports.
 * @module
 */
import type { Commitment } from '../types/index.js';
import type { Endpoint } from './endpoint.js';
import type { Pace } from './rateLimit.js';

const COMMITMENTS: readonly Commitment[] = ['processed', 'confirmed', 'finalized'];

/** A slot between one slot and the next: agave's target (DEFAULT_MS_PER_SLOT, 400 ms). */
const MS_PER_SLOT = 400;
/** A slot seen longer ago than this is not compared: its endpoint may have stalled or caught up since. */
const SLOT_RECORD_MS = 60_000;

/** The counters of one endpoint, from the client's creation. */
export interface EndpointCounters {
  /** Requests sent (each attempt, each batch, each slot probe counts one). */
  requests: number;
  /** Requests answered with a JSON-RPC answer (a result or an RPC error). */
  answered: number;
  /** HTTP 429s received. */
  rateLimited: number;
  /** Attempts sent here that retried a call (its second attempt or later). */
  retries: number;
  /** Calls moved from this endpoint to another after it failed, lagged or had no turn in time. */
  failovers: number;
  /** Answers refused for being older than a view already returned (StaleResponseError). */
  stale: number;
}

export interface EndpointState {
  endpoint: Endpoint;
  /** Its place in the list (0 for the first URL). */
  index: number;
  /** Its rate limit, and the pace learned from its 429s. */
  pace: Pace;
  /** Until when it is passed over after a failure (failover), in ms since the epoch. */
  unhealthyUntil: number;
  /** Until when nothing is sent to it: it answered 429 and asked for a pause. */
  coolDownUntil: number;
  /** The one request let through when a cool-down ends; the others wait for its outcome. */
  probe: Promise<unknown> | undefined;
  /** Until when it is passed over for trailing the best endpoint by more than `maxLagSlots`. */
  laggingUntil: number;
  /** Slots it trailed the best endpoint by at the last comparison (0 when not behind, null before any). */
  lag: number | null;
  /** The newest slot it showed at each commitment, and when. */
  slots: Partial<Record<Commitment, { slot: number; at: number }>>;
  /** When its slot was last read on purpose (a probe). */
  slotReadAt: number;
  /** It once answered from a view older than one returned: its calls ask for the newest slot from the first attempt. */
  behindOnce: boolean;
  counters: EndpointCounters;
}

export function newEndpointState(endpoint: Endpoint, index: number, pace: Pace, now: number): EndpointState {
  return {
    endpoint,
    index,
    pace,
    unhealthyUntil: 0,
    coolDownUntil: 0,
    probe: undefined,
    laggingUntil: 0,
    lag: null,
    slots: {},
    // As if read at its creation: slots are read once the client has been in use for a probe interval.
    slotReadAt: now,
    behindOnce: false,
    counters: { requests: 0, answered: 0, rateLimited: 0, retries: 0, failovers: 0, stale: 0 },
  };
}

/** Where `record`'s endpoint is now, assuming it kept pace: its slot plus the slots since. */
function estimate(record: { slot: number; at: number }, now: number): number {
  return record.slot + Math.floor((now - record.at) / MS_PER_SLOT);
}

/**
 * Records that `state` showed `slot` at `commitment`, then measures every endpoint's lag: its newest
 * record against the best of the others' at that commitment, each moved on by the time since. One that trails by more than `maxLagSlots` is passed
 * over for `recheckMs` (or until a newer slot shows it caught up); one within it is not.
 */
export function recordSlot(
  endpoints: readonly EndpointState[],
  state: EndpointState,
  commitment: Commitment,
  slot: number,
  now: number,
  maxLagSlots: number,
  recheckMs: number,
): void {
  const known = state.slots[commitment];
  if (!known || slot >= known.slot) state.slots[commitment] = { slot, at: now };
  if (endpoints.length < 2) return;
  for (const each of endpoints) {
    // Its newest record alone: an older one at another commitment may come from a view it has left.
    let own: { level: Commitment; slot: number; at: number } | undefined;
    for (const level of COMMITMENTS) {
      const record = each.slots[level];
      if (record && now - record.at <= SLOT_RECORD_MS && (!own || record.at > own.at)) own = { level, ...record };
    }
    if (!own) continue;
    let best = estimate(own, now);
    for (const other of endpoints) {
      const theirs = other.slots[own.level];
      if (theirs && now - theirs.at <= SLOT_RECORD_MS) best = Math.max(best, estimate(theirs, now));
    }
    const lag = best - estimate(own, now);
    each.lag = lag;
    if (lag > maxLagSlots) each.laggingUntil = Math.max(each.laggingUntil, now + recheckMs);
    else each.laggingUntil = 0;
  }
}
