import { defineMethod } from '../defineMethod.js';
import { memo } from '../schemas/memo.js';
import { literal } from '../schemas/struct.js';
import type { CallOptions } from '../types/index.js';

// 1. Config

/** Options of `getHealth`: only the per-call ones; it sends no params. */
export interface GetHealthConfig extends CallOptions {}

// 2. Result: the string `'ok'`. An unhealthy node answers error -32005 instead, with this `data`.

/**
 * The `data` of the -32005 (`NODE_UNHEALTHY`) `RpcError`: how many slots the node is behind the cluster,
 * or `null` when it does not know (its message is then `Node is unhealthy`). solrpc writes
 * `{ numSlotsBehind: null }` when the node sent no `data`.
 */
export interface NodeUnhealthyData {
  /** Slots behind the latest cluster-confirmed slot it has heard of; `null` when unknown. */
  numSlotsBehind: number | null;
}

// 3. Signature

/** Asks the node whether it is healthy. */
export interface GetHealth {
  /**
   * Resolves `'ok'` when the node is within agave's health-check distance of the cluster; otherwise
   * rejects with an `RpcError` of code -32005 whose `data` is a `NodeUnhealthyData`.
   * @example
   * const health = await rpc.getHealth().catch((error) =>
   *   isSolRpcError(error, 'RpcError') && error.code === -32005
   *     ? `behind by ${(error.data as NodeUnhealthyData).numSlotsBehind ?? 'an unknown number of'} slots`
   *     : Promise.reject(error),
   * );
   */
  (config?: GetHealthConfig): Promise<'ok'>;
}

// 4. Wire schema

const ok = /* @__PURE__ */ memo(() => literal('ok'));

// 5. Definition

/** `getHealth`: whether the node keeps up with the cluster. Served by every node. */
export const getHealth = /* @__PURE__ */ defineMethod<GetHealth, 'ok'>({
  name: 'getHealth',
  fullApi: false,
  result: ok,
});
