import type { AccountConfig } from '../options/accountConfig.js';
import type { Address, BinaryEncoding } from '../types/index.js';
import {
  defineTokenAccountsMethod,
  type ParsedTokenAccountsResult,
  type TokenAccountsFilter,
  type TokenAccountsResult,
} from './shared/tokenAccounts.js';

// 1. Config

/** Options of `getTokenAccountsByOwner`. */
export interface GetTokenAccountsByOwnerConfig extends AccountConfig {}

/** A config asking for parsed token accounts. */
export interface GetTokenAccountsByOwnerParsedConfig extends GetTokenAccountsByOwnerConfig {
  encoding: 'jsonParsed';
}

/** A config asking for bytes (`base64` when no encoding is given). */
export interface GetTokenAccountsByOwnerBinaryConfig extends GetTokenAccountsByOwnerConfig {
  encoding?: BinaryEncoding;
}

// 2. Results: `TokenAccountsResult` and `ParsedTokenAccountsResult`, shared with `getTokenAccountsByDelegate`
// (./tokenAccounts.ts).

// 3. Signature

/** Lists the token accounts an owner holds. Overloads narrow `data` by `encoding`. */
export interface GetTokenAccountsByOwner {
  /**
   * Lists the owner's token accounts, parsed: `tokenAmount`, `delegatedAmount`, `state`, Token-2022
   * `extensions` and the rest.
   * @example
   * const { value } = await rpc.getTokenAccountsByOwner(wallet, { programId: TOKEN_PROGRAM_ID }, { encoding: 'jsonParsed' });
   * for (const { pubkey, account } of value) if (!(account.data instanceof Uint8Array)) console.log(pubkey, account.data.parsed.info.tokenAmount.uiAmountString);
   */
  (
    owner: Address,
    filter: TokenAccountsFilter,
    config: GetTokenAccountsByOwnerParsedConfig,
  ): Promise<ParsedTokenAccountsResult>;
  /**
   * Lists the owner's token accounts with their data as bytes (`base64` by default).
   * @example
   * const { value } = await rpc.getTokenAccountsByOwner(wallet, { mint });
   * value[0]?.account.data; // Uint8Array, 165 bytes for an SPL Token account
   */
  (
    owner: Address,
    filter: TokenAccountsFilter,
    config?: GetTokenAccountsByOwnerBinaryConfig,
  ): Promise<TokenAccountsResult>;
  /**
   * Lists the owner's token accounts with an encoding known only at run time.
   * @example
   * const config: GetTokenAccountsByOwnerConfig = { encoding: userChoice };
   * await rpc.getTokenAccountsByOwner(wallet, { mint }, config);
   */
  (
    owner: Address,
    filter: TokenAccountsFilter,
    config?: GetTokenAccountsByOwnerConfig,
  ): Promise<ParsedTokenAccountsResult>;
}

// 4. Wire schema: shared with `getTokenAccountsByDelegate` (./tokenAccounts.ts).

// 5. Definition

/** `getTokenAccountsByOwner`: the token accounts owned by the given address (a wallet or a program). */
export const getTokenAccountsByOwner = /* @__PURE__ */ defineTokenAccountsMethod<GetTokenAccountsByOwner>(
  'getTokenAccountsByOwner',
  'owner',
);
