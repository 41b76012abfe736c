/**
 * Checking a client's result against a conformance case's `expect` table, as the cases' README defines
 * it. Pure: it runs in Node and in a browser (no node: modules, no Buffer).
 */
import { decodeBase58 } from '../../src/codecs/base58Text.js';
import { encodeBase64 } from '../../src/codecs/base64.js';
import { isSolRpcError } from '../../src/index.js';
import { isMethodName, METHOD_NAMES, type MethodName, profileOf } from './methodProfiles.js';

/** A real-format case (see test/fixtures/conformance/README.md). */
export interface ConformanceCase {
  file: string;
  method: string;
  params: unknown[];
  requestId: number | string;
  http: { status: number; contentType: string };
  responseText: string;
  expect: Record<string, string>;
  malformed?: boolean;
}

/**
 * The methods solrpc implements, from the profile table: every case of one of them is replayed as it is.
 * Cases of other methods are error envelopes, replayed through getBalance.
 */
export const IMPLEMENTED: ReadonlySet<string> = new Set(METHOD_NAMES);

/** Whether a case is one solrpc can replay: its method is implemented, or it is a bare error envelope. */
export function replayable(c: ConformanceCase): boolean {
  return IMPLEMENTED.has(c.method) || c.file.startsWith('error.') || c.file.startsWith('http.');
}

/** The call that replays a case: its own method and params, or getBalance for error envelopes. */
export function callFor(c: ConformanceCase): { method: string; params: unknown[] } {
  if (!isMethodName(c.method))
    return { method: 'getBalance', params: ['B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi'] };
  return { method: c.method, params: callParams(c.method, c.params) };
}

/** The arguments that make solrpc send a method's wire params: a base58 wire transaction says so. */
export function callParams(method: MethodName, params: unknown[]): unknown[] {
  if (!profileOf(method).wireTransaction || !isBase58Case({ params })) return params;
  // agave reads a transaction without `encoding` as base58; solrpc must be told.
  const [transaction, config] = params as [string, Record<string, unknown> | undefined];
  return [transaction, { ...config, encoding: 'base58' }];
}

/** Whether a wire-transaction case writes its transaction in base58 (no encoding: agave's default). */
function isBase58Case(c: { params: unknown[] }): boolean {
  const encoding = (c.params[1] as { encoding?: string } | undefined)?.encoding;
  return encoding === undefined || encoding === 'base58' || encoding === 'binary';
}

/**
 * The params solrpc must send for a case: the case's own, with the profile's default encoding added to
 * the config (unless the case gives the encoding as a bare string, getTransaction's legacy form).
 */
export function expectedParams(c: ConformanceCase): unknown[] {
  const params = structuredClone(c.params);
  if (!isMethodName(c.method)) return params;
  const { configIndex, defaultEncoding: encoding, wireTransaction } = profileOf(c.method);
  if (wireTransaction) {
    // Always base64 on the wire, whatever the case's text was.
    if (isBase58Case(c)) params[0] = encodeBase64(decodeBase58(params[0] as string, 1232) as Uint8Array);
    params[1] = { ...(params[1] as object | undefined), encoding: 'base64' };
    return params;
  }
  if (encoding && typeof params[configIndex] !== 'string') {
    const config = (params[configIndex] ?? {}) as Record<string, unknown>;
    params[configIndex] = { encoding, ...config };
  }
  return params;
}

/**
 * The response body to serve for a request with id `sentId`: the recorded body with the client's real
 * id, except in the id-mismatch case, whose point is the wrong id.
 */
export function responseFor(c: ConformanceCase, sentId: unknown): string {
  if (c.expect['error.reason'] === 'id-mismatch') return c.responseText;
  return c.responseText.replace(`"id":${JSON.stringify(c.requestId)}`, `"id":${JSON.stringify(sentId)}`);
}

/** Keys of `expect` that describe the wire or byte layouts, not what the client returns. */
const WIRE_ONLY = /\.(encoding|compressedHex)$|\.decoded\./;

/**
 * Compares a result (or the error thrown) with a case's `expect` table. Returns the mismatches as
 * readable lines; an empty list means the client made exactly what the case says.
 */
export function compareExpect(c: ConformanceCase, outcome: { result?: unknown; error?: unknown }): string[] {
  const problems: string[] = [];
  for (const [path, want] of Object.entries(c.expect)) {
    if (WIRE_ONLY.test(path)) continue;
    let got: { found: boolean; value: unknown };
    if (path.startsWith('error.')) {
      if (outcome.error === undefined) {
        problems.push(`${path}: expected an error, got a result`);
        continue;
      }
      got = errorField(outcome.error, path.slice('error.'.length));
    } else {
      if (outcome.error !== undefined) {
        problems.push(`${path}: expected a result, got ${String(outcome.error)}`);
        break;
      }
      // `result` alone names the whole result (a `null` not-found answer).
      got = path === 'result' ? { found: true, value: outcome.result } : resolve(outcome.result, path.split('.'));
    }
    const problem = matches(want, got);
    if (problem) problems.push(`${path}: ${problem}`);
  }
  return problems;
}

function errorField(error: unknown, field: string): { found: boolean; value: unknown } {
  const e = error as Record<string, unknown>;
  if (field === 'kind') {
    if (isSolRpcError(error, 'RpcError')) return { found: true, value: 'rpc' };
    if (isSolRpcError(error, 'HttpError')) return { found: true, value: 'http' };
    if (isSolRpcError(error, 'ValidationError') || isSolRpcError(error, 'InvalidResponseError')) {
      return { found: true, value: 'malformed' };
    }
    return { found: true, value: `not a solrpc error kind: ${String(error)}` };
  }
  if (field === 'message') return { found: true, value: e.serverMessage };
  if (field === 'httpStatus') return { found: true, value: e.status };
  return resolve(error, field.split('.'));
}

function resolve(root: unknown, segments: string[]): { found: boolean; value: unknown } {
  let current: unknown = root;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    if (current instanceof Uint8Array && i === segments.length - 1) {
      if (segment === 'hex') return { found: true, value: toHex(current) };
      if (segment === 'byteLength') return { found: true, value: current.byteLength };
    }
    if (current instanceof Map) {
      if (segment === 'keys' && segments[i + 1] === 'length') return { found: true, value: current.size };
      if (!current.has(segment)) return { found: false, value: undefined };
      current = current.get(segment);
      continue;
    }
    if (segment === 'keys' && segments[i + 1] === 'length' && i + 2 === segments.length && isRecord(current)) {
      return { found: true, value: Object.keys(current).length };
    }
    if (!isRecord(current) && !Array.isArray(current)) return { found: false, value: undefined };
    if (!Object.hasOwn(current, segment)) {
      if (segment === 'length' && Array.isArray(current)) return { found: true, value: current.length };
      return { found: false, value: undefined };
    }
    current = (current as Record<string, unknown>)[segment];
  }
  return { found: true, value: current };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !(value instanceof Uint8Array);
}

function matches(want: string, got: { found: boolean; value: unknown }): string | undefined {
  const { found, value } = got;
  const show = () =>
    typeof value === 'bigint' ? `${value}n` : JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v));
  if (want === 'absent') return found && value !== undefined ? `expected absent, got ${show()}` : undefined;
  if (!found || value === undefined) return `expected ${want}, but it is absent`;
  if (want === 'null') return value === null ? undefined : `expected null, got ${show()}`;
  if (want === 'non-null') return value !== null ? undefined : 'expected non-null, got null';
  if (typeof value === 'string') return value === want ? undefined : `expected ${JSON.stringify(want)}, got ${show()}`;
  // Scalar arrays are comma-joined, so a one-element array can look like an integer.
  if (Array.isArray(value) && !/^[[{]/.test(want)) {
    return value.map(String).join(',') === want ? undefined : `expected ${want}, got ${show()}`;
  }
  if (want === 'true' || want === 'false')
    return String(value) === want && typeof value === 'boolean' ? undefined : `expected ${want}, got ${show()}`;
  if (/^-?\d+$/.test(want)) {
    if (typeof value === 'bigint' || (typeof value === 'number' && Number.isSafeInteger(value))) {
      return String(value) === want ? undefined : `expected ${want}, got ${show()}`;
    }
    return `expected the exact integer ${want}, got ${show()}`;
  }
  if (/^-?(\d+\.\d+|\d+(\.\d+)?e-?\d+)$/i.test(want)) {
    return typeof value === 'number' && value === Number(want) ? undefined : `expected ${want}, got ${show()}`;
  }
  if (/^[[{]/.test(want)) {
    const normal = JSON.stringify(normalise(JSON.parse(want)));
    return JSON.stringify(normalise(value)) === normal ? undefined : `expected ${want}, got ${show()}`;
  }
  if (Array.isArray(value)) return value.map(String).join(',') === want ? undefined : `expected ${want}, got ${show()}`;
  return String(value) === want ? undefined : `expected ${JSON.stringify(want)}, got ${show()}`;
}

/** Plain JSON view of a decoded value for structural comparison: bigints as numbers' text, keys sorted. */
function normalise(value: unknown): unknown {
  if (typeof value === 'bigint')
    return Number(value) === Number(value.toString()) && Number.isSafeInteger(Number(value))
      ? Number(value)
      : value.toString();
  if (Array.isArray(value)) return value.map(normalise);
  if (value instanceof Map) return normalise(Object.fromEntries(value));
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, normalise(value[k])]),
    );
  }
  return value;
}

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
