import { defineMethod, type WireOf } from '../defineMethod.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { checkAddress, checkSignature, describe } from '../options/check.js';
import { confirmedCommitment, minContextSlot, type OptionCheck } from '../options/config.js';
import { signature } from '../schemas/address.js';
import { memo } from '../schemas/memo.js';
import { safeInteger, timestamp } from '../schemas/numbers.js';
import { array, enums, nullable, optional, string, type } from '../schemas/struct.js';
import { transactionError } from '../schemas/transaction.js';
import type { Address, CallOptions, Signature } from '../types/index.js';
import type { TransactionError } from '../types/transaction.js';

// 1. Config

/**
 * Options of `getSignaturesForAddress` (agave's `RpcSignaturesForAddressConfig`). Newest first: `before`
 * and `until` bound the page, `limit` its length.
 */
export interface GetSignaturesForAddressConfig extends CallOptions {
  /** Start after this signature (excluded), going back in time; the newest signatures when left out. */
  before?: Signature;
  /** Stop at this signature (excluded) if it is met before `limit` is reached. */
  until?: Signature;
  /** At most this many signatures, 1 to 1,000 (agave's maximum, and its default). */
  limit?: number;
  /** `'confirmed'` or `'finalized'` (the node's default); agave refuses `'processed'` here. */
  commitment?: 'confirmed' | 'finalized';
  /** Fail with -32016 unless the node has reached this slot. */
  minContextSlot?: number | bigint;
}

// 2. Result

/** One transaction that touched the address, as the node's address index holds it. */
export interface SignatureInfo {
  /** The transaction's first signature. */
  signature: Signature;
  /** The slot of the block that holds it. */
  slot: number;
  /** Why it failed; `null` if it succeeded. */
  err: TransactionError | null;
  /** The text of its spl-memo instructions (`"[length] text"`, joined by `"; "`); `null` if it has none. */
  memo: string | null;
  /** The block's estimated production time (Unix seconds); `null` where unknown. */
  blockTime: number | null;
  /** `'confirmed'` or `'finalized'`; `null` from nodes that did not send it. */
  confirmationStatus: 'processed' | 'confirmed' | 'finalized' | null;
  /** The transaction's position in its block, on newer nodes (Agave 4.0 and later); absent otherwise. */
  transactionIndex?: number;
}

// 3. Signature

/** Lists the transactions that touched an address, newest first. */
export interface GetSignaturesForAddress {
  /**
   * Reads up to `limit` (default 1,000) signatures of transactions that included the address, newest
   * first, starting after `before`. For a whole history, page with `signaturesOf(rpc, address)`.
   * @example
   * const page = await rpc.getSignaturesForAddress(address, { limit: 10 });
   * for (const { signature, slot, err } of page) console.log(slot, signature, err ? 'failed' : 'ok');
   */
  (address: Address, config?: GetSignaturesForAddressConfig): Promise<SignatureInfo[]>;
}

// 4. Wire schema

const signaturesResult = /* @__PURE__ */ memo(() =>
  array(
    type({
      signature: signature(),
      slot: safeInteger(),
      err: nullable(transactionError()),
      memo: nullable(string()),
      blockTime: nullable(timestamp()),
      confirmationStatus: nullable(enums(['processed', 'confirmed', 'finalized'])),
      transactionIndex: optional(safeInteger()),
    }),
  ),
);

/** agave's `MAX_GET_CONFIRMED_SIGNATURES_FOR_ADDRESS2_LIMIT`: it refuses 0 and anything above. */
export const MAX_SIGNATURES_PER_PAGE = 1_000;

const limit: OptionCheck = (method, param, value) => {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_SIGNATURES_PER_PAGE) {
    return value;
  }
  throw new InvalidInputError({
    method,
    param,
    problem: `expected an integer from 1 to ${MAX_SIGNATURES_PER_PAGE}, got ${describe(value)}`,
  });
};

/** Copies one checked entry; nullable fields a node left out become `null`. */
function decodeEntry(entry: WireOf<typeof signaturesResult>[number]): SignatureInfo {
  const info: SignatureInfo = {
    signature: entry.signature,
    slot: entry.slot,
    err: entry.err ?? null,
    memo: entry.memo ?? null,
    blockTime: entry.blockTime ?? null,
    confirmationStatus: entry.confirmationStatus ?? null,
  };
  if (entry.transactionIndex !== undefined) info.transactionIndex = entry.transactionIndex;
  return info;
}

// 5. Definition

/** `getSignaturesForAddress`: signatures of the transactions that touched an address. Needs transaction history. */
export const getSignaturesForAddress = /* @__PURE__ */ defineMethod<
  GetSignaturesForAddress,
  WireOf<typeof signaturesResult>
>({
  name: 'getSignaturesForAddress',
  args: { address: checkAddress },
  config: { before: checkSignature, until: checkSignature, limit, commitment: confirmedCommitment, minContextSlot },
  result: signaturesResult,
  decode: (wire) => wire.map(decodeEntry),
});
