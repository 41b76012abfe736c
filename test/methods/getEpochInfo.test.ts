import { describe, expect, it } from 'vitest';
import { createRpc, type EpochInfo } from '../../src/index.js';
import { loadFixture, resultTextOf, serveFixture } from '../msw/fixtures.js';
import { calls, mockRpc, RPC_URL, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const T0 = 'conformance/getEpochInfo.t0';
const T1 = 'conformance/getEpochInfo.t1';
const LAST_SLOT = 'getEpochInfo/epoch-last-slot';
const FIRST_SLOT = 'getEpochInfo/epoch-first-slot';
const COUNT_NULL = 'getEpochInfo/transaction-count-null';
const COUNT_ABSENT = 'getEpochInfo/transaction-count-absent';
const SLOT_UNSAFE = 'getEpochInfo/absolute-slot-above-max-safe';

const T0_INFO: EpochInfo = {
  absoluteSlot: 356139456,
  blockHeight: 334287113,
  epoch: 824,
  slotIndex: 171456,
  slotsInEpoch: 432000,
  transactionCount: 418273992151,
};

/** T0's result with one exact text edit. */
const t0With = (search: string, replacement: string) => resultTextOf(T0, [[search, replacement]]);
const MISSING = 'nothing (the field is missing)';

describeMethod('getEpochInfo', {
  // A row that names no call makes getEpochInfo() and expects params []; no answer serves T0.
  defaults: { answer: serveFixture(T0), expect: T0_INFO },
  cases: [
    { name: 'no config: params []', args: [], sent: [] },
    { name: 'an empty config: params []', args: [{}], sent: [] },
    {
      name: 'call options only (signal, timeoutMs): nothing on the wire',
      args: [{ signal: new AbortController().signal, timeoutMs: 1_000 }],
      sent: [],
    },
    {
      name: 'fields set to undefined are left out',
      args: [{ commitment: undefined, minContextSlot: undefined }],
      sent: [],
    },
    { name: 'commitment', args: [{ commitment: 'confirmed' }], sent: [{ commitment: 'confirmed' }] },
    { name: 'minContextSlot', args: [{ minContextSlot: 356139400 }], sent: [{ minContextSlot: 356139400 }] },
    { name: 'minContextSlot 0', args: [{ minContextSlot: 0 }], sent: [{ minContextSlot: 0 }] },
    {
      name: 'commitment and minContextSlot',
      args: [{ commitment: 'processed', minContextSlot: 356139400n }],
      sent: [{ commitment: 'processed', minContextSlot: 356139400 }],
    },
    // toStrictEqual tells `transactionCount: null` from a missing key.
    {
      name: 'transactionCount null stays null',
      answer: serveFixture(COUNT_NULL),
      expect: { ...T0_INFO, transactionCount: null },
    },
    {
      name: 'transactionCount absent (older node) comes back null',
      answer: serveFixture(COUNT_ABSENT),
      expect: {
        absoluteSlot: 115134821,
        blockHeight: 103542318,
        epoch: 266,
        slotIndex: 222821,
        slotsInEpoch: 432000,
        transactionCount: null,
      },
    },
    {
      name: 'unknown keys are tolerated and not copied into the result',
      args: [{ commitment: 'confirmed' }],
      sent: [{ commitment: 'confirmed' }],
      answer: serveFixture(T0, [['"result":{', '"result":{"epochStartTime":1763740000,"warmup":false,']]),
      expect: T0_INFO,
    },
    {
      name: 'an integer written as a float token within 2^53 (4.32e5) is the same integer: accepted',
      answer: t0With('"slotsInEpoch":432000', '"slotsInEpoch":4.32e5'),
      expect: T0_INFO,
    },
  ],
  refusals: [
    {
      name: 'absoluteSlot above Number.MAX_SAFE_INTEGER (not a rounded number)',
      answer: serveFixture(SLOT_UNSAFE),
      path: 'result.absoluteSlot',
      received: '9007199254740993',
    },
    {
      name: 'absoluteSlot as a string',
      answer: t0With('"absoluteSlot":356139456', '"absoluteSlot":"356139456"'),
      path: 'result.absoluteSlot',
    },
    {
      name: 'absoluteSlot as a float token above 2^53 (1e16, digits already lost)',
      answer: t0With('"absoluteSlot":356139456', '"absoluteSlot":1e16'),
      path: 'result.absoluteSlot',
    },
    {
      name: 'absoluteSlot negative',
      answer: t0With('"absoluteSlot":356139456', '"absoluteSlot":-1'),
      path: 'result.absoluteSlot',
    },
    {
      name: 'blockHeight fractional',
      answer: t0With('"blockHeight":334287113', '"blockHeight":334287113.5'),
      path: 'result.blockHeight',
    },
    {
      name: 'blockHeight null',
      answer: t0With('"blockHeight":334287113', '"blockHeight":null'),
      path: 'result.blockHeight',
    },
    { name: 'epoch missing', answer: t0With('"epoch":824,', ''), path: 'result.epoch', received: MISSING },
    {
      name: 'slotIndex above MAX_SAFE_INTEGER',
      answer: t0With('"slotIndex":171456', '"slotIndex":18446744073709551615'),
      path: 'result.slotIndex',
    },
    {
      name: 'transactionCount as a string',
      answer: t0With('"transactionCount":418273992151', '"transactionCount":"418273992151"'),
      path: 'result.transactionCount',
    },
    {
      name: 'transactionCount above MAX_SAFE_INTEGER',
      answer: t0With('"transactionCount":418273992151', '"transactionCount":9007199254740993'),
      path: 'result.transactionCount',
    },
    { name: 'a result that is null', answer: 'null', path: 'result' },
    { name: 'a result that is an array', answer: '[]', path: 'result' },
    { name: 'a result that is a bare slot', answer: '356139456', path: 'result' },
  ],
  inputErrors: [
    { name: 'commitment: recent (removed)', args: [{ commitment: 'recent' }], param: 'config.commitment' },
    { name: 'commitment: wrong case', args: [{ commitment: 'Finalized' }], param: 'config.commitment' },
    { name: 'minContextSlot: negative', args: [{ minContextSlot: -1 }], param: 'config.minContextSlot' },
    { name: 'minContextSlot: fractional', args: [{ minContextSlot: 0.5 }], param: 'config.minContextSlot' },
    { name: 'minContextSlot: a string', args: [{ minContextSlot: '1' }], param: 'config.minContextSlot' },
    { name: 'minContextSlot: an unsafe number', args: [{ minContextSlot: 2 ** 53 }], param: 'config.minContextSlot' },
    {
      name: 'minContextSlot: a bigint above u64',
      args: [{ minContextSlot: 2n ** 64n }],
      param: 'config.minContextSlot',
    },
    { name: 'config: a string (a positional commitment)', args: ['confirmed'], param: 'config' },
    { name: 'config: null', args: [null], param: 'config' },
    { name: 'config: a slot number', args: [356139456], param: 'config' },
    {
      name: 'an option of another method',
      args: [{ identity: 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi' }],
      param: 'config.identity',
    },
    { name: 'signal: not an AbortSignal', args: [{ signal: 'abort' }], param: 'config.signal' },
    { name: 'a second argument', args: [{ commitment: 'confirmed' }, { minContextSlot: 1 }], param: 'arguments' },
  ],
});

// What the table cannot say: the exact request text, and two reads compared.

const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

describe('getEpochInfo', { timeout: 5_000 }, () => {
  it.each([
    { slot: 9007199254740993n, text: '9007199254740993' },
    { slot: 18446744073709551615n, text: '18446744073709551615' },
  ])('a bigint minContextSlot ($slot) is written as the exact integer', async ({ slot, text }) => {
    mockRpc({ getEpochInfo: serveFixture(T0) });
    await expect(rpc().getEpochInfo({ commitment: 'confirmed', minContextSlot: slot })).resolves.toStrictEqual(T0_INFO);
    expect(calls).toHaveLength(1);
    // JSON.parse of the recorded params would round it; the exact text is the evidence.
    expect(calls[0]?.body).toContain(`"params":[{"commitment":"confirmed","minContextSlot":${text}}]`);
  });

  it('the conformance values, and progress between two reads', async () => {
    mockRpc({ getEpochInfo: serveFixture(T0) });
    const t0 = await rpc().getEpochInfo({ commitment: 'confirmed' });
    mockRpc({ getEpochInfo: serveFixture(T1) });
    const t1 = await rpc().getEpochInfo({ commitment: 'confirmed' });
    expect(sent()).toStrictEqual([
      { method: 'getEpochInfo', params: loadFixture(T0).params },
      { method: 'getEpochInfo', params: loadFixture(T1).params },
    ]);
    expect(t0).toStrictEqual(T0_INFO);
    expect(t1).toStrictEqual({
      absoluteSlot: 356139462,
      blockHeight: 334287118,
      epoch: 824,
      slotIndex: 171462,
      slotsInEpoch: 432000,
      transactionCount: 418274016377,
    });
    expect(t1.absoluteSlot - t0.absoluteSlot).toBe(6);
    expect(t1.blockHeight - t0.blockHeight).toBe(5); // one slot skipped
    // On mainnet-beta: absoluteSlot = epoch * slotsInEpoch + slotIndex.
    expect(t0.epoch * t0.slotsInEpoch + t0.slotIndex).toBe(t0.absoluteSlot);
  });

  it('epoch rollover: slotIndex resets to 0, epoch advances, slot and height keep rising', async () => {
    mockRpc({ getEpochInfo: serveFixture(LAST_SLOT) });
    const last = await rpc().getEpochInfo();
    mockRpc({ getEpochInfo: serveFixture(FIRST_SLOT) });
    const first = await rpc().getEpochInfo();
    expect(sent()).toStrictEqual([
      { method: 'getEpochInfo', params: [] },
      { method: 'getEpochInfo', params: [] },
    ]);
    expect(last).toStrictEqual({
      absoluteSlot: 356399999,
      blockHeight: 334545071,
      epoch: 824,
      slotIndex: 431999,
      slotsInEpoch: 432000,
      transactionCount: 418913552204,
    });
    expect(first).toStrictEqual({
      absoluteSlot: 356400000,
      blockHeight: 334545072,
      epoch: 825,
      slotIndex: 0,
      slotsInEpoch: 432000,
      transactionCount: 418913554917,
    });
    expect(first.slotIndex).toBeLessThan(last.slotIndex);
    expect(first.absoluteSlot).toBe(last.absoluteSlot + 1);
  });
});
