/** Type tests of `getEpochSchedule`: its one overload, `EpochSchedule`'s fields, and calls that must not compile. */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type CallOptions,
  createRpc,
  type EpochSchedule,
  type GetEpochSchedule,
  type GetEpochScheduleConfig,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getEpochSchedule', () => {
  it('resolves to EpochSchedule', async () => {
    expectTypeOf(rpc.getEpochSchedule()).toEqualTypeOf<Promise<EpochSchedule>>();
    expectTypeOf(rpc.getEpochSchedule({})).toEqualTypeOf<Promise<EpochSchedule>>();
    const config: GetEpochScheduleConfig = { timeoutMs: 1_000 };
    expectTypeOf(rpc.getEpochSchedule(config)).toEqualTypeOf<Promise<EpochSchedule>>();
    expectTypeOf(await rpc.getEpochSchedule()).toEqualTypeOf<EpochSchedule>();
  });

  it('gives numbers and a boolean warmup, every field present', () => {
    expectTypeOf<EpochSchedule['slotsPerEpoch']>().toEqualTypeOf<number>();
    expectTypeOf<EpochSchedule['leaderScheduleSlotOffset']>().toEqualTypeOf<number>();
    expectTypeOf<EpochSchedule['warmup']>().toEqualTypeOf<boolean>();
    expectTypeOf<EpochSchedule['firstNormalEpoch']>().toEqualTypeOf<number>();
    expectTypeOf<EpochSchedule['firstNormalSlot']>().toEqualTypeOf<number>();
    expectTypeOf<keyof EpochSchedule>().toEqualTypeOf<
      'slotsPerEpoch' | 'leaderScheduleSlotOffset' | 'warmup' | 'firstNormalEpoch' | 'firstNormalSlot'
    >();
    expectTypeOf<Omit<EpochSchedule, 'warmup'>>().not.toExtend<EpochSchedule>();
  });

  it('takes only the call options', () => {
    expectTypeOf<keyof GetEpochScheduleConfig>().toEqualTypeOf<keyof CallOptions>();
  });

  it('is the hand-written GetEpochSchedule on the client', () => {
    expectTypeOf(rpc.getEpochSchedule).toEqualTypeOf<GetEpochSchedule>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error the schedule is fixed at genesis: no commitment
    rpc.getEpochSchedule({ commitment: 'confirmed' });
    // @ts-expect-error no epoch argument
    rpc.getEpochSchedule(824);
  });
});
