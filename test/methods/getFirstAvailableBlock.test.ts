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

const BASIC = 'conformance/getFirstAvailableBlock.basic';

describeMethod('getFirstAvailableBlock', {
  // agave takes no params: every call sends [] and the basic case answers 355721011.
  defaults: { answer: serveFixture(BASIC), expect: 355721011 },
  cases: [
    ...CALL_OPTIONS_ONLY_CASES,
    {
      name: 'a node without complete blocks or long-term storage answers 0',
      answer: serveFixture('conformance/getFirstAvailableBlock.no-history-zero'),
      expect: 0,
    },
    ...slotCases(BASIC, 355721011),
  ],
  refusals: slotRefusals(BASIC, 355721011),
  inputErrors: CALL_OPTIONS_ONLY_INPUT_ERRORS,
});

// What the table cannot say: RPC errors with their code names and hints.

const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

describe('getFirstAvailableBlock', { timeout: 5_000 }, () => {
  it('-32601 from a node without --full-rpc-api carries the full-API hint', async () => {
    mockRpc({ getFirstAvailableBlock: reply.error(-32601, 'Method not found') });
    const error = await rejectsWith(rpc().getFirstAvailableBlock(), 'RpcError');
    expect(sent()).toStrictEqual([{ method: 'getFirstAvailableBlock', params: [] }]);
    expectRpcError(error, 'getFirstAvailableBlock', {
      code: -32601,
      codeName: 'METHOD_NOT_FOUND',
      message: 'Method not found',
      data: undefined,
      hint: 'the node may not serve this method: full-API methods need a node started with --full-rpc-api; try another RPC URL.',
      retryable: false,
    });
  });
});
