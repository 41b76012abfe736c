/**
 * `jsonParsed` account data of every program agave parses, as one union: narrow on `program`, then on
 * `parsed.type`. Each program's own types are in its file of this folder.
 * @module
 */
import type { ParsedAddressLookupTableData } from './addressLookupTable.js';
import type { ParsedBpfUpgradeableLoaderData } from './bpfUpgradeableLoader.js';
import type { ParsedConfigData } from './config.js';
import type { ParsedNonceData } from './nonce.js';
import type { ParsedStakeData } from './stake.js';
import type { ParsedSysvarData } from './sysvar.js';
import type { ParsedTokenProgramData } from './token.js';
import type { ParsedVoteData } from './vote.js';

/**
 * Parsed data of any program agave can parse. Integers keep their JSON type: `number` when safe, exact
 * `bigint` beyond 2^53. A program a newer node parses and this version does not know still comes through
 * at run time, checked only for `program`, `parsed.type` and `space`.
 */
export type ParsedAccountData =
  | ParsedTokenProgramData
  | ParsedStakeData
  | ParsedVoteData
  | ParsedNonceData
  | ParsedSysvarData
  | ParsedConfigData
  | ParsedAddressLookupTableData
  | ParsedBpfUpgradeableLoaderData;
