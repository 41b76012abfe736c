import { describe, expect, it } from 'vitest';
import { createRpc, type TokenAmountResult } from '../../src/index.js';
import { resultTextOf, serveFixture } from '../msw/fixtures.js';
import { expectRpcError, mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const BIG_MINT = '3zGvSLm63F1RcftnaU9JD9C4bY7V3za5vMF5EK4HzMyC';
const BONK_CASE = 'conformance/getTokenSupply.bonk-large';
const U64_MAX = 'conformance/getTokenSupply.u64max-decimals24';

const BONK_RESULT: TokenAmountResult = {
  context: { slot: 428277366, apiVersion: '4.1.0' },
  // uiAmount is the node's own f64, lossy; amount and uiAmountString are exact.
  value: {
    amount: '8855791229127538921',
    decimals: 5,
    uiAmount: 88557912291275.39,
    uiAmountString: '88557912291275.38921',
  },
};
const U64_MAX_RESULT: TokenAmountResult = {
  context: { slot: 428277372, apiVersion: '4.1.0' },
  value: {
    amount: '18446744073709551615',
    decimals: 24,
    uiAmount: null,
    uiAmountString: '0.000018446744073709551615',
  },
};

describeMethod('getTokenSupply', {
  defaults: {
    args: [BONK, { commitment: 'finalized' }],
    sent: [BONK, { commitment: 'finalized' }],
    answer: serveFixture(BONK_CASE),
    expect: BONK_RESULT,
  },
  cases: [
    { name: 'a supply above 2^63: amount the exact string, uiAmount the node float' },
    { name: 'no config: params [mint]', args: [BONK], sent: [BONK] },
    { name: 'an empty config: params [mint]', args: [BONK, {}], sent: [BONK] },
    {
      name: 'call options only: nothing more on the wire',
      args: [BONK, { signal: new AbortController().signal, commitment: undefined }],
      sent: [BONK],
    },
    {
      name: 'u64::MAX at 24 decimals: amount exact, uiAmount null',
      args: [BIG_MINT],
      sent: [BIG_MINT],
      answer: serveFixture(U64_MAX),
      expect: U64_MAX_RESULT,
    },
    {
      name: 'a missing uiAmount becomes null',
      args: [BIG_MINT],
      sent: [BIG_MINT],
      answer: resultTextOf(U64_MAX, [['"uiAmount":null,', '']]),
      expect: U64_MAX_RESULT,
    },
    {
      name: 'unknown fields are tolerated and not copied',
      answer: resultTextOf(BONK_CASE, [['"decimals":5,', '"decimals":5,"extensions":[18446744073709551615],']]),
    },
  ],
  refusals: [
    {
      name: 'an amount as a number (JSON would round it)',
      answer: resultTextOf(BONK_CASE, [['"amount":"8855791229127538921"', '"amount":8855791229127538921']]),
      path: 'result.value.amount',
    },
    {
      name: 'uiAmount as a string',
      answer: resultTextOf(BONK_CASE, [['"uiAmount":88557912291275.39', '"uiAmount":"88557912291275.39"']]),
      path: 'result.value.uiAmount',
    },
    {
      name: 'negative decimals',
      answer: resultTextOf(BONK_CASE, [['"decimals":5', '"decimals":-5']]),
      path: 'result.value.decimals',
    },
    { name: 'a null value', answer: '{"context":{"slot":428277366},"value":null}', path: 'result.value' },
  ],
  inputErrors: [
    { name: 'no mint', args: [], param: 'mint' },
    { name: 'a mint that is not base58', args: ['0OIl'], param: 'mint' },
    { name: 'config: a string', args: [BONK, 'finalized'], param: 'config' },
    { name: 'a bad commitment', args: [BONK, { commitment: 'max' }], param: 'config.commitment' },
    {
      name: 'minContextSlot (agave takes a commitment only here)',
      args: [BONK, { minContextSlot: 1 }],
      param: 'config.minContextSlot',
    },
  ],
});

describe('getTokenSupply: beyond the table', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

  it("not a mint: the node's -32602 as an RpcError", async () => {
    mockRpc({ getTokenSupply: reply.error(-32602, 'Invalid param: not a Token mint') });
    const error = await rejectsWith(rpc().getTokenSupply(BONK), 'RpcError');
    expectRpcError(error, 'getTokenSupply', {
      code: -32602,
      codeName: 'INVALID_PARAMS',
      message: 'Invalid param: not a Token mint',
      retryable: false,
    });
    expect(sent()).toStrictEqual([{ method: 'getTokenSupply', params: [BONK] }]);
  });

  it('the amount is the exact text sent, never a rounded number', async () => {
    mockRpc({ getTokenSupply: serveFixture(BONK_CASE) });
    const { value } = await rpc().getTokenSupply(BONK);
    expect(value.amount).toBe('8855791229127538921');
    expect(BigInt(value.amount)).toBe(8855791229127538921n);
    // What a number would have kept: 8855791229127538688, 233 base units off.
    expect(BigInt(Number(value.amount))).not.toBe(8855791229127538921n);
  });
});
