import { decodeAccount, decodeAccountResult } from '../decoders/account.js';
import { defineCustomMethod } from '../defineMethod.js';
import type { AccountConfig } from '../options/accountConfig.js';
import { type AccountShape, prepareAccountConfig } from '../options/accountConfig.js';
import { checkAddress, checkArity } from '../options/check.js';
import { tokenAccountsFilter } from '../options/config.js';
import { binaryAccount, parsedTokenAccount } from '../schemas/account.js';
import { address as addressSchema } from '../schemas/address.js';
import { decodeContext, rpcContext } from '../schemas/context.js';
import { memo } from '../schemas/memo.js';
import { array, type } from '../schemas/struct.js';
import { parseJsonExactAt } from '../transport/json.js';
import type { Address, BinaryEncoding, KeyedAccount, RpcResult } from '../types/index.js';
import type { ParsedTokenAccountData } from '../types/token.js';

// 1. Config

/** Which token accounts to return: those of one mint, or all of one token program (exactly one key). */
export type TokenAccountsFilter =
  | {
      /** Only token accounts of this mint. */
      mint: Address;
      /** Not with `mint`. */
      programId?: never;
    }
  | {
      /** Every token account of this token program (SPL Token or Token-2022). */
      programId: Address;
      /** Not with `programId`. */
      mint?: never;
    };

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

// 2. Results

/** Token accounts with their data as bytes. */
export interface TokenAccountsResult extends RpcResult<KeyedAccount<Uint8Array>[]> {}

/** Token accounts with parsed data (bytes where the server fell back). */
export interface ParsedTokenAccountsResult extends RpcResult<KeyedAccount<ParsedTokenAccountData | Uint8Array>[]> {}

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

// 4. Wire schema

const binaryResult = /* @__PURE__ */ memo(() =>
  type({ context: rpcContext(), value: array(type({ pubkey: addressSchema(), account: binaryAccount() })) }),
);
const parsedResult = /* @__PURE__ */ memo(() =>
  type({ context: rpcContext(), value: array(type({ pubkey: addressSchema(), account: parsedTokenAccount() })) }),
);

// 5. Definition

/** `getTokenAccountsByDelegate`: the token accounts whose delegate is the given address. */
export const getTokenAccountsByDelegate = /* @__PURE__ */ defineCustomMethod<GetTokenAccountsByDelegate, AccountShape>({
  name: 'getTokenAccountsByDelegate',
  // An account's u64 fields; token amounts are strings. Read with JSON.parse and these put back exactly
  // (a Token-2022 extension holding a u64 as a number makes the transport read it all exactly instead).
  parse: (body) => parseJsonExactAt(body, ['lamports', 'rentEpoch']),
  prepare(args, method) {
    checkArity(method, args, 3);
    const delegate = checkAddress(method, 'delegate', args[0]);
    const filter = tokenAccountsFilter(method, 'filter', args[1]);
    const { wire, ...call } = prepareAccountConfig(method, args[2]);
    return { params: [delegate, filter, wire], ...call };
  },
  decode: (result, context, prepared) =>
    decodeAccountResult(result, context, prepared.shape, { parsed: parsedResult, binary: binaryResult }, (checked) => ({
      context: decodeContext(checked.context),
      value: checked.value.map((item, index) => ({
        pubkey: item.pubkey,
        account: decodeAccount(item.account, context, `result.value.${index}.account`),
      })),
    })),
});
