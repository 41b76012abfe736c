import { defineMethod } from '../defineMethod.js';
import { commitment, minContextSlot } from '../options/config.js';
import { toBigInt, u64 } from '../schemas/numbers.js';
import type { ContextConfig } from '../types/index.js';

// 1. Config

/** Options of `getTransactionCount`. */
export interface GetTransactionCountConfig extends ContextConfig {}

// 2. Result: a bare count, a `bigint` (a u64 on the wire; exact at any size).

// 3. Signature

/** Reads how many transactions the cluster has processed. */
export interface GetTransactionCount {
  /**
   * Reads the number of transactions processed since genesis, as of the bank at the given commitment
   * (the node's default: `finalized`), exactly, as a `bigint`.
   * @example
   * const count = await rpc.getTransactionCount({ commitment: 'confirmed' });
   * console.log(`${count} transactions since genesis`);
   */
  (config?: GetTransactionCountConfig): Promise<bigint>;
}

// 4. Wire schema: a bare u64, the shared `u64`.

// 5. Definition

/** `getTransactionCount`: transactions processed since genesis. Served by every node. */
export const getTransactionCount = /* @__PURE__ */ defineMethod<GetTransactionCount, number | bigint>({
  name: 'getTransactionCount',
  fullApi: false,
  config: { commitment, minContextSlot },
  result: u64,
  decode: toBigInt,
});
