import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { serveFixture } from '../msw/fixtures.js';
import { expectRpcError, mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const BASIC = 'conformance/getSlotLeader.basic';
const LEADER = '8HrMoDGq2CgD3uomED9urHDQBBrB5bf4gsq2kTN1D26d';

describeMethod('getSlotLeader', {
  defaults: { answer: serveFixture(BASIC), expect: LEADER },
  cases: [
    { name: 'no config: params []' },
    {
      name: 'commitment and minContextSlot (a bigint): one config object',
      args: [{ commitment: 'processed', minContextSlot: 356139500n }],
      sent: [{ commitment: 'processed', minContextSlot: 356139500 }],
      answer: serveFixture('conformance/getSlotLeader.processed-min-context-slot'),
      expect: '9jFPN9qW1XTSFWtMAa4oVLVSLF4gX8qJrde53DYk95Kv',
    },
    { name: 'call options only: nothing on the wire', args: [{ timeoutMs: 1_000 }] },
  ],
  refusals: [
    { name: 'a number', answer: '42', path: 'result' },
    { name: 'null', answer: 'null', path: 'result' },
    { name: 'not base58 (a 0)', answer: '"0HrMoDGq2CgD3uomED9urHDQBBrB5bf4gsq2kTN1D26d"', path: 'result' },
    { name: 'too short for an address', answer: '"8HrMoDGq"', path: 'result' },
  ],
  inputErrors: [
    { name: 'config: a string', args: ['confirmed'], param: 'config' },
    { name: 'a bad commitment', args: [{ commitment: 'recent' }], param: 'config.commitment' },
    { name: 'a negative minContextSlot', args: [{ minContextSlot: -1 }], param: 'config.minContextSlot' },
    { name: 'an option of another method', args: [{ identity: LEADER }], param: 'config.identity' },
    { name: 'a second argument', args: [{}, {}], param: 'arguments' },
  ],
});

describe('getSlotLeader: beyond the table', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

  it('-32016 below minContextSlot comes through typed, with the slot the node is at', async () => {
    mockRpc({
      getSlotLeader: reply.error(-32016, 'Minimum context slot has not been reached', { contextSlot: 356139400 }),
    });
    const error = await rejectsWith(rpc().getSlotLeader({ minContextSlot: 356139500 }), 'RpcError');
    expect(sent()).toStrictEqual([{ method: 'getSlotLeader', params: [{ minContextSlot: 356139500 }] }]);
    expect(error).toMatchObject({ code: -32016, codeName: 'MIN_CONTEXT_SLOT_NOT_REACHED' });
  });

  it('-32601 from a node without --full-rpc-api carries the full-API hint', async () => {
    mockRpc({ getSlotLeader: reply.error(-32601, 'Method not found') });
    const error = await rejectsWith(rpc().getSlotLeader(), 'RpcError');
    expectRpcError(error, 'getSlotLeader', {
      code: -32601,
      codeName: 'METHOD_NOT_FOUND',
      message: 'Method not found',
      data: undefined,
      hint: 'the node may not serve this method: full-API methods need a node started with --full-rpc-api; try another RPC URL.',
      retryable: false,
    });
  });
});
