import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { serveFixture } from '../msw/fixtures.js';
import {
  calls,
  expectRpcError,
  firstLine,
  mockRpc,
  RPC_URL,
  rejectsWith,
  reply,
  sent,
  useMswServer,
} from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const TOKEN = 'conformance/getMinimumBalanceForRentExemption.token-account';
const MAX_PERMITTED_DATA_LENGTH = 10 * 1024 * 1024;

describeMethod('getMinimumBalanceForRentExemption', {
  // A row that names no call asks for a token account's size (165) and gets 2039280 lamports.
  defaults: { args: [165], sent: [165], answer: '2039280', expect: 2039280n },
  cases: [
    { name: 'the data length alone: params [165]' },
    { name: 'an empty config: params [165]', args: [165, {}] },
    { name: 'call options only: nothing more on the wire', args: [165, { timeoutMs: 1_000 }] },
    {
      name: 'commitment (the real-format token-account case)',
      args: [165, { commitment: 'confirmed' }],
      sent: [165, { commitment: 'confirmed' }],
      answer: serveFixture(TOKEN),
    },
    {
      name: 'dataLength 0: only the 128-byte account overhead',
      args: [0],
      sent: [0],
      answer: serveFixture('conformance/getMinimumBalanceForRentExemption.zero-length'),
      expect: 890880n,
    },
    {
      name: 'dataLength 10 MiB, the largest agave answers',
      args: [MAX_PERMITTED_DATA_LENGTH],
      sent: [MAX_PERMITTED_DATA_LENGTH],
      answer: serveFixture('conformance/getMinimumBalanceForRentExemption.max-data-length'),
      expect: 72981780480n,
    },
    {
      name: 'lamports above 2^53 stay exact',
      args: [165, { commitment: 'processed' }],
      sent: [165, { commitment: 'processed' }],
      answer: serveFixture('conformance/getMinimumBalanceForRentExemption.above-2-53'),
      expect: 659777345409777664n,
    },
    { name: 'u64::MAX lamports', answer: '18446744073709551615', expect: 18446744073709551615n },
  ],
  refusals: [
    { name: 'lamports as a string', answer: '"2039280"', path: 'result' },
    { name: 'lamports negative', answer: '-1', path: 'result' },
    { name: 'lamports fractional', answer: '2039280.5', path: 'result' },
    { name: 'lamports above u64::MAX', answer: '18446744073709551616', path: 'result' },
    { name: 'lamports as a float token above 2^53 (digits already lost)', answer: '1e16', path: 'result' },
    { name: 'null', answer: 'null', path: 'result' },
    { name: 'a context-wrapped answer', answer: '{"context":{"slot":1},"value":2039280}', path: 'result' },
  ],
  inputErrors: [
    { name: 'dataLength missing', args: [], param: 'dataLength' },
    { name: 'dataLength negative', args: [-1], param: 'dataLength' },
    { name: 'dataLength fractional', args: [165.5], param: 'dataLength' },
    { name: 'dataLength as a string', args: ['165'], param: 'dataLength' },
    { name: 'dataLength as a bigint', args: [165n], param: 'dataLength' },
    {
      name: 'dataLength one byte above 10 MiB (agave answers -32600)',
      args: [MAX_PERMITTED_DATA_LENGTH + 1],
      param: 'dataLength',
    },
    { name: 'dataLength far above (2^53 - 1)', args: [Number.MAX_SAFE_INTEGER], param: 'dataLength' },
    { name: 'commitment: recent (removed)', args: [165, { commitment: 'recent' }], param: 'config.commitment' },
    {
      name: 'minContextSlot: agave takes a bare commitment here',
      args: [165, { minContextSlot: 1 }],
      param: 'config.minContextSlot',
    },
    { name: 'config: a positional commitment string', args: [165, 'confirmed'], param: 'config' },
    { name: 'config: null', args: [165, null], param: 'config' },
    { name: 'a third argument', args: [165, {}, {}], param: 'arguments' },
  ],
});

// What the table cannot say: the message of the 10 MiB refusal.

const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

describe('getMinimumBalanceForRentExemption', { timeout: 5_000 }, () => {
  it('above 10 MiB: refused before sending, saying the limit', async () => {
    mockRpc({ getMinimumBalanceForRentExemption: reply.error(-32600, 'Invalid request') });
    const error = await rejectsWith(rpc().getMinimumBalanceForRentExemption(10_485_761), 'InvalidInputError');
    expect(firstLine(error)).toBe(
      'getMinimumBalanceForRentExemption: invalid dataLength: expected at most 10485760 (10 MiB), got 10485761',
    );
    expect(calls).toHaveLength(0);
  });

  it('a node that refuses the length anyway: its bare -32600, typed, without a hint', async () => {
    // solrpc's limit matches agave's today; a node with a smaller one answers like this.
    mockRpc({ getMinimumBalanceForRentExemption: reply.error(-32600, 'Invalid request') });
    const error = await rejectsWith(rpc().getMinimumBalanceForRentExemption(10_485_760), 'RpcError');
    expect(sent()).toStrictEqual([{ method: 'getMinimumBalanceForRentExemption', params: [10485760] }]);
    expectRpcError(error, 'getMinimumBalanceForRentExemption', {
      code: -32600,
      codeName: 'INVALID_REQUEST',
      message: 'Invalid request',
      data: undefined,
      hint: undefined,
      retryable: false,
    });
  });
});
