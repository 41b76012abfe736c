import { defineCustomMethod } from '../defineMethod.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { callOptionsOf, checkArity, checkConfig, describe } from '../options/check.js';
import type { CallOptions } from '../types/index.js';

// Not a wire method: the way to call one solrpc has no definition for yet.

/** Calls any JSON-RPC method by name, with no checks on what comes back. */
export interface Request {
  /**
   * Calls `method` with `params` as given: for a provider's own methods, or one a newer node serves
   * before solrpc defines it. The result is the node's JSON, parsed exactly (integers above 2^53 are
   * `bigint`, all others `number`) but not validated or decoded: its type is the one you name. Errors are
   * solrpc's typed errors, with the same retries, timeouts and secret handling as every method.
   * @example
   * const fees = await rpc.request<{ slot: number; prioritizationFee: number }[]>(
   *   'getRecentPrioritizationFees',
   *   [['CKs1E69a2e9TmH4mKKLrXFF8kD3ZnwKjoEuXa6sz9WqX']],
   * );
   */
  <T = unknown>(method: string, params?: readonly unknown[], config?: CallOptions): Promise<T>;
}

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * `request`: any method by name, unchecked. On every `createRpc` client; give it to `createRpcWith` with
 * the methods an app uses (`createRpcWith(url, { getBalance, request })`).
 */
export const request = /* @__PURE__ */ defineCustomMethod<Request>({
  name: 'request',
  prepare(args, name) {
    checkArity(name, args, 3);
    const [method, params = [], config] = args;
    if (typeof method !== 'string' || !NAME.test(method)) {
      throw new InvalidInputError({
        method: name,
        param: 'method',
        problem: `expected a method name (letters, digits and _), got ${describe(method)}`,
      });
    }
    if (!Array.isArray(params)) {
      throw new InvalidInputError({
        method,
        param: 'params',
        problem: `expected an array of positional params, got ${describe(params)}`,
      });
    }
    return {
      method,
      params: [...params],
      options: callOptionsOf(method, checkConfig(method, 'config', config, ['signal', 'timeoutMs'])),
    };
  },
  decode: (result) => result,
});
