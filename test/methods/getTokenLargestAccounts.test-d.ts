import { describe, expectTypeOf, it } from 'vitest';
import {
  type Address,
  createRpc,
  type GetTokenLargestAccounts,
  type GetTokenLargestAccountsConfig,
  type TokenAccountBalance,
  type TokenAmount,
  type TokenLargestAccountsResult,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');
const mint: Address = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

describe('getTokenLargestAccounts', () => {
  it('resolves to TokenLargestAccountsResult, with or without a config', () => {
    expectTypeOf(rpc.getTokenLargestAccounts(mint)).toEqualTypeOf<Promise<TokenLargestAccountsResult>>();
    const config: GetTokenLargestAccountsConfig = { commitment: 'confirmed' };
    expectTypeOf(rpc.getTokenLargestAccounts(mint, config)).toEqualTypeOf<Promise<TokenLargestAccountsResult>>();
    expectTypeOf(rpc.getTokenLargestAccounts).toEqualTypeOf<GetTokenLargestAccounts>();
  });

  it('each entry is a TokenAmount beside its address: amount exact, uiAmount nullable', () => {
    expectTypeOf<TokenLargestAccountsResult['value']>().toEqualTypeOf<TokenAccountBalance[]>();
    expectTypeOf<TokenAccountBalance>().toMatchTypeOf<TokenAmount>();
    expectTypeOf<TokenAccountBalance['address']>().toEqualTypeOf<Address>();
    expectTypeOf<TokenAccountBalance['amount']>().toEqualTypeOf<string>();
    expectTypeOf<TokenAccountBalance['uiAmount']>().toEqualTypeOf<number | null>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error the mint is required
    rpc.getTokenLargestAccounts();
    // @ts-expect-error agave takes a commitment only: no minContextSlot
    rpc.getTokenLargestAccounts(mint, { minContextSlot: 1 });
    // @ts-expect-error 'recent' is not a commitment
    rpc.getTokenLargestAccounts(mint, { commitment: 'recent' });
  });
});
