import { defineMethod, type WireOf } from '../defineMethod.js';
import { commitment, minContextSlot } from '../options/config.js';
import { blockhash } from '../schemas/address.js';
import { decodeContext, rpcContext } from '../schemas/context.js';
import { memo } from '../schemas/memo.js';
import { safeInteger } from '../schemas/numbers.js';
import { type } from '../schemas/struct.js';
import type { Blockhash, BlockhashLifetime, ContextConfig, RpcResult } from '../types/index.js';

// 1. Config

/** Options of `getLatestBlockhash`. */
export interface GetLatestBlockhashConfig extends ContextConfig {}

// 2. Result

/**
 * A blockhash to build a transaction on, and how long it stays usable. It is kit's
 * `BlockhashLifetimeConstraint` as it is: `setTransactionMessageLifetimeUsingBlockhash(value, message)`.
 */
export interface LatestBlockhash extends BlockhashLifetime {}

/** The latest blockhash of the bank at the commitment asked for, with the slot it was read at. */
export interface LatestBlockhashResult extends RpcResult<LatestBlockhash> {}

// 3. Signature

/** Reads the blockhash to build a transaction on. */
export interface GetLatestBlockhash {
  /**
   * Reads the latest blockhash of the bank at the given commitment (the node's default: `finalized`) and
   * the last block height at which a transaction using it can still land.
   * @example
   * const { value } = await rpc.getLatestBlockhash({ commitment: 'confirmed' });
   * console.log(`${value.blockhash} is valid up to block height ${value.lastValidBlockHeight}`);
   * // With @solana/kit: pipe(message, (m) => setTransactionMessageLifetimeUsingBlockhash(value, m))
   */
  (config?: GetLatestBlockhashConfig): Promise<LatestBlockhashResult>;
}

// 4. Wire schema

const latestBlockhashResult = /* @__PURE__ */ memo(() =>
  type({
    context: rpcContext(),
    value: type({ blockhash: blockhash(), lastValidBlockHeight: safeInteger() }),
  }),
);

// 5. Definition

/** `getLatestBlockhash`: a blockhash and its last valid block height. Full-API nodes serve it. */
export const getLatestBlockhash = /* @__PURE__ */ defineMethod<
  GetLatestBlockhash,
  WireOf<typeof latestBlockhashResult>
>({
  name: 'getLatestBlockhash',
  config: { commitment, minContextSlot },
  result: latestBlockhashResult,
  decode: ({ context, value }): LatestBlockhashResult => ({
    context: decodeContext(context),
    value: { blockhash: value.blockhash as Blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) },
  }),
});
