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
/**
 * What `begin` found of a call with a context slot: how it reads (found once per call, not per attempt)
 * and its floor, the newest slot returned at its commitment when it began. Kept beside the request, not
 * on it: a key added to every request object would give them two shapes, and every reader of them would
 * slow down (bench:steering from memory: 1.06-1.08x the build before issue 34 with it on the request).
 */
export type Begun = { read: ContextRead; floor: number };

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
  begin(request: TransportRequest): Begun | undefined;
  /** One attempt of `request` to `state`: the `attempt` that withRetries runs. */
  send(
    state: EndpointState,
    request: TransportRequest,
    begun: Begun | undefined,
    timeoutMs: number,
    retries: number,
  ): Promise<unknown>;
  /** Records a batch's request and outcome (the batcher sends it; its calls are checked one by one). */
  batch(
    state: EndpointState,
    methods: readonly string[],
    retries: number,
    post: () => Promise<unknown>,
  ): Promise<unknown>;
  /** Checks one batched call's result; a stale one throws StaleResponseError. */
  checkBatched(request: TransportRequest, begun: Begun | undefined, result: unknown, state: EndpointState): void;
  /** Reads the slot of endpoints not measured lately, beside the calls (several endpoints only). */
  probeIfDue(): void;
  /** Whether `probeIfDue` can ever read a slot (several endpoints, fresh reads, probes on). */
  readonly probes: boolean;
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
  const take = (
    state: EndpointState,
    request: TransportRequest,
    begun: Begun | undefined,
    result: unknown,
  ): number | undefined => {
    const read = begun?.read;
    if (!read) return undefined;
    const slot = contextSlotOf(request.method, result);
    if (slot === undefined) return undefined;
    const now = clock.now();
    const trusted = believed(state, slot, now);
    recordSlot(endpoints, state, read.commitment, trusted, now, maxLagSlots, recheckMs);
    try {
      if (reads) reads.accept(read, slot, trusted, request.method, state.endpoint.origin, begun.floor);
    } catch (error) {
      state.counters.stale++;
      // Its answers were behind once: from now on it is asked for the newest slot from the first attempt.
      state.behindOnce = true;
      if (reads) recordBehind(state, begun.floor - slot, now, maxLagSlots, recheckMs);
      throw error;
    }
    return slot;
  };

  const hooked = hooks.onRequest !== undefined || hooks.onResponse !== undefined;
  const probes = fresh !== false && fresh.probeIntervalMs > 0 && endpoints.length > 1;

  /**
   * Counts and reports one request to `state`, running `post`; `slotOf` reads the answer's slot. The event
   * is built only when a hook is given: without one, a call allocates nothing for it.
   */
  const observed = async (
    state: EndpointState,
    method: string,
    kind: RequestEvent['kind'],
    attempt: number,
    post: () => Promise<unknown>,
    slotOf: (result: unknown) => number | undefined,
    methods?: readonly string[],
  ): Promise<unknown> => {
    state.counters.requests++;
    if (attempt > 0) state.counters.retries++;
    if (!hooked) {
      let answered = false;
      try {
        const result = await post();
        state.counters.answered++;
        answered = true;
        slotOf(result);
        return result;
      } catch (error) {
        if (!answered && (isSolRpcError(error, 'RpcError') || isSolRpcError(error, 'StaleResponseError')))
          state.counters.answered++;
        throw error;
      }
    }
    const origin = state.endpoint.origin;
    const request: RequestEvent = methods
      ? { method, methods, kind, origin, endpoint: state.index, attempt }
      : { method, kind, origin, endpoint: state.index, attempt };
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

  const send: Steering['send'] = (state, request, begun, timeoutMs, retries) => {
    const read = reads && begun?.read;
    const askFresh = read && (retries > 0 || state.behindOnce || ASK_FRESH in request);
    const params = askFresh ? reads.paramsFor(read, request.params, begun.floor) : request.params;
    const raised = params !== request.params;
    const sent = raised ? { ...request, params } : request;
    return observed(
      state,
      request.method,
      'call',
      retries,
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
              newestSlot: begun.floor,
            });
          }
          throw error;
        }),
      (result) => take(state, request, begun, result),
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
      'getSlot',
      'probe',
      0,
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
      if (!reads) return undefined;
      const read = contextReadOf(request.method, request.params);
      return read && { read, floor: reads.newestAt(read.commitment) };
    },
    send,
    batch: (state, methods, retries, post) =>
      observed(state, 'batch', 'batch', retries, post, () => undefined, methods),
    checkBatched: (request, begun, result, state) => {
      take(state, request, begun, result);
    },
    probes,
    probeIfDue() {
      if (!probes) return;
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
