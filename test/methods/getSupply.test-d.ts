/** Type tests of `getSupply`: its one overload, exact bigint amounts, every config field, calls that must not compile. */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type Address,
  type CallOptions,
  type Commitment,
  createRpc,
  createRpcWith,
  type GetSupply,
  type GetSupplyConfig,
  getSupply,
  type RpcContext,
  type Supply,
  type SupplyResult,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getSupply', () => {
  it('resolves to SupplyResult, with or without a config', async () => {
    expectTypeOf(rpc.getSupply()).toEqualTypeOf<Promise<SupplyResult>>();
    expectTypeOf(rpc.getSupply({})).toEqualTypeOf<Promise<SupplyResult>>();
    expectTypeOf(rpc.getSupply({ excludeNonCirculatingAccountsList: true })).toEqualTypeOf<Promise<SupplyResult>>();
    const { context, value } = await rpc.getSupply({ commitment: 'confirmed' });
    expectTypeOf(context).toEqualTypeOf<RpcContext>();
    expectTypeOf(value).toEqualTypeOf<Supply>();
  });

  it('gives every amount as an exact bigint and the accounts as addresses', () => {
    expectTypeOf<Supply['total']>().toEqualTypeOf<bigint>();
    expectTypeOf<Supply['circulating']>().toEqualTypeOf<bigint>();
    expectTypeOf<Supply['nonCirculating']>().toEqualTypeOf<bigint>();
    expectTypeOf<Supply['nonCirculatingAccounts']>().toEqualTypeOf<Address[]>();
    expectTypeOf<keyof Supply>().toEqualTypeOf<'total' | 'circulating' | 'nonCirculating' | 'nonCirculatingAccounts'>();
    // A number total is not a Supply: it must be exact.
    expectTypeOf<Omit<Supply, 'total'> & { total: number }>().not.toExtend<Supply>();
  });

  it('takes a commitment and the flag, nothing else but the call options', () => {
    expectTypeOf<GetSupplyConfig>().toExtend<CallOptions>();
    expectTypeOf<keyof GetSupplyConfig>().toEqualTypeOf<
      'commitment' | 'excludeNonCirculatingAccountsList' | 'signal' | 'timeoutMs'
    >();
    expectTypeOf<GetSupplyConfig['commitment']>().toEqualTypeOf<Commitment | undefined>();
    expectTypeOf<GetSupplyConfig['excludeNonCirculatingAccountsList']>().toEqualTypeOf<boolean | undefined>();
  });

  it('accepts a config held in a variable', () => {
    const config: GetSupplyConfig = { commitment: 'processed' as Commitment, timeoutMs: 5_000 };
    expectTypeOf(rpc.getSupply(config)).toEqualTypeOf<Promise<SupplyResult>>();
  });

  it('is the hand-written GetSupply, on the full client and alone', () => {
    expectTypeOf(rpc.getSupply).toEqualTypeOf<GetSupply>();
    expectTypeOf(createRpcWith('http://127.0.0.1:8899', { getSupply }).getSupply).toEqualTypeOf<GetSupply>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error a positional commitment is not accepted
    rpc.getSupply('finalized');
    // @ts-expect-error the flag is a boolean
    rpc.getSupply({ excludeNonCirculatingAccountsList: 'yes' });
    // @ts-expect-error getSupply has no minContextSlot
    rpc.getSupply({ minContextSlot: 1 });
    // @ts-expect-error commitment levels are fixed
    rpc.getSupply({ commitment: 'max' });
  });
});
