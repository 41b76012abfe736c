/**
 * Type tests of `getEpochInfo`: its one overload, `EpochInfo`'s fields (transactionCount optional and
 * nullable), every config field, and calls that must not compile.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type CallOptions,
  type Commitment,
  createRpc,
  type EpochInfo,
  type GetEpochInfo,
  type GetEpochInfoConfig,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getEpochInfo', () => {
  it('resolves to EpochInfo', async () => {
    expectTypeOf(rpc.getEpochInfo()).toEqualTypeOf<Promise<EpochInfo>>();
    expectTypeOf(rpc.getEpochInfo({})).toEqualTypeOf<Promise<EpochInfo>>();
    expectTypeOf(rpc.getEpochInfo(undefined)).toEqualTypeOf<Promise<EpochInfo>>();
    expectTypeOf(rpc.getEpochInfo({ commitment: 'confirmed', minContextSlot: 5n })).toEqualTypeOf<Promise<EpochInfo>>();
    const info = await rpc.getEpochInfo();
    expectTypeOf(info).toEqualTypeOf<EpochInfo>();
  });

  it('gives number fields; transactionCount always present, null where unknown', () => {
    expectTypeOf<EpochInfo['absoluteSlot']>().toEqualTypeOf<number>();
    expectTypeOf<EpochInfo['blockHeight']>().toEqualTypeOf<number>();
    expectTypeOf<EpochInfo['epoch']>().toEqualTypeOf<number>();
    expectTypeOf<EpochInfo['slotIndex']>().toEqualTypeOf<number>();
    expectTypeOf<EpochInfo['slotsInEpoch']>().toEqualTypeOf<number>();
    expectTypeOf<EpochInfo['transactionCount']>().toEqualTypeOf<number | null>();
    expectTypeOf<keyof EpochInfo>().toEqualTypeOf<
      'absoluteSlot' | 'blockHeight' | 'epoch' | 'slotIndex' | 'slotsInEpoch' | 'transactionCount'
    >();
    const older = { absoluteSlot: 1, blockHeight: 1, epoch: 0, slotIndex: 1, slotsInEpoch: 432000 };
    expectTypeOf(older).not.toExtend<EpochInfo>();
    expectTypeOf({ ...older, transactionCount: null }).toExtend<EpochInfo>();
    expectTypeOf<Omit<EpochInfo, 'slotIndex'>>().not.toExtend<EpochInfo>();
  });

  it('accepts commitment, minContextSlot as number or bigint, signal and timeoutMs', () => {
    expectTypeOf<GetEpochInfoConfig>().toExtend<CallOptions>();
    expectTypeOf<keyof GetEpochInfoConfig>().toEqualTypeOf<'commitment' | 'minContextSlot' | 'signal' | 'timeoutMs'>();
    expectTypeOf<GetEpochInfoConfig['commitment']>().toEqualTypeOf<Commitment | undefined>();
    expectTypeOf<GetEpochInfoConfig['minContextSlot']>().toEqualTypeOf<number | bigint | undefined>();
    expectTypeOf(rpc.getEpochInfo).toBeCallableWith({ minContextSlot: 356139400 });
    expectTypeOf(rpc.getEpochInfo).toBeCallableWith({ minContextSlot: 356139400n });
  });

  it('accepts a wide config held in a variable', () => {
    const config: GetEpochInfoConfig = { commitment: 'finalized' as Commitment };
    expectTypeOf(rpc.getEpochInfo(config)).toEqualTypeOf<Promise<EpochInfo>>();
  });

  it('is the hand-written GetEpochInfo on the client', () => {
    expectTypeOf(rpc.getEpochInfo).toEqualTypeOf<GetEpochInfo>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error a positional commitment is not accepted
    rpc.getEpochInfo('confirmed');
    // @ts-expect-error commitment levels are fixed
    rpc.getEpochInfo({ commitment: 'recent' });
    // @ts-expect-error a string minContextSlot is rejected
    rpc.getEpochInfo({ minContextSlot: '5' });
    // @ts-expect-error getEpochInfo has no encoding
    rpc.getEpochInfo({ encoding: 'base64' });
    // @ts-expect-error getEpochInfo takes no slot
    rpc.getEpochInfo(356139456);
  });
});
