/**
 * What `getTokenAccountsByDelegate` and `getTokenAccountsByOwner` share: the filter, the result types,
 * the wire schemas, and the definition itself, which differs only in its name and first parameter. Not a
 * method: no registration of its own.
 * @module
 */
import { createByteArena } from '../../codecs/byteArena.js';
import { parseJsonExactAt } from '../../codecs/json.js';
import { listReader } from '../../codecs/listReader.js';
import { decodeAccount, decodeAccountResult } from '../../decoders/account.js';
import { defineCustomMethod, type MethodDefinition } from '../../defineMethod.js';
import { type AccountShape, prepareAccountConfig } from '../../options/accountConfig.js';
import { checkAddress, checkArity } from '../../options/check.js';
import { tokenAccountsFilter } from '../../options/config.js';
import { accountOf, binaryAccount } from '../../schemas/account.js';
import { address as addressSchema } from '../../schemas/address.js';
import { decodeContext, rpcContext } from '../../schemas/context.js';
import { memo } from '../../schemas/memo.js';
import { array, type } from '../../schemas/struct.js';
import { parsedTokenAccountData } from '../../schemas/token.js';
import type { Address, KeyedAccount, RpcResult } from '../../types/index.js';
import type { ParsedTokenAccountData } from '../../types/token.js';

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

/** Token accounts with their data as bytes. */
export interface TokenAccountsResult extends RpcResult<KeyedAccount<Uint8Array>[]> {}

/** Token accounts with parsed data (bytes where the server fell back). */
export interface ParsedTokenAccountsResult extends RpcResult<KeyedAccount<ParsedTokenAccountData | Uint8Array>[]> {}

const binaryResult = /* @__PURE__ */ memo(() =>
  type({ context: rpcContext(), value: array(type({ pubkey: addressSchema(), account: binaryAccount() })) }),
);
const parsedResult = /* @__PURE__ */ memo(() =>
  type({
    context: rpcContext(),
    // Token accounts only: parsed token-account data, or bytes where the node fell back.
    value: array(type({ pubkey: addressSchema(), account: accountOf(parsedTokenAccountData) })),
  }),
);

const readExactly = (body: string) => parseJsonExactAt(body, ['lamports', 'rentEpoch']);

/**
 * The definition of a method taking `(address, filter, config?)` and answering token accounts: `param`
 * names the address in messages (`delegate`, `owner`). Both are in agave's AccountsScan: full API only.
 */
export function defineTokenAccountsMethod<TSignature>(
  name: string,
  param: string,
): MethodDefinition<TSignature, AccountShape> {
  return defineCustomMethod<TSignature, AccountShape>({
    name,
    // An account's u64 fields; token amounts are strings. Read with JSON.parse and these put back exactly;
    // a large number elsewhere (a float uiAmount, a Token-2022 withheldAmount) makes the reader scan
    // every number of the text (codecs/json.ts).
    parse: readExactly,
    // Read from the body's bytes in runs of accounts, as getProgramAccounts reads (codecs/listReader.ts).
    read: listReader([['result', 'value']], readExactly),
    prepare(args, method) {
      checkArity(method, args, 3);
      const address = checkAddress(method, param, args[0]);
      const filter = tokenAccountsFilter(method, 'filter', args[1]);
      const { wire, ...call } = prepareAccountConfig(method, args[2]);
      return { params: [address, filter, wire], ...call };
    },
    decode: (result, context, prepared) =>
      decodeAccountResult(
        result,
        context,
        prepared.shape,
        { parsed: parsedResult, binary: binaryResult },
        (checked, arena = createByteArena()) => ({
          context: decodeContext(checked.context),
          value: checked.value.map((item, index) => ({
            pubkey: item.pubkey,
            account: decodeAccount(item.account, context, `result.value.${index}.account`, arena),
          })),
        }),
        // Token accounts only: their schema is this file's, no other program's is loaded.
        false,
      ),
  });
}
