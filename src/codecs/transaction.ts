/**
 * `decodeTransaction`: the wire bytes of a signed transaction (the bincode form of agave's
 * `VersionedTransaction`, which `getTransaction` returns in its `base64` and `base58` encodings) to the
 * shape the `json` encoding shows. The bytes are read by `readTransaction` (codecs/transactionLayout.ts,
 * which describes the layout); this writes its keys, signatures and data in base58.
 * @module
 */
import { DecodeError } from '../errors/DecodeError.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import type { ReadonlyUint8Array } from '../types/index.js';
import type { DecodedTransaction } from '../types/transaction.js';
import { encodeBase58 } from './base58.js';
import { LayoutFault, readTransaction, type TransactionLayout } from './transactionLayout.js';
import { DEFAULT_MAX_TRANSACTION_BYTES } from './transactionSize.js';

export { DEFAULT_MAX_TRANSACTION_BYTES };

const DECODER = 'decodeTransaction';

/** Options of `decodeTransaction`. */
export interface DecodeTransactionOptions {
  /** The most bytes to accept. Default 4096. */
  maxBytes?: number;
}

/**
 * Decodes a signed transaction from its wire bytes, checking that they are exactly one transaction
 * whose header agrees with its signatures and account keys. Instruction data comes out base58, as
 * the `json` encoding shows it; instructions carry no `stackHeight`, which the wire does not hold.
 * Throws `DecodeError` (naming the field and byte offset) for bytes that are not a transaction, and
 * `InvalidInputError` when `bytes` is not a `Uint8Array`.
 * @example
 * const tx = decodeTransaction(decodeBase64(encoded)!);
 * tx.version; // 'legacy' or 0
 */
export function decodeTransaction(
  bytes: ReadonlyUint8Array,
  options: DecodeTransactionOptions = {},
): DecodedTransaction {
  if (!(bytes instanceof Uint8Array)) {
    throw new InvalidInputError({ param: 'bytes', problem: `${DECODER} expects a Uint8Array, got ${typeName(bytes)}` });
  }
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_TRANSACTION_BYTES;
  if (!Number.isSafeInteger(maxBytes) || maxBytes <= 0) {
    throw new InvalidInputError({ param: 'options.maxBytes', problem: 'expected a positive integer' });
  }
  // Base58 output costs time quadratic in its input, so oversized bytes are refused before any work.
  if (bytes.length > maxBytes) {
    throw new DecodeError({
      decoder: DECODER,
      field: 'bytes',
      offset: maxBytes,
      problem: `${bytes.length} bytes is more than a transaction may hold (${maxBytes}; raise options.maxBytes)`,
    });
  }
  let layout: TransactionLayout;
  try {
    layout = readTransaction(bytes);
  } catch (error) {
    if (!(error instanceof LayoutFault)) throw error;
    throw new DecodeError({ decoder: DECODER, field: error.field, offset: error.offset, problem: error.message });
  }
  const { signatures, version, header, accountKeys, recentBlockhash, instructions, addressTableLookups } = layout;
  const message = {
    header,
    accountKeys: accountKeys.map((key) => encodeBase58(key)),
    recentBlockhash: encodeBase58(recentBlockhash),
    instructions: instructions.map(({ programIdIndex, accounts, data }) => ({
      programIdIndex,
      accounts,
      data: encodeBase58(data),
    })),
  };
  return {
    signatures: signatures.map((signature) => encodeBase58(signature)),
    // Legacy messages have no lookups at all, not an empty list: the key is left out, as in `json`.
    message: addressTableLookups
      ? {
          ...message,
          addressTableLookups: addressTableLookups.map(({ accountKey, writableIndexes, readonlyIndexes }) => ({
            accountKey: encodeBase58(accountKey),
            writableIndexes,
            readonlyIndexes,
          })),
        }
      : message,
    version,
  };
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof ArrayBuffer) return 'an ArrayBuffer';
  return typeof value;
}
