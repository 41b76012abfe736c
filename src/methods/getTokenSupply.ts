import { defineMethod, type WireOf } from '../defineMethod.js';
import { checkAddress } from '../options/check.js';
import { commitment } from '../options/config.js';
import { decodeTokenAmountResult, tokenAmountResult } from '../schemas/tokenAmountResult.js';
import type { Address, CommitmentConfig } from '../types/index.js';
import type { TokenAmountResult } from '../types/token.js';

// 1. Config

/** Options of `getTokenSupply`: a commitment only (agave takes no `minContextSlot` here). */
export interface GetTokenSupplyConfig extends CommitmentConfig {}

// 2. Result: `TokenAmountResult` (src/types/token.ts), shared with `getTokenAccountBalance`: the exact
// `amount` string as the node sent it, `decimals`, `uiAmount` (a float, or `null`) and the exact `uiAmountString`.

// 3. Signature

/** Reads a mint's total supply. */
export interface GetTokenSupply {
  /**
   * Reads the total supply of an SPL Token or Token-2022 mint: `amount` exact in base units, as a string.
   * @example
   * const { value } = await rpc.getTokenSupply(mint, { commitment: 'finalized' });
   * console.log(`${value.uiAmountString} tokens (${value.amount} base units)`);
   */
  (mint: Address, config?: GetTokenSupplyConfig): Promise<TokenAmountResult>;
}

// 4. Wire schema: the shared `tokenAmountResult` (src/schemas/tokenAmountResult.ts).

// 5. Definition

/** `getTokenSupply`: the total supply of a token mint. */
export const getTokenSupply = /* @__PURE__ */ defineMethod<GetTokenSupply, WireOf<typeof tokenAmountResult>>({
  name: 'getTokenSupply',
  args: { mint: checkAddress },
  config: { commitment },
  result: tokenAmountResult,
  decode: decodeTokenAmountResult,
});
