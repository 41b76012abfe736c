import { callMethod, type MethodDefinition } from './defineMethod.js';
import { InvalidInputError } from './errors/InvalidInputError.js';
import * as allMethods from './methods/index.js';
import { createHttpTransport, type HttpTransportOptions } from './transport/http.js';
import type { Transport } from './types.js';

/** Options of `createRpc` and `createRpcWith`: the HTTP transport's, plus decoding limits. */
export interface RpcOptions extends HttpTransportOptions {
  /**
   * The most bytes `base64+zstd` account data may decompress to. Default 10 MiB, the largest account the
   * runtime allows; a frame that would produce more is refused before the memory is spent.
   */
  maxDecompressedBytes?: number;
}

/** Any set of method definitions, keyed by wire name. */
export type MethodSet = Record<string, MethodDefinition<unknown>>;

/** A client for the given method set: each method with its full overloaded signature. */
export type RpcWith<TMethods> = {
  readonly [K in keyof TMethods]: TMethods[K] extends MethodDefinition<infer TSignature> ? TSignature : never;
};

/**
 * The client `createRpc` returns: every method solrpc knows, each with its full overloaded signature.
 * @property getAccountInfo - One account's lamports, owner, data and more: {@link GetAccountInfo}.
 * @property getBalance - The lamports held at an address, as a `bigint`: {@link GetBalance}.
 * @property getClusterNodes - The nodes visible in gossip: {@link GetClusterNodes}.
 * @property getEpochInfo - The current epoch, slot and block height: {@link GetEpochInfo}.
 * @property getLeaderSchedule - Which validator leads which slot of an epoch: {@link GetLeaderSchedule}.
 * @property getTokenAccountsByDelegate - The token accounts a delegate may spend from: {@link GetTokenAccountsByDelegate}.
 * @property getTransaction - One confirmed transaction and its status metadata: {@link GetTransaction}.
 * @property getVoteAccounts - Vote accounts, current and delinquent: {@link GetVoteAccounts}.
 */
export interface Rpc extends RpcWith<typeof allMethods> {}

/** The default of `maxDecompressedBytes`: 10 MiB, the largest account data the runtime allows. */
export const DEFAULT_MAX_DECOMPRESSED_BYTES = 10 * 1024 * 1024;

/**
 * Creates a client with every method, over HTTP to `url`, to several URLs in order of preference
 * (failover), or over a custom `Transport`.
 * @example
 * const rpc = createRpc('http://127.0.0.1:8899');
 * const { value } = await rpc.getBalance(address); // bigint lamports
 */
export function createRpc(url: string | readonly string[] | Transport, options?: RpcOptions): Rpc {
  return createRpcWith(url, allMethods, options) as Rpc;
}

/**
 * Creates a client with only the methods given, so bundles carry no other method's code.
 * @example
 * import { createRpcWith, getBalance } from 'solrpc';
 * const rpc = createRpcWith('https://rpc.example.com', { getBalance });
 * await rpc.getBalance(address);
 */
export function createRpcWith<TMethods extends MethodSet>(
  url: string | readonly string[] | Transport,
  methods: TMethods,
  options: RpcOptions = {},
): RpcWith<TMethods> {
  const transport = typeof url === 'function' ? url : createHttpTransport(url, options);
  const maxDecompressedBytes = options.maxDecompressedBytes ?? DEFAULT_MAX_DECOMPRESSED_BYTES;
  if (!Number.isSafeInteger(maxDecompressedBytes) || maxDecompressedBytes <= 0) {
    throw new InvalidInputError({ param: 'options.maxDecompressedBytes', problem: 'expected a positive integer' });
  }
  const client: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const key of Object.keys(methods)) {
    const definition = methods[key] as MethodDefinition<unknown>;
    const context = { method: definition.name, maxDecompressedBytes };
    client[key] = (...args) => callMethod(definition, transport, args, context);
  }
  return Object.freeze(client) as RpcWith<TMethods>;
}
