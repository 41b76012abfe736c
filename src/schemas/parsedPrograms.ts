/**
 * The schemas of every program agave parses, by the `program` name of its
 * parsed data: loaded on first use by `loadParsedSchemas` (accountData.ts), so that apps that never ask
 * for `jsonParsed` do not carry them. A program not listed (one a newer node parses) is checked for its
 * envelope only.
 * @module
 */
import { parsedAddressLookupTableProgram } from './addressLookupTable.js';
import { parsedBpfUpgradeableLoaderProgram } from './bpfUpgradeableLoader.js';
import { parsedConfigProgram } from './config.js';
import { parsedNonceProgram } from './nonce.js';
import { parsedStakeProgram } from './stake.js';
import type { Schema } from './struct.js';
import { parsedSysvarProgram } from './sysvar.js';
import { parsedTokenProgramData } from './token.js';
import { parsedVoteProgram } from './vote.js';

export const PARSED_PROGRAMS: Readonly<Record<string, () => Schema<unknown>>> = {
  'address-lookup-table': parsedAddressLookupTableProgram,
  'bpf-upgradeable-loader': parsedBpfUpgradeableLoaderProgram,
  config: parsedConfigProgram,
  nonce: parsedNonceProgram,
  'spl-token': parsedTokenProgramData as () => Schema<unknown>,
  'spl-token-2022': parsedTokenProgramData as () => Schema<unknown>,
  stake: parsedStakeProgram,
  sysvar: parsedSysvarProgram,
  vote: parsedVoteProgram,
};
