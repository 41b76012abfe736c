import { accountDataSchema, type WireAccountData } from './accountData.js';
import { address } from './address.js';
import { memo } from './memo.js';
import { safeInteger, u64 } from './numbers.js';
import { boolean, nullable, type Schema, type } from './struct.js';

/** An account on the wire (`UiAccount`), before its data is decoded. */
export interface WireAccount {
  lamports: number | bigint;
  owner: string;
  data: WireAccountData;
  executable: boolean;
  rentEpoch: number | bigint;
  /** agave's `Option<u64>`: `null`, or missing from nodes before 1.14 and from proxies that drop nulls. */
  space?: number | null;
}

/** An account whose data `mode` checks (see `accountDataSchema`). */
export function accountOf(mode: 'binary' | 'parsed' | (() => Schema<unknown>)): Schema<WireAccount> {
  return type({
    lamports: u64(),
    owner: address(),
    data: accountDataSchema(mode),
    executable: boolean(),
    rentEpoch: u64(),
    space: nullable(safeInteger()),
  }) as unknown as Schema<WireAccount>;
}

/** An account whose data was requested in a binary encoding. */
export const binaryAccount = /* @__PURE__ */ memo(() => accountOf('binary'));
/** An account requested with `jsonParsed`: any program's parsed data, or bytes where the server fell back. */
export const parsedAccount = /* @__PURE__ */ memo(() => accountOf('parsed'));
