/**
 * A compiled message's bytes (what its signers sign: legacy, or v0 after its 0x80 prefix) read into
 * its parts and written back. Reading goes through `readTransaction` (transactionLayout.ts, which
 * describes the layout) behind an all-zero signature section made up for it, so that one reader checks
 * messages and transactions alike; writing is its exact inverse.
 * @module
 */
import { LayoutFault, readTransaction, type TransactionLayout } from './transactionLayout.js';

/** A message's parts: a transaction's, without its signatures. */
export type MessageLayout = Omit<TransactionLayout, 'signatures'>;

const SIGNATURE_BYTES = 64;

/**
 * Reads a compiled message's bytes, with every check `readTransaction` makes. Throws `LayoutFault`,
 * its offset counted in `bytes`, for bytes that are not exactly one message.
 */
export function readMessage(bytes: Uint8Array): MessageLayout {
  // The header's signer count is the first byte, or the second after a version byte; the made-up
  // section carries that many signatures so that the reader's count check holds.
  const signers = bytes[(bytes[0] ?? 0) & 0x80 ? 1 : 0] ?? 0;
  const count = lengthBytes(signers);
  const prefix = count.length + signers * SIGNATURE_BYTES;
  const wire = new Uint8Array(prefix + bytes.length);
  wire.set(count);
  wire.set(bytes, prefix);
  try {
    const { signatures: _, ...message } = readTransaction(wire);
    return message;
  } catch (error) {
    if (!(error instanceof LayoutFault)) throw error;
    throw new LayoutFault(error.field, error.offset - prefix, error.message);
  }
}

/** A message's bytes from its parts: what `readMessage` read, byte for byte. */
export function writeMessage(message: MessageLayout): Uint8Array {
  const out: number[] = [];
  const list = (values: ArrayLike<number>) => {
    out.push(...lengthBytes(values.length), ...Array.from(values));
  };
  const { header, accountKeys, instructions, addressTableLookups } = message;
  if (message.version === 0) out.push(0x80);
  out.push(header.numRequiredSignatures, header.numReadonlySignedAccounts, header.numReadonlyUnsignedAccounts);
  out.push(...lengthBytes(accountKeys.length));
  for (const key of accountKeys) out.push(...key);
  out.push(...message.recentBlockhash);
  out.push(...lengthBytes(instructions.length));
  for (const { programIdIndex, accounts, data } of instructions) {
    out.push(programIdIndex);
    list(accounts);
    list(data);
  }
  if (addressTableLookups) {
    out.push(...lengthBytes(addressTableLookups.length));
    for (const lookup of addressTableLookups) {
      out.push(...lookup.accountKey);
      list(lookup.writableIndexes);
      list(lookup.readonlyIndexes);
    }
  }
  return Uint8Array.from(out);
}

/** A length's compact-u16 ("short_vec") bytes: 7 bits a byte, low bits first, the high bit set on all but the last. */
export function lengthBytes(length: number): number[] {
  const out: number[] = [];
  let rest = length;
  while (rest >= 0x80) {
    out.push((rest & 0x7f) | 0x80);
    rest >>= 7;
  }
  out.push(rest);
  return out;
}
