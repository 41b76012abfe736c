/**
 * Steering: what happens around each request the HTTP transport sends to one endpoint of its list. The
 * request's params get the freshness floor (`minContextSlot`) when it is a retry or the endpoint has been
 * behind; the answer's context slot is recorded (the endpoint's lag) and checked against the newest the
 * client has returned (fresh reads); the counters move and the hooks are told. With several endpoints it
 * also reads, now and then, each endpoint's slot, so a lagging one is known before a call meets it.
 * @module
 */
import { isSolRpcError } from '../errors/isSolRpcError.js';
import type { SolRpcError } from '../errors/SolRpcError.js';
import { StaleResponseError } from '../errors/StaleResponseError.js';
import type { Clock } from '../types/clock.js';
import type { TransportRequest } from '../types/index.js';
import { exchange } from './basic.js';
import { believed, type EndpointState, recordBehind, recordSlot } from './endpointState.js';
import { type ContextRead, contextReadOf, contextSlotOf, type FreshReadOptions, FreshReads } from './freshness.js';
import { notify, type RequestEvent, type TransportHooks } from './hooks.js';

/** The defaults of `FreshReadOptions`. */
export const DEFAULT_MAX_LAG_SLOTS = 20;
export const DEFAULT_PROBE_INTERVAL_MS = 10_000;
/** The slowest rate limit under which an endpoint's slot is read on purpose. */
const PROBE_MIN_RATE = 10;
/** A slot read's own limit: it measures the endpoint, and never holds a call. */
const PROBE_TIMEOUT_MS = 5_000;

/** Set on a request that must ask for the newest slot from its first attempt (a batched call sent again). */
export const ASK_FRESH = Symbol('solrpc.askFresh');
/** The newest slot returned at a call's commitment when it began: what its answers may not go below. */
const FLOOR = Symbol('solrpc.floor');

/** A call's floor, set by `begin` (the newest slot now, when it was not). */
function floorOf(request: TransportRequest, reads: FreshReads, read: ContextRead): number {
  return (request as { [FLOOR]?: number })[FLOOR] ?? reads.newestAt(read.commitment);
}

export interface SteeringOptions {
  endpoints: readonly EndpointState[];
  clock: Clock;
  /** Fresh reads' settings, or `false` when the caller turned them off. */
  fresh: Required<FreshReadOptions> | false;
  /** How long a lagging endpoint is passed over when its slot is not read again (`endpointCooldownMs`). */
  recheckMs: number;
  hooks: TransportHooks;
  newId: () => number;
}

export interface Steering {
  /** The call as its attempts send it: with its floor, the newest slot returned before it began. */
  begin(request: TransportRequest): TransportRequest;
  /** One attempt of `request` to `state`: the `attempt` that withRetries runs. */
  send(state: EndpointState, request: TransportRequest, timeoutMs: number, retries: number): Promise<unknown>;
  /** Records a batch's request and outcome (the batcher sends it; its calls are checked one by one). */
  batch(
    state: EndpointState,
    methods: readonly string[],
    retries: number,
    post: () => Promise<unknown>,
  ): Promise<unknown>;
  /** Checks one batched call's result; a stale one throws StaleResponseError. */
  checkBatched(request: TransportRequest, result: unknown, state: EndpointState): void;
  /** Reads the slot of endpoints not measured lately, beside the calls (several endpoints only). */
  probeIfDue(): void;
}

export function createSteering(options: SteeringOptions): Steering {
  const { endpoints, clock, fresh, hooks, newId, recheckMs } = options;
  const reads = fresh ? new FreshReads() : undefined;
  const maxLagSlots = fresh ? fresh.maxLagSlots : Number.POSITIVE_INFINITY;
  let lastProbeRound = Number.NEGATIVE_INFINITY;

  /**
   * Takes an answer's slot for the endpoint's lag; with fresh reads, refuses it if older than one returned
   * before the call began (StaleResponseError). A slot further past the endpoint's own last one than a
   * cluster moves (a lie, or a test cluster's warp) is returned, but believed only that far: it raises
   * neither the client's floor nor the endpoint's record past it, so one lie cannot make every honest
   * answer after it look old.
   */
  const take = (state: EndpointState, request: TransportRequest, result: unknown): number | undefined => {
    const read = contextReadOf(request.method, request.params);
    if (!read) return undefined;
    const slot = contextSlotOf(request.method, result);
    if (slot === undefined) return undefined;
    const now = clock.now();
    const trusted = believed(state, slot, now);
    recordSlot(endpoints, state, read.commitment, trusted, now, maxLagSlots, recheckMs);
    try {
      if (reads)
        reads.accept(read, slot, trusted, request.method, state.endpoint.origin, floorOf(request, reads, read));
    } catch (error) {
      state.counters.stale++;
      // Its answers were behind once: from now on it is asked for the newest slot from the first attempt.
      state.behindOnce = true;
      if (reads) recordBehind(state, floorOf(request, reads, read) - slot, now, maxLagSlots, recheckMs);
      throw error;
    }
    return slot;
  };

  const event = (state: EndpointState, method: string, kind: RequestEvent['kind'], attempt: number): RequestEvent => ({
    method,
    kind,
    origin: state.endpoint.origin,
    endpoint: state.index,
    attempt,
  });

  /** Counts and reports one request to `state`, running `post`; `slotOf` reads the answer's slot. */
  const observed = async (
    state: EndpointState,
    request: RequestEvent,
    post: () => Promise<unknown>,
    slotOf: (result: unknown) => number | undefined,
  ): Promise<unknown> => {
    state.counters.requests++;
    if (request.attempt > 0) state.counters.retries++;
    notify(hooks.onRequest, request);
    const started = clock.now();
    let answered = false;
    try {
      const result = await post();
      state.counters.answered++;
      answered = true;
      const contextSlot = slotOf(result);
      if (hooks.onResponse) {
        const done = { ...request, durationMs: clock.now() - started, ok: true };
        notify(hooks.onResponse, contextSlot === undefined ? done : { ...done, contextSlot });
      }
      return result;
    } catch (error) {
      if (!answered && (isSolRpcError(error, 'RpcError') || isSolRpcError(error, 'StaleResponseError')))
        state.counters.answered++;
      if (hooks.onResponse) {
        const failed = { ...request, durationMs: clock.now() - started, ok: false };
        notify(hooks.onResponse, isSolRpcError(error) ? { ...failed, error: error as SolRpcError } : failed);
      }
      throw error;
    }
  };

  const send: Steering['send'] = (state, request, timeoutMs, retries) => {
    const read = reads && contextReadOf(request.method, request.params);
    const askFresh = read && (retries > 0 || state.behindOnce || ASK_FRESH in request);
    const params = askFresh ? reads.paramsFor(read, request.params, floorOf(request, reads, read)) : request.params;
    const raised = params !== request.params;
    const sent = raised ? { ...request, params } : request;
    return observed(
      state,
      event(state, request.method, 'call', retries),
      () =>
        exchange(state.endpoint, sent, newId(), timeoutMs).catch((error: unknown) => {
          // -32016 to the floor this client raised: the node's view is older than one returned.
          if (raised && read && isSolRpcError(error, 'RpcError') && error.code === -32016) {
            const data = error.data as { contextSlot?: unknown } | null | undefined;
            const slot = typeof data?.contextSlot === 'number' ? data.contextSlot : 0;
            state.counters.stale++;
            throw new StaleResponseError({
              method: request.method,
              origin: state.endpoint.origin,
              commitment: read.commitment,
              contextSlot: slot,
              newestSlot: floorOf(request, reads, read),
            });
          }
          throw error;
        }),
      (result) => take(state, request, result),
    );
  };

  const probe = (state: EndpointState) => {
    state.slotReadAt = clock.now();
    // A slot reading every probe interval is a share of a limit's budget worth spending only at 10/s or
    // more (1 % of it at the default interval): a slower limit's tokens are the calls'.
    const pace = state.pace.state;
    if (pace.limited && pace.rate < PROBE_MIN_RATE) return;
    // Only when the endpoint's rate limit has a turn now: a slot read never makes a call wait.
    const turn = state.pace.turn(state.pace.weightOf('getSlot'), {
      method: 'getSlot',
      origin: state.endpoint.origin,
      deadline: clock.now(),
    });
    if (turn) {
      turn.catch(() => undefined);
      return;
    }
    const request: TransportRequest = { method: 'getSlot', params: [{ commitment: 'processed' }] };
    observed(
      state,
      event(state, 'getSlot', 'probe', 0),
      () => exchange(state.endpoint, request, newId(), PROBE_TIMEOUT_MS),
      (result) => {
        const slot = contextSlotOf('getSlot', result);
        if (slot === undefined) return undefined;
        recordSlot(
          endpoints,
          state,
          'processed',
          believed(state, slot, clock.now()),
          clock.now(),
          maxLagSlots,
          recheckMs,
        );
        return slot;
      },
    ).catch(() => undefined);
  };

  return {
    begin(request) {
      const read = reads && contextReadOf(request.method, request.params);
      if (!read || FLOOR in request) return request;
      return { ...request, [FLOOR]: reads.newestAt(read.commitment) } as TransportRequest;
    },
    send,
    batch: (state, methods, retries, post) =>
      observed(state, { ...event(state, 'batch', 'batch', retries), methods }, post, () => undefined),
    checkBatched: (request, result, state) => {
      take(state, request, result);
    },
    probeIfDue() {
      if (!fresh || fresh.probeIntervalMs === 0 || endpoints.length < 2) return;
      const now = clock.now();
      if (now - lastProbeRound < fresh.probeIntervalMs) return;
      lastProbeRound = now;
      for (const state of endpoints) {
        const processed = state.slots.processed;
        const measured = Math.max(state.slotReadAt, processed?.at ?? Number.NEGATIVE_INFINITY);
        if (now - measured >= fresh.probeIntervalMs) probe(state);
      }
    },
  };
}
