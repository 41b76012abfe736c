import type { TokenAmount, TokenAmountResult } from '../types/token.js';
import { decodeContext, rpcContext } from './context.js';
import { memo } from './memo.js';
import { type } from './struct.js';
import { tokenAmount } from './token.js';

// A module of its own rather than in token.ts, which every getAccountInfo app loads: there, it made that
// app 4 bytes larger (11,732 to 11,736 gzip); here, it leaves it unchanged.

/** `{ context, value: TokenAmount }`: the result of `getTokenAccountBalance` and `getTokenSupply`. */
export const tokenAmountResult = /* @__PURE__ */ memo(() => type({ context: rpcContext(), value: tokenAmount() }));

/**
 * Copies a checked `{ context, value: TokenAmount }` into fresh objects: `amount` stays the exact string the
 * node sent, and a missing `uiAmount` becomes `null`.
 */
export function decodeTokenAmountResult(wire: {
  context: TokenAmountResult['context'];
  value: TokenAmount;
}): TokenAmountResult {
  const { amount, decimals, uiAmount, uiAmountString } = wire.value;
  return {
    context: decodeContext(wire.context),
    value: { amount, decimals, uiAmount: uiAmount ?? null, uiAmountString },
  };
}
