/** Type tests of `getStakeMinimumDelegation`: its one overload, a `bigint` value in context, and its config. */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type Commitment,
  type ContextConfig,
  createRpc,
  type GetStakeMinimumDelegation,
  type GetStakeMinimumDelegationConfig,
  type RpcResult,
  type StakeMinimumDelegationResult,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getStakeMinimumDelegation', () => {
  it('resolves to StakeMinimumDelegationResult, a bigint value with its context', async () => {
    expectTypeOf(rpc.getStakeMinimumDelegation()).toEqualTypeOf<Promise<StakeMinimumDelegationResult>>();
    expectTypeOf(rpc.getStakeMinimumDelegation({ commitment: 'confirmed', minContextSlot: 5n })).toEqualTypeOf<
      Promise<StakeMinimumDelegationResult>
    >();
    const { value } = await rpc.getStakeMinimumDelegation();
    expectTypeOf(value).toEqualTypeOf<bigint>();
    expectTypeOf<StakeMinimumDelegationResult>().toExtend<RpcResult<bigint>>();
  });

  it('takes commitment and minContextSlot (agave’s RpcContextConfig), signal and timeoutMs', () => {
    expectTypeOf<GetStakeMinimumDelegationConfig>().toExtend<ContextConfig>();
    expectTypeOf<keyof GetStakeMinimumDelegationConfig>().toEqualTypeOf<
      'commitment' | 'minContextSlot' | 'signal' | 'timeoutMs'
    >();
    const config: GetStakeMinimumDelegationConfig = { commitment: 'processed' as Commitment };
    expectTypeOf(rpc.getStakeMinimumDelegation(config)).toEqualTypeOf<Promise<StakeMinimumDelegationResult>>();
  });

  it('is the hand-written GetStakeMinimumDelegation on the client', () => {
    expectTypeOf(rpc.getStakeMinimumDelegation).toEqualTypeOf<GetStakeMinimumDelegation>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error commitment levels are fixed
    rpc.getStakeMinimumDelegation({ commitment: 'recent' });
    // @ts-expect-error a string minContextSlot is rejected
    rpc.getStakeMinimumDelegation({ minContextSlot: '5' });
    // @ts-expect-error no positional commitment
    rpc.getStakeMinimumDelegation('confirmed');
  });
});
