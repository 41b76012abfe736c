/**
 * An address lookup table in its program's layout: a 56-byte header (ProgramState variant u32 1, then
 * LookupTableMeta: deactivation slot, last extended slot and its start index, Option authority, two
 * bytes of padding) followed by the addresses, 32 bytes each, with no length prefix.
 */
import { ByteWriter } from './byteWriter.js';

/** LOOKUP_TABLE_META_SIZE: where the addresses start. */
export const LOOKUP_TABLE_META_SIZE = 56;

export interface LookupTable {
  /** u64::MAX while the table is active. */
  deactivationSlot: bigint;
  lastExtendedSlot: bigint;
  lastExtendedSlotStartIndex: number;
  authority?: string;
  addresses: readonly string[];
}

export function lookupTableBytes(table: LookupTable): Uint8Array {
  const w = new ByteWriter()
    .u32(1)
    .u64(table.deactivationSlot)
    .u64(table.lastExtendedSlot)
    .u8(table.lastExtendedSlotStartIndex)
    .optionKey(table.authority);
  // The Option is written as 1 or 33 bytes; the header is always 56.
  const header = w.finish(LOOKUP_TABLE_META_SIZE);
  const out = new ByteWriter().raw(header);
  for (const address of table.addresses) out.key(address);
  return out.finish();
}
