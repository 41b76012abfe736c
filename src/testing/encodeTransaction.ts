/**
 * The inverse of `decodeTransaction`, for the simulated cluster's `base64`/`base58` transactions and
 * for tests: a decoded transaction back to its wire bytes. It checks nothing the decoder checks
 * (header counts, signature count), so tests can also build well-formed but inconsistent bytes;
 * `version` may be any number, to build unsupported ones. Not part of the public API.
 */
// Not public API: the simulated cluster builds wire bytes from addresses, and the library exports no
// base58 decoder.
import { decodeBase58 } from '../codecs/base58Text.js';
import { lengthBytes } from '../codecs/messageLayout.js';
import type { DecodedTransaction } from '../index.js';

export interface EncodableTransaction extends Omit<DecodedTransaction, 'version'> {
  version: 'legacy' | number;
}

/** The compact-u16 ("short_vec") encoding of a length, refusing one that does not fit 16 bits. */
export function encodeLength(length: number): number[] {
  if (!Number.isInteger(length) || length < 0 || length > 0xffff) throw new Error(`bad length ${length}`);
  return lengthBytes(length);
}

export function encodeTransaction(tx: EncodableTransaction): Uint8Array {
  const out: number[] = [];
  const list = <T>(items: readonly T[], write: (item: T) => void) => {
    out.push(...encodeLength(items.length));
    for (const item of items) write(item);
  };
  const fixed = (text: string, size: number) => {
    const bytes = base58(text);
    if (bytes.length !== size) throw new Error(`${text} is ${bytes.length} bytes, not ${size}`);
    out.push(...bytes);
  };
  const u8 = (value: number) => {
    if (!Number.isInteger(value) || value < 0 || value > 0xff) throw new Error(`bad u8 ${value}`);
    out.push(value);
  };

  const { message } = tx;
  list(tx.signatures, (signature) => fixed(signature, 64));
  if (tx.version !== 'legacy') u8(0x80 | tx.version);
  u8(message.header.numRequiredSignatures);
  u8(message.header.numReadonlySignedAccounts);
  u8(message.header.numReadonlyUnsignedAccounts);
  list(message.accountKeys, (key) => fixed(key, 32));
  fixed(message.recentBlockhash, 32);
  list(message.instructions, (instruction) => {
    u8(instruction.programIdIndex);
    list(instruction.accounts, u8);
    list([...base58(instruction.data)], u8);
  });
  if (tx.version === 'legacy') {
    if (message.addressTableLookups) throw new Error('a legacy message cannot hold address table lookups');
  } else {
    list(message.addressTableLookups ?? [], (lookup) => {
      fixed(lookup.accountKey, 32);
      list(lookup.writableIndexes, u8);
      list(lookup.readonlyIndexes, u8);
    });
  }
  return Uint8Array.from(out);
}

function base58(text: string): Uint8Array {
  const bytes = decodeBase58(text, text.length); // test data, not hostile: any length
  if (!bytes) throw new Error(`not base58: ${text}`);
  return bytes;
}
