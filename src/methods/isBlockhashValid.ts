import { defineMethod, type WireOf } from '../defineMethod.js';
import { checkHash } from '../options/check.js';
import { commitment, minContextSlot } from '../options/config.js';
import { decodeContext, rpcContext } from '../schemas/context.js';
import { memo } from '../schemas/memo.js';
import { boolean, type } from '../schemas/struct.js';
import type { ContextConfig, RpcResult } from '../types/index.js';

// 1. Config

/** Options of `isBlockhashValid`. */
export interface IsBlockhashValidConfig extends ContextConfig {}

// 2. Result

/** Whether the blockhash can still be used, as of the bank at `context.slot`; `false` is an answer, not an error. */
export interface BlockhashValidResult extends RpcResult<boolean> {}

// 3. Signature

/** Asks whether a blockhash is still valid. */
export interface IsBlockhashValid {
  /**
   * Asks whether a transaction using `blockhash` can still land: `true` while the blockhash is in the
   * bank's blockhash queue (about 150 blocks), `false` once it has expired or if the bank never saw it.
   * @example
   * const { value } = await rpc.isBlockhashValid(blockhash, { commitment: 'processed' });
   * if (!value) console.log('build the transaction again on a new blockhash');
   */
  (blockhash: string, config?: IsBlockhashValidConfig): Promise<BlockhashValidResult>;
}

// 4. Wire schema

const validResult = /* @__PURE__ */ memo(() => type({ context: rpcContext(), value: boolean() }));

// 5. Definition

/**
 * `isBlockhashValid`: whether a blockhash is still in the bank's queue. The blockhash is checked here: a
 * malformed one makes agave answer just `Invalid` or `WrongSize`.
 */
export const isBlockhashValid = /* @__PURE__ */ defineMethod<IsBlockhashValid, WireOf<typeof validResult>>({
  name: 'isBlockhashValid',
  args: { blockhash: checkHash },
  config: { commitment, minContextSlot },
  result: validResult,
  decode: (wire): BlockhashValidResult => ({ context: decodeContext(wire.context), value: wire.value }),
});
