/**
 * The upgradeable loader's accounts (UpgradeableLoaderState, bincode): a program account (variant 2, the
 * address of its program data, 36 bytes) and its program-data account (variant 3: the slot it was last
 * deployed at and the Option upgrade authority in a 45-byte header, then the ELF).
 */
import { ByteWriter } from './byteWriter.js';

/** size_of_programdata_metadata(): where the ELF starts, whether or not there is an authority. */
export const PROGRAM_DATA_METADATA_SIZE = 45;

export function programAccountBytes(programData: string): Uint8Array {
  return new ByteWriter().u32(2).key(programData).finish();
}

export function programDataBytes(slot: bigint | number, authority: string | undefined, elf: Uint8Array): Uint8Array {
  const header = new ByteWriter().u32(3).u64(slot).optionKey(authority).finish(PROGRAM_DATA_METADATA_SIZE);
  return new ByteWriter().raw(header).raw(elf).finish();
}
