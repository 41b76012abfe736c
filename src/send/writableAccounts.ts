/**
 * The accounts a transaction write-locks, as far as its own bytes tell: its writable static keys. What a
 * v0 message loads from address lookup tables is not in its bytes (only the tables' keys and indexes
 * are), so those accounts are not here.
 * @module
 */
import { encodeBase58 } from '../codecs/base58.js';
import type { TransactionLayout } from '../codecs/transactionLayout.js';
import type { Address } from '../types/index.js';

/**
 * The static account keys the header marks writable, in order, base58: the writable signers (the fee payer
 * first), then the writable non-signers. Keys invoked as programs are left out: the runtime demotes them
 * to read-only (agave's `is_writable`), so no fee is ever recorded against them as written.
 */
export function writableStaticAccounts(layout: TransactionLayout): Address[] {
  const { header, accountKeys, instructions } = layout;
  const writableSigners = header.numRequiredSignatures - header.numReadonlySignedAccounts;
  const writableEnd = accountKeys.length - header.numReadonlyUnsignedAccounts;
  const programs = new Set(instructions.map((instruction) => instruction.programIdIndex));
  const writable: Address[] = [];
  for (let i = 0; i < accountKeys.length; i++) {
    const isWritable = i < header.numRequiredSignatures ? i < writableSigners : i < writableEnd;
    if (isWritable && !programs.has(i)) writable.push(encodeBase58(accountKeys[i] as Uint8Array) as Address);
  }
  return writable;
}
