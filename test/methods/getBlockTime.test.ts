import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { serveFixture } from '../msw/fixtures.js';
import { expectRpcError, mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const BASIC = 'conformance/getBlockTime.basic';

describeMethod('getBlockTime', {
  defaults: { args: [356139500], sent: [356139500], answer: serveFixture(BASIC), expect: 1754901251 },
  cases: [
    { name: 'a slot: params [slot], Unix seconds back' },
    {
      name: 'no time recorded: null, not an error',
      args: [1702871],
      sent: [1702871],
      answer: serveFixture('conformance/getBlockTime.null'),
      expect: null,
    },
    { name: 'the slot as a bigint', args: [356139500n], sent: [356139500] },
    { name: 'slot 0 (the genesis creation time)', args: [0], sent: [0], answer: '1584368940', expect: 1584368940 },
    {
      name: 'call options only: nothing but the slot on the wire',
      args: [356139500, { signal: new AbortController().signal, timeoutMs: 1_000 }],
      sent: [356139500],
    },
    { name: 'an empty config: params [slot]', args: [356139500, {}], sent: [356139500] },
    // An i64: a clock set before 1970 gives a negative time, which agave sends as it is.
    { name: 'a negative timestamp', answer: '-86400', expect: -86400 },
  ],
  refusals: [
    {
      name: 'a time above Number.MAX_SAFE_INTEGER: refused, never rounded',
      answer: '9007199254740993',
      path: 'result',
      received: '9007199254740993',
    },
    { name: 'a time as a string', answer: '"1754901251"', path: 'result' },
    { name: 'a fractional time', answer: '1754901251.5', path: 'result' },
    { name: 'a time in milliseconds as an object', answer: '{"blockTime":1754901251}', path: 'result' },
  ],
  inputErrors: [
    { name: 'no slot', args: [], param: 'slot' },
    { name: 'a negative slot', args: [-1], param: 'slot' },
    { name: 'a fractional slot', args: [1.5], param: 'slot' },
    { name: 'a slot as a string', args: ['356139500'], param: 'slot' },
    { name: 'a slot above Number.MAX_SAFE_INTEGER as a number', args: [2 ** 53], param: 'slot' },
    { name: 'a slot above u64::MAX', args: [2n ** 64n], param: 'slot' },
    {
      name: 'commitment: agave takes no config here',
      args: [356139500, { commitment: 'confirmed' }],
      param: 'config.commitment',
    },
    { name: 'config: a number', args: [356139500, 356139501], param: 'config' },
    { name: 'a third argument', args: [356139500, {}, {}], param: 'arguments' },
  ],
});

describe('getBlockTime: errors of the node', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

  it('-32004: the block is not available yet, retryable, with its hint', async () => {
    mockRpc({ getBlockTime: reply.error(-32004, 'Block not available for slot 356139600') });
    const error = await rejectsWith(rpc().getBlockTime(356139600), 'RpcError');
    expectRpcError(error, 'getBlockTime', {
      code: -32004,
      codeName: 'BLOCK_NOT_AVAILABLE',
      message: 'Block not available for slot 356139600',
      hint: 'the block is not available yet on this node; retry shortly.',
      retryable: true,
    });
    expect(sent()).toStrictEqual([{ method: 'getBlockTime', params: [356139600] }]);
  });

  it('-32009: skipped, or missing in long-term storage (the real-format case), not retryable', async () => {
    mockRpc({ getBlockTime: serveFixture('conformance/getBlockTime.error.long-term-storage-slot-skipped') });
    const error = await rejectsWith(rpc().getBlockTime(1702871), 'RpcError');
    expectRpcError(error, 'getBlockTime', {
      code: -32009,
      codeName: 'LONG_TERM_STORAGE_SLOT_SKIPPED',
      message: 'Slot 1702871 was skipped, or missing in long-term storage',
      hint: 'long-term storage has no block for this slot either: it was most likely skipped.',
      retryable: false,
    });
    expect(sent()).toStrictEqual([{ method: 'getBlockTime', params: [1702871] }]);
  });

  it('-32014: the block status is not available yet, retryable', async () => {
    mockRpc({ getBlockTime: reply.error(-32014, 'Block status not yet available for slot 356139601') });
    const error = await rejectsWith(rpc().getBlockTime(356139601n), 'RpcError');
    expectRpcError(error, 'getBlockTime', {
      code: -32014,
      codeName: 'BLOCK_STATUS_NOT_AVAILABLE_YET',
      message: 'Block status not yet available for slot 356139601',
      hint: 'the block is not available yet on this node; retry shortly.',
      retryable: true,
    });
  });
});
