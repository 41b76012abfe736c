/**
 * Type tests of `getInflationReward`: its one overload, entries that may be `null`, exact bigint amounts,
 * `commission` nullable and `commissionBps` optional, the commitments the node serves, invalid calls.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type Address,
  type CallOptions,
  createRpc,
  createRpcWith,
  type GetInflationReward,
  type GetInflationRewardConfig,
  getInflationReward,
  type InflationReward,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');
const stake: Address = 'Dh5RfFpbitTMwBCLFBReequYg17bKww5DS7Z8Lz9iYEj';

describe('getInflationReward', () => {
  it('resolves to one entry per address, each a reward or null', async () => {
    expectTypeOf(rpc.getInflationReward([stake])).toEqualTypeOf<Promise<(InflationReward | null)[]>>();
    expectTypeOf(rpc.getInflationReward([stake], { epoch: 823 })).toEqualTypeOf<Promise<(InflationReward | null)[]>>();
    const readonlyList: readonly Address[] = [stake];
    expectTypeOf(rpc.getInflationReward(readonlyList)).toEqualTypeOf<Promise<(InflationReward | null)[]>>();
    const [reward] = await rpc.getInflationReward([stake]);
    expectTypeOf(reward).toEqualTypeOf<InflationReward | null | undefined>();
  });

  it('gives amounts as exact bigints, slots and epochs as numbers', () => {
    expectTypeOf<InflationReward['epoch']>().toEqualTypeOf<number>();
    expectTypeOf<InflationReward['effectiveSlot']>().toEqualTypeOf<number>();
    expectTypeOf<InflationReward['amount']>().toEqualTypeOf<bigint>();
    expectTypeOf<InflationReward['postBalance']>().toEqualTypeOf<bigint>();
  });

  it('makes commission nullable and commissionBps optional, never null', () => {
    expectTypeOf<InflationReward['commission']>().toEqualTypeOf<number | null>();
    expectTypeOf<InflationReward['commissionBps']>().toEqualTypeOf<number | undefined>();
    const withoutBps = { epoch: 823, effectiveSlot: 1, amount: 1n, postBalance: 2n, commission: null };
    expectTypeOf(withoutBps).toExtend<InflationReward>();
    expectTypeOf<Omit<InflationReward, 'commission'>>().not.toExtend<InflationReward>();
    expectTypeOf<Omit<InflationReward, 'commissionBps'> & { commissionBps: null }>().not.toExtend<InflationReward>();
  });

  it('takes epoch, the commitments the node serves here, and minContextSlot', () => {
    expectTypeOf<GetInflationRewardConfig>().toExtend<CallOptions>();
    expectTypeOf<keyof GetInflationRewardConfig>().toEqualTypeOf<
      'epoch' | 'commitment' | 'minContextSlot' | 'signal' | 'timeoutMs'
    >();
    expectTypeOf<GetInflationRewardConfig['commitment']>().toEqualTypeOf<'confirmed' | 'finalized' | undefined>();
    expectTypeOf<GetInflationRewardConfig['epoch']>().toEqualTypeOf<number | bigint | undefined>();
    expectTypeOf<GetInflationRewardConfig['minContextSlot']>().toEqualTypeOf<number | bigint | undefined>();
    expectTypeOf(rpc.getInflationReward).toBeCallableWith([stake], { epoch: 823n, minContextSlot: 1 });
  });

  it('accepts a config held in a variable', () => {
    const config: GetInflationRewardConfig = { epoch: Number('823'), commitment: 'confirmed' };
    expectTypeOf(rpc.getInflationReward([stake], config)).toEqualTypeOf<Promise<(InflationReward | null)[]>>();
  });

  it('is the hand-written GetInflationReward, on the full client and alone', () => {
    expectTypeOf(rpc.getInflationReward).toEqualTypeOf<GetInflationReward>();
    const small = createRpcWith('http://127.0.0.1:8899', { getInflationReward });
    expectTypeOf(small.getInflationReward).toEqualTypeOf<GetInflationReward>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error the addresses come in a list
    rpc.getInflationReward(stake);
    // @ts-expect-error the list is required
    rpc.getInflationReward();
    // @ts-expect-error the node reads blocks, which it does not serve at processed
    rpc.getInflationReward([stake], { commitment: 'processed' });
    // @ts-expect-error epoch is a number or bigint
    rpc.getInflationReward([stake], { epoch: '823' });
    // @ts-expect-error a positional epoch is not accepted
    rpc.getInflationReward([stake], 823);
  });
});
