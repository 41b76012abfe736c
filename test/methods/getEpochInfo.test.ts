import { describe, expect, it } from 'vitest';
import { createRpc, type EpochInfo } from '../../src/index.js';
import { loadFixture, resultTextOf, serveFixture } from '../msw/fixtures.js';
import {
  calls,
  expectRpcError,
  firstLine,
  mockRpc,
  RPC_URL,
  rejectsWith,
  reply,
  sent,
  useMswServer,
} from '../msw/server.js';

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

// Each error is checked as the server sent it; retries have their own suite (test/transport/retry.test.ts).
const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });
/** The method without its static types, for arguments the types forbid. */
const getEpochInfo = (...args: unknown[]) =>
  (rpc().getEpochInfo as unknown as (...a: unknown[]) => Promise<unknown>)(...args);
/** Asserts that the test sent exactly one call: getEpochInfo with these params. */
const expectSent = (...params: unknown[]) => expect(sent()).toStrictEqual([{ method: 'getEpochInfo', params }]);

describe('getEpochInfo', { timeout: 5_000 }, () => {
  describe('what is sent', () => {
    it.each([
      { name: 'no config: params []', args: [], params: [] },
      { name: 'an empty config: params []', args: [{}], params: [] },
      {
        name: 'call options only (signal, timeoutMs): nothing on the wire',
        args: [{ signal: new AbortController().signal, timeoutMs: 1_000 }],
        params: [],
      },
      {
        name: 'fields set to undefined are left out',
        args: [{ commitment: undefined, minContextSlot: undefined }],
        params: [],
      },
      { name: 'commitment', args: [{ commitment: 'confirmed' }], params: [{ commitment: 'confirmed' }] },
      { name: 'minContextSlot', args: [{ minContextSlot: 356139400 }], params: [{ minContextSlot: 356139400 }] },
      { name: 'minContextSlot 0', args: [{ minContextSlot: 0 }], params: [{ minContextSlot: 0 }] },
      {
        name: 'commitment and minContextSlot',
        args: [{ commitment: 'processed', minContextSlot: 356139400n }],
        params: [{ commitment: 'processed', minContextSlot: 356139400 }],
      },
    ])('$name', async ({ args, params }) => {
      mockRpc({ getEpochInfo: serveFixture(T0) });
      await expect(getEpochInfo(...args)).resolves.toStrictEqual(T0_INFO);
      expectSent(...params);
      expect(calls[0]).toMatchObject({ jsonrpc: '2.0', id: expect.any(Number) });
    });

    it.each([
      { slot: 9007199254740993n, text: '9007199254740993' },
      { slot: 18446744073709551615n, text: '18446744073709551615' },
    ])('a bigint minContextSlot ($slot) is written as the exact integer', async ({ slot, text }) => {
      mockRpc({ getEpochInfo: serveFixture(T0) });
      await rpc().getEpochInfo({ commitment: 'confirmed', minContextSlot: slot });
      expect(calls).toHaveLength(1);
      // JSON.parse of the recorded params would round it; the exact text is the evidence.
      expect(calls[0]?.body).toContain(`"params":[{"commitment":"confirmed","minContextSlot":${text}}]`);
    });
  });

  describe('what comes back', () => {
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

    it('transactionCount null stays null', async () => {
      mockRpc({ getEpochInfo: serveFixture(COUNT_NULL) });
      const info = await rpc().getEpochInfo();
      expectSent();
      expect(info).toStrictEqual({ ...T0_INFO, transactionCount: null });
      expect('transactionCount' in info).toBe(true);
    });

    it('transactionCount absent (older node) comes back null', async () => {
      mockRpc({ getEpochInfo: serveFixture(COUNT_ABSENT) });
      const info = await rpc().getEpochInfo();
      expectSent();
      expect(info).toStrictEqual({
        absoluteSlot: 115134821,
        blockHeight: 103542318,
        epoch: 266,
        slotIndex: 222821,
        slotsInEpoch: 432000,
        transactionCount: null,
      });
    });

    it('unknown keys are tolerated and not copied into the result', async () => {
      mockRpc({
        getEpochInfo: serveFixture(T0, [['"result":{', '"result":{"epochStartTime":1763740000,"warmup":false,']]),
      });
      const info = await rpc().getEpochInfo({ commitment: 'confirmed' });
      expectSent({ commitment: 'confirmed' });
      expect(info).toStrictEqual(T0_INFO);
    });
  });

  it('an integer written as a float token within 2^53 (4.32e5) is the same integer: accepted', async () => {
    mockRpc({ getEpochInfo: reply.resultText(resultTextOf(T0, [['"slotsInEpoch":432000', '"slotsInEpoch":4.32e5']])) });
    await expect(rpc().getEpochInfo()).resolves.toStrictEqual(T0_INFO);
    expectSent();
  });

  describe('JSON-RPC errors', () => {
    it('-32016 min context slot not reached passes through typed, with the hint', async () => {
      mockRpc({
        getEpochInfo: reply.error(-32016, 'Minimum context slot has not been reached', { contextSlot: 356139456 }),
      });
      const error = await rejectsWith(rpc().getEpochInfo({ minContextSlot: 356139500 }), 'RpcError');
      expectSent({ minContextSlot: 356139500 });
      expectRpcError(error, 'getEpochInfo', {
        code: -32016,
        codeName: 'MIN_CONTEXT_SLOT_NOT_REACHED',
        message: 'Minimum context slot has not been reached',
        data: { contextSlot: 356139456 },
        hint: 'the node has only reached slot 356139456; lower minContextSlot or retry once the node catches up.',
        retryable: true,
      });
    });
  });

  describe('malformed results', () => {
    it('absoluteSlot above Number.MAX_SAFE_INTEGER → ValidationError at result.absoluteSlot, not a rounded number', async () => {
      mockRpc({ getEpochInfo: serveFixture(SLOT_UNSAFE) });
      const error = await rejectsWith(rpc().getEpochInfo(), 'ValidationError');
      expectSent();
      expect(error).toMatchObject({
        method: 'getEpochInfo',
        path: 'result.absoluteSlot',
        received: '9007199254740993',
      });
      expect(firstLine(error)).toMatch(/^getEpochInfo: invalid result: result\.absoluteSlot must be /);
    });

    const MISSING = 'nothing (the field is missing)';
    it.each([
      {
        name: 'absoluteSlot as a string',
        edit: ['"absoluteSlot":356139456', '"absoluteSlot":"356139456"'],
        path: 'result.absoluteSlot',
      },
      {
        name: 'absoluteSlot as a float token above 2^53 (1e16, digits already lost)',
        edit: ['"absoluteSlot":356139456', '"absoluteSlot":1e16'],
        path: 'result.absoluteSlot',
      },
      {
        name: 'absoluteSlot negative',
        edit: ['"absoluteSlot":356139456', '"absoluteSlot":-1'],
        path: 'result.absoluteSlot',
      },
      {
        name: 'blockHeight fractional',
        edit: ['"blockHeight":334287113', '"blockHeight":334287113.5'],
        path: 'result.blockHeight',
      },
      { name: 'blockHeight null', edit: ['"blockHeight":334287113', '"blockHeight":null'], path: 'result.blockHeight' },
      { name: 'epoch missing', edit: ['"epoch":824,', ''], path: 'result.epoch', received: MISSING },
      {
        name: 'slotIndex above MAX_SAFE_INTEGER',
        edit: ['"slotIndex":171456', '"slotIndex":18446744073709551615'],
        path: 'result.slotIndex',
      },
      {
        name: 'transactionCount as a string',
        edit: ['"transactionCount":418273992151', '"transactionCount":"418273992151"'],
        path: 'result.transactionCount',
      },
      {
        name: 'transactionCount above MAX_SAFE_INTEGER',
        edit: ['"transactionCount":418273992151', '"transactionCount":9007199254740993'],
        path: 'result.transactionCount',
      },
    ] as { name: string; edit: [string, string]; path: string; received?: string }[])(
      '$name → ValidationError at $path',
      async ({ edit, path, received }) => {
        mockRpc({ getEpochInfo: reply.resultText(resultTextOf(T0, [edit])) });
        const error = await rejectsWith(rpc().getEpochInfo(), 'ValidationError');
        expectSent();
        expect(error).toMatchObject({ method: 'getEpochInfo', path });
        if (received) expect(error.received).toBe(received);
        expect(firstLine(error)).toMatch(
          new RegExp(`^getEpochInfo: invalid result: ${path.replaceAll('.', '\\.')} must be`),
        );
      },
    );

    it.each([
      { name: 'null', text: 'null' },
      { name: 'an array', text: '[]' },
      { name: 'a bare slot', text: '356139456' },
    ])('a result that is $name → ValidationError at result', async ({ text }) => {
      mockRpc({ getEpochInfo: reply.resultText(text) });
      const error = await rejectsWith(rpc().getEpochInfo(), 'ValidationError');
      expectSent();
      expect(error.path).toBe('result');
    });
  });

  describe('bad input is refused before any request', () => {
    it.each([
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
    ])('$name', async ({ args, param }) => {
      mockRpc({ getEpochInfo: serveFixture(T0) });
      const error = await rejectsWith(getEpochInfo(...args), 'InvalidInputError');
      expect(error).toMatchObject({ method: 'getEpochInfo', param });
      expect(firstLine(error)).toMatch(new RegExp(`^getEpochInfo: invalid ${param.replaceAll('.', '\\.')}: `));
      expect(calls).toHaveLength(0);
    });
  });
});
