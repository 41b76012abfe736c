import { describe, expect, it } from 'vitest';
import { createRpc, type TokenLargestAccountsResult } from '../../src/index.js';
import { loadFixture, resultTextOf, serveFixture } from '../msw/fixtures.js';
import { expectRpcError, mockRpc, RPC_URL, rejectsWith, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const USDC_CASE = 'conformance/getTokenLargestAccounts.usdc';
const T22_CASE = 'conformance/getTokenLargestAccounts.token2022-u64max-decimals20';
const T22_MINT = loadFixture(T22_CASE).params[0] as string;
const addresses = (name: string) =>
  (JSON.parse(loadFixture(name).responseText) as { result: TokenLargestAccountsResult }).result.value.map(
    (entry) => entry.address,
  );
const [a0, a1, a2] = addresses(USDC_CASE) as [string, string, string];
const [b0, b1, b2] = addresses(T22_CASE) as [string, string, string];

const USDC_RESULT: TokenLargestAccountsResult = {
  context: { slot: 383430112, apiVersion: '2.3.7' },
  // uiAmount is the node's own f64, lossy above 2^53 base units; amount and uiAmountString are exact.
  value: [
    {
      address: a0,
      amount: '1283419022731480012',
      decimals: 6,
      uiAmount: 1283419022731.48,
      uiAmountString: '1283419022731.480012',
    },
    {
      address: a1,
      amount: '245838203513204',
      decimals: 6,
      uiAmount: 245838203.513204,
      uiAmountString: '245838203.513204',
    },
    { address: a2, amount: '90000000', decimals: 6, uiAmount: 90, uiAmountString: '90' },
  ],
};
const T22_RESULT: TokenLargestAccountsResult = {
  context: { slot: 383430150, apiVersion: '4.1.0' },
  value: [
    {
      address: b0,
      amount: '18446744073709551615',
      decimals: 20,
      uiAmount: null,
      uiAmountString: '0.18446744073709551615',
    },
    { address: b1, amount: '5000000000000000000', decimals: 20, uiAmount: null, uiAmountString: '0.05' },
    { address: b2, amount: '0', decimals: 20, uiAmount: null, uiAmountString: '0' },
  ],
};

describeMethod('getTokenLargestAccounts', {
  defaults: { args: [USDC], sent: [USDC], answer: serveFixture(USDC_CASE), expect: USDC_RESULT },
  cases: [
    { name: 'amount fields beside the address; amounts above 2^53 exact strings' },
    { name: 'an empty config: params [mint]', args: [USDC, {}], sent: [USDC] },
    {
      name: 'call options only: nothing more on the wire',
      args: [USDC, { signal: new AbortController().signal, commitment: undefined }],
      sent: [USDC],
    },
    {
      name: 'Token-2022 at 20 decimals: u64::MAX exact, uiAmount null',
      args: [T22_MINT, { commitment: 'confirmed' }],
      sent: [T22_MINT, { commitment: 'confirmed' }],
      answer: serveFixture(T22_CASE),
      expect: T22_RESULT,
    },
    {
      name: 'a missing uiAmount becomes null (two of three entries leave it out)',
      args: [T22_MINT],
      sent: [T22_MINT],
      answer: resultTextOf(T22_CASE, [
        ['"decimals":20,"uiAmount":null,"uiAmountString":"0.18', '"decimals":20,"uiAmountString":"0.18'],
        ['"decimals":20,"uiAmount":null,"uiAmountString":"0"}', '"decimals":20,"uiAmountString":"0"}'],
      ]),
      expect: T22_RESULT,
    },
    {
      name: 'a mint with no accounts: []',
      answer: '{"context":{"slot":383430112},"value":[]}',
      expect: { context: { slot: 383430112 }, value: [] },
    },
    {
      name: 'unknown fields are tolerated and not copied',
      answer: resultTextOf(USDC_CASE, [
        ['"amount":"90000000",', '"amount":"90000000","owner":"x","rank":18446744073709551615,'],
      ]),
    },
  ],
  refusals: [
    {
      name: 'an amount as a number (JSON would round it)',
      answer: resultTextOf(USDC_CASE, [['"amount":"1283419022731480012"', '"amount":1283419022731480012']]),
      path: 'result.value.0.amount',
    },
    {
      name: 'amounts nested as in getTokenAccountBalance rather than beside the address',
      answer: `{"context":{"slot":1},"value":[{"address":"${a0}","amount":{"amount":"1","decimals":0,"uiAmount":1.0,"uiAmountString":"1"}}]}`,
      path: 'result.value.0.amount',
    },
    {
      name: 'an address that is not base58',
      answer: resultTextOf(USDC_CASE, [[`"${a1}"`, '"0OIl"']]),
      path: 'result.value.1.address',
    },
    {
      name: 'decimals above 255',
      answer: resultTextOf(USDC_CASE, [['"amount":"90000000","decimals":6', '"amount":"90000000","decimals":256']]),
      path: 'result.value.2.decimals',
    },
    {
      name: 'uiAmountString missing',
      answer: resultTextOf(USDC_CASE, [[',"uiAmountString":"90"', '']]),
      path: 'result.value.2.uiAmountString',
    },
    { name: 'a null value', answer: '{"context":{"slot":383430112},"value":null}', path: 'result.value' },
  ],
  inputErrors: [
    { name: 'no mint', args: [], param: 'mint' },
    { name: 'a mint that is not base58', args: ['0OIl'], param: 'mint' },
    { name: 'config: a string', args: [USDC, 'finalized'], param: 'config' },
    { name: 'a bad commitment', args: [USDC, { commitment: 'max' }], param: 'config.commitment' },
    {
      name: 'minContextSlot (agave takes a commitment only here)',
      args: [USDC, { minContextSlot: 1 }],
      param: 'config.minContextSlot',
    },
  ],
});

describe('getTokenLargestAccounts: beyond the table', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

  it("not a mint: the node's -32602 as an RpcError (its data is unpacked before its owner is checked)", async () => {
    const vote = 'Vote111111111111111111111111111111111111111';
    mockRpc({ getTokenLargestAccounts: serveFixture('conformance/getTokenLargestAccounts.error.not-a-mint') });
    const error = await rejectsWith(rpc().getTokenLargestAccounts(vote), 'RpcError');
    expectRpcError(error, 'getTokenLargestAccounts', {
      code: -32602,
      codeName: 'INVALID_PARAMS',
      message: 'Invalid param: Token mint could not be unpacked',
      retryable: false,
    });
    expect(sent()).toStrictEqual([{ method: 'getTokenLargestAccounts', params: [vote] }]);
  });

  it('u64::MAX is the exact text sent, never a rounded number', async () => {
    mockRpc({ getTokenLargestAccounts: serveFixture(T22_CASE) });
    const { value } = await rpc().getTokenLargestAccounts(T22_MINT, { commitment: 'confirmed' });
    expect(BigInt(value[0]?.amount ?? '')).toBe(2n ** 64n - 1n);
    // What a number would have kept: 2^64, one above u64::MAX.
    expect(BigInt(Number(value[0]?.amount))).toBe(2n ** 64n);
  });
});
