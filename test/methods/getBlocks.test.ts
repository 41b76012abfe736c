import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { serveFixture } from '../msw/fixtures.js';
import { calls, mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const RANGE = 'conformance/getBlocks.range-with-skipped-slots';
const OPEN_END = 'conformance/getBlocks.confirmed-no-end-slot';
const RANGE_SLOTS = [356139490, 356139491, 356139493, 356139494, 356139495, 356139496, 356139498, 356139499, 356139500];
const OPEN_END_SLOTS = Array.from({ length: 18 }, (_, i) => 356139495 + i).filter((s) => s !== 356139503);

describeMethod('getBlocks', {
  defaults: {
    args: [356139490, 356139500],
    sent: [356139490, 356139500],
    answer: serveFixture(RANGE),
    expect: RANGE_SLOTS,
  },
  cases: [
    { name: 'getBlocks(start, end): params [start, end], skipped slots absent' },
    {
      name: 'getBlocks(start, { commitment }): params [start, config], the config where the end would be',
      args: [356139495, { commitment: 'confirmed' }],
      sent: [356139495, { commitment: 'confirmed' }],
      answer: serveFixture(OPEN_END),
      expect: OPEN_END_SLOTS,
    },
    {
      name: 'getBlocks(start): params [start]',
      args: [356139495],
      sent: [356139495],
      answer: serveFixture(OPEN_END),
      expect: OPEN_END_SLOTS,
    },
    {
      name: 'getBlocks(start, end, config): both slots then the config, minContextSlot as a bigint',
      args: [356139490n, 356139500n, { minContextSlot: 356139600n, commitment: 'finalized' }],
      sent: [356139490, 356139500, { commitment: 'finalized', minContextSlot: 356139600 }],
    },
    {
      name: 'getBlocks(start, undefined, config): the end left out, the config sent second',
      args: [356139495, undefined, { commitment: 'confirmed' }],
      sent: [356139495, { commitment: 'confirmed' }],
      answer: serveFixture(OPEN_END),
      expect: OPEN_END_SLOTS,
    },
    {
      name: 'call options only: no config on the wire',
      args: [356139490, 356139500, { timeoutMs: 1_000, commitment: undefined }],
      sent: [356139490, 356139500],
    },
    {
      name: 'exactly 500,000 slots past the start: agave’s limit, sent',
      args: [355000000, 355500000],
      sent: [355000000, 355500000],
      answer: '[]',
      expect: [],
    },
    {
      name: 'an end below the start: sent, and the node’s empty list returned',
      args: [356139500, 356139490],
      sent: [356139500, 356139490],
      answer: '[]',
      expect: [],
    },
    { name: 'unknown shapes stay out: a one-block range', args: [0, 0], sent: [0, 0], answer: '[0]', expect: [0] },
  ],
  refusals: [
    {
      // JSON.parse reads the list (parseSafeJson), so the digits are rounded, and the error says so.
      name: 'a slot above Number.MAX_SAFE_INTEGER: refused, never returned rounded',
      answer: '[356139490,9007199254740993]',
      path: 'result.1',
      received: '9007199254740992 (beyond 2^53, so possibly rounded)',
    },
    { name: 'a slot as a string', answer: '["356139490"]', path: 'result.0' },
    { name: 'a negative slot', answer: '[-1]', path: 'result.0' },
    { name: 'a fractional slot', answer: '[356139490.5]', path: 'result.0' },
    { name: 'null', answer: 'null', path: 'result' },
    { name: 'a context wrapper', answer: '{"context":{"slot":1},"value":[]}', path: 'result' },
  ],
  inputErrors: [
    { name: 'no start slot', args: [], param: 'startSlot' },
    { name: 'a negative start', args: [-1, 10], param: 'startSlot' },
    { name: 'a start as a string', args: ['356139490'], param: 'startSlot' },
    { name: 'an end as a string', args: [356139490, '356139500'], param: 'endSlot' },
    { name: 'an end of null', args: [356139490, null], param: 'endSlot' },
    { name: 'an unsafe number as the end', args: [0, 2 ** 53], param: 'endSlot' },
    {
      name: '500,001 slots past the start: agave refuses "Slot range too large; max 500000"',
      args: [355000000, 355500001],
      param: 'endSlot',
    },
    { name: 'a range in bigints beyond the limit', args: [0n, 18446744073709551615n], param: 'endSlot' },
    {
      name: "commitment 'processed' (agave serves blocks from confirmed on)",
      args: [356139490, { commitment: 'processed' }],
      param: 'config.commitment',
    },
    {
      name: "commitment 'processed' after an end slot",
      args: [356139490, 356139500, { commitment: 'processed' }],
      param: 'config.commitment',
    },
    { name: 'minContextSlot negative', args: [356139490, { minContextSlot: -1 }], param: 'config.minContextSlot' },
    { name: 'an option of another method', args: [356139490, { limit: 10 }], param: 'config.limit' },
    { name: 'a third argument after a config', args: [356139490, {}, {}], param: 'arguments' },
    { name: 'a fourth argument', args: [356139490, 356139500, {}, {}], param: 'arguments' },
    { name: 'config: a string', args: [356139490, 356139500, 'confirmed'], param: 'config' },
  ],
});

describe('getBlocks: beyond the table', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

  it('the range refusal names the limit and the way out, and nothing is sent', async () => {
    const error = await rejectsWith(rpc().getBlocks(355000000, 355500001), 'InvalidInputError');
    expect(error.message.split('\n')[0]).toBe(
      'getBlocks: invalid endSlot: the range spans 500001 slots past startSlot; the node takes at most 500000',
    );
    expect(error.hint).toBe('split the range into several calls, or use getBlocksWithLimit.');
    expect(sent()).toStrictEqual([]);
  });

  it('bigint slots above 2^53 go out as exact integers', async () => {
    mockRpc({ getBlocks: reply.resultText('[]') });
    await expect(rpc().getBlocks(9007199254740993n, 9007199254740995n)).resolves.toStrictEqual([]);
    expect(calls[0]?.body).toContain('"params":[9007199254740993,9007199254740995]');
  });

  it('500,000 slots come back whole through the fast parser', async () => {
    const slots = Array.from({ length: 500_000 }, (_, i) => 355000000 + i);
    mockRpc({ getBlocks: reply.resultText(`[${slots.join(',')}]`) });
    const got = await rpc().getBlocks(355000000, 355499999);
    expect(got).toHaveLength(500_000);
    expect(got[499_999]).toBe(355499999);
  });
});
