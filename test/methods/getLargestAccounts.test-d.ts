/** Type tests of `getLargestAccounts`: its one overload, exact bigint balances, every config field, calls that must not compile. */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AccountBalance,
  type Address,
  type CallOptions,
  type Commitment,
  createRpc,
  createRpcWith,
  type GetLargestAccounts,
  type GetLargestAccountsConfig,
  getLargestAccounts,
  type LargestAccountsResult,
  type RpcContext,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getLargestAccounts', () => {
  it('resolves to LargestAccountsResult, with or without a config', async () => {
    expectTypeOf(rpc.getLargestAccounts()).toEqualTypeOf<Promise<LargestAccountsResult>>();
    expectTypeOf(rpc.getLargestAccounts({})).toEqualTypeOf<Promise<LargestAccountsResult>>();
    expectTypeOf(rpc.getLargestAccounts({ filter: 'nonCirculating' })).toEqualTypeOf<Promise<LargestAccountsResult>>();
    const { context, value } = await rpc.getLargestAccounts({ commitment: 'confirmed', sortResults: false });
    expectTypeOf(context).toEqualTypeOf<RpcContext>();
    expectTypeOf(value).toEqualTypeOf<AccountBalance[]>();
  });

  it('gives each balance as an exact bigint', () => {
    expectTypeOf<AccountBalance['address']>().toEqualTypeOf<Address>();
    expectTypeOf<AccountBalance['lamports']>().toEqualTypeOf<bigint>();
    expectTypeOf<keyof AccountBalance>().toEqualTypeOf<'address' | 'lamports'>();
    expectTypeOf<{ address: Address; lamports: number }>().not.toExtend<AccountBalance>();
  });

  it('takes commitment, filter and sortResults, nothing else but the call options', () => {
    expectTypeOf<GetLargestAccountsConfig>().toExtend<CallOptions>();
    expectTypeOf<keyof GetLargestAccountsConfig>().toEqualTypeOf<
      'commitment' | 'filter' | 'sortResults' | 'signal' | 'timeoutMs'
    >();
    expectTypeOf<GetLargestAccountsConfig['commitment']>().toEqualTypeOf<Commitment | undefined>();
    expectTypeOf<GetLargestAccountsConfig['filter']>().toEqualTypeOf<'circulating' | 'nonCirculating' | undefined>();
    expectTypeOf<GetLargestAccountsConfig['sortResults']>().toEqualTypeOf<boolean | undefined>();
  });

  it('accepts a config held in a variable', () => {
    const config: GetLargestAccountsConfig = { filter: Math.random() > 0.5 ? 'circulating' : 'nonCirculating' };
    expectTypeOf(rpc.getLargestAccounts(config)).toEqualTypeOf<Promise<LargestAccountsResult>>();
  });

  it('is the hand-written GetLargestAccounts, on the full client and alone', () => {
    expectTypeOf(rpc.getLargestAccounts).toEqualTypeOf<GetLargestAccounts>();
    const small = createRpcWith('http://127.0.0.1:8899', { getLargestAccounts });
    expectTypeOf(small.getLargestAccounts).toEqualTypeOf<GetLargestAccounts>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error a positional filter is not accepted
    rpc.getLargestAccounts('circulating');
    // @ts-expect-error filter names are camelCase, as agave's
    rpc.getLargestAccounts({ filter: 'Circulating' });
    // @ts-expect-error sortResults is a boolean
    rpc.getLargestAccounts({ sortResults: 'false' });
    // @ts-expect-error getLargestAccounts has no minContextSlot
    rpc.getLargestAccounts({ minContextSlot: 1 });
  });
});
