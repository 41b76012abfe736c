import { defineMethod, type WireOf } from '../defineMethod.js';
import { checkAddress } from '../options/check.js';
import { commitment } from '../options/config.js';
import { decodeTokenAmountResult, tokenAmountResult } from '../schemas/tokenAmountResult.js';
import type { Address, CommitmentConfig } from '../types/index.js';
import type { TokenAmountResult } from '../types/token.js';

// 1. Config

/** Options of `getTokenAccountBalance`: a commitment only (agave takes no `minContextSlot` here). */
export interface GetTokenAccountBalanceConfig extends CommitmentConfig {}

// 2. Result: `TokenAmountResult` (src/types/token.ts), shared with `getTokenSupply`: the exact `amount`
// string as the node sent it, `decimals`, `uiAmount` (a float, or `null`) and the exact `uiAmountString`.

// 3. Signature

/** Reads a token account's balance. */
export interface GetTokenAccountBalance {
  /**
   * Reads the balance of an SPL Token or Token-2022 account: `amount` exact in base units, as a string.
   * @example
   * const { value } = await rpc.getTokenAccountBalance(tokenAccount, { commitment: 'confirmed' });
   * console.log(`${value.uiAmountString} (${value.amount} base units, ${value.decimals} decimals)`);
   */
  (account: Address, config?: GetTokenAccountBalanceConfig): Promise<TokenAmountResult>;
}

// 4. Wire schema: the shared `tokenAmountResult` (src/schemas/tokenAmountResult.ts).

// 5. Definition

/** `getTokenAccountBalance`: the token balance of a token account. */
export const getTokenAccountBalance = /* @__PURE__ */ defineMethod<
  GetTokenAccountBalance,
  WireOf<typeof tokenAmountResult>
>({
  name: 'getTokenAccountBalance',
  args: { account: checkAddress },
  config: { commitment },
  result: tokenAmountResult,
  decode: decodeTokenAmountResult,
});
