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

const BASIC = 'conformance/minimumLedgerSlot.basic';

describeMethod('minimumLedgerSlot', {
  // agave takes no params: every call sends [] and the basic case answers 355718212.
  defaults: { answer: serveFixture(BASIC), expect: 355718212 },
  cases: [...CALL_OPTIONS_ONLY_CASES, { name: 'slot 0', answer: '0', expect: 0 }, ...slotCases(BASIC, 355718212)],
  refusals: slotRefusals(BASIC, 355718212),
  inputErrors: CALL_OPTIONS_ONLY_INPUT_ERRORS,
});

// What the table cannot say: RPC errors with their code names and hints.

const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

describe('minimumLedgerSlot', { timeout: 5_000 }, () => {
  it('-32601 from a node without --full-rpc-api carries the full-API hint', async () => {
    mockRpc({ minimumLedgerSlot: reply.error(-32601, 'Method not found') });
    const error = await rejectsWith(rpc().minimumLedgerSlot(), 'RpcError');
    expect(sent()).toStrictEqual([{ method: 'minimumLedgerSlot', params: [] }]);
    expectRpcError(error, 'minimumLedgerSlot', {
      code: -32601,
      codeName: 'METHOD_NOT_FOUND',
      message: 'Method not found',
      data: undefined,
      hint: 'the node may not serve this method: full-API methods need a node started with --full-rpc-api; try another RPC URL.',
      retryable: false,
    });
  });

  it('an empty ledger: the bare -32600 agave sends, typed, with no hint', async () => {
    mockRpc({ minimumLedgerSlot: serveFixture('conformance/minimumLedgerSlot.error.empty-ledger') });
    const error = await rejectsWith(rpc().minimumLedgerSlot(), 'RpcError');
    expect(sent()).toStrictEqual([{ method: 'minimumLedgerSlot', params: [] }]);
    expectRpcError(error, 'minimumLedgerSlot', {
      code: -32600,
      codeName: 'INVALID_REQUEST',
      message: 'Invalid request',
      data: undefined,
      hint: undefined,
      retryable: false,
    });
  });
});
