import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { serveFixture } from '../msw/fixtures.js';
import { calls, mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const FIVE = 'conformance/getBlocksWithLimit.five-from-slot';
const FIVE_SLOTS = [356139490, 356139491, 356139493, 356139494, 356139495];

describeMethod('getBlocksWithLimit', {
  defaults: { args: [356139490, 5], sent: [356139490, 5], answer: serveFixture(FIVE), expect: FIVE_SLOTS },
  cases: [
    { name: 'five blocks from a slot: params [start, limit], a skipped slot uses no place' },
    {
      name: 'commitment and minContextSlot: params [start, limit, config]',
      args: [356139490n, 5, { minContextSlot: 356139600n, commitment: 'confirmed' }],
      sent: [356139490, 5, { commitment: 'confirmed', minContextSlot: 356139600 }],
    },
    {
      name: 'limit 0: sent, the node answers []',
      args: [356139490, 0],
      sent: [356139490, 0],
      answer: '[]',
      expect: [],
    },
    {
      name: 'limit 500,000: agave’s limit, sent',
      args: [356139490, 500_000],
      sent: [356139490, 500_000],
      answer: '[356139490]',
      expect: [356139490],
    },
    {
      name: 'fewer blocks than the limit (the tip came first)',
      args: [356139490, 100],
      sent: [356139490, 100],
    },
    {
      name: 'call options only: no config on the wire',
      args: [356139490, 5, { signal: new AbortController().signal }],
      sent: [356139490, 5],
    },
  ],
  refusals: [
    { name: 'a slot above Number.MAX_SAFE_INTEGER', answer: '[9007199254740993]', path: 'result.0' },
    { name: 'a slot as a string', answer: '[356139490,"356139491"]', path: 'result.1' },
    { name: 'a result that is not a list', answer: '{"slots":[356139490]}', path: 'result' },
  ],
  inputErrors: [
    { name: 'no arguments', args: [], param: 'startSlot' },
    { name: 'no limit', args: [356139490], param: 'limit' },
    { name: 'limit 500,001: agave refuses "Limit too large; max 500000"', args: [356139490, 500_001], param: 'limit' },
    { name: 'a negative limit', args: [356139490, -1], param: 'limit' },
    { name: 'a fractional limit', args: [356139490, 2.5], param: 'limit' },
    { name: 'a limit as a bigint', args: [356139490, 5n], param: 'limit' },
    { name: 'a config in place of the limit', args: [356139490, { commitment: 'confirmed' }], param: 'limit' },
    { name: 'a negative start', args: [-1, 5], param: 'startSlot' },
    {
      name: "commitment 'processed' (agave serves blocks from confirmed on)",
      args: [356139490, 5, { commitment: 'processed' }],
      param: 'config.commitment',
    },
    { name: 'an option of another method', args: [356139490, 5, { before: 'x' }], param: 'config.before' },
    { name: 'a fourth argument', args: [356139490, 5, {}, {}], param: 'arguments' },
  ],
});

describe('getBlocksWithLimit: beyond the table', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

  it('the limit refusal names the node’s limit, and nothing is sent', async () => {
    const error = await rejectsWith(rpc().getBlocksWithLimit(356139490, 500_001), 'InvalidInputError');
    expect(error.message.split('\n')[0]).toBe(
      "getBlocksWithLimit: invalid limit: expected an integer from 0 to 500000 (the node's limit), got 500001",
    );
    expect(sent()).toStrictEqual([]);
  });

  it('a bigint start above 2^53 goes out as an exact integer', async () => {
    mockRpc({ getBlocksWithLimit: reply.resultText('[]') });
    await expect(rpc().getBlocksWithLimit(9007199254740993n, 3)).resolves.toStrictEqual([]);
    expect(calls[0]?.body).toContain('"params":[9007199254740993,3]');
  });
});
