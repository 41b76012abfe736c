/**
 * The basic transport: JSON-RPC 2.0 over HTTP to one endpoint, one attempt per call. It has the
 * endpoint's protections (timeout, size cap, redirects refused, secrets kept out of errors) and none of
 * the reliability layer: no retries, failover, coalescing or batching. `createRpcWith` uses it for a
 * URL, so a small app carries none of that code; `createHttpTransport` has it all.
 */

import { decodeResponse, encodeRequest } from '../codecs/jsonrpc.js';
import { throwWithHint } from '../errors/withHint.js';
import { checkConfig, checkPositive } from '../options/check.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../options/limits.js';
import type { FetchLike, Transport, TransportRequest } from '../types/index.js';
import { createEndpoint, type Endpoint } from './endpoint.js';
import { DEFAULT_TIMEOUT_MS } from './options.js';

/** Options of `createBasicTransport`; `createRpcWith` takes the same. */
export interface BasicTransportOptions {
  /** Extra request headers, e.g. an API key. Their values never appear in errors. */
  headers?: Record<string, string>;
  /**
   * A `fetch` to use instead of the default: in Node a shared keep-alive `node:http`/`node:https` pool,
   * elsewhere `globalThis.fetch`. Pass `globalThis.fetch` to use Node's own fetch (undici).
   */
  fetch?: FetchLike;
  /** How long a call may take, from sending to the last byte of the answer, in ms. Default 30 000. */
  timeoutMs?: number;
  /** The largest response body accepted, in bytes; reading stops there. Default 64 MiB. */
  maxResponseBytes?: number;
}

/** The names of `BasicTransportOptions`: any other key is refused, so a misspelt option is not ignored. */
export const BASIC_OPTIONS = ['headers', 'fetch', 'timeoutMs', 'maxResponseBytes'];

/**
 * A transport over HTTP to `url` that makes exactly one request per call. Credentials in the URL move
 * into an `Authorization` header before any request; errors show the URL's origin only. An unknown
 * option is refused with an `InvalidInputError`.
 * @example
 * const rpc = createRpc(createBasicTransport('http://127.0.0.1:8899', { timeoutMs: 5_000 }));
 */
export function createBasicTransport(url: string, options: BasicTransportOptions = {}): Transport {
  checkConfig(undefined, 'options', options, BASIC_OPTIONS, 'createBasicTransport');
  return basicTransport(url, options);
}

/** `createBasicTransport` with its options already checked (`createRpcWith` checks its own). */
export function basicTransport(url: string, options: BasicTransportOptions): Transport {
  // createEndpoint checks the URL itself, naming it `url`.
  const endpoint = createEndpoint(url, {
    headers: options.headers,
    fetch: options.fetch,
    maxResponseBytes:
      checkPositive(options.maxResponseBytes, 'options.maxResponseBytes', true) ?? DEFAULT_MAX_RESPONSE_BYTES,
  });
  const timeoutMs = checkPositive(options.timeoutMs, 'options.timeoutMs') ?? DEFAULT_TIMEOUT_MS;
  let nextId = 1;
  // An RPC or HTTP error leaves with its code name and hint, as it would through createRpc.
  return (request) =>
    exchange(endpoint, request, nextId++, checkPositive(request.timeoutMs, 'timeoutMs') ?? timeoutMs).catch(
      throwWithHint,
    );
}

/**
 * One request and its answer: POSTs the call as JSON-RPC with `id` and returns its `result`, or throws
 * the server's `RpcError` or a typed transport error. Each attempt needs a fresh `id`, so that a late
 * answer to an earlier attempt can never be taken for this one.
 */
export async function exchange(
  endpoint: Endpoint,
  request: TransportRequest,
  id: number,
  timeoutMs: number,
): Promise<unknown> {
  const answer = await endpoint.post(encodeRequest(id, request.method, request.params), {
    method: request.method,
    signal: request.signal,
    timeoutMs,
    parse: request.parse,
    read: request.read,
    idle: request.stream !== undefined,
  });
  return decodeResponse(answer, id, request.method, endpoint.origin, endpoint.secrets);
}
