import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { serveFixture } from '../msw/fixtures.js';
import { expectRpcError, mockRpc, RPC_URL, rejectsWith, sent, useMswServer } from '../msw/server.js';
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

// What the table cannot say: the bare -32600 of an empty ledger. -32601 is a row of test/methods/nodeRefusals.test.ts.

const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

describe('minimumLedgerSlot', { timeout: 5_000 }, () => {
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
