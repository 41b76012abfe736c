/**
 * What `jsonParsed` shows for an address lookup table account, as agave's
 * `account-decoder/src/parse_address_lookup_table.rs` writes it.
 * @module
 */
import type { Address } from './index.js';

/** A lookup table account that holds no table yet. */
export interface LookupTableUninitialized {
  /** The account's kind. */
  type: 'uninitialized';
}

/** A lookup table: its state and the addresses it holds, in index order. */
export interface LookupTable {
  /** The account's kind. */
  type: 'lookupTable';
  /** Its fields. */
  info: {
    /** The slot it was deactivated in, u64 in decimal text; `"18446744073709551615"` while active. */
    deactivationSlot: string;
    /** The slot of the last extension, u64 in decimal text. */
    lastExtendedSlot: string;
    /** The index of the first address added in `lastExtendedSlot`. */
    lastExtendedSlotStartIndex: number;
    /** The key that may extend, deactivate or close it; absent once frozen. */
    authority?: Address;
    /** The addresses, each reachable by its index. */
    addresses: Address[];
  };
}

/** An address lookup table account's `parsed` value. */
export type ParsedAddressLookupTable = LookupTableUninitialized | LookupTable;

/** An address lookup table account's `data` under `jsonParsed`. */
export interface ParsedAddressLookupTableData {
  /** The parser's name for the owner program. */
  program: 'address-lookup-table';
  /** What the parser made of the data. */
  parsed: ParsedAddressLookupTable;
  /** The account's data length in bytes. */
  space: number;
}
