/**
 * The fault scenarios of the reliability reference (§2.2 rows 16–32, appendix A), each a server
 * behaviour plus what the client must make of it with the options below: success, or the error class
 * and the exact number of attempts the retry policy makes.
 *
 * Policy under test (BASE_OPTIONS): 4 attempts at most (3 retries) for 408/429/5xx, network failures,
 * timeouts and RPC -32005/-32016; one attempt for everything else. Backoffs are 5–20 ms so that the
 * whole table runs in seconds; Retry-After waits longer than a second are tested as "refused at once".
 * The attempt timeout is 1 s, far above a loopback answer even on a loaded machine, except in the
 * slow-server scenarios, where timing out is the point and 100 ms keeps 4 attempts short.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { parseJson, stringifyJson } from '../../src/codecs/json.js';
import type { HttpTransportOptions, SolRpcErrorName } from '../../src/index.js';
import { type FaultPlan, fullMatrix, planFaultCases } from './budget.js';
import { type Exchange, stream } from './faultServer.js';
import { isMethodName, METHOD_NAMES, type MethodName, PROFILES, profileOf } from './methodProfiles.js';

/** Every method, from the profile table: each is called with, and answered from, its profile's fixture. */
export const METHODS: readonly MethodName[] = METHOD_NAMES;
export type { MethodName };

interface MethodFixture {
  params: unknown[];
  /** The recorded `result`, parsed exactly (u64 values as bigint). */
  result: unknown;
}

const fixtures = new Map<string, MethodFixture>();
for (const method of METHODS) {
  const file = new URL(`../fixtures/conformance/${PROFILES[method].fixture}`, import.meta.url);
  const recorded = JSON.parse(readFileSync(file, 'utf8')) as { params: unknown[]; responseText: string };
  const parsed = parseJson(recorded.responseText) as { result: unknown };
  fixtures.set(method, { params: recorded.params, result: parsed.result });
}

/** The params each method is called with (the recording's own). */
export function paramsOf(method: MethodName): unknown[] {
  return structuredClone((fixtures.get(method) as MethodFixture).params);
}

/** Whether the method's recorded result is `{ context, value }` (else it is bare). */
export function contextWrapped(method: MethodName): boolean {
  const result = (fixtures.get(method) as MethodFixture).result;
  return typeof result === 'object' && result !== null && 'context' in result && 'value' in result;
}

function resultOf(rpcMethod: string | undefined): unknown {
  return structuredClone((fixtures.get(rpcMethod ?? '') ?? (fixtures.get('getBalance') as MethodFixture)).result);
}

const envelope = (id: unknown, member: string) => `{"jsonrpc":"2.0",${member},"id":${JSON.stringify(id ?? null)}}`;
/** The correct answer to the request of `x`, as exact JSON text. */
export const okText = (x: Exchange) =>
  envelope(x.request.id, `"result":${stringifyJson(resultOf(x.request.rpcMethod))}`);
const withResult = (x: Exchange, result: unknown) => envelope(x.request.id, `"result":${stringifyJson(result)}`);
const rpcError = (x: Exchange, code: number, message: string, data?: unknown, id: unknown = x.request.id) =>
  envelope(id, `"error":${stringifyJson({ code, message, ...(data === undefined ? {} : { data }) })}`);

/** The URL the client used, as a careless proxy would echo it: credentials from the Authorization header too. */
export function echoedUrl(x: Exchange): string {
  const auth = /^Basic (.+)$/.exec(x.request.headers.authorization ?? '')?.[1];
  const userinfo = auth ? `${Buffer.from(auth, 'base64').toString('utf8')}@` : '';
  return `http://${userinfo}${x.origin.slice('http://'.length)}${x.request.path}`;
}

/**
 * The bare secrets of a request, as a provider quoting the key it refused gives them: the first path
 * segment, the `api-key` query value, the password of the Authorization header, the `x-api-key` header.
 */
export function bareKeys(x: Exchange): { path: string; query: string; password: string; header: string } {
  const url = new URL(x.request.path, 'http://any');
  const auth = /^Basic (.+)$/.exec(x.request.headers.authorization ?? '')?.[1];
  return {
    path: url.pathname.split('/')[1] ?? '',
    query: url.searchParams.get('api-key') ?? '',
    password: auth ? (Buffer.from(auth, 'base64').toString('utf8').split(':')[1] ?? '') : '',
    header: x.request.headers['x-api-key'] ?? '',
  };
}

// ---------------------------------------------------------------- expectations

export interface Expected {
  /** `'success'`, or the class of the only error the call may reject with. */
  outcome: 'success' | SolRpcErrorName;
  /** Requests the policy makes, exactly. */
  attempts: number;
  status?: number;
  reason?: string;
  code?: number | string;
  /** Inclusive bounds for `RateLimitedError.retryAfterMs`. */
  retryAfterMs?: readonly [number, number];
  /** The result must deep-equal the one for the plain recorded answer. */
  sameAsOk?: boolean;
  /** A Retry-After refused at once must not be waited for. */
  maxElapsedMs?: number;
  /** Further checks on the error or result; returns the problems found. */
  check?: (value: unknown) => string[];
}

/** The client options every case uses; a scenario may override some. */
export const BASE_OPTIONS = {
  timeoutMs: 1000,
  totalTimeoutMs: 3000,
  maxResponseBytes: 256 * 1024,
  retry: { baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 2500 },
} as const satisfies HttpTransportOptions;

export interface ScenarioOptions {
  timeoutMs?: number;
  totalTimeoutMs?: number;
  maxResponseBytes?: number;
  retry?: { maxRetryAfterMs?: number };
}

/** What a scenario's handler may need besides the exchange. */
export interface ScenarioEnv {
  /** Another loopback server (for redirects): it must receive nothing. */
  otherOrigin: string;
}

export interface Scenario {
  name: string;
  /** The row of the reliability reference's §2.2 table it expands. */
  row: number;
  /**
   * The outcome depends on the method's result shape (what the method's schema makes of a broken,
   * null, keyed or extended result): run for every method. Other scenarios are transport-level and run
   * for a sample of methods (budget.ts).
   */
  perMethod?: true;
  /** `refused`: the client is pointed at a closed port; the server never sees a request. */
  target?: 'refused';
  options?: ScenarioOptions;
  /** Slow by nature (timeouts): run with a short per-attempt timeout. */
  slow?: boolean;
  expect: Expected | ((method: MethodName) => Expected);
  handle(x: Exchange, env: ScenarioEnv): void;
}

export function expectedFor(scenario: Scenario, method: MethodName): Expected {
  return typeof scenario.expect === 'function' ? scenario.expect(method) : scenario.expect;
}

export function optionsFor(scenario: Scenario): HttpTransportOptions {
  const o = scenario.options ?? {};
  return {
    ...BASE_OPTIONS,
    ...(o.timeoutMs === undefined ? {} : { timeoutMs: o.timeoutMs }),
    ...(o.totalTimeoutMs === undefined ? {} : { totalTimeoutMs: o.totalTimeoutMs }),
    ...(o.maxResponseBytes === undefined ? {} : { maxResponseBytes: o.maxResponseBytes }),
    retry: { ...BASE_OPTIONS.retry, ...o.retry },
  };
}

const RETRIED = 4; // BASE_OPTIONS: 3 retries
const once = (outcome: Expected['outcome'], more: Partial<Expected> = {}): Expected => ({
  outcome,
  attempts: 1,
  ...more,
});
const retried = (outcome: Expected['outcome'], more: Partial<Expected> = {}): Expected => ({
  outcome,
  attempts: RETRIED,
  ...more,
});
const invalid = (reason: string) => once('InvalidResponseError', { reason });
const http = (status: number, attempts: number) => ({ outcome: 'HttpError', attempts, status }) as Expected;

// ---------------------------------------------------------------- bodies

const CLOUDFLARE_502 =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>cloudflare</center></body></html>';
const HTML_PAGE = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>The upstream server is unavailable.</p></body></html>`;
const PORTAL =
  '<html><head><meta http-equiv="refresh" content="0;url=http://portal.example/login"></head><body>Sign in to the Wi-Fi</body></html>';
const ANSI =
  '\u001b[31mred\u001b[0m \u001b]0;owned title\u0007 \u001b]8;;http://evil.example/\u001b\\link\u001b]8;;\u001b\\ \u009b2J';
const HUGE = 100 * 1024 * 1024;
const ZEROS_64K = Buffer.alloc(64 * 1024, 0x20);

/**
 * Gzip padding too costly to build inside a case's deadline (100 MiB at level 9 took ~550 ms on a busy
 * 2-core machine): `startHarness` builds it before any case starts. Spaces are valid JSON whitespace.
 */
const padding: { twoMiB?: Buffer; hundredMiB?: Buffer } = {};

/** Builds the gzip padding of the bomb scenarios; `startHarness` calls it before any case runs. */
export function prebuildBodies(): void {
  const MiB = 1024 * 1024;
  // A gzip stream may hold many members, decoded one after another: 100 copies of one 1 MiB member
  // decode to 100 MiB from ~100 KB, and take milliseconds to build.
  const member = gzipSync(Buffer.alloc(MiB, 0x20), { level: 9 });
  padding.twoMiB = Buffer.concat([member, member]);
  padding.hundredMiB = Buffer.concat(Array.from({ length: HUGE / MiB }, () => member));
}

/** `size` of gzipped spaces, then the real answer as a last member. */
function gzipPadded(x: Exchange, size: keyof typeof padding): Buffer {
  const prefix = padding[size];
  if (!prefix) throw new Error('prebuildBodies() has not run: start the harness before any case');
  return Buffer.concat([prefix, gzipSync(okText(x))]);
}

/** Whether the method called answers with a server-keyed map (see MethodProfile.keyedResult). */
const keyedResult = (rpcMethod: string | undefined): boolean =>
  rpcMethod !== undefined && isMethodName(rpcMethod) && profileOf(rpcMethod).keyedResult === true;

/**
 * Where the result of the method called holds a server-keyed map: `[]` for a map as the whole result
 * (`keyedResult`), the path of one inside it (`keyedAt`), `undefined` for none.
 */
function mapPathOf(rpcMethod: string | undefined): readonly string[] | undefined {
  if (rpcMethod === undefined || !isMethodName(rpcMethod)) return undefined;
  const profile = profileOf(rpcMethod);
  return profile.keyedResult ? [] : profile.keyedAt;
}

/** The map path below `key`, when the map lies under it. */
const below = (mapAt: readonly string[] | undefined, key: string) =>
  mapAt !== undefined && mapAt.length > 0 && mapAt[0] === key ? mapAt.slice(1) : undefined;

/** `root` with the leaf at `path` set to `value`; an empty path replaces a bare (scalar) result whole. */
function setPath(root: unknown, path: readonly (string | number)[], value: unknown): unknown {
  // A bare result (a slot, a hash, 'ok') has no leaf below it: the empty path replaces it whole.
  if (path.length === 0) return value;
  let node = root as Record<string | number, unknown>;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] === '*' ? (Object.keys(node)[0] as string) : (path[i] as string | number);
    node = node[key] as Record<string | number, unknown>;
  }
  node[path[path.length - 1] as string | number] = value;
  return root;
}

/** Adds unknown keys to every object of `value` (but not to server-keyed maps, whose keys are data). */
function withExtraKeys(
  value: unknown,
  mapAt: readonly string[] | undefined,
  extra: () => Record<string, unknown>,
): unknown {
  if (Array.isArray(value)) return value.map((item) => withExtraKeys(item, undefined, extra));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = mapAt?.length === 0 ? {} : extra();
  for (const key of Object.keys(value)) {
    out[key] = withExtraKeys((value as Record<string, unknown>)[key], below(mapAt, key), extra);
  }
  return out;
}

/** Writes an object with `__proto__` and `constructor` keys as text: a JS object literal cannot hold them as data. */
function protoText(value: unknown, mapAt: readonly string[] | undefined): string {
  if (Array.isArray(value)) return `[${value.map((item) => protoText(item, undefined)).join(',')}]`;
  if (typeof value !== 'object' || value === null) return stringifyJson(value);
  const parts = Object.keys(value).map(
    (key) => `${JSON.stringify(key)}:${protoText((value as Record<string, unknown>)[key], below(mapAt, key))}`,
  );
  if (mapAt?.length !== 0) {
    parts.unshift('"__proto__":{"polluted":"yes"}', '"constructor":{"prototype":{"polluted":"yes"}}');
  }
  return `{${parts.join(',')}}`;
}

const noControlCharacters = (value: unknown): string[] => {
  const e = value as { message?: string; serverMessage?: string };
  const problems: string[] = [];
  const control = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
  if (control.test(e.message ?? '')) problems.push('message holds control characters');
  if (control.test(e.serverMessage ?? '')) problems.push('serverMessage holds control characters');
  if ((e.serverMessage ?? '').length > 1100) problems.push(`serverMessage is ${e.serverMessage?.length} characters`);
  if ((e.message ?? '').length > 2000) problems.push(`message is ${e.message?.length} characters`);
  return problems;
};

const dataIs =
  (key: string, want: number) =>
  (value: unknown): string[] => {
    const data = (value as { data?: Record<string, unknown> }).data;
    return data?.[key] === want ? [] : [`data.${key} is ${String(data?.[key])}, expected ${want}`];
  };

const pathNames =
  (method: MethodName) =>
  (value: unknown): string[] => {
    const path = (value as { path?: unknown }).path;
    const want = PROFILES[method].deepWrong.names;
    return typeof path === 'string' && path.includes(want)
      ? []
      : [`ValidationError.path ${String(path)} does not name ${want}`];
  };

// ---------------------------------------------------------------- the table

const json = (x: Exchange, body: string, status = 200) => x.send(status, body);
const status =
  (code: number, body = '', contentType: string | null = 'text/plain', headers: Record<string, string> = {}) =>
  (x: Exchange) =>
    x.send(code, body, { contentType, headers });
const retryAfter = (value: string) => status(429, 'Too Many Requests', 'text/plain', { 'retry-after': value });
const httpDate = (offsetMs: number) => new Date(Date.now() + offsetMs).toUTCString();

export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'ok',
    row: 0,
    perMethod: true,
    expect: once('success', { sameAsOk: true }),
    handle: (x) => json(x, okText(x)),
  },

  // Row 16: malformed JSON with 200.
  {
    name: 'json truncated',
    row: 16,
    expect: invalid('json'),
    handle: (x) => json(x, okText(x).slice(0, Math.min(40, okText(x).length - 2))),
  },
  { name: 'json trailing garbage', row: 16, expect: invalid('json'), handle: (x) => json(x, `${okText(x)} x}`) },
  {
    name: 'json NaN',
    row: 16,
    expect: invalid('json'),
    handle: (x) => json(x, `{"jsonrpc":"2.0","result":NaN,"id":${JSON.stringify(x.request.id)}}`),
  },
  {
    name: 'json single quotes',
    row: 16,
    expect: invalid('json'),
    handle: (x) => json(x, `{'jsonrpc':'2.0','result':1,'id':${JSON.stringify(x.request.id)}}`),
  },
  { name: 'json empty body', row: 16, expect: invalid('json'), handle: (x) => json(x, '') },

  // Row 17: HTML pages from proxies.
  {
    name: '502 Cloudflare HTML',
    row: 17,
    expect: http(502, RETRIED),
    handle: status(502, CLOUDFLARE_502, 'text/html'),
  },
  { name: '503 HTML', row: 17, expect: http(503, RETRIED), handle: status(503, HTML_PAGE('503'), 'text/html') },
  { name: '504 HTML', row: 17, expect: http(504, RETRIED), handle: status(504, HTML_PAGE('504'), 'text/html') },
  {
    name: '200 HTML error page',
    row: 17,
    expect: invalid('content-type'),
    handle: status(200, HTML_PAGE('502 Bad Gateway'), 'text/html'),
  },
  {
    name: '200 captive portal',
    row: 17,
    expect: invalid('content-type'),
    handle: status(200, PORTAL, 'text/html; charset=utf-8'),
  },
  { name: '200 text/plain not JSON', row: 17, expect: invalid('content-type'), handle: status(200, 'OK') },

  // Row 18: 429 and every Retry-After.
  { name: '429 no Retry-After', row: 18, expect: http(429, RETRIED), handle: status(429, 'slow down') },
  {
    name: '429 Retry-After 2 above maxRetryAfter',
    row: 18,
    options: { retry: { maxRetryAfterMs: 1500 } },
    expect: once('RateLimitedError', { status: 429, retryAfterMs: [2000, 2000], maxElapsedMs: 1000 }),
    handle: retryAfter('2'),
  },
  {
    name: '429 Retry-After 2 beyond the deadline',
    row: 18,
    options: { totalTimeoutMs: 1500 },
    expect: once('RateLimitedError', { status: 429, retryAfterMs: [2000, 2000], maxElapsedMs: 1000 }),
    handle: retryAfter('2'),
  },
  {
    name: '429 Retry-After HTTP-date 2 s ahead',
    row: 18,
    options: { retry: { maxRetryAfterMs: 500 } },
    expect: once('RateLimitedError', { status: 429, retryAfterMs: [501, 2000], maxElapsedMs: 1000 }),
    handle: (x) => retryAfter(httpDate(2000))(x),
  },
  {
    name: '429 Retry-After HTTP-date in the past',
    row: 18,
    expect: http(429, RETRIED),
    handle: (x) => retryAfter(httpDate(-60_000))(x),
  },
  { name: '429 Retry-After 0', row: 18, expect: http(429, RETRIED), handle: retryAfter('0') },
  {
    name: '429 Retry-After 86400',
    row: 18,
    expect: once('RateLimitedError', { status: 429, retryAfterMs: [86_400_000, 86_400_000], maxElapsedMs: 1000 }),
    handle: retryAfter('86400'),
  },
  { name: '429 Retry-After soon', row: 18, expect: http(429, RETRIED), handle: retryAfter('soon') },
  { name: '429 Retry-After -1', row: 18, expect: http(429, RETRIED), handle: retryAfter('-1') },
  { name: '429 Retry-After 1.5', row: 18, expect: http(429, RETRIED), handle: retryAfter('1.5') },
  {
    name: '429 then ok',
    row: 18,
    expect: { outcome: 'success', attempts: 2, sameAsOk: true },
    handle: (x) => (x.attempt === 1 ? status(429)(x) : json(x, okText(x))),
  },
  {
    name: 'JSON-RPC code 429 on HTTP 200',
    row: 18,
    expect: once('RpcError', { code: 429 }),
    handle: (x) => json(x, rpcError(x, 429, 'Too many requests for a specific RPC call')),
  },

  // Row 19: statuses, retried and not.
  { name: '408', row: 19, expect: http(408, RETRIED), handle: status(408) },
  {
    name: '500 with a JSON-RPC body',
    row: 19,
    expect: http(500, RETRIED),
    handle: (x) => x.send(500, rpcError(x, -32603, 'Internal error')),
  },
  { name: '502 plain text', row: 19, expect: http(502, RETRIED), handle: status(502, 'upstream connect error') },
  { name: '503 no Retry-After', row: 19, expect: http(503, RETRIED), handle: status(503, 'no healthy upstream') },
  {
    name: '503 Retry-After 0',
    row: 19,
    expect: http(503, RETRIED),
    handle: status(503, 'no healthy upstream', 'text/plain', { 'retry-after': '0' }),
  },
  {
    name: '503 Retry-After 86400',
    row: 19,
    expect: once('RateLimitedError', { status: 503, retryAfterMs: [86_400_000, 86_400_000], maxElapsedMs: 1000 }),
    handle: status(503, 'maintenance', 'text/plain', { 'retry-after': '86400' }),
  },
  {
    name: '503 then ok',
    row: 19,
    expect: { outcome: 'success', attempts: 2, sameAsOk: true },
    handle: (x) => (x.attempt === 1 ? status(503)(x) : json(x, okText(x))),
  },
  { name: '504 empty body', row: 19, expect: http(504, RETRIED), handle: status(504, '', null) },
  { name: '400', row: 19, expect: http(400, 1), handle: status(400, '{"error":"bad request"}', 'application/json') },
  { name: '401', row: 19, expect: http(401, 1), handle: status(401, 'unauthorized') },
  { name: '403', row: 19, expect: http(403, 1), handle: status(403, 'forbidden') },
  { name: '404', row: 19, expect: http(404, 1), handle: status(404, 'not found') },
  { name: '413', row: 19, expect: http(413, 1), handle: status(413, 'request entity too large') },

  // Row 20: connection refused (a closed port).
  {
    name: 'connection refused',
    row: 20,
    target: 'refused',
    expect: retried('NetworkError', { code: 'ECONNREFUSED' }),
    handle: () => undefined,
  },

  // Row 21: resets at every point.
  {
    name: 'reset before headers',
    row: 21,
    expect: retried('NetworkError'),
    handle: (x) => x.socket.resetAndDestroy(),
  },
  { name: 'close before headers', row: 21, expect: retried('NetworkError'), handle: (x) => x.socket.end() },
  {
    name: 'reset after headers',
    row: 21,
    expect: retried('NetworkError'),
    handle: (x) => {
      x.head(200, { 'content-type': 'application/json', 'content-length': okText(x).length, connection: 'close' });
      x.later(20, () => x.socket.resetAndDestroy());
    },
  },
  {
    name: 'reset mid-body (Content-Length)',
    row: 21,
    expect: retried('NetworkError'),
    handle: (x) => {
      const body = okText(x);
      x.head(200, { 'content-type': 'application/json', 'content-length': body.length, connection: 'close' });
      x.socket.write(body.slice(0, Math.floor(body.length / 2)));
      x.later(20, () => x.socket.resetAndDestroy());
    },
  },
  {
    name: 'reset mid-body (chunked, keep-alive)',
    row: 21,
    expect: retried('NetworkError'),
    handle: (x) => {
      const half = okText(x).slice(0, 30);
      x.head(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
      x.socket.write(`${half.length.toString(16)}\r\n${half}\r\n`);
      x.later(20, () => x.socket.resetAndDestroy());
    },
  },
  {
    name: 'reset mid-body (chunked, Connection: close)',
    row: 21,
    // The default Node transport (node:http) sees the reset mid-body as the network failure it is, and
    // retries. (Node 20's fetch, undici 6.24, ends such a body cleanly, which could only be "not JSON".)
    expect: retried('NetworkError'),
    handle: (x) => {
      const half = okText(x).slice(0, 30);
      x.head(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked', connection: 'close' });
      x.socket.write(`${half.length.toString(16)}\r\n${half}\r\n`);
      x.later(20, () => x.socket.resetAndDestroy());
    },
  },
  {
    name: 'Content-Length larger than the body, then close',
    row: 29,
    expect: retried('NetworkError'),
    handle: (x) => {
      const body = okText(x);
      x.head(200, { 'content-type': 'application/json', 'content-length': body.length + 500, connection: 'close' });
      x.socket.end(body);
    },
  },

  // Row 22: slow servers. A 100 ms attempt timeout keeps 4 attempts under half a second.
  {
    name: 'never answers',
    row: 22,
    slow: true,
    options: { timeoutMs: 100 },
    expect: retried('TimeoutError'),
    handle: () => undefined,
  },
  {
    name: 'headers then stall',
    row: 22,
    slow: true,
    options: { timeoutMs: 100 },
    expect: retried('TimeoutError'),
    handle: (x) => x.head(200, { 'content-type': 'application/json', 'content-length': 1000, connection: 'close' }),
  },
  {
    name: 'trickle 1 byte/s (chunked)',
    row: 22,
    slow: true,
    options: { timeoutMs: 100 },
    expect: retried('TimeoutError'),
    handle: (x) => {
      const body = okText(x);
      let at = 0;
      x.head(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked', connection: 'close' });
      const drip = () => x.socket.write(`1\r\n${body[at++] ?? ' '}\r\n`);
      drip();
      x.every(1000, drip);
    },
  },
  {
    name: 'trickle 1 byte/s (Content-Length)',
    row: 22,
    slow: true,
    options: { timeoutMs: 100 },
    expect: retried('TimeoutError'),
    handle: (x) => {
      const body = okText(x);
      let at = 0;
      x.head(200, { 'content-type': 'application/json', 'content-length': body.length, connection: 'close' });
      const drip = () => x.socket.write(body[at++] ?? ' ');
      drip();
      x.every(1000, drip);
    },
  },

  // Row 23: ids.
  {
    name: 'id of another request',
    row: 23,
    expect: invalid('id-mismatch'),
    handle: (x) => json(x, okText(x).replace(/"id":\d+}$/, '"id":987654}')),
  },
  {
    name: 'id as a string ("1" for 1)',
    row: 23,
    expect: once('success', { sameAsOk: true }),
    handle: (x) => json(x, okText(x).replace(/"id":(\d+)}$/, '"id":"$1"}')),
  },
  {
    name: 'id null with a result',
    row: 23,
    expect: invalid('id-mismatch'),
    handle: (x) => json(x, okText(x).replace(/"id":\d+}$/, '"id":null}')),
  },
  {
    name: 'id missing',
    row: 23,
    expect: invalid('id-mismatch'),
    handle: (x) => json(x, okText(x).replace(/,"id":\d+}$/, '}')),
  },
  {
    name: 'id null with an error (parse error)',
    row: 23,
    expect: once('RpcError', { code: -32700 }),
    handle: (x) => json(x, rpcError(x, -32700, 'Parse error', undefined, null)),
  },

  // Row 24: JSON-RPC error objects.
  {
    name: 'RPC -32005 node behind',
    row: 24,
    expect: retried('RpcError', { code: -32005, check: dataIs('numSlotsBehind', 42) }),
    handle: (x) => json(x, rpcError(x, -32005, 'Node is behind by 42 slots', { numSlotsBehind: 42 })),
  },
  {
    name: 'RPC -32016 min context slot',
    row: 24,
    expect: retried('RpcError', { code: -32016, check: dataIs('contextSlot', 356139400) }),
    handle: (x) =>
      json(x, rpcError(x, -32016, 'Minimum context slot has not been reached', { contextSlot: 356139400 })),
  },
  {
    name: 'RPC -32005 then ok',
    row: 24,
    expect: { outcome: 'success', attempts: 2, sameAsOk: true },
    handle: (x) => json(x, x.attempt === 1 ? rpcError(x, -32005, 'Node is unhealthy') : okText(x)),
  },
  {
    name: 'RPC -32602 invalid params',
    row: 24,
    expect: once('RpcError', { code: -32602 }),
    handle: (x) => json(x, rpcError(x, -32602, 'Invalid params: invalid type: integer `1`, expected a string.')),
  },
  {
    name: 'RPC unknown code',
    row: 24,
    expect: once('RpcError', { code: -31999 }),
    handle: (x) => json(x, rpcError(x, -31999, 'something new', { whatever: [1, 2, 3] })),
  },
  {
    name: 'RPC 1 MB message with ANSI/OSC escapes',
    row: 24,
    options: { maxResponseBytes: 4 * 1024 * 1024 },
    expect: once('RpcError', { code: -32603, check: noControlCharacters }),
    handle: (x) => json(x, rpcError(x, -32603, `${ANSI}${'A'.repeat(1024 * 1024)}${ANSI}`)),
  },
  {
    name: 'RPC message with ANSI/OSC escapes',
    row: 24,
    expect: once('RpcError', { code: -32603, check: noControlCharacters }),
    handle: (x) => json(x, rpcError(x, -32603, `boom ${ANSI}\r\nforged: line`)),
  },

  // Row 25: results of the wrong type.
  {
    name: 'result is a string',
    row: 25,
    perMethod: true,
    expect: once('ValidationError'),
    handle: (x) => json(x, withResult(x, 'not a result')),
  },
  {
    name: 'result is null',
    row: 25,
    perMethod: true,
    // null is a valid answer where the profile says so (getTransaction: not found); getLeaderSchedule may
    // answer null only when a slot was named, and these calls name none.
    expect: (m) => (profileOf(m).nullResult ? once('success') : once('ValidationError')),
    handle: (x) => json(x, withResult(x, null)),
  },
  {
    name: 'result is {}',
    row: 25,
    perMethod: true,
    // An empty server-keyed map (getLeaderSchedule's schedule) is a valid, empty answer.
    expect: (m) => (profileOf(m).keyedResult ? once('success') : once('ValidationError')),
    handle: (x) => json(x, withResult(x, {})),
  },
  {
    name: 'result with a leaf of the wrong type',
    row: 25,
    perMethod: true,
    expect: (m) => once('ValidationError', { check: pathNames(m) }),
    handle: (x) => {
      const method = (x.request.rpcMethod ?? 'getBalance') as MethodName;
      const wrong = (PROFILES[method] ?? PROFILES.getBalance).deepWrong;
      json(x, withResult(x, setPath(resultOf(method), wrong.path, wrong.value)));
    },
  },

  // Row 26 and 28: unknown keys and prototype keys everywhere.
  {
    name: 'unknown keys at every level',
    row: 26,
    perMethod: true,
    expect: once('success', { sameAsOk: true }),
    handle: (x) => {
      const result = withExtraKeys(resultOf(x.request.rpcMethod), mapPathOf(x.request.rpcMethod), () => ({
        zzUnknown: { nested: [1, 'two', null] },
        aaNew: 18446744073709551615n,
      }));
      json(
        x,
        `{"jsonrpc":"2.0","serverTime":1,"result":${stringifyJson(result)},"id":${JSON.stringify(x.request.id)}}`,
      );
    },
  },
  {
    name: '__proto__ and constructor keys at every level',
    row: 28,
    perMethod: true,
    expect: once('success', { sameAsOk: true }),
    handle: (x) => {
      json(
        x,
        `{"__proto__":{"polluted":"yes"},"jsonrpc":"2.0","result":${protoText(resultOf(x.request.rpcMethod), mapPathOf(x.request.rpcMethod))},"id":${JSON.stringify(x.request.id)}}`,
      );
    },
  },
  {
    name: '__proto__ as a leader-schedule key',
    row: 28,
    perMethod: true,
    // In a server-keyed map (getLeaderSchedule) the key must be refused as not an address; elsewhere the top-level
    // result gains a `__proto__` key the schema ignores.
    expect: (m) => (profileOf(m).keyedResult ? once('ValidationError') : once('success', { sameAsOk: true })),
    handle: (x) => {
      const text = stringifyJson(resultOf(x.request.rpcMethod));
      const result = keyedResult(x.request.rpcMethod)
        ? `{"__proto__":[1,2,3],${text.slice(1)}`
        : text.startsWith('{')
          ? `{"__proto__":{"polluted":"yes"},${text.slice(1)}`
          : text;
      json(x, `{"jsonrpc":"2.0","result":${result},"id":${JSON.stringify(x.request.id)}}`);
    },
  },

  // Row 29: huge and lying bodies (maxResponseBytes is 256 KiB here).
  {
    name: '100 MB body with Content-Length',
    row: 29,
    expect: once('ResponseTooLargeError'),
    handle: (x) => {
      x.head(200, { 'content-type': 'application/json', 'content-length': HUGE, connection: 'close' });
      stream(x.socket, ZEROS_64K, HUGE, 'raw');
    },
  },
  {
    name: '100 MB body, chunked',
    row: 29,
    expect: once('ResponseTooLargeError'),
    handle: (x) => {
      x.head(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked', connection: 'close' });
      stream(x.socket, ZEROS_64K, HUGE, 'chunked');
    },
  },
  {
    name: '100 MB body, delimited by close',
    row: 29,
    expect: once('ResponseTooLargeError'),
    handle: (x) => {
      x.head(200, { 'content-type': 'application/json', connection: 'close' });
      stream(x.socket, ZEROS_64K, HUGE, 'raw');
    },
  },
  {
    name: 'gzip body of 2 MiB decoded with Content-Length',
    row: 29,
    expect: once('ResponseTooLargeError'),
    handle: (x) => {
      const body = gzipPadded(x, 'twoMiB');
      x.head(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': body.length,
        connection: 'close',
      });
      x.socket.end(body);
    },
  },
  {
    name: 'gzip bomb (100 MiB decoded) with Content-Length',
    row: 29,
    expect: once('ResponseTooLargeError'),
    handle: (x) => {
      const body = gzipPadded(x, 'hundredMiB');
      x.head(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': body.length,
        connection: 'close',
      });
      x.socket.end(body);
    },
  },
  {
    name: 'gzip bomb (100 MiB decoded), chunked',
    row: 29,
    expect: once('ResponseTooLargeError'),
    handle: (x) => {
      const body = gzipPadded(x, 'hundredMiB');
      x.head(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'transfer-encoding': 'chunked',
        connection: 'close',
      });
      x.socket.end(`${body.length.toString(16)}\r\n${body.toString('latin1')}\r\n0\r\n\r\n`, 'latin1');
    },
  },
  {
    name: 'Content-Length smaller than the body',
    row: 29,
    expect: invalid('json'),
    handle: (x) => {
      const body = okText(x);
      x.head(200, { 'content-type': 'application/json', 'content-length': 20, connection: 'close' });
      x.socket.end(body);
    },
  },

  // Row 31: answers that are not JSON-RPC.
  {
    name: 'array for a single call',
    row: 31,
    expect: invalid('not-jsonrpc'),
    handle: (x) => json(x, `[${okText(x)}]`),
  },
  { name: 'bare string', row: 31, expect: invalid('not-jsonrpc'), handle: (x) => json(x, '"ok"') },
  { name: 'bare null', row: 31, expect: invalid('not-jsonrpc'), handle: (x) => json(x, 'null') },
  { name: 'empty object', row: 31, expect: invalid('not-jsonrpc'), handle: (x) => json(x, '{}') },
  {
    name: 'jsonrpc missing',
    row: 31,
    expect: invalid('not-jsonrpc'),
    handle: (x) => json(x, okText(x).replace('"jsonrpc":"2.0",', '')),
  },
  {
    name: 'jsonrpc "1.0"',
    row: 31,
    expect: invalid('not-jsonrpc'),
    handle: (x) => json(x, okText(x).replace('"jsonrpc":"2.0"', '"jsonrpc":"1.0"')),
  },
  {
    name: 'both result and error',
    row: 31,
    expect: invalid('not-jsonrpc'),
    handle: (x) =>
      json(x, okText(x).replace('"jsonrpc":"2.0",', '"jsonrpc":"2.0","error":{"code":-32000,"message":"x"},')),
  },
  {
    name: '"error": null beside result',
    row: 31,
    expect: once('success', { sameAsOk: true }),
    handle: (x) => json(x, okText(x).replace('"jsonrpc":"2.0",', '"jsonrpc":"2.0","error":null,')),
  },
  {
    name: 'neither result nor error',
    row: 31,
    expect: invalid('not-jsonrpc'),
    handle: (x) => json(x, `{"jsonrpc":"2.0","id":${JSON.stringify(x.request.id)}}`),
  },
  {
    name: 'error that is not an error object',
    row: 31,
    expect: invalid('not-jsonrpc'),
    handle: (x) => json(x, `{"jsonrpc":"2.0","error":"boom","id":${JSON.stringify(x.request.id)}}`),
  },

  // Row 13: redirects are never followed (the other server must see nothing).
  {
    name: '307 to another origin',
    row: 13,
    expect: http(307, 1),
    handle: (x, env) =>
      x.send(307, '', { contentType: null, headers: { location: `${env.otherOrigin}${x.request.path}` } }),
  },
  {
    name: '302 to another origin',
    row: 13,
    expect: http(302, 1),
    handle: (x, env) => x.send(302, '', { contentType: null, headers: { location: `${env.otherOrigin}/` } }),
  },

  // Rows 11–12: a proxy echoing the request URL (credentials, path key, query key) back.
  {
    name: 'URL echoed in an RPC error message',
    row: 12,
    expect: once('RpcError', { code: -32603 }),
    handle: (x) => json(x, rpcError(x, -32603, `upstream ${echoedUrl(x)} failed: connect timeout`)),
  },
  {
    name: 'URL echoed in a 502 text body',
    row: 12,
    expect: http(502, RETRIED),
    handle: (x) => status(502, `upstream request to ${echoedUrl(x)} failed`)(x),
  },
  {
    name: 'URL echoed in a 400 JSON body',
    row: 12,
    expect: http(400, 1),
    handle: (x) => status(400, JSON.stringify({ error: `bad request for ${echoedUrl(x)}` }), 'application/json')(x),
  },
  {
    name: 'URL echoed in the status reason phrase',
    row: 12,
    expect: http(403, 1),
    handle: (x) => x.send(403, 'forbidden', { contentType: 'text/plain', reason: `Forbidden ${echoedUrl(x)}` }),
  },
  {
    name: 'URL echoed in RPC error data',
    row: 12,
    expect: once('RpcError', { code: -32603 }),
    handle: (x) =>
      json(x, rpcError(x, -32603, 'upstream failed', { url: echoedUrl(x), detail: `GET ${echoedUrl(x)}` })),
  },
  {
    name: 'API-key header echoed in a 401 body',
    row: 13,
    expect: http(401, 1),
    handle: (x) => status(401, `invalid api key: ${x.request.headers['x-api-key'] ?? '(none)'}`)(x),
  },
  // A provider quoting the bare key it refused: no URL around it to cut.
  {
    name: 'bare path key in a 403 body',
    row: 12,
    expect: http(403, 1),
    handle: (x) => status(403, `invalid api key ${bareKeys(x).path}`)(x),
  },
  {
    name: 'bare query key in the status reason phrase',
    row: 12,
    expect: http(401, 1),
    handle: (x) =>
      x.send(401, 'unauthorized', { contentType: 'text/plain', reason: `Unknown key ${bareKeys(x).query}` }),
  },
  {
    name: 'bare keys in an RPC error message',
    row: 12,
    expect: once('RpcError', { code: -32603 }),
    handle: (x) => {
      const keys = bareKeys(x);
      return json(x, rpcError(x, -32603, `keys ${keys.path} ${keys.query} ${keys.password} ${keys.header} refused`));
    },
  },
  {
    name: 'bare keys in RPC error data',
    row: 12,
    expect: once('RpcError', { code: -32603 }),
    handle: (x) => json(x, rpcError(x, -32603, 'over quota', { keys: bareKeys(x) })),
  },
  {
    name: 'URL echoed in a wrong-typed result',
    row: 12,
    perMethod: true,
    expect: once('ValidationError'),
    handle: (x) => json(x, withResult(x, echoedUrl(x))),
  },
];

/**
 * Which methods each scenario runs for in one suite (budget.ts): result-shape scenarios for every method,
 * transport-level ones for a sample; `rotation` differs per suite. SOLRPC_FULL_MATRIX=1: every method.
 */
export function faultPlan(rotation: number): FaultPlan {
  return planFaultCases(
    SCENARIOS.map((s) => ({ name: s.name, perMethod: s.perMethod === true })),
    METHODS.map((m) => ({ name: m, contextWrapped: contextWrapped(m) })),
    { rotation, full: fullMatrix() },
  );
}

/** The methods `scenario` runs for in `plan`. */
export function methodsOf(plan: FaultPlan, scenario: Scenario): readonly MethodName[] {
  return (plan.methodsFor.get(scenario.name) ?? []) as readonly MethodName[];
}
