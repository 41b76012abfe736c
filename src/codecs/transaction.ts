/**
 * `decodeTransaction`: the wire bytes of a signed transaction (the bincode form of agave's
 * `VersionedTransaction`, which `getTransaction` returns in its `base64` and `base58` encodings) to the
 * shape the `json` encoding shows.
 *
 * Layout (every length a compact-u16, see `readLength`):
 * ```
 * signatures:  length, length × 64 bytes
 * message:     [0x80 | version]            v0 only; a legacy message starts with the header
 *              numRequiredSignatures u8, numReadonlySignedAccounts u8, numReadonlyUnsignedAccounts u8
 *              accountKeys: length, length × 32 bytes
 *              recentBlockhash: 32 bytes
 *              instructions: length, each { programIdIndex u8, accounts: length + u8s, data: length + bytes }
 *              addressTableLookups (v0 only): length, each { accountKey 32 bytes,
 *                writableIndexes: length + u8s, readonlyIndexes: length + u8s }
 * ```
 * @module
 */
import { DecodeError } from '../errors/DecodeError.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import type {
  AddressTableLookup,
  DecodedInstruction,
  DecodedTransaction,
  MessageHeader,
  TransactionVersion,
} from '../types/transaction.js';
import { encodeBase58 } from './base58.js';

const DECODER = 'decodeTransaction';

/**
 * The largest transaction accepted by default. The network carries at most 1,232 bytes today; this
 * leaves room for larger transaction formats while bounding the base58 work.
 */
export const DEFAULT_MAX_TRANSACTION_BYTES = 4096;

/** Options of `decodeTransaction`. */
export interface DecodeTransactionOptions {
  /** The most bytes to accept. Default 4096. */
  maxBytes?: number;
}

const SIGNATURE_BYTES = 64;
/** Account keys, lookup table keys and the blockhash. */
const KEY_BYTES = 32;
/** Set on a message's first byte when it is versioned; a legacy message's first byte (a signer count) is below it. */
const VERSION_PREFIX = 0x80;
/** The least an instruction can take: its program index and two empty lengths. */
const MIN_INSTRUCTION_BYTES = 3;
/** The least a lookup can take: its table key and two empty lengths. */
const MIN_LOOKUP_BYTES = KEY_BYTES + 2;

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
export function decodeTransaction(bytes: Uint8Array, options: DecodeTransactionOptions = {}): DecodedTransaction {
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
  const reader = new Reader(bytes);
  const signatureCount = reader.length('signatures', 0);
  const signatures = reader.base58List('signatures', signatureCount, SIGNATURE_BYTES);

  // A legacy message's first byte is its signer count, which can never reach 128; v0 messages
  // spend a byte on 0x80 | version before the same header.
  const firstOffset = reader.offset;
  const first = reader.u8('message');
  let version: TransactionVersion = 'legacy';
  let signersOffset = firstOffset;
  let numRequiredSignatures = first;
  if (first & VERSION_PREFIX) {
    const messageVersion = first & 0x7f;
    if (messageVersion !== 0) {
      // 0xff (version 127) is reserved to mark off-chain messages, never transactions.
      const note = messageVersion === 127 ? ' (0xff starts an off-chain message)' : '';
      throw reader.error('version', firstOffset, `unsupported message version ${messageVersion}${note}`);
    }
    version = 0;
    signersOffset = reader.offset;
    numRequiredSignatures = reader.u8('message.header.numRequiredSignatures');
  }
  if (numRequiredSignatures !== signatureCount) {
    throw reader.error(
      'message.header.numRequiredSignatures',
      signersOffset,
      `the header requires ${numRequiredSignatures} signatures but the transaction carries ${signatureCount}`,
    );
  }
  const readonlySignedOffset = reader.offset;
  const header: MessageHeader = {
    numRequiredSignatures,
    numReadonlySignedAccounts: reader.u8('message.header.numReadonlySignedAccounts'),
    numReadonlyUnsignedAccounts: reader.u8('message.header.numReadonlyUnsignedAccounts'),
  };
  // As agave's sanitize rule has it: the fee payer, the first signer, must be writable, so there is at
  // least one signer and fewer read-only signers than signers.
  if (header.numReadonlySignedAccounts >= numRequiredSignatures) {
    throw reader.error(
      'message.header.numReadonlySignedAccounts',
      readonlySignedOffset,
      `${header.numReadonlySignedAccounts} read-only signers of ${numRequiredSignatures}: the fee payer must be a writable signer`,
    );
  }

  const keyCountOffset = reader.offset;
  const keyCount = reader.length('message.accountKeys', 0);
  if (keyCount === 0) throw reader.error('message.accountKeys', keyCountOffset, 'a message needs at least one key');
  if (numRequiredSignatures > keyCount) {
    throw reader.error(
      'message.header.numRequiredSignatures',
      signersOffset,
      `${numRequiredSignatures} signers but only ${keyCount} account keys`,
    );
  }
  if (header.numReadonlyUnsignedAccounts > keyCount - numRequiredSignatures) {
    throw reader.error(
      'message.header.numReadonlyUnsignedAccounts',
      readonlySignedOffset + 1,
      `${header.numReadonlyUnsignedAccounts} read-only non-signers but only ${keyCount - numRequiredSignatures} non-signing keys`,
    );
  }
  const accountKeys = reader.base58List('message.accountKeys', keyCount, KEY_BYTES);
  const recentBlockhash = encodeBase58(reader.bytes('message.recentBlockhash', KEY_BYTES));

  const instructions: DecodedInstruction[] = [];
  const instructionCount = reader.length('message.instructions', MIN_INSTRUCTION_BYTES);
  for (let i = 0; i < instructionCount; i++) {
    const path = `message.instructions.${i}`;
    instructions.push({
      programIdIndex: reader.u8(`${path}.programIdIndex`),
      accounts: reader.u8List(`${path}.accounts`),
      data: encodeBase58(reader.bytes(`${path}.data`, reader.length(`${path}.data`, 1))),
    });
  }

  let addressTableLookups: AddressTableLookup[] | undefined;
  if (version === 0) {
    addressTableLookups = [];
    const lookupCount = reader.length('message.addressTableLookups', MIN_LOOKUP_BYTES);
    for (let i = 0; i < lookupCount; i++) {
      const path = `message.addressTableLookups.${i}`;
      addressTableLookups.push({
        accountKey: encodeBase58(reader.bytes(`${path}.accountKey`, KEY_BYTES)),
        writableIndexes: reader.u8List(`${path}.writableIndexes`),
        readonlyIndexes: reader.u8List(`${path}.readonlyIndexes`),
      });
    }
  }

  if (reader.offset !== bytes.length) {
    throw reader.error('message', reader.offset, `${bytes.length - reader.offset} bytes follow the end of the message`);
  }
  const message = { header, accountKeys, recentBlockhash, instructions };
  return {
    signatures,
    // Legacy messages have no lookups at all, not an empty list: the key is left out, as in `json`.
    message: addressTableLookups ? { ...message, addressTableLookups } : message,
    version,
  };
}

/** Reads forward through the bytes; every read checks what remains first, so nothing reads past the end. */
class Reader {
  offset = 0;

  constructor(private readonly view: Uint8Array) {}

  error(field: string, offset: number, problem: string): DecodeError {
    return new DecodeError({ decoder: DECODER, field, offset, problem });
  }

  private get remaining(): number {
    return this.view.length - this.offset;
  }

  u8(field: string): number {
    if (this.remaining < 1) throw this.error(field, this.offset, 'the bytes end here');
    return this.view[this.offset++]!;
  }

  /** `count` bytes, as a view (not a copy). */
  bytes(field: string, count: number): Uint8Array {
    if (this.remaining < count) {
      throw this.error(field, this.offset, `needs ${count} bytes, ${this.remaining} remain`);
    }
    const start = this.offset;
    this.offset += count;
    return this.view.subarray(start, this.offset);
  }

  /** A length-prefixed list of u8s (account or table indexes). */
  u8List(field: string): number[] {
    return Array.from(this.bytes(field, this.length(field, 1)));
  }

  /**
   * `count` fixed-size values (keys, signatures) in base58. A shortfall is reported at the first value
   * that does not fit, before anything is decoded.
   */
  base58List(field: string, count: number, size: number): string[] {
    if (this.remaining < count * size) {
      const index = Math.floor(this.remaining / size);
      throw this.error(
        `${field}.${index}`,
        this.offset + index * size,
        `needs ${size} bytes, ${this.remaining % size} remain`,
      );
    }
    const values: string[] = [];
    for (let i = 0; i < count; i++) values.push(encodeBase58(this.bytes(field, size)));
    return values;
  }

  /**
   * A compact-u16 length ("short_vec"): 7 bits per byte, least significant first, the high bit set on
   * every byte but the last; at most three bytes, and the third may only carry bits 14 and 15.
   * Only the shortest form is valid (a final 0x00 after the first byte means a shorter one exists),
   * so each length has exactly one encoding, as in solana-short-vec.
   * A length that the remaining bytes cannot hold at `minItemBytes` per item is refused here, before
   * any array is built for it (fixed-size values pass 0: `base58List` finds the exact one that is missing).
   */
  length(field: string, minItemBytes: number): number {
    const start = this.offset;
    let value = 0;
    for (let nth = 0; ; nth++) {
      if (this.remaining < 1) {
        throw this.error(field, start, nth === 0 ? 'the bytes end before its length' : 'its length is cut short');
      }
      const byte = this.view[this.offset++]!;
      if (byte === 0 && nth > 0) throw this.error(field, start, 'its length is not in its shortest encoding');
      if (nth === 2 && byte > 0x03) throw this.error(field, start, 'its length does not fit in 16 bits');
      value |= (byte & 0x7f) << (7 * nth);
      if ((byte & 0x80) === 0) break;
    }
    if (value * minItemBytes > this.remaining) {
      throw this.error(
        field,
        this.offset,
        `a length of ${value} needs at least ${value * minItemBytes} more bytes, ${this.remaining} remain`,
      );
    }
    return value;
  }
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof ArrayBuffer) return 'an ArrayBuffer';
  return typeof value;
}
