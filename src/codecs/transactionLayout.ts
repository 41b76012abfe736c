/**
 * Where the parts of a signed transaction lie in its wire bytes (the bincode form of agave's
 * `VersionedTransaction`), read and checked in one pass. `decodeTransaction` builds its result from
 * this; the check `sendTransaction` and `simulateTransaction` make before sending loads it on first use.
 * So it imports nothing at run time: esbuild puts a module that both an app's entry and a lazily loaded
 * chunk use into a chunk of its own, loaded up front (docs/tree-shaking.md).
 *
 * Layout (every length a compact-u16, see `Reader.length`):
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
import type { MessageHeader, TransactionVersion } from '../types/transaction.js';

/** A transaction's parts; every byte field is a view into the bytes read, not a copy. */
export interface TransactionLayout {
  /** Each signature's 64 bytes, the fee payer's first. */
  signatures: Uint8Array[];
  version: TransactionVersion;
  header: MessageHeader;
  /** Each static account key's 32 bytes, signers first. */
  accountKeys: Uint8Array[];
  recentBlockhash: Uint8Array;
  instructions: { programIdIndex: number; accounts: number[]; data: Uint8Array }[];
  /** v0 messages only (possibly empty); a legacy message has none. */
  addressTableLookups?: { accountKey: Uint8Array; writableIndexes: number[]; readonlyIndexes: number[] }[];
}

/** Bytes that are not a transaction: the field being read (`message.instructions.2.data`) and the byte where. */
export class LayoutFault extends Error {
  constructor(
    readonly field: string,
    readonly offset: number,
    problem: string,
  ) {
    super(problem);
  }
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
 * Reads a signed transaction's wire bytes, checking that they are exactly one transaction whose header
 * agrees with its signatures and account keys. Throws `LayoutFault` for bytes that are not one.
 */
export function readTransaction(bytes: Uint8Array): TransactionLayout {
  const reader = new Reader(bytes);
  const signatureCount = reader.length('signatures', 0);
  const signatures = reader.list('signatures', signatureCount, SIGNATURE_BYTES);

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
      throw new LayoutFault('version', firstOffset, `unsupported message version ${messageVersion}${note}`);
    }
    version = 0;
    signersOffset = reader.offset;
    numRequiredSignatures = reader.u8('message.header.numRequiredSignatures');
  }
  if (numRequiredSignatures !== signatureCount) {
    throw new LayoutFault(
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
    throw new LayoutFault(
      'message.header.numReadonlySignedAccounts',
      readonlySignedOffset,
      `${header.numReadonlySignedAccounts} read-only signers of ${numRequiredSignatures}: the fee payer must be a writable signer`,
    );
  }

  const keyCountOffset = reader.offset;
  const keyCount = reader.length('message.accountKeys', 0);
  if (keyCount === 0) throw new LayoutFault('message.accountKeys', keyCountOffset, 'a message needs at least one key');
  if (numRequiredSignatures > keyCount) {
    throw new LayoutFault(
      'message.header.numRequiredSignatures',
      signersOffset,
      `${numRequiredSignatures} signers but only ${keyCount} account keys`,
    );
  }
  if (header.numReadonlyUnsignedAccounts > keyCount - numRequiredSignatures) {
    throw new LayoutFault(
      'message.header.numReadonlyUnsignedAccounts',
      readonlySignedOffset + 1,
      `${header.numReadonlyUnsignedAccounts} read-only non-signers but only ${keyCount - numRequiredSignatures} non-signing keys`,
    );
  }
  const accountKeys = reader.list('message.accountKeys', keyCount, KEY_BYTES);
  const recentBlockhash = reader.bytes('message.recentBlockhash', KEY_BYTES);

  const instructions: TransactionLayout['instructions'] = [];
  const instructionCount = reader.length('message.instructions', MIN_INSTRUCTION_BYTES);
  for (let i = 0; i < instructionCount; i++) {
    const path = `message.instructions.${i}`;
    instructions.push({
      programIdIndex: reader.u8(`${path}.programIdIndex`),
      accounts: reader.u8List(`${path}.accounts`),
      data: reader.bytes(`${path}.data`, reader.length(`${path}.data`, 1)),
    });
  }

  const layout: TransactionLayout = { signatures, version, header, accountKeys, recentBlockhash, instructions };
  if (version === 0) {
    const lookups: NonNullable<TransactionLayout['addressTableLookups']> = [];
    const lookupCount = reader.length('message.addressTableLookups', MIN_LOOKUP_BYTES);
    for (let i = 0; i < lookupCount; i++) {
      const path = `message.addressTableLookups.${i}`;
      lookups.push({
        accountKey: reader.bytes(`${path}.accountKey`, KEY_BYTES),
        writableIndexes: reader.u8List(`${path}.writableIndexes`),
        readonlyIndexes: reader.u8List(`${path}.readonlyIndexes`),
      });
    }
    layout.addressTableLookups = lookups;
  }

  if (reader.offset !== bytes.length) {
    throw new LayoutFault(
      'message',
      reader.offset,
      `${bytes.length - reader.offset} bytes follow the end of the message`,
    );
  }
  return layout;
}

/** Reads forward through the bytes; every read checks what remains first, so nothing reads past the end. */
class Reader {
  offset = 0;

  constructor(private readonly view: Uint8Array) {}

  private get remaining(): number {
    return this.view.length - this.offset;
  }

  u8(field: string): number {
    if (this.remaining < 1) throw new LayoutFault(field, this.offset, 'the bytes end here');
    return this.view[this.offset++]!;
  }

  /** `count` bytes, as a view (not a copy). */
  bytes(field: string, count: number): Uint8Array {
    if (this.remaining < count) {
      throw new LayoutFault(field, this.offset, `needs ${count} bytes, ${this.remaining} remain`);
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
   * `count` fixed-size values (keys, signatures). A shortfall is reported at the first value that does
   * not fit, before anything is read.
   */
  list(field: string, count: number, size: number): Uint8Array[] {
    if (this.remaining < count * size) {
      const index = Math.floor(this.remaining / size);
      throw new LayoutFault(
        `${field}.${index}`,
        this.offset + index * size,
        `needs ${size} bytes, ${this.remaining % size} remain`,
      );
    }
    const values: Uint8Array[] = [];
    for (let i = 0; i < count; i++) values.push(this.bytes(field, size));
    return values;
  }

  /**
   * A compact-u16 length ("short_vec"): 7 bits per byte, least significant first, the high bit set on
   * every byte but the last; at most three bytes, and the third may only carry bits 14 and 15.
   * Only the shortest form is valid (a final 0x00 after the first byte means a shorter one exists),
   * so each length has exactly one encoding, as in solana-short-vec.
   * A length that the remaining bytes cannot hold at `minItemBytes` per item is refused here, before
   * any array is built for it (fixed-size values pass 0: `list` finds the exact one that is missing).
   */
  length(field: string, minItemBytes: number): number {
    const start = this.offset;
    let value = 0;
    for (let nth = 0; ; nth++) {
      if (this.remaining < 1) {
        throw new LayoutFault(field, start, nth === 0 ? 'the bytes end before its length' : 'its length is cut short');
      }
      const byte = this.view[this.offset++]!;
      if (byte === 0 && nth > 0) throw new LayoutFault(field, start, 'its length is not in its shortest encoding');
      if (nth === 2 && byte > 0x03) throw new LayoutFault(field, start, 'its length does not fit in 16 bits');
      value |= (byte & 0x7f) << (7 * nth);
      if ((byte & 0x80) === 0) break;
    }
    if (value * minItemBytes > this.remaining) {
      throw new LayoutFault(
        field,
        this.offset,
        `a length of ${value} needs at least ${value * minItemBytes} more bytes, ${this.remaining} remain`,
      );
    }
    return value;
  }
}
