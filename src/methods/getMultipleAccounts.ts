import { createByteArena } from '../codecs/byteArena.js';
import { decodeAccount, decodeAccountResult } from '../decoders/account.js';
import { callMethod, defineCustomMethod } from '../defineMethod.js';
import type { AccountConfig, ClientParsingConfig } from '../options/accountConfig.js';
import { type AccountShape, parsesOnClient, prepareAccountConfig } from '../options/accountConfig.js';
import { checkArity } from '../options/check.js';
import { checkAddressList } from '../options/config.js';
import { binaryAccount, parsedAccount } from '../schemas/account.js';
import { decodeContext, rpcContext } from '../schemas/context.js';
import { memo } from '../schemas/memo.js';
import { array, nullable, type } from '../schemas/struct.js';
import type { Account, Address, BinaryEncoding, RpcResult } from '../types/index.js';
import type { ParsedAccountData } from './getAccountInfo.js';

// 1. Config

/** Options of `getMultipleAccounts`: those of `getAccountInfo`. */
export interface GetMultipleAccountsConfig extends AccountConfig, ClientParsingConfig {}

/** A `getMultipleAccounts` config asking for parsed data. */
export interface GetMultipleAccountsParsedConfig extends GetMultipleAccountsConfig {
  encoding: 'jsonParsed';
}

/** A `getMultipleAccounts` config asking for bytes (`base64` when no encoding is given). */
export interface GetMultipleAccountsBinaryConfig extends GetMultipleAccountsConfig {
  encoding?: BinaryEncoding;
}

// 2. Results

/** The accounts in the order asked, their data as bytes; `null` where no account exists. */
export interface MultipleAccountsResult extends RpcResult<(Account<Uint8Array> | null)[]> {}

/** The accounts in the order asked, with parsed data (bytes where the server had no parser); `null` where none exists. */
export interface ParsedMultipleAccountsResult extends RpcResult<(Account<ParsedAccountData | Uint8Array> | null)[]> {}

// 3. Signature

/**
 * Reads several accounts at once. Overloads narrow `data` by `encoding`. More than 100 addresses (a
 * node's limit per request) are split into several requests, all read at or after the slot of the first.
 */
export interface GetMultipleAccounts {
  /**
   * Reads accounts with their data parsed by the server where it has a parser for the owner program.
   * @example
   * const { value } = await rpc.getMultipleAccounts([mintA, mintB], { encoding: 'jsonParsed' });
   * for (const account of value) console.log(account === null ? 'missing' : account.owner);
   */
  (addresses: readonly Address[], config: GetMultipleAccountsParsedConfig): Promise<ParsedMultipleAccountsResult>;
  /**
   * Reads accounts with their data as bytes: `base64` (the default), `base58` or `base64+zstd`.
   * @example
   * const { context, value } = await rpc.getMultipleAccounts(addresses, { dataSlice: { offset: 64, length: 8 } });
   * value[0]?.data; // Uint8Array of 8 bytes
   */
  (addresses: readonly Address[], config?: GetMultipleAccountsBinaryConfig): Promise<MultipleAccountsResult>;
  /**
   * Reads accounts with an encoding known only at run time.
   * @example
   * const config: GetMultipleAccountsConfig = { encoding: userChoice };
   * const { value } = await rpc.getMultipleAccounts(addresses, config);
   */
  (addresses: readonly Address[], config?: GetMultipleAccountsConfig): Promise<ParsedMultipleAccountsResult>;
}

// 4. Wire schema

/** agave's MAX_MULTIPLE_ACCOUNTS: the most addresses one request may carry. */
const MAX_ACCOUNTS_PER_REQUEST = 100;

const binaryResult = /* @__PURE__ */ memo(() =>
  type({ context: rpcContext(), value: array(nullable(binaryAccount())) }),
);
const parsedResult = /* @__PURE__ */ memo(() =>
  type({ context: rpcContext(), value: array(nullable(parsedAccount())) }),
);

// 5. Definition

/**
 * `getMultipleAccounts`: several accounts, in the order asked. A call with more than 100 addresses is
 * split (its `run`): every address and option is checked before any request; the first piece goes out
 * alone, and the others with `minContextSlot` raised to its slot, so that no piece reads an older bank.
 * The context returned is the first piece's: every account is at least as recent as its slot.
 */
export const getMultipleAccounts = /* @__PURE__ */ defineCustomMethod<GetMultipleAccounts, AccountShape>({
  name: 'getMultipleAccounts',
  prepare(args, method) {
    checkArity(method, args, 2);
    // No cap here: `run` splits a longer list; each piece is within the node's limit when it is prepared.
    const addresses = checkAddressList(method, 'addresses', args[0], Number.POSITIVE_INFINITY);
    const { wire, ...call } = prepareAccountConfig(method, args[1], 'base64+zstd');
    return { params: [addresses, wire], ...call };
  },
  decode: (result, context, prepared) =>
    decodeAccountResult(result, context, prepared.shape, { parsed: parsedResult, binary: binaryResult }, (checked) => {
      const arena = createByteArena();
      return {
        context: decodeContext(checked.context),
        value: checked.value.map((account, i) =>
          account == null ? null : decodeAccount(account, context, `result.value.${i}`, arena),
        ),
      };
    }),
  async run(definition, transport, args, context) {
    if (parsesOnClient(args[1])) {
      definition.prepare(args);
      const { readMultipleParsedOnClient } = await import('#client-parsers');
      return readMultipleParsedOnClient(definition, transport, args, context);
    }
    const addresses = args[0];
    if (!Array.isArray(addresses) || addresses.length <= MAX_ACCOUNTS_PER_REQUEST) {
      return callMethod(definition, transport, args, context);
    }
    // Check everything once before the first request, so a bad address at position 250 sends nothing.
    definition.prepare(args);
    const config = (args[1] ?? {}) as GetMultipleAccountsConfig;
    const piece = (start: number, minContextSlot?: number | bigint) => [
      addresses.slice(start, start + MAX_ACCOUNTS_PER_REQUEST),
      minContextSlot === undefined ? config : { ...config, minContextSlot },
    ];
    const first = (await callMethod(definition, transport, piece(0), context)) as MultipleAccountsResult;
    const asked = config.minContextSlot;
    const slot = first.context.slot;
    const floor = asked !== undefined && BigInt(asked) > BigInt(slot) ? asked : slot;
    const rest: Promise<unknown>[] = [];
    for (let start = MAX_ACCOUNTS_PER_REQUEST; start < addresses.length; start += MAX_ACCOUNTS_PER_REQUEST) {
      rest.push(callMethod(definition, transport, piece(start, floor), context));
    }
    const others = (await Promise.all(rest)) as MultipleAccountsResult[];
    return { context: first.context, value: first.value.concat(...others.map((result) => result.value)) };
  },
});
