import { defineMethod, type WireOf } from '../defineMethod.js';
import { checkAddress } from '../options/check.js';
import { commitment } from '../options/config.js';
import { address } from '../schemas/address.js';
import { decodeContext, rpcContext } from '../schemas/context.js';
import { memo } from '../schemas/memo.js';
import { u8 } from '../schemas/numbers.js';
import { array, nullable, number, string, type } from '../schemas/struct.js';
import type { Address, CommitmentConfig, RpcResult } from '../types/index.js';
import type { TokenAmount } from '../types/token.js';

// 1. Config

/** Options of `getTokenLargestAccounts`: a commitment only (agave takes no `minContextSlot` here). */
export interface GetTokenLargestAccountsConfig extends CommitmentConfig {}

// 2. Result

/** One token account and its balance: agave's `RpcTokenAccountBalance`, the amount fields beside `address`. */
export interface TokenAccountBalance extends TokenAmount {
  /** The token account's address. */
  address: Address;
}

/** The largest accounts of a mint, largest first, read at a slot. */
export interface TokenLargestAccountsResult extends RpcResult<TokenAccountBalance[]> {}

// 3. Signature

/** Reads the largest token accounts of a mint. */
export interface GetTokenLargestAccounts {
  /**
   * Reads the 20 largest accounts of an SPL Token or Token-2022 mint, largest first, each `amount` exact
   * in base units as a string.
   * @example
   * const { value } = await rpc.getTokenLargestAccounts(mint);
   * for (const { address, uiAmountString } of value) console.log(address, uiAmountString);
   */
  (mint: Address, config?: GetTokenLargestAccountsConfig): Promise<TokenLargestAccountsResult>;
}

// 4. Wire schema: `UiTokenAmount`'s fields flattened beside `address` (serde's `flatten`), so the shared
// `tokenAmount` schema, a whole object, cannot be reused as it is.

const largestAccountsResult = /* @__PURE__ */ memo(() =>
  type({
    context: rpcContext(),
    value: array(
      type({
        address: address(),
        amount: string(),
        decimals: u8(),
        uiAmount: nullable(number()),
        uiAmountString: string(),
      }),
    ),
  }),
);

// 5. Definition

/** `getTokenLargestAccounts`: the 20 largest accounts of a token mint. */
export const getTokenLargestAccounts = /* @__PURE__ */ defineMethod<
  GetTokenLargestAccounts,
  WireOf<typeof largestAccountsResult>
>({
  name: 'getTokenLargestAccounts',
  args: { mint: checkAddress },
  config: { commitment },
  result: largestAccountsResult,
  decode: (wire): TokenLargestAccountsResult => ({
    context: decodeContext(wire.context),
    value: wire.value.map(({ address, amount, decimals, uiAmount, uiAmountString }) => ({
      address,
      amount,
      decimals,
      uiAmount: uiAmount ?? null,
      uiAmountString,
    })),
  }),
});
