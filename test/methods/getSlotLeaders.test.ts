import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { loadFixture, serveFixture } from '../msw/fixtures.js';
import { calls, mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const TEN = 'conformance/getSlotLeaders.ten-from-slot';
const A = '8HrMoDGq2CgD3uomED9urHDQBBrB5bf4gsq2kTN1D26d';
const B = '9jFPN9qW1XTSFWtMAa4oVLVSLF4gX8qJrde53DYk95Kv';
const C = '1KXvrkPXwkGF6NK1zyzVuJqbXfpenPVPP6hoiK9bsK3';
const TEN_LEADERS = [A, A, B, B, B, B, C, C, C, C];

describeMethod('getSlotLeaders', {
  defaults: { args: [356139502, 10], sent: [356139502, 10], answer: serveFixture(TEN), expect: TEN_LEADERS },
  cases: [
    { name: 'ten slots from a slot mid-run: params [start, limit], one identity per slot' },
    { name: 'a bigint start', args: [356139502n, 10] },
    { name: 'limit 0: sent, agave answers []', args: [356139502, 0], sent: [356139502, 0], answer: '[]', expect: [] },
    {
      name: 'limit 5,000: agave’s limit, sent',
      args: [356139502, 5_000],
      sent: [356139502, 5_000],
      answer: `["${A}"]`,
      expect: [A],
    },
    { name: 'call options only: nothing more on the wire', args: [356139502, 10, { timeoutMs: 1_000 }] },
  ],
  refusals: [
    { name: 'a number among the identities', answer: `["${A}",42]`, path: 'result.1' },
    { name: 'not base58', answer: `["${A}","0OIl"]`, path: 'result.1' },
    { name: 'a map, not a list', answer: `{"356139502":"${A}"}`, path: 'result' },
  ],
  inputErrors: [
    { name: 'no arguments', args: [], param: 'startSlot' },
    { name: 'no limit', args: [356139502], param: 'limit' },
    { name: 'limit 5,001: agave refuses "Invalid limit; max 5000"', args: [356139502, 5_001], param: 'limit' },
    { name: 'a negative limit', args: [356139502, -1], param: 'limit' },
    { name: 'a fractional limit', args: [356139502, 2.5], param: 'limit' },
    { name: 'a bigint limit', args: [356139502, 10n], param: 'limit' },
    { name: 'a negative start', args: [-1, 10], param: 'startSlot' },
    { name: 'a start above Number.MAX_SAFE_INTEGER as a number', args: [2 ** 53 + 2, 10], param: 'startSlot' },
    {
      name: 'a commitment: agave takes none',
      args: [356139502, 10, { commitment: 'confirmed' }],
      param: 'config.commitment',
    },
    { name: 'a fourth argument', args: [356139502, 10, {}, {}], param: 'arguments' },
  ],
});

describe('getSlotLeaders: beyond the table', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

  it('the limit refusal names the node’s limit, and nothing is sent', async () => {
    const error = await rejectsWith(rpc().getSlotLeaders(356139502, 5_001), 'InvalidInputError');
    expect(error.message.split('\n')[0]).toBe(
      "getSlotLeaders: invalid limit: expected an integer from 0 to 5000 (the node's limit), got 5001",
    );
    expect(sent()).toStrictEqual([]);
  });

  it('a start slot whose epoch has no schedule: -32602 comes through with the node’s words', async () => {
    const fixture = loadFixture('conformance/getSlotLeaders.error.epoch-unavailable');
    mockRpc({ getSlotLeaders: serveFixture('conformance/getSlotLeaders.error.epoch-unavailable') });
    const error = await rejectsWith(rpc().getSlotLeaders(357264000, 4), 'RpcError');
    expect(sent()).toStrictEqual([{ method: 'getSlotLeaders', params: fixture.params }]);
    expect(error).toMatchObject({
      code: -32602,
      codeName: 'INVALID_PARAMS',
      serverMessage: 'Invalid slot range: leader schedule for epoch 827 is unavailable',
    });
  });

  it('a bigint start above 2^53 goes out as an exact integer', async () => {
    mockRpc({ getSlotLeaders: reply.resultText('[]') });
    await expect(rpc().getSlotLeaders(9007199254740993n, 0)).resolves.toStrictEqual([]);
    expect(calls[0]?.body).toContain('"params":[9007199254740993,0]');
  });
});
