import type { AccountConfig } from '../options/accountConfig.js';
import type { Address, BinaryEncoding } from '../types/index.js';
import {
  defineTokenAccountsMethod,
  type ParsedTokenAccountsResult,
  type TokenAccountsFilter,
  type TokenAccountsResult,
} from './shared/tokenAccounts.js';

export type { ParsedTokenAccountsResult, TokenAccountsFilter, TokenAccountsResult } from './shared/tokenAccounts.js';

// 1. Config

/** Options of `getTokenAccountsByDelegate`. */
export interface GetTokenAccountsByDelegateConfig extends AccountConfig {}

/** A config asking for parsed token accounts. */
export interface GetTokenAccountsByDelegateParsedConfig extends GetTokenAccountsByDelegateConfig {
  encoding: 'jsonParsed';
}

/** A config asking for bytes (`base64` when no encoding is given). */
export interface GetTokenAccountsByDelegateBinaryConfig extends GetTokenAccountsByDelegateConfig {
  encoding?: BinaryEncoding;
}

// 2. Results: `TokenAccountsResult` and `ParsedTokenAccountsResult`, shared with `getTokenAccountsByOwner`
// (./tokenAccounts.ts).

// 3. Signature

/** Lists the token accounts a delegate may spend from. Overloads narrow `data` by `encoding`. */
export interface GetTokenAccountsByDelegate {
  /**
   * Lists the delegate's token accounts, parsed: `tokenAmount`, `delegatedAmount`, `state`, Token-2022
   * `extensions` and the rest.
   * @example
   * const { value } = await rpc.getTokenAccountsByDelegate(delegate, { programId: TOKEN_PROGRAM_ID }, { encoding: 'jsonParsed' });
   * for (const { pubkey, account } of value) if (!(account.data instanceof Uint8Array)) console.log(pubkey, account.data.parsed.info.delegatedAmount?.uiAmountString);
   */
  (
    delegate: Address,
    filter: TokenAccountsFilter,
    config: GetTokenAccountsByDelegateParsedConfig,
  ): Promise<ParsedTokenAccountsResult>;
  /**
   * Lists the delegate's token accounts with their data as bytes (`base64` by default).
   * @example
   * const { value } = await rpc.getTokenAccountsByDelegate(delegate, { mint });
   * value[0]?.account.data; // Uint8Array, 165 bytes for an SPL Token account
   */
  (
    delegate: Address,
    filter: TokenAccountsFilter,
    config?: GetTokenAccountsByDelegateBinaryConfig,
  ): Promise<TokenAccountsResult>;
  /**
   * Lists the delegate's token accounts with an encoding known only at run time.
   * @example
   * const config: GetTokenAccountsByDelegateConfig = { encoding: userChoice };
   * await rpc.getTokenAccountsByDelegate(delegate, { mint }, config);
   */
  (
    delegate: Address,
    filter: TokenAccountsFilter,
    config?: GetTokenAccountsByDelegateConfig,
  ): Promise<ParsedTokenAccountsResult>;
}

// 4. Wire schema: shared with `getTokenAccountsByOwner` (./tokenAccounts.ts).

// 5. Definition

/** `getTokenAccountsByDelegate`: the token accounts whose delegate is the given address. */
export const getTokenAccountsByDelegate = /* @__PURE__ */ defineTokenAccountsMethod<GetTokenAccountsByDelegate>(
  'getTokenAccountsByDelegate',
  'delegate',
);
