/**
 * Type tests of `getVoteAccounts`: its one overload, exact bigint stakes, `EpochCredits` tuples, every
 * config field, and calls that must not compile.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type Address,
  type CallOptions,
  type Commitment,
  createRpc,
  type EpochCredits,
  type GetVoteAccounts,
  type GetVoteAccountsConfig,
  type VoteAccountInfo,
  type VoteAccounts,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');
const votePubkey: Address = '8R4SNAWowTjABqR5uWfyb2bMZoz2XmLJNLAkR6bHo1Sk';

describe('getVoteAccounts', () => {
  it('resolves to VoteAccounts, with or without a config', async () => {
    expectTypeOf(rpc.getVoteAccounts()).toEqualTypeOf<Promise<VoteAccounts>>();
    expectTypeOf(rpc.getVoteAccounts({})).toEqualTypeOf<Promise<VoteAccounts>>();
    expectTypeOf(rpc.getVoteAccounts(undefined)).toEqualTypeOf<Promise<VoteAccounts>>();
    expectTypeOf(rpc.getVoteAccounts({ votePubkey, commitment: 'confirmed' })).toEqualTypeOf<Promise<VoteAccounts>>();
    const result = await rpc.getVoteAccounts();
    expectTypeOf(result.current).toEqualTypeOf<VoteAccountInfo[]>();
    expectTypeOf(result.delinquent).toEqualTypeOf<VoteAccountInfo[]>();
    expectTypeOf<keyof VoteAccounts>().toEqualTypeOf<'current' | 'delinquent'>();
  });

  it('gives exact bigint stakes, number slots and EpochCredits tuples', () => {
    expectTypeOf<VoteAccountInfo['votePubkey']>().toEqualTypeOf<Address>();
    expectTypeOf<VoteAccountInfo['nodePubkey']>().toEqualTypeOf<Address>();
    expectTypeOf<VoteAccountInfo['activatedStake']>().toEqualTypeOf<bigint>();
    expectTypeOf<VoteAccountInfo['epochVoteAccount']>().toEqualTypeOf<boolean>();
    expectTypeOf<VoteAccountInfo['commission']>().toEqualTypeOf<number>();
    // agave sends 0 for "never": not nullable, unlike web3.js v1's typing.
    expectTypeOf<VoteAccountInfo['lastVote']>().toEqualTypeOf<number>();
    expectTypeOf<VoteAccountInfo['rootSlot']>().toEqualTypeOf<number>();
    expectTypeOf<VoteAccountInfo['epochCredits']>().toEqualTypeOf<EpochCredits[]>();
    expectTypeOf<EpochCredits>().toEqualTypeOf<[number, number, number]>();
    expectTypeOf<EpochCredits['length']>().toEqualTypeOf<3>();
    expectTypeOf<VoteAccountInfo['inflationRewardsCommissionBps']>().toEqualTypeOf<number | undefined>();
  });

  it('makes only inflationRewardsCommissionBps optional', () => {
    const account = {
      votePubkey,
      nodePubkey: votePubkey,
      activatedStake: 1n,
      epochVoteAccount: true,
      commission: 6,
      lastVote: 0,
      rootSlot: 0,
      epochCredits: [[824, 2, 1]] as EpochCredits[],
    };
    expectTypeOf(account).toExtend<VoteAccountInfo>();
    expectTypeOf<Omit<VoteAccountInfo, 'commission'>>().not.toExtend<VoteAccountInfo>();
    // A stake as number is not a VoteAccountInfo: it must be exact.
    expectTypeOf<
      Omit<VoteAccountInfo, 'activatedStake'> & { activatedStake: number }
    >().not.toExtend<VoteAccountInfo>();
  });

  it('accepts every config field; delinquentSlotDistance as number or bigint', () => {
    expectTypeOf<GetVoteAccountsConfig>().toExtend<CallOptions>();
    expectTypeOf<keyof GetVoteAccountsConfig>().toEqualTypeOf<
      'commitment' | 'votePubkey' | 'keepUnstakedDelinquents' | 'delinquentSlotDistance' | 'signal' | 'timeoutMs'
    >();
    expectTypeOf<GetVoteAccountsConfig['commitment']>().toEqualTypeOf<Commitment | undefined>();
    expectTypeOf<GetVoteAccountsConfig['votePubkey']>().toEqualTypeOf<Address | undefined>();
    expectTypeOf<GetVoteAccountsConfig['keepUnstakedDelinquents']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<GetVoteAccountsConfig['delinquentSlotDistance']>().toEqualTypeOf<number | bigint | undefined>();
    expectTypeOf(rpc.getVoteAccounts).toBeCallableWith({ delinquentSlotDistance: 128 });
    expectTypeOf(rpc.getVoteAccounts).toBeCallableWith({ delinquentSlotDistance: 128n });
    expectTypeOf(rpc.getVoteAccounts).toBeCallableWith({ keepUnstakedDelinquents: false, timeoutMs: 10 });
  });

  it('accepts a wide config held in a variable', () => {
    const config: GetVoteAccountsConfig = { commitment: 'processed' as Commitment, keepUnstakedDelinquents: true };
    expectTypeOf(rpc.getVoteAccounts(config)).toEqualTypeOf<Promise<VoteAccounts>>();
  });

  it('is the hand-written GetVoteAccounts on the client', () => {
    expectTypeOf(rpc.getVoteAccounts).toEqualTypeOf<GetVoteAccounts>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error a positional commitment is not accepted
    rpc.getVoteAccounts('confirmed');
    // @ts-expect-error votePubkey is a base58 string
    rpc.getVoteAccounts({ votePubkey: 42 });
    // @ts-expect-error keepUnstakedDelinquents is a boolean
    rpc.getVoteAccounts({ keepUnstakedDelinquents: 'true' });
    // @ts-expect-error delinquentSlotDistance is a number or bigint
    rpc.getVoteAccounts({ delinquentSlotDistance: '128' });
    // @ts-expect-error commitment levels are fixed
    rpc.getVoteAccounts({ commitment: 'max' });
    // @ts-expect-error getVoteAccounts has no identity (that is getLeaderSchedule)
    rpc.getVoteAccounts({ identity: votePubkey });
    // @ts-expect-error getVoteAccounts has no minContextSlot
    rpc.getVoteAccounts({ minContextSlot: 1 });
  });
});
