import { describe, expect, it } from 'vitest';
import { createRpc, type TokenAmountResult } from '../../src/index.js';
import { resultTextOf, serveFixture } from '../msw/fixtures.js';
import { expectRpcError, mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const USDC_ACCOUNT = '4CdJwDcwR25arvKdYqrpVPkR9d1xTw8k6TUMyU5BwicG';
const BIG_ACCOUNT = '4ewGvVc9SQxQ3KhC7ZQZ579vaUwy4gnjUDWwvCEeCYVY';
const USDC = 'conformance/getTokenAccountBalance.usdc';
const U64_MAX = 'conformance/getTokenAccountBalance.u64max-decimals20';

const USDC_RESULT: TokenAmountResult = {
  context: { slot: 356139515, apiVersion: '2.3.7' },
  value: { amount: '1523000000', decimals: 6, uiAmount: 1523, uiAmountString: '1523' },
};
const U64_MAX_RESULT: TokenAmountResult = {
  context: { slot: 428277371, apiVersion: '4.1.0' },
  value: { amount: '18446744073709551615', decimals: 20, uiAmount: null, uiAmountString: '0.18446744073709551615' },
};

describeMethod('getTokenAccountBalance', {
  defaults: {
    args: [USDC_ACCOUNT, { commitment: 'confirmed' }],
    sent: [USDC_ACCOUNT, { commitment: 'confirmed' }],
    answer: serveFixture(USDC),
    expect: USDC_RESULT,
  },
  cases: [
    { name: 'a commitment: uiAmount 1523.0 is the number 1523, amount the exact string' },
    { name: 'no config: params [account]', args: [USDC_ACCOUNT], sent: [USDC_ACCOUNT] },
    { name: 'an empty config: params [account]', args: [USDC_ACCOUNT, {}], sent: [USDC_ACCOUNT] },
    {
      name: 'call options only: nothing more on the wire',
      args: [USDC_ACCOUNT, { timeoutMs: 1_000, commitment: undefined }],
      sent: [USDC_ACCOUNT],
    },
    {
      name: 'u64::MAX base units at 20 decimals: amount exact, uiAmount null',
      args: [BIG_ACCOUNT],
      sent: [BIG_ACCOUNT],
      answer: serveFixture(U64_MAX),
      expect: U64_MAX_RESULT,
    },
    {
      name: 'a missing uiAmount becomes null',
      args: [BIG_ACCOUNT],
      sent: [BIG_ACCOUNT],
      answer: resultTextOf(U64_MAX, [['"uiAmount":null,', '']]),
      expect: U64_MAX_RESULT,
    },
    {
      name: 'unknown fields are tolerated and not copied',
      answer: resultTextOf(USDC, [
        ['"context":{', '"context":{"region":"fra1",'],
        ['"decimals":6,', '"decimals":6,"scaled":true,'],
      ]),
    },
  ],
  refusals: [
    {
      name: 'an amount as a number (JSON would round it)',
      answer: resultTextOf(U64_MAX, [['"amount":"18446744073709551615"', '"amount":18446744073709551615']]),
      path: 'result.value.amount',
    },
    {
      name: 'decimals above 255',
      answer: resultTextOf(USDC, [['"decimals":6', '"decimals":256']]),
      path: 'result.value.decimals',
    },
    {
      name: 'uiAmountString missing',
      answer: resultTextOf(USDC, [[',"uiAmountString":"1523"', '']]),
      path: 'result.value.uiAmountString',
    },
    { name: 'a bare string value', answer: '{"context":{"slot":356139515},"value":"1523"}', path: 'result.value' },
  ],
  inputErrors: [
    { name: 'no account', args: [], param: 'account' },
    { name: 'an account that is not base58', args: ['0OIl'], param: 'account' },
    { name: 'config: a string', args: [USDC_ACCOUNT, 'confirmed'], param: 'config' },
    { name: 'a bad commitment', args: [USDC_ACCOUNT, { commitment: 'recent' }], param: 'config.commitment' },
    {
      name: 'minContextSlot (agave takes a commitment only here)',
      args: [USDC_ACCOUNT, { minContextSlot: 1 }],
      param: 'config.minContextSlot',
    },
  ],
});

describe('getTokenAccountBalance: beyond the table', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

  it("not a token account: the node's -32602 as an RpcError", async () => {
    mockRpc({ getTokenAccountBalance: reply.error(-32602, 'Invalid param: not a Token account') });
    const error = await rejectsWith(rpc().getTokenAccountBalance(USDC_ACCOUNT), 'RpcError');
    expectRpcError(error, 'getTokenAccountBalance', {
      code: -32602,
      codeName: 'INVALID_PARAMS',
      message: 'Invalid param: not a Token account',
      retryable: false,
    });
    expect(sent()).toStrictEqual([{ method: 'getTokenAccountBalance', params: [USDC_ACCOUNT] }]);
  });
});
