/**
 * The programs agave's account-decoder parses, by owner address, with the name `jsonParsed` gives each
 * (`program` in the parsed data: agave writes its enum variant in kebab case). The system program's
 * accounts are parsed as nonce accounts.
 * @module
 */
import type { Address } from '../types/index.js';

/** The `program` names of `jsonParsed` data. */
export type ParsableProgram =
  | 'address-lookup-table'
  | 'bpf-upgradeable-loader'
  | 'config'
  | 'nonce'
  | 'spl-token'
  | 'spl-token-2022'
  | 'stake'
  | 'sysvar'
  | 'vote';

/** Owner program address → parser name, as agave's `PARSABLE_PROGRAM_IDS`. */
const NAMES: Readonly<Record<Address, ParsableProgram>> = {
  AddressLookupTab1e1111111111111111111111111: 'address-lookup-table',
  BPFLoaderUpgradeab1e11111111111111111111111: 'bpf-upgradeable-loader',
  Config1111111111111111111111111111111111111: 'config',
  '11111111111111111111111111111111': 'nonce',
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'spl-token',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'spl-token-2022',
  Stake11111111111111111111111111111111111111: 'stake',
  Sysvar1111111111111111111111111111111111111: 'sysvar',
  Vote111111111111111111111111111111111111111: 'vote',
};

/** The parser name of an owner program, or `undefined` where agave has none (own keys only: no `toString`). */
export function programNameOf(owner: Address): ParsableProgram | undefined {
  return Object.hasOwn(NAMES, owner) ? NAMES[owner] : undefined;
}
