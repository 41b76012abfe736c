/**
 * `parseAddressLookupTable`: an address lookup table account's bytes to what `jsonParsed` shows for it
 * (agave `account-decoder/src/parse_address_lookup_table.rs`, reading solana-address-lookup-table-interface's
 * `AddressLookupTable::deserialize`). A 56-byte header, then the addresses, 32 bytes each:
 * ```
 * 0  u32  state: 0 uninitialized, 1 lookup table
 * 4  u64  deactivationSlot
 * 12 u64  lastExtendedSlot
 * 20 u8   lastExtendedSlotStartIndex
 * 21 Option<[32]> authority (a u8 tag, then the key when the tag is 1)
 * .. u16  padding; the header is 56 bytes whether or not the authority is there
 * 56 [32] × n addresses
 * ```
 * @module
 */
import { ByteReader } from '../codecs/byteReader.js';
import type { LookupTable, ParsedAddressLookupTable } from '../types/addressLookupTable.js';
import type { ReadonlyUint8Array } from '../types/index.js';

const META_SIZE = 56;

/** The `parsed` value of a lookup table account; throws `DecodeError` where agave refuses the bytes. */
export function parseAddressLookupTable(bytes: ReadonlyUint8Array): ParsedAddressLookupTable {
  const reader = new ByteReader(bytes as Uint8Array, 'address-lookup-table');
  const state = reader.u32('type');
  // The state reads as uninitialized from its 4-byte tag alone: agave shows it so however short the
  // account is, and whatever follows.
  if (state === 0) return { type: 'uninitialized' };
  if (state !== 1) throw reader.error('type', 0, `unknown state ${state}`);
  const deactivationSlot = reader.u64('deactivationSlot').toString();
  const lastExtendedSlot = reader.u64('lastExtendedSlot').toString();
  const lastExtendedSlotStartIndex = reader.u8('lastExtendedSlotStartIndex');
  const tagAt = reader.offset;
  const tag = reader.u8('authority');
  if (tag > 1) throw reader.error('authority', tagAt, `option tag ${tag} is neither 0 nor 1`);
  const authority = tag === 1 ? reader.address('authority') : undefined;
  // bincode reads the padding too, so a header cut inside it is refused as such.
  reader.u16('padding');
  // Then the addresses start at 56 whatever the header used: a shorter account, or a tail that is not
  // whole keys, is refused (the interface's `data.get(56..)` and `try_cast_slice`).
  if (bytes.length < META_SIZE) throw reader.error('addresses', bytes.length, `the header needs ${META_SIZE} bytes`);
  const tail = bytes.length - META_SIZE;
  if (tail % 32 !== 0) throw reader.error('addresses', META_SIZE, `${tail} bytes are not whole 32-byte addresses`);
  reader.offset = META_SIZE;
  const addresses: string[] = [];
  for (let i = 0; i < tail / 32; i++) addresses.push(reader.address(`addresses.${i}`));
  // agave skips a missing authority (no `null`), and writes the keys in this order.
  const info: LookupTable['info'] =
    authority === undefined
      ? { deactivationSlot, lastExtendedSlot, lastExtendedSlotStartIndex, addresses }
      : { deactivationSlot, lastExtendedSlot, lastExtendedSlotStartIndex, authority, addresses };
  return { type: 'lookupTable', info };
}
