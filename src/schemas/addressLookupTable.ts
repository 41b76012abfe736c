import type { ParsedAddressLookupTableData } from '../types/addressLookupTable.js';
import { address } from './address.js';
import { memo } from './memo.js';
import { safeInteger, u8 } from './numbers.js';
import { array, dynamic, enums, literal, optional, type Schema, string, type } from './struct.js';

/** A u64 as agave writes slots here: decimal text. */
const u64Text = /* @__PURE__ */ memo(() => string());

const lookupTable = /* @__PURE__ */ memo(() =>
  type({
    type: literal('lookupTable'),
    info: type({
      deactivationSlot: u64Text(),
      lastExtendedSlot: u64Text(),
      lastExtendedSlotStartIndex: u8(),
      // agave leaves the key out when there is no authority; it never writes null.
      authority: optional(address()),
      addresses: array(address()),
    }),
  }),
);

const uninitialized = /* @__PURE__ */ memo(() => type({ type: literal('uninitialized') }));

// Any other `type` is refused by name.
const knownType = /* @__PURE__ */ memo(() => type({ type: enums(['lookupTable', 'uninitialized']) }));

/** An address lookup table account's `jsonParsed` data, checked by its `type`. */
export const parsedAddressLookupTableProgram = /* @__PURE__ */ memo(
  (): Schema<ParsedAddressLookupTableData> =>
    type({
      program: literal('address-lookup-table'),
      parsed: dynamic<unknown>((parsed): Schema<unknown> => {
        const kind = typeof parsed === 'object' && parsed !== null ? (parsed as { type?: unknown }).type : undefined;
        if (kind === 'lookupTable') return lookupTable() as Schema<unknown>;
        if (kind === 'uninitialized') return uninitialized() as Schema<unknown>;
        return knownType() as Schema<unknown>;
      }),
      space: safeInteger(),
    }) as unknown as Schema<ParsedAddressLookupTableData>,
);
