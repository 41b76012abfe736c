import { describe, expectTypeOf, it } from 'vitest';
import {
  type Address,
  createRpc,
  type GetTokenAccountBalance,
  type GetTokenAccountBalanceConfig,
  type TokenAmount,
  type TokenAmountResult,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');
const account: Address = '4CdJwDcwR25arvKdYqrpVPkR9d1xTw8k6TUMyU5BwicG';

describe('getTokenAccountBalance', () => {
  it('resolves to TokenAmountResult, with or without a config', () => {
    expectTypeOf(rpc.getTokenAccountBalance(account)).toEqualTypeOf<Promise<TokenAmountResult>>();
    const config: GetTokenAccountBalanceConfig = { commitment: 'confirmed' };
    expectTypeOf(rpc.getTokenAccountBalance(account, config)).toEqualTypeOf<Promise<TokenAmountResult>>();
    expectTypeOf(rpc.getTokenAccountBalance).toEqualTypeOf<GetTokenAccountBalance>();
  });

  it('the amount is an exact string; uiAmount may be null', () => {
    expectTypeOf<TokenAmountResult['value']>().toEqualTypeOf<TokenAmount>();
    expectTypeOf<TokenAmount['amount']>().toEqualTypeOf<string>();
    expectTypeOf<TokenAmount['uiAmount']>().toEqualTypeOf<number | null>();
    expectTypeOf<TokenAmountResult['context']['slot']>().toEqualTypeOf<number>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error the account is required
    rpc.getTokenAccountBalance();
    // @ts-expect-error an account is a base58 string, not a number
    rpc.getTokenAccountBalance(42);
    // @ts-expect-error agave takes a commitment only: no minContextSlot
    rpc.getTokenAccountBalance(account, { minContextSlot: 1 });
    // @ts-expect-error 'recent' is not a commitment
    rpc.getTokenAccountBalance(account, { commitment: 'recent' });
  });
});
