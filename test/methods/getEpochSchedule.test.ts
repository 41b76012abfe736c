import { describe, expect, it } from 'vitest';
import { createRpc, type EpochSchedule } from '../../src/index.js';
import { resultTextOf, serveFixture } from '../msw/fixtures.js';
import { mockRpc, RPC_URL, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const MAINNET = 'conformance/getEpochSchedule.mainnet';
const WARMUP = 'conformance/getEpochSchedule.warmup';

const MAINNET_SCHEDULE: EpochSchedule = {
  slotsPerEpoch: 432000,
  leaderScheduleSlotOffset: 432000,
  warmup: false,
  firstNormalEpoch: 0,
  firstNormalSlot: 0,
};

/** The mainnet result with one exact text edit. */
const mainnetWith = (search: string, replacement: string) => resultTextOf(MAINNET, [[search, replacement]]);
const MISSING = 'nothing (the field is missing)';

describeMethod('getEpochSchedule', {
  // agave takes no params: every call sends []; no answer serves the mainnet case.
  defaults: { answer: serveFixture(MAINNET), expect: MAINNET_SCHEDULE },
  cases: [
    { name: 'no config: params []' },
    { name: 'an empty config: params []', args: [{}] },
    {
      name: 'call options only (signal, timeoutMs): nothing on the wire',
      args: [{ signal: new AbortController().signal, timeoutMs: 1_000 }],
    },
    {
      name: 'a cluster with warmup epochs: warmup true, first normal epoch and slot after it',
      answer: serveFixture(WARMUP),
      expect: {
        slotsPerEpoch: 8192,
        leaderScheduleSlotOffset: 8192,
        warmup: true,
        firstNormalEpoch: 8,
        firstNormalSlot: 8160,
      },
    },
    {
      name: 'unknown keys are tolerated and not copied into the result',
      answer: serveFixture(MAINNET, [['"result":{', '"result":{"minimumSlotsPerEpoch":32,"zz":[1,{"a":null}],']]),
    },
    {
      name: 'an integer written as a float token within 2^53 (4.32e5) is the same integer: accepted',
      answer: mainnetWith('"slotsPerEpoch":432000', '"slotsPerEpoch":4.32e5'),
    },
  ],
  refusals: [
    {
      name: 'warmup as a string',
      answer: mainnetWith('"warmup":false', '"warmup":"false"'),
      path: 'result.warmup',
    },
    { name: 'warmup as 0', answer: mainnetWith('"warmup":false', '"warmup":0'), path: 'result.warmup' },
    { name: 'warmup null', answer: mainnetWith('"warmup":false', '"warmup":null'), path: 'result.warmup' },
    {
      name: 'warmup missing',
      answer: mainnetWith(',"warmup":false', ''),
      path: 'result.warmup',
      received: MISSING,
    },
    {
      name: 'slotsPerEpoch above Number.MAX_SAFE_INTEGER (not a rounded number)',
      answer: mainnetWith('"slotsPerEpoch":432000', '"slotsPerEpoch":9007199254740993'),
      path: 'result.slotsPerEpoch',
      received: '9007199254740993',
    },
    {
      name: 'leaderScheduleSlotOffset as a string',
      answer: mainnetWith('"leaderScheduleSlotOffset":432000', '"leaderScheduleSlotOffset":"432000"'),
      path: 'result.leaderScheduleSlotOffset',
    },
    {
      name: 'firstNormalEpoch negative',
      answer: mainnetWith('"firstNormalEpoch":0', '"firstNormalEpoch":-1'),
      path: 'result.firstNormalEpoch',
    },
    {
      name: 'firstNormalSlot missing',
      answer: mainnetWith('"firstNormalSlot":0,', ''),
      path: 'result.firstNormalSlot',
      received: MISSING,
    },
    { name: 'a result that is null', answer: 'null', path: 'result' },
    { name: 'a result that is a bare number', answer: '432000', path: 'result' },
  ],
  inputErrors: [
    {
      name: 'commitment: not an option (the schedule is fixed at genesis)',
      args: [{ commitment: 'confirmed' }],
      param: 'config.commitment',
    },
    { name: 'minContextSlot: not an option', args: [{ minContextSlot: 1 }], param: 'config.minContextSlot' },
    { name: 'config: a string', args: ['confirmed'], param: 'config' },
    { name: 'config: null', args: [null], param: 'config' },
    { name: 'config: an epoch number', args: [824], param: 'config' },
    { name: 'signal: not an AbortSignal', args: [{ signal: 'abort' }], param: 'config.signal' },
    { name: 'a second argument', args: [{}, {}], param: 'arguments' },
  ],
});

// What the table cannot say: the schedule's arithmetic.

const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

describe('getEpochSchedule', { timeout: 5_000 }, () => {
  it('warmup: epochs double from 32 slots, so firstNormalSlot is 32 * (2^firstNormalEpoch - 1)', async () => {
    mockRpc({ getEpochSchedule: serveFixture(WARMUP) });
    const schedule = await rpc().getEpochSchedule();
    expect(sent()).toStrictEqual([{ method: 'getEpochSchedule', params: [] }]);
    expect(schedule.warmup).toBe(true);
    expect(32 * (2 ** schedule.firstNormalEpoch - 1)).toBe(schedule.firstNormalSlot);
    // The last warmup epoch is half a normal one.
    expect(32 * 2 ** (schedule.firstNormalEpoch - 1)).toBe(schedule.slotsPerEpoch / 2);
  });
});
