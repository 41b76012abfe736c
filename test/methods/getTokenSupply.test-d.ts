import { describe, expectTypeOf, it } from 'vitest';
import {
  type Address,
  createRpc,
  type GetTokenSupply,
  type GetTokenSupplyConfig,
  type TokenAmount,
  type TokenAmountResult,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');
const mint: Address = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';

describe('getTokenSupply', () => {
  it('shares its result type with getTokenAccountBalance', () => {
    expectTypeOf(rpc.getTokenSupply(mint)).toEqualTypeOf(rpc.getTokenAccountBalance(mint));
  });

  it('resolves to TokenAmountResult, with or without a config', () => {
    expectTypeOf(rpc.getTokenSupply(mint)).toEqualTypeOf<Promise<TokenAmountResult>>();
    const config: GetTokenSupplyConfig = { commitment: 'confirmed' };
    expectTypeOf(rpc.getTokenSupply(mint, config)).toEqualTypeOf<Promise<TokenAmountResult>>();
    expectTypeOf(rpc.getTokenSupply).toEqualTypeOf<GetTokenSupply>();
  });

  it('the amount is an exact string; uiAmount may be null', () => {
    expectTypeOf<TokenAmountResult['value']>().toEqualTypeOf<TokenAmount>();
    expectTypeOf<TokenAmount['amount']>().toEqualTypeOf<string>();
    expectTypeOf<TokenAmount['uiAmount']>().toEqualTypeOf<number | null>();
    expectTypeOf<TokenAmountResult['context']['slot']>().toEqualTypeOf<number>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error the mint is required
    rpc.getTokenSupply();
    // @ts-expect-error a mint is a base58 string, not a number
    rpc.getTokenSupply(42);
    // @ts-expect-error agave takes a commitment only: no minContextSlot
    rpc.getTokenSupply(mint, { minContextSlot: 1 });
    // @ts-expect-error 'recent' is not a commitment
    rpc.getTokenSupply(mint, { commitment: 'recent' });
  });
});
