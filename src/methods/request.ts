import { MAX_JSON_DEPTH } from '../codecs/json.js';
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
 * The height of `value`'s tree of arrays and objects (0 for a scalar), or `Infinity` once it passes `room`
 * or meets itself (a cycle is endlessly deep). `known` holds the heights of subtrees already measured, so a
 * value shared many times over is walked once. Stopping at `room` keeps the walk's own stack short.
 */
function heightOf(value: unknown, room: number, path: Set<object>, known: Map<object, number>): number {
  if (typeof value !== 'object' || value === null) return 0;
  const measured = known.get(value);
  if (measured !== undefined) return measured;
  if (room <= 0 || path.has(value)) return Number.POSITIVE_INFINITY;
  path.add(value);
  let below = 0;
  for (const item of Object.values(value)) {
    below = Math.max(below, heightOf(item, room - 1, path, known));
    if (below === Number.POSITIVE_INFINITY) return below;
  }
  path.delete(value);
  known.set(value, below + 1);
  return below + 1;
}

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
    // The request's own object holds params: together no deeper than a node reads (serde_json's 128), and
    // never cyclic, refused here rather than as a RangeError from serializing them.
    if (heightOf(params, MAX_JSON_DEPTH - 1, new Set(), new Map()) > MAX_JSON_DEPTH - 1) {
      throw new InvalidInputError({
        method,
        param: 'params',
        problem: `expected JSON values nested at most ${MAX_JSON_DEPTH - 1} levels, with no cycle`,
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
