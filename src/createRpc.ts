import { CLIENT_LINK } from './clientLink.js';
import { callMethod, type MethodDefinition } from './defineMethod.js';
import { InvalidInputError } from './errors/InvalidInputError.js';
import { allMethods } from './methods/index.js';
import { request } from './methods/request.js';
import { checkConfig, checkPositive } from './options/check.js';
import { DEFAULT_MAX_DECOMPRESSED_BYTES } from './options/limits.js';
import { BASIC_OPTIONS, type BasicTransportOptions, basicTransport } from './transport/basic.js';
import {
  createTransport,
  type EndpointConfig,
  type HttpTransportOptions,
  RELIABILITY_OPTIONS,
} from './transport/http.js';
import { realClock } from './transport/retry.js';
import type { Transport } from './types/index.js';

/** The decoding limits both clients take. */
export interface DecodeOptions {
  /**
   * The most bytes `base64+zstd` account data may decompress to. Default 10 MiB, the largest account the
   * runtime allows; a frame that would produce more is refused before the memory is spent.
   */
  maxDecompressedBytes?: number;
}

/** Options of `createRpc`: the HTTP transport's (retries, failover, coalescing, batching), plus decoding limits. */
export interface RpcOptions extends HttpTransportOptions, DecodeOptions {}

/** Options of `createRpcWith`: the basic transport's (one attempt per call), plus decoding limits. */
export interface RpcWithOptions extends BasicTransportOptions, DecodeOptions {}

/** Any set of method definitions, keyed by wire name. */
export type MethodSet = Record<string, MethodDefinition<unknown>>;

/** A client for the given method set: each method with its full overloaded signature. */
export type RpcWith<TMethods> = {
  readonly [K in keyof TMethods]: TMethods[K] extends MethodDefinition<infer TSignature> ? TSignature : never;
};

/**
 * The client `createRpc` returns: every method solrpc knows (src/methods/index.ts), each with its full
 * overloaded signature and its own TSDoc, and `request` for any other method by name.
 */
export interface Rpc
  extends RpcWith<
    typeof allMethods & {
      /** Any other method by name, its result parsed exactly but unchecked: {@link Request}. */
      request: typeof request;
    }
  > {}

/**
 * Creates a client with every method, over HTTP to `url`, to several URLs in order of preference
 * (failover, each a URL or an `EndpointConfig` with its own rate limit), or over a custom `Transport`.
 * @example
 * const rpc = createRpc('http://127.0.0.1:8899');
 * const { value } = await rpc.getBalance(address); // bigint lamports
 * @example
 * // Two providers, each kept under its own limit; reads never older than one already returned.
 * const rpc = createRpc(
 *   [{ url: primaryUrl, rateLimit: { requestsPerSecond: 50 } }, { url: backupUrl, rateLimit: { requestsPerSecond: 10 } }],
 * );
 */
export function createRpc(
  url: string | readonly (string | EndpointConfig)[] | Transport,
  options: RpcOptions = {},
): Rpc {
  checkOptions(options, 'createRpc');
  const transport = typeof url === 'function' ? url : createTransport(url, options, realClock);
  return bind(transport, { ...allMethods, request }, options) as Rpc;
}

/**
 * Creates a client with only the methods given, so bundles carry no other method's code. Over a URL it
 * uses the basic transport: one request per call, with the timeout, size cap and secret handling of every
 * solrpc transport but no retries, failover, coalescing or batching, whose code a small app then does
 * not carry. For those, pass `createHttpTransport(url, options)` instead of the URL.
 * @example
 * import { createRpcWith, getBalance } from 'solrpc';
 * const rpc = createRpcWith('https://rpc.example.com', { getBalance });
 * await rpc.getBalance(address);
 */
export function createRpcWith<TMethods extends MethodSet>(
  url: string | Transport,
  methods: TMethods,
  options: RpcWithOptions = {},
): RpcWith<TMethods> {
  checkOptions(options, 'createRpcWith');
  if (typeof url === 'function') return bind(url, methods, options);
  if (Array.isArray(url)) refuseReliability('url', 'several URLs (failover)');
  // What only createHttpTransport does: given to createRpcWith with a URL, it would be ignored.
  for (const option of RELIABILITY_OPTIONS) {
    if ((options as Record<string, unknown>)[option] !== undefined) refuseReliability(`options.${option}`, option);
  }
  return bind(basicTransport(url, options), methods, options);
}

/**
 * Refuses a key that is no client option (`timeout` for `timeoutMs`), as a method refuses a misspelt
 * config key: in plain JavaScript it would otherwise be ignored without a word.
 */
function checkOptions(options: RpcOptions, owner: string): void {
  checkConfig(undefined, 'options', options, [...BASIC_OPTIONS, ...RELIABILITY_OPTIONS, 'maxDecompressedBytes'], owner);
}

function refuseReliability(param: string, what: string): never {
  throw new InvalidInputError({
    param,
    problem: `createRpcWith's basic transport has no ${what}: pass createHttpTransport(url, options) as its first argument`,
  });
}

function bind<TMethods extends MethodSet>(
  transport: Transport,
  methods: TMethods,
  options: DecodeOptions,
): RpcWith<TMethods> {
  const maxDecompressedBytes =
    checkPositive(options.maxDecompressedBytes, 'options.maxDecompressedBytes', true) ?? DEFAULT_MAX_DECOMPRESSED_BYTES;
  const client: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const key of Object.keys(methods)) {
    const definition = methods[key] as MethodDefinition<unknown>;
    const context = { method: definition.name, maxDecompressedBytes };
    client[key] = (...args) => (definition.run ?? callMethod)(definition, transport, args, context);
  }
  Object.defineProperty(client, CLIENT_LINK, { value: { transport, maxDecompressedBytes } });
  return Object.freeze(client) as RpcWith<TMethods>;
}
