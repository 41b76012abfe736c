import { decodeBase64 } from '../codecs/base64.js';
import { defineMethod, type WireOf } from '../defineMethod.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { describe } from '../options/check.js';
import { commitment, minContextSlot, type OptionCheck } from '../options/config.js';
import { decodeContext, rpcContext } from '../schemas/context.js';
import { memo } from '../schemas/memo.js';
import { toBigInt, u64 } from '../schemas/numbers.js';
import { nullable, type } from '../schemas/struct.js';
import type { ContextConfig, ReadonlyUint8Array, RpcResult } from '../types/index.js';

// 1. Config

/** Options of `getFeeForMessage`. */
export interface GetFeeForMessageConfig extends ContextConfig {}

// 2. Result

/**
 * The fee in lamports, exact, that the bank would charge for the message; `null` when the message's
 * blockhash is no longer in the bank's queue (expired), never `0n`.
 */
export interface FeeForMessageResult extends RpcResult<bigint | null> {}

// 3. Signature

/** Reads the fee a message would cost. */
export interface GetFeeForMessage {
  /**
   * Reads the fee the bank at the given commitment would charge for a compiled message (the signed part of
   * a transaction, without its signatures): signatures, precompiles and the compute-unit price.
   * @param message The message's wire bytes, or those bytes as base64 text.
   * @example
   * const { value } = await rpc.getFeeForMessage(messageBytes, { commitment: 'confirmed' });
   * console.log(value === null ? 'the blockhash has expired' : `${value} lamports`);
   */
  (message: ReadonlyUint8Array | string, config?: GetFeeForMessageConfig): Promise<FeeForMessageResult>;
}

// 4. Wire schema

const feeResult = /* @__PURE__ */ memo(() => type({ context: rpcContext(), value: nullable(u64()) }));

/** agave refuses a message longer than a packet (`PACKET_DATA_SIZE`) before reading it. */
const MAX_MESSAGE_BYTES = 1232;

/** The message as the base64 text agave reads: bytes are encoded, text must be base64 of at most a packet. */
const message: OptionCheck = (method, param, value) => {
  let length: number | undefined;
  let text: string | undefined;
  if (value instanceof Uint8Array) {
    length = value.length;
    text = btoa(String.fromCharCode(...value.subarray(0, MAX_MESSAGE_BYTES + 1)));
  } else if (typeof value === 'string') {
    length = decodeBase64(value)?.length;
    text = value;
  }
  const problem =
    length === undefined
      ? `expected the message's bytes (a Uint8Array) or base64 text, got ${typeof value === 'string' ? 'text that is not padded base64' : describe(value)}`
      : length === 0
        ? 'the message is empty'
        : length > MAX_MESSAGE_BYTES
          ? `the message is ${length} bytes; a transaction holds at most ${MAX_MESSAGE_BYTES}`
          : undefined;
  if (problem) throw new InvalidInputError({ method, param, problem });
  return text;
};

// 5. Definition

/** `getFeeForMessage`: the fee of a compiled message, `null` once its blockhash has expired. Full-API nodes. */
export const getFeeForMessage = /* @__PURE__ */ defineMethod<GetFeeForMessage, WireOf<typeof feeResult>>({
  name: 'getFeeForMessage',
  args: { message },
  config: { commitment, minContextSlot },
  result: feeResult,
  decode: (wire): FeeForMessageResult => ({
    context: decodeContext(wire.context),
    value: wire.value == null ? null : toBigInt(wire.value),
  }),
});
