/**
 * What the transport remembers about each endpoint between calls: when it is passed over (failed,
 * cooling down after a 429, lagging), the newest slot it showed at each commitment, and the counters
 * `endpointHealth` reports.
 * @module
 */
import type { Commitment } from '../types/index.js';
import type { Endpoint } from './endpoint.js';
import { FASTEST_MS_PER_SLOT, FUTURE_SLOTS } from './freshness.js';
import type { Pace } from './rateLimit.js';
import type { SlowStart } from './slowStart.js';

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
  /** After a 429: the calls let go at once while it recovers (slowStart.ts); none otherwise. */
  window?: SlowStart | undefined;
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

/** The furthest slot an endpoint that showed `record` can honestly show now (see FUTURE_SLOTS). */
function reach(record: { slot: number; at: number }, now: number): number {
  return record.slot + FUTURE_SLOTS + Math.floor((now - record.at) / FASTEST_MS_PER_SLOT);
}

/**
 * The most of `slot` to believe from `state`: no further past the newest slot it showed before (at any
 * commitment) than a cluster can move. Its first answer has nothing to be judged by.
 */
export function believed(state: EndpointState, slot: number, now: number): number {
  let newest: { slot: number; at: number } | undefined;
  for (const level of COMMITMENTS) {
    const record = state.slots[level];
    if (record && (!newest || record.slot > newest.slot)) newest = record;
  }
  return newest ? Math.min(slot, reach(newest, now)) : slot;
}

/**
 * Records that `state` showed `slot` at `commitment`, then measures every endpoint's lag: its newest
 * record at a commitment another endpoint has shown too, against the best of theirs, each moved on by the
 * time since. One endpoint far beyond all the others (a lie, FUTURE_SLOTS) is not taken for the best
 * while two others agree. An endpoint with nothing comparable keeps the lag it had.
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
    // Its records, newest first: an older one at another commitment may come from a view it has left.
    const own = COMMITMENTS.flatMap((level) => {
      const record = each.slots[level];
      return record && now - record.at <= SLOT_RECORD_MS ? [{ level, ...record }] : [];
    }).sort((a, b) => b.at - a.at);
    for (const mine of own) {
      const theirs: number[] = [];
      for (const other of endpoints) {
        const record = other === each ? undefined : other.slots[mine.level];
        if (record && now - record.at <= SLOT_RECORD_MS) theirs.push(estimate(record, now));
      }
      if (theirs.length === 0) continue;
      theirs.sort((a, b) => b - a);
      const [first = 0, second] = theirs;
      const best = second !== undefined && first > second + FUTURE_SLOTS ? second : first;
      const lag = Math.max(0, best - estimate(mine, now));
      each.lag = lag;
      if (lag > maxLagSlots) each.laggingUntil = Math.max(each.laggingUntil, now + recheckMs);
      else each.laggingUntil = 0;
      break;
    }
  }
}

/** An answer older than the newest returned by `behind` slots: the endpoint lags by that much at least. */
export function recordBehind(
  state: EndpointState,
  behind: number,
  now: number,
  maxLagSlots: number,
  recheckMs: number,
) {
  state.lag = Math.max(state.lag ?? 0, behind);
  if (behind > maxLagSlots) state.laggingUntil = Math.max(state.laggingUntil, now + recheckMs);
}
