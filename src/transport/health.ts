/**
 * `endpointHealth(client)`: each endpoint's counters and state, as the transport sees them now.
 * @module
 */
import { clientLink } from '../clientLink.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import type { Commitment, Transport } from '../types/index.js';
import type { EndpointCounters, EndpointState } from './endpointState.js';

/** One endpoint's health: its counters since the client was made, and its state now. */
export interface EndpointHealth extends EndpointCounters {
  /** The endpoint's origin: never its path, query or credentials. */
  origin: string;
  /** Its place in the client's list (0 for the first URL). */
  index: number;
  /** The newest slot it showed at each commitment (from answers and slot reads). */
  slots: Partial<Record<Commitment, number>>;
  /** The newest slot it showed at any commitment, or `null` before any. */
  lastSlot: number | null;
  /** Slots it trailed the best endpoint by at the last comparison (`null` with one endpoint, or before any). */
  lagSlots: number | null;
  /** Passed over now for trailing the best endpoint by more than `freshReads.maxLagSlots`. */
  lagging: boolean;
  /** Passed over now after a failure (for `endpointCooldownMs`). */
  failing: boolean;
  /** Cooling down now after a 429 that asked for a pause. */
  coolingDown: boolean;
  /** The pace its rate limit allows now, in requests a second (lowered by 429s); `null` when unlimited. */
  requestsPerSecond: number | null;
  /** Calls waiting for a turn under its rate limit, or for a slot of its slow start after a 429. */
  queued: number;
}

/** The health reader a transport made by solrpc carries. */
export const HEALTH = Symbol.for('solrpc.health');

/** Gives `transport` the reader `endpointHealth` finds. */
export function withHealth(transport: Transport, endpoints: readonly EndpointState[], now: () => number): Transport {
  const read = (): EndpointHealth[] => endpoints.map((state) => healthOf(state, now()));
  return Object.defineProperty(transport, HEALTH, { value: read });
}

function healthOf(state: EndpointState, now: number): EndpointHealth {
  const slots: Partial<Record<Commitment, number>> = {};
  let lastSlot: number | null = null;
  for (const level of ['processed', 'confirmed', 'finalized'] as const) {
    const record = state.slots[level];
    if (!record) continue;
    slots[level] = record.slot;
    lastSlot = Math.max(lastSlot ?? 0, record.slot);
  }
  const pace = state.pace.state;
  return {
    origin: state.endpoint.origin,
    index: state.index,
    ...state.counters,
    slots,
    lastSlot,
    lagSlots: state.lag,
    lagging: state.laggingUntil > now,
    failing: state.unhealthyUntil > now,
    coolingDown: state.coolDownUntil > now,
    requestsPerSecond: pace.limited ? pace.rate : null,
    queued: pace.queued + (state.window?.queue.length ?? 0),
  };
}

/**
 * Each endpoint's health now: requests, 429s, retries, failovers, the slot it last showed and how far it
 * trails the best endpoint, and its rate limit's pace. Takes a client of `createRpc` (or `createRpcWith`
 * over `createHttpTransport`), or the transport itself.
 * @example
 * for (const endpoint of endpointHealth(rpc)) {
 *   console.log(endpoint.origin, endpoint.requests, endpoint.rateLimited, endpoint.lagSlots);
 * }
 */
export function endpointHealth(client: object): EndpointHealth[] {
  const transport = typeof client === 'function' ? client : clientLink(client)?.transport;
  const read = (transport as { [HEALTH]?: () => EndpointHealth[] } | undefined)?.[HEALTH];
  if (!read) {
    throw new InvalidInputError({
      method: 'endpointHealth',
      param: 'client',
      problem:
        'expected a client of createRpc, or a transport of createHttpTransport (a custom transport keeps no health)',
    });
  }
  return read();
}
