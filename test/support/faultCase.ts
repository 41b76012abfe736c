/**
 * Runs one fault case (a scenario against one method, or one CLI command) and measures everything the
 * reliability targets ask about: whether it settled and how fast, what it settled with, how many
 * requests went out, and what it left behind (timers, sockets, unhandled rejections).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { inspect, isDeepStrictEqual } from 'node:util';
import { defaultFetch } from '#default-fetch';
import { createRpc, createRpcWith, type FetchLike, isSolRpcError } from '../../src/index.js';
import { allMethods } from '../../src/methods/index.js';
import { type CliRun, runCaptured } from './cliRun.js';
import {
  type Expected,
  expectedFor,
  METHODS,
  type MethodName,
  optionsFor,
  paramsOf,
  prebuildBodies,
  SCENARIOS,
  type Scenario,
} from './faultScenarios.js';
import { type FaultServer, startFaultServer } from './faultServer.js';
import { closedPort } from './httpServer.js';

export interface Harness {
  server: FaultServer;
  /** The redirect target: must never receive a request. */
  other: FaultServer;
  refusedPort: number;
  close(): Promise<void>;
}

/** Starts the servers and builds the costly bodies, before any case's deadline starts. */
export async function startHarness(): Promise<Harness> {
  prebuildBodies();
  const server = await startFaultServer();
  const other = await startFaultServer();
  other.reset((x) => x.send(200, '{"jsonrpc":"2.0","result":"followed a redirect","id":1}'));
  const refusedPort = await closedPort();
  return {
    server,
    other,
    refusedPort,
    close: async () => {
      await server.close();
      await other.close();
    },
  };
}

/** The canaries: none may ever appear in an error, a result's inspection or the CLI's output. */
export const CANARY = {
  password: 'CanaryPassw0rdQ7',
  pathToken: 'CanaryPathTokenZ4',
  queryKey: 'CanaryQueryKeyX9',
  header: 'CanaryHeaderValueW2',
} as const;

/** The client URL of a case: plain, or carrying the password, path token and query key canaries. */
export function urlFor(h: Harness, scenario: Scenario, kind: 'plain' | 'canary'): string {
  const port = scenario.target === 'refused' ? h.refusedPort : h.server.port;
  return kind === 'plain'
    ? `http://127.0.0.1:${port}/`
    : `http://user:${CANARY.password}@127.0.0.1:${port}/${CANARY.pathToken}?api-key=${CANARY.queryKey}`;
}

// ---------------------------------------------------------------- process hooks

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => {
  unhandled.push(reason);
};
const onUncaught = (error: unknown) => {
  unhandled.push(error);
};

/** Collects unhandled rejections and uncaught exceptions; returns the function that removes the hooks. */
export function installProcessHooks(): () => void {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUncaught);
  return () => {
    process.off('unhandledRejection', onUnhandled);
    process.off('uncaughtException', onUncaught);
  };
}

// ---------------------------------------------------------------- measuring one case

export interface Measured<T> extends Settled<T> {
  elapsedMs: number;
  /**
   * The longest this process's event loop was held up during the call (its own work, GC, or a busy
   * machine not scheduling it): any timer, the client's deadlines included, could fire this much late.
   * Bounds on `elapsedMs` allow for it, so a busy machine cannot fail a client that kept its deadline.
   */
  loopDelayMs: number;
  /** Requests the main server received, and the redirect target. */
  serverRequests: number;
  otherRequests: number;
  /** Calls of the default fetch by SDK cases (counts attempts a closed port never sees). */
  fetchCalls: number;
  /** Timers or sockets still held after the case, with the server's side closed first. */
  leaks: string[];
  /** Idle keep-alive connections fetch's pool opened (not requests left open; see FaultServer). */
  idleSockets: number;
  /** Unhandled rejections and uncaught exceptions raised during the case. */
  unhandled: unknown[];
}

const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function tally(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of process.getActiveResourcesInfo()) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}

const SOCKET_KINDS = ['TCPSocketWrap', 'TCPWRAP', 'TLSWrap'];
const count = (counts: Map<string, number>, kinds: string[]) =>
  kinds.reduce((sum, kind) => sum + (counts.get(kind) ?? 0), 0);

/**
 * Runs `body`, counting the SDK cases' fetch calls, under a hard limit of `limitMs`, then checks what it left
 * behind. Timers are checked first (the fault server's are unref'd, so any ref'd one is the client's);
 * then sockets: the client must close every connection itself within a second, after which the
 * server's side is destroyed anyway.
 */
export async function measure<T>(h: Harness, limitMs: number, body: () => Promise<T>): Promise<Measured<T>> {
  await immediate();
  const before = tally();
  const taken = unhandled.length;
  const callsBefore = fetchCallCount;

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const start = performance.now();
  const outcome = await settle(
    Promise.resolve().then(() => body()),
    limitMs,
  );
  const elapsedMs = performance.now() - start;
  loop.disable();
  // Delays are sampled in nanoseconds; the sampling period itself is not a delay.
  const loopDelayMs = Math.max(0, loop.max / 1e6 - 10);
  const fetchCalls = fetchCallCount - callsBefore;

  const leaks: string[] = [];
  await immediate();
  await immediate();
  const timers = (tally().get('Timeout') ?? 0) - (before.get('Timeout') ?? 0);
  if (timers > 0) leaks.push(`${timers} timer(s) still active after the call settled`);

  // The client must release every connection that carried a request by itself: the server never
  // closes a stalled one. Idle keep-alive connections of fetch's pool are counted, not blamed.
  const socketsBefore = count(before, SOCKET_KINDS);
  const servers = [h.server, h.other];
  const busy = () => servers.reduce((sum, s) => sum + s.busyConnections, 0);
  const idle = () => servers.reduce((sum, s) => sum + s.idleConnections, 0);
  const deadline = performance.now() + 1000;
  for (;;) {
    const open = count(tally(), SOCKET_KINDS) - socketsBefore - idle();
    if (open <= 0 && busy() === 0) break;
    if (performance.now() > deadline) {
      if (busy() > 0)
        leaks.push(`${busy()} connection(s) that carried a request still open 1 s after the call settled`);
      else leaks.push(`${open} client socket(s) still open 1 s after the call settled`);
      break;
    }
    await pause(5);
  }
  const idleSockets = idle();
  // Close everything, and wait until the client has seen it, so the next case starts clean.
  for (const server of servers) server.destroyConnections();
  const settleBy = performance.now() + 500;
  while (count(tally(), SOCKET_KINDS) > socketsBefore && performance.now() < settleBy) await pause(2);
  await immediate();
  return {
    ...outcome,
    elapsedMs,
    loopDelayMs,
    serverRequests: h.server.requests.length,
    otherRequests: h.other.requests.length,
    fetchCalls,
    leaks,
    idleSockets,
    unhandled: unhandled.slice(taken),
  };
}

/** Runs one case's `call` against a server set to `scenario`, measured, given `limitMs` to settle. */
function runCase(h: Harness, scenario: Scenario, limitMs: number, call: () => Promise<unknown>) {
  h.server.reset((x) => scenario.handle(x, { otherOrigin: h.other.origin }));
  h.other.requests.length = 0;
  return measure(h, limitMs, call);
}

/** One SDK call of `method` under `scenario`, through a fresh client. */
export function runSdkCase(
  h: Harness,
  scenario: Scenario,
  method: MethodName,
  client: { url: string; headers?: Record<string, string> },
): Promise<Measured<unknown>> {
  const limit = (optionsFor(scenario).totalTimeoutMs ?? 0) + 1000;
  return runCase(h, scenario, limit, () => callSdk(scenario, method, client));
}

/**
 * Each method's answer to the `ok` scenario through `run`: what the cases that must succeed unchanged
 * are compared with. Running them first also loads fetch and its connection machinery before any case
 * measures what is left behind.
 */
export async function plainAnswers(h: Harness, run: typeof runSdkCase): Promise<Map<MethodName, unknown>> {
  const ok = SCENARIOS.find((s) => s.name === 'ok');
  if (!ok) throw new Error('no ok scenario');
  const answers = new Map<MethodName, unknown>();
  for (const method of METHODS) {
    const measured = await run(h, ok, method, { url: urlFor(h, ok, 'plain') });
    if (!measured.ok) throw new Error(`${method} fails on the plain answer: ${summarize(measured.error)}`);
    answers.set(method, measured.value);
  }
  return answers;
}

/** One in-process CLI run, HOME the directory given; the server's scenario is the caller's to set. */
export function runCli(argv: string[], home: string): Promise<CliRun> {
  return runCaptured(argv, { env: { HOME: home }, isTTY: false });
}

export interface Settled<T> {
  /** False when the promise did not settle within the limit: a hang. */
  settled: boolean;
  ok: boolean;
  value?: T;
  error?: unknown;
}

/** Waits for `promise`, at most `limitMs`; never rejects. */
export async function settle<T>(promise: Promise<T>, limitMs: number): Promise<Settled<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), limitMs);
  });
  const outcome = promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const first = await Promise.race([outcome, hang]);
  clearTimeout(timer);
  if (first === 'hang') return { settled: false, ok: false };
  return first.ok ? { settled: true, ok: true, value: first.value } : { settled: true, ok: false, error: first.error };
}

let fetchCallCount = 0;

/**
 * The SDK cases' fetch: the one a client uses when given none (in Node, the shared keep-alive
 * `node:http` pool), counted, so that attempts a closed port never sees are counted too.
 */
const countingFetch: FetchLike = async (input, init) => {
  fetchCallCount++;
  return (await defaultFetch())(input, init);
};

/** A fresh client's call of `method` with the recorded params (no measuring: see `runSdkCase`). */
export function callSdk(
  scenario: Scenario,
  method: MethodName,
  client: { url: string; headers?: Record<string, string> },
): Promise<unknown> {
  const rpc = createRpc(client.url, {
    ...optionsFor(scenario),
    headers: client.headers,
    fetch: countingFetch,
  }) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  return (rpc[method] as (...args: unknown[]) => Promise<unknown>)(...paramsOf(method));
}

/**
 * The same call through `createRpcWith` over the URL: the basic transport, one request per call, with
 * the scenario's per-attempt timeout and size cap (it has no retries or total deadline to give).
 */
export function callBasic(
  scenario: Scenario,
  method: MethodName,
  client: { url: string; headers?: Record<string, string> },
): Promise<unknown> {
  const { timeoutMs, maxResponseBytes } = optionsFor(scenario);
  const rpc = createRpcWith(client.url, allMethods, {
    timeoutMs,
    maxResponseBytes,
    headers: client.headers,
    fetch: countingFetch,
  }) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  return (rpc[method] as (...args: unknown[]) => Promise<unknown>)(...paramsOf(method));
}

/** One call of `method` under `scenario` through a fresh basic-transport client. */
export function runBasicCase(
  h: Harness,
  scenario: Scenario,
  method: MethodName,
  client: { url: string; headers?: Record<string, string> },
): Promise<Measured<unknown>> {
  const limit = (optionsFor(scenario).timeoutMs ?? 0) + 1000;
  return runCase(h, scenario, limit, () => callBasic(scenario, method, client));
}

// ---------------------------------------------------------------- judging an SDK case

/** Everything wrong with a measured SDK case, as readable lines; empty when it behaved. */
export function problemsOf(
  measured: Measured<unknown>,
  scenario: Scenario,
  method: MethodName,
  golden: ReadonlyMap<MethodName, unknown>,
): string[] {
  const expected: Expected = expectedFor(scenario, method);
  const options = optionsFor(scenario);
  const problems: string[] = [];
  if (!measured.settled) return [`HANG: did not settle within ${(options.totalTimeoutMs ?? 0) + 1000} ms`];
  const late = lateness(measured, (options.totalTimeoutMs ?? 0) + 250);
  if (late) problems.push(`${late}, past the total deadline + 250 ms`);
  const waited = expected.maxElapsedMs === undefined ? undefined : lateness(measured, expected.maxElapsedMs);
  if (waited) problems.push(`${waited}; a refused Retry-After must not be waited for`);
  const attempts = scenario.target === 'refused' ? measured.fetchCalls : measured.serverRequests;
  if (attempts !== expected.attempts)
    problems.push(`made ${attempts} attempt(s), the policy says ${expected.attempts}`);
  if (measured.fetchCalls !== expected.attempts) problems.push(`called fetch ${measured.fetchCalls} time(s)`);
  if (measured.otherRequests !== 0) problems.push(`the redirect target received ${measured.otherRequests} request(s)`);
  problems.push(...measured.leaks.map((leak) => `LEAK: ${leak}`));
  problems.push(...measured.unhandled.map((u) => `UNHANDLED: ${summarize(u)}`));

  if (measured.ok) {
    if (expected.outcome !== 'success') problems.push(`resolved, expected ${expected.outcome}`);
    else if (expected.sameAsOk && !isDeepStrictEqual(measured.value, golden.get(method))) {
      problems.push(`resolved with a result different from the plain answer's: ${short(measured.value)}`);
    }
    if (expected.check) problems.push(...expected.check(measured.value));
    return problems;
  }
  const error = measured.error;
  if (!isSolRpcError(error)) return [...problems, `UNTYPED: rejected with ${summarize(error)}`];
  if (expected.outcome === 'success') return [...problems, `rejected with ${summarize(error)}`];
  if (!isSolRpcError(error, expected.outcome)) {
    return [...problems, `rejected with ${summarize(error)}, expected ${expected.outcome}`];
  }
  const fields = error as unknown as Record<string, unknown>;
  if (expected.status !== undefined && fields.status !== expected.status) {
    problems.push(`status ${String(fields.status)}, expected ${expected.status}`);
  }
  if (expected.reason !== undefined && fields.reason !== expected.reason) {
    problems.push(`reason ${String(fields.reason)}, expected ${expected.reason}`);
  }
  if (expected.code !== undefined && fields.code !== expected.code) {
    problems.push(`code ${String(fields.code)}, expected ${expected.code}`);
  }
  if (expected.retryAfterMs) {
    const [min, max] = expected.retryAfterMs;
    const got = fields.retryAfterMs as number;
    if (!(got >= min && got <= max)) problems.push(`retryAfterMs ${got}, expected ${min}..${max}`);
  }
  if (error.method !== method) problems.push(`error.method is ${String(error.method)}`);
  if (expected.check) problems.push(...expected.check(error));
  return problems;
}

/**
 * Whether a case took longer than `boundMs` plus the time its process was held up (`loopDelayMs`),
 * said in words; undefined when it did not. A bound on time guards against a deadline not kept, never
 * against a machine that is merely busy.
 */
export function lateness(measured: Measured<unknown>, boundMs: number): string | undefined {
  if (measured.elapsedMs <= boundMs + measured.loopDelayMs) return undefined;
  return `settled after ${Math.round(measured.elapsedMs)} ms (the event loop held up ${Math.round(measured.loopDelayMs)} ms at most)`;
}

export function summarize(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message.split('\n')[0]?.slice(0, 200)}`;
  return short(value);
}

function short(value: unknown): string {
  return inspect(value, { depth: 2, breakLength: Infinity }).slice(0, 200);
}
