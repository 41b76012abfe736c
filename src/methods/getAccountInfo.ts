import { decodeAccount, decodeAccountResult } from '../decoders/account.js';
import { callMethod, defineCustomMethod } from '../defineMethod.js';
import type { AccountConfig, ClientParsingConfig } from '../options/accountConfig.js';
import { type AccountShape, parsesOnClient, prepareAccountConfig } from '../options/accountConfig.js';
import { checkAddress, checkArity } from '../options/check.js';
import { binaryAccount, parsedAccount } from '../schemas/account.js';
import { decodeContext, rpcContext } from '../schemas/context.js';
import { memo } from '../schemas/memo.js';
import { nullable, type } from '../schemas/struct.js';
import type { Account, Address, BinaryEncoding, RpcResult } from '../types/index.js';
import type { ParsedAccountData } from '../types/parsedAccount.js';

// 1. Config

/** Options of `getAccountInfo`. */
export interface GetAccountInfoConfig extends AccountConfig, ClientParsingConfig {}

/** A `getAccountInfo` config asking for parsed data. */
export interface GetAccountInfoParsedConfig extends GetAccountInfoConfig {
  encoding: 'jsonParsed';
}

/** A `getAccountInfo` config asking for bytes (`base64` when no encoding is given). */
export interface GetAccountInfoBinaryConfig extends GetAccountInfoConfig {
  encoding?: BinaryEncoding;
}

// 2. Results

export type { ParsedAccountData };

/** An account with its data as bytes, or `null` when no account exists at the address. */
export interface AccountInfoResult extends RpcResult<Account<Uint8Array> | null> {}

/** An account with parsed data (bytes where the server had no parser), or `null` when none exists. */
export interface ParsedAccountInfoResult extends RpcResult<Account<ParsedAccountData | Uint8Array> | null> {}

// 3. Signature

/** Reads one account. Overloads narrow `data` by `encoding`. */
export interface GetAccountInfo {
  /**
   * Reads an account with its data parsed by the server: `data` is the parsed object where the server
   * has a parser for the owner program, and bytes where it fell back.
   * @example
   * const { value } = await rpc.getAccountInfo(mint, { encoding: 'jsonParsed' });
   * const data = value?.data;
   * if (data && !(data instanceof Uint8Array) && data.program === 'spl-token' && data.parsed.type === 'mint') {
   *   console.log(data.parsed.info.supply); // exact, as a decimal string
   * }
   */
  (address: Address, config: GetAccountInfoParsedConfig): Promise<ParsedAccountInfoResult>;
  /**
   * Reads an account with its data as bytes: `base64` (the default), `base58` (128 bytes at most) or
   * `base64+zstd` (decompressed here).
   * @example
   * const { value } = await rpc.getAccountInfo(address, { encoding: 'base64+zstd' });
   * value?.data; // Uint8Array
   */
  (address: Address, config?: GetAccountInfoBinaryConfig): Promise<AccountInfoResult>;
  /**
   * Reads an account with an encoding known only at run time.
   * @example
   * const config: GetAccountInfoConfig = { encoding: userChoice };
   * const { value } = await rpc.getAccountInfo(address, config);
   */
  (address: Address, config?: GetAccountInfoConfig): Promise<ParsedAccountInfoResult>;
}

// 4. Wire schema and decoder

const binaryResult = /* @__PURE__ */ memo(() => type({ context: rpcContext(), value: nullable(binaryAccount()) }));
const parsedResult = /* @__PURE__ */ memo(() => type({ context: rpcContext(), value: nullable(parsedAccount()) }));

// 5. Definition

/** `getAccountInfo`: one account's lamports, owner, data and more. */
export const getAccountInfo = /* @__PURE__ */ defineCustomMethod<GetAccountInfo, AccountShape>({
  name: 'getAccountInfo',
  prepare(args, method) {
    checkArity(method, args, 2);
    const address = checkAddress(method, 'address', args[0]);
    const { wire, ...call } = prepareAccountConfig(method, args[1], 'base64+zstd');
    return { params: [address, wire], ...call };
  },
  decode: (result, context, prepared) =>
    decodeAccountResult(result, context, prepared.shape, { parsed: parsedResult, binary: binaryResult }, (checked) => ({
      context: decodeContext(checked.context),
      // A missing `value` is a missing account, as `null` is.
      value: checked.value == null ? null : decodeAccount(checked.value, context, 'result.value'),
    })),
  // `parseOnClient`: every option checked first, then the parsers loaded (a chunk of their own) and run.
  async run(definition, transport, args, context) {
    if (!parsesOnClient(args[1])) return callMethod(definition, transport, args, context);
    definition.prepare(args);
    const { readAccountParsedOnClient } = await import('#client-parsers');
    return readAccountParsedOnClient(definition, transport, args, context);
  },
});
