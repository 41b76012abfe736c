import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { loadFixture, resultTextOf, serveFixture } from '../msw/fixtures.js';
import { expectRpcError, mockRpc, RPC_URL, rejectsWith, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const BOTH = 'conformance/getHighestSnapshotSlot.full-and-incremental';
const FULL_ONLY = 'conformance/getHighestSnapshotSlot.full-only';
const NO_SNAPSHOT = 'conformance/getHighestSnapshotSlot.error.no-snapshot';
const bothWith = (search: string, replacement: string) => resultTextOf(BOTH, [[search, replacement]]);

describeMethod('getHighestSnapshotSlot', {
  defaults: { answer: serveFixture(BOTH), expect: { full: 356112000, incremental: 356138800 } },
  cases: [
    { name: 'a full and an incremental snapshot: params []' },
    { name: 'incremental null: null', answer: serveFixture(FULL_ONLY), expect: { full: 356112000, incremental: null } },
    { name: 'incremental missing: null', answer: '{"full":356112000}', expect: { full: 356112000, incremental: null } },
    { name: 'call options only: nothing on the wire', args: [{ timeoutMs: 1_000 }] },
    { name: 'unknown keys are tolerated and not copied', answer: bothWith('"full":', '"archive":"zstd","full":') },
  ],
  refusals: [
    {
      name: 'full missing',
      answer: '{"incremental":356138800}',
      path: 'result.full',
      received: 'nothing (the field is missing)',
    },
    { name: 'full null', answer: bothWith('"full":356112000', '"full":null'), path: 'result.full' },
    {
      name: 'incremental as a string',
      answer: bothWith('"incremental":356138800', '"incremental":"356138800"'),
      path: 'result.incremental',
    },
    {
      name: 'full above Number.MAX_SAFE_INTEGER',
      answer: bothWith('"full":356112000', '"full":9007199254740993'),
      path: 'result.full',
    },
    { name: 'a bare slot', answer: '356112000', path: 'result' },
  ],
  inputErrors: [
    { name: 'commitment: not an option', args: [{ commitment: 'confirmed' }], param: 'config.commitment' },
    { name: 'config: a string', args: ['full'], param: 'config' },
    { name: 'a second argument', args: [{}, {}], param: 'arguments' },
  ],
});

describe('getHighestSnapshotSlot: beyond the table', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

  it('-32008 "No snapshot" comes through as a typed RpcError named NO_SNAPSHOT, not retryable', async () => {
    mockRpc({ getHighestSnapshotSlot: serveFixture(NO_SNAPSHOT) });
    const error = await rejectsWith(rpc().getHighestSnapshotSlot(), 'RpcError');
    expect(sent()).toStrictEqual([{ method: 'getHighestSnapshotSlot', params: loadFixture(NO_SNAPSHOT).params }]);
    expectRpcError(error, 'getHighestSnapshotSlot', {
      code: -32008,
      codeName: 'NO_SNAPSHOT',
      message: 'No snapshot',
      data: undefined,
      hint: undefined,
      retryable: false,
    });
  });
});
