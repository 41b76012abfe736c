import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { serveFixture } from '../msw/fixtures.js';
import { expectRpcError, mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';
import {
  CALL_OPTIONS_ONLY_CASES,
  CALL_OPTIONS_ONLY_INPUT_ERRORS,
  slotCases,
  slotRefusals,
} from '../support/methodRows.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const BASIC = 'conformance/getMaxShredInsertSlot.basic';

describeMethod('getMaxShredInsertSlot', {
  // agave takes no params: every call sends [] and the basic case answers 356139471.
  defaults: { answer: serveFixture(BASIC), expect: 356139471 },
  cases: [
    ...CALL_OPTIONS_ONLY_CASES,
    {
      name: 'a node that has inserted no shred yet answers 0',
      answer: serveFixture('conformance/getMaxShredInsertSlot.fresh-node-zero'),
      expect: 0,
    },
    ...slotCases(BASIC, 356139471),
  ],
  refusals: slotRefusals(BASIC, 356139471),
  inputErrors: CALL_OPTIONS_ONLY_INPUT_ERRORS,
});

// What the table cannot say: RPC errors with their code names and hints.

const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

describe('getMaxShredInsertSlot', { timeout: 5_000 }, () => {
  it('-32601 from a node without --full-rpc-api carries the full-API hint', async () => {
    mockRpc({ getMaxShredInsertSlot: reply.error(-32601, 'Method not found') });
    const error = await rejectsWith(rpc().getMaxShredInsertSlot(), 'RpcError');
    expect(sent()).toStrictEqual([{ method: 'getMaxShredInsertSlot', params: [] }]);
    expectRpcError(error, 'getMaxShredInsertSlot', {
      code: -32601,
      codeName: 'METHOD_NOT_FOUND',
      message: 'Method not found',
      data: undefined,
      hint: 'the node may not serve this method: full-API methods need a node started with --full-rpc-api; try another RPC URL.',
      retryable: false,
    });
  });
});
