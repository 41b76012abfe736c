/**
 * Type tests of `getLeaderSchedule`: its three overloads (no slot, a slot, a null slot), configs inline
 * and held in variables, the read-only null-prototype map, and calls that must not compile.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type Address,
  type CallOptions,
  type Commitment,
  createRpc,
  type GetLeaderSchedule,
  type GetLeaderScheduleConfig,
  type LeaderSchedule,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');
const identity: Address = '5TXPNTbCkDfsh7ayDHTqvTUZJbRrWS6kzDwgF17LJKxy';

describe('getLeaderSchedule: no slot (the current epoch)', () => {
  it('resolves to LeaderSchedule, never null', async () => {
    expectTypeOf(rpc.getLeaderSchedule()).toEqualTypeOf<Promise<LeaderSchedule>>();
    expectTypeOf(rpc.getLeaderSchedule({})).toEqualTypeOf<Promise<LeaderSchedule>>();
    expectTypeOf(rpc.getLeaderSchedule(undefined)).toEqualTypeOf<Promise<LeaderSchedule>>();
    expectTypeOf(rpc.getLeaderSchedule({ identity })).toEqualTypeOf<Promise<LeaderSchedule>>();
    expectTypeOf(rpc.getLeaderSchedule({ identity, commitment: 'confirmed' })).toEqualTypeOf<Promise<LeaderSchedule>>();
    const schedule = await rpc.getLeaderSchedule({ identity });
    expectTypeOf(schedule).toEqualTypeOf<LeaderSchedule>();
    // noUncheckedIndexedAccess: an identity may not be in the map.
    expectTypeOf(schedule[identity]).toEqualTypeOf<number[] | undefined>();
  });

  it('accepts a wide config held in a variable', () => {
    const config: GetLeaderScheduleConfig = { commitment: 'confirmed' as Commitment };
    expectTypeOf(rpc.getLeaderSchedule(config)).toEqualTypeOf<Promise<LeaderSchedule>>();
  });
});

describe('getLeaderSchedule: a slot', () => {
  it('resolves to LeaderSchedule | null for a number or bigint slot', async () => {
    expectTypeOf(rpc.getLeaderSchedule(356400000)).toEqualTypeOf<Promise<LeaderSchedule | null>>();
    expectTypeOf(rpc.getLeaderSchedule(356400000n)).toEqualTypeOf<Promise<LeaderSchedule | null>>();
    expectTypeOf(rpc.getLeaderSchedule(0, {})).toEqualTypeOf<Promise<LeaderSchedule | null>>();
    expectTypeOf(rpc.getLeaderSchedule(356400000, { identity, commitment: 'processed' })).toEqualTypeOf<
      Promise<LeaderSchedule | null>
    >();
    const next = await rpc.getLeaderSchedule(356400000);
    expectTypeOf(next).toEqualTypeOf<LeaderSchedule | null>();
  });

  it('resolves the slot overload for a slot and config held in variables', () => {
    const slot: number | bigint = BigInt(Date.now());
    const config: GetLeaderScheduleConfig = { identity };
    expectTypeOf(rpc.getLeaderSchedule(slot, config)).toEqualTypeOf<Promise<LeaderSchedule | null>>();
  });
});

describe('getLeaderSchedule: a null slot', () => {
  it('resolves to LeaderSchedule, never null', () => {
    expectTypeOf(rpc.getLeaderSchedule(null)).toEqualTypeOf<Promise<LeaderSchedule>>();
    expectTypeOf(rpc.getLeaderSchedule(null, { identity })).toEqualTypeOf<Promise<LeaderSchedule>>();
    expectTypeOf(rpc.getLeaderSchedule(null, { identity, commitment: 'finalized' })).toEqualTypeOf<
      Promise<LeaderSchedule>
    >();
    expectTypeOf(rpc.getLeaderSchedule(undefined, { identity })).toEqualTypeOf<Promise<LeaderSchedule>>();
  });
});

describe('getLeaderSchedule: a slot known only at run time', () => {
  it('resolves to LeaderSchedule | null for a slot that may be undefined or null', () => {
    const maybe = (Date.now() % 2 === 0 ? 356400000 : undefined) as number | undefined;
    const nullable = (Date.now() % 2 === 0 ? 356400000n : null) as bigint | null;
    const any = (Date.now() % 2 === 0 ? 356400000 : null) as number | bigint | null | undefined;
    expectTypeOf(rpc.getLeaderSchedule(maybe)).toEqualTypeOf<Promise<LeaderSchedule | null>>();
    expectTypeOf(rpc.getLeaderSchedule(nullable, { identity })).toEqualTypeOf<Promise<LeaderSchedule | null>>();
    expectTypeOf(rpc.getLeaderSchedule(any, {})).toEqualTypeOf<Promise<LeaderSchedule | null>>();
  });
});

describe('getLeaderSchedule: types', () => {
  it('LeaderSchedule maps an identity to its slot indexes, read-only', () => {
    expectTypeOf<LeaderSchedule[Address]>().toEqualTypeOf<number[]>();
    expectTypeOf<Record<Address, number[]>>().toExtend<LeaderSchedule>();
    expectTypeOf<Record<Address, string[]>>().not.toExtend<LeaderSchedule>();
  });

  it('config: identity, commitment and the call options', () => {
    expectTypeOf<GetLeaderScheduleConfig>().toExtend<CallOptions>();
    expectTypeOf<keyof GetLeaderScheduleConfig>().toEqualTypeOf<'identity' | 'commitment' | 'signal' | 'timeoutMs'>();
    expectTypeOf<GetLeaderScheduleConfig['identity']>().toEqualTypeOf<Address | undefined>();
    expectTypeOf<GetLeaderScheduleConfig['commitment']>().toEqualTypeOf<Commitment | undefined>();
  });

  it('is the hand-written GetLeaderSchedule on the client', () => {
    expectTypeOf(rpc.getLeaderSchedule).toEqualTypeOf<GetLeaderSchedule>();
  });

  it('rejects invalid calls', async () => {
    // @ts-expect-error a slot is a number or bigint, not a string
    rpc.getLeaderSchedule('356400000');
    // @ts-expect-error the config comes after the slot, as an object
    rpc.getLeaderSchedule(356400000, 'confirmed');
    // @ts-expect-error a config first takes no second argument
    rpc.getLeaderSchedule({ identity }, { commitment: 'processed' });
    // @ts-expect-error identity is a base58 string
    rpc.getLeaderSchedule({ identity: 42 });
    // @ts-expect-error commitment levels are fixed
    rpc.getLeaderSchedule(null, { commitment: 'max' });
    // @ts-expect-error getLeaderSchedule has no epoch option
    rpc.getLeaderSchedule({ epoch: 825 });
    // @ts-expect-error getLeaderSchedule has no minContextSlot
    rpc.getLeaderSchedule(356400000, { minContextSlot: 1 });
    const schedule = await rpc.getLeaderSchedule();
    // @ts-expect-error the schedule is read-only
    schedule[identity] = [0, 1, 2, 3];
    const next = await rpc.getLeaderSchedule(356400000);
    // @ts-expect-error a schedule for a given slot may be null
    next[identity];
  });
});
