import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { hexBytes, resultTextOf, serveFixture } from '../msw/fixtures.js';
import { calls, expectRpcError, mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const U64_MAX = 18446744073709551615n;
const TOKENKEG = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const WALLET = 'BTsXrjDGiKcZfRPjPgkrCmGJm79drSFqN5s8x5n7rNHN';
const OWNER = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';

const BASE64 = 'conformance/getTokenAccountsByOwner.base64.mint';
const PARSED = 'conformance/getTokenAccountsByOwner.jsonParsed.programId-u64max';

/** The 165 bytes of the USDC account 4ewG… in the base64 case: owner BTsX…, 250 USDC, 100 delegated. */
const ACCOUNT_HEX =
  'c6fa7af3bedbad3a3d65f36aabc97431b1bbe4c2d2f6e0e47ca60203452f5d619b771b670769a73c38d3418b83a96610d2d14fc1e1a75e037189d023ee58425180b2e60e0000000001000000eb1b45827a07611d509b0af949dbcdc1364a63c8e1333cdfe3c142c9592a5a8f0100000000000000000000000000e1f50500000000000000000000000000000000000000000000000000000000000000000000000000000000';

const account = (data: unknown, lamports = 2039280n) => ({
  lamports,
  owner: TOKENKEG,
  data,
  executable: false,
  rentEpoch: U64_MAX,
  space: 165,
});
const BASE64_RESULT = {
  context: { slot: 428277364, apiVersion: '4.1.0' },
  value: [{ pubkey: '4ewGvVc9SQxQ3KhC7ZQZ579vaUwy4gnjUDWwvCEeCYVY', account: account(hexBytes(ACCOUNT_HEX)) }],
};
const parsed = (mint: string, tokenAmount: object) => ({
  program: 'spl-token',
  parsed: { type: 'account', info: { isNative: false, mint, owner: OWNER, state: 'initialized', tokenAmount } },
  space: 165,
});
const PARSED_RESULT = {
  context: { slot: 428277370, apiVersion: '4.1.0' },
  value: [
    {
      pubkey: '9jvSLPE7gwWiKMH77FG8Dk44cm3ipLTVERuTULcQsWq2',
      account: account(parsed(USDC, { amount: '1523000000', decimals: 6, uiAmount: 1523, uiAmountString: '1523' })),
    },
    {
      pubkey: '4ewGvVc9SQxQ3KhC7ZQZ579vaUwy4gnjUDWwvCEeCYVY',
      account: account(
        parsed(BONK, {
          amount: '18446744073709551615',
          decimals: 20,
          uiAmount: null,
          uiAmountString: '0.18446744073709551615',
        }),
      ),
    },
  ],
};

describeMethod('getTokenAccountsByOwner', {
  defaults: {
    args: [WALLET, { mint: USDC }],
    sent: [WALLET, { mint: USDC }, { encoding: 'base64' }],
    answer: serveFixture(BASE64),
    expect: BASE64_RESULT,
  },
  cases: [
    { name: 'a mint filter, no config: {"encoding":"base64"} all the same' },
    {
      name: 'a filter key set to undefined is left out',
      args: [WALLET, { mint: USDC, programId: undefined }],
    },
    {
      name: 'commitment, minContextSlot and dataSlice pass through; call options do not',
      args: [
        WALLET,
        { mint: USDC },
        {
          encoding: 'base64',
          commitment: 'confirmed',
          minContextSlot: 428277300n,
          dataSlice: { offset: 0, length: 165 },
          timeoutMs: 1_000,
        },
      ],
      sent: [
        WALLET,
        { mint: USDC },
        {
          encoding: 'base64',
          commitment: 'confirmed',
          minContextSlot: 428277300,
          dataSlice: { offset: 0, length: 165 },
        },
      ],
    },
    {
      name: 'jsonParsed, programId filter: a u64::MAX amount stays an exact string, uiAmount null stays null',
      args: [OWNER, { programId: TOKENKEG }, { encoding: 'jsonParsed' }],
      sent: [OWNER, { programId: TOKENKEG }, { encoding: 'jsonParsed' }],
      answer: serveFixture(PARSED),
      expect: PARSED_RESULT,
    },
    {
      name: 'jsonParsed: a missing uiAmount becomes null',
      args: [OWNER, { programId: TOKENKEG }, { encoding: 'jsonParsed' }],
      sent: [OWNER, { programId: TOKENKEG }, { encoding: 'jsonParsed' }],
      answer: resultTextOf(PARSED, [['"uiAmount":null,', '']]),
      expect: PARSED_RESULT,
    },
    {
      name: 'lamports above 2^53 are an exact bigint',
      answer: resultTextOf(BASE64, [['"lamports":2039280', '"lamports":9007199254740993']]),
      expect: {
        ...BASE64_RESULT,
        value: [{ ...BASE64_RESULT.value[0], account: account(hexBytes(ACCOUNT_HEX), 9007199254740993n) }],
      },
    },
    {
      name: 'no token accounts: an empty list',
      args: [WALLET, { programId: TOKEN_2022 }],
      sent: [WALLET, { programId: TOKEN_2022 }, { encoding: 'base64' }],
      answer: '{"context":{"apiVersion":"4.1.0","slot":428277364},"value":[]}',
      expect: { context: { slot: 428277364, apiVersion: '4.1.0' }, value: [] },
    },
  ],
  refusals: [
    {
      name: 'lamports as a string',
      answer: resultTextOf(BASE64, [['"lamports":2039280', '"lamports":"2039280"']]),
      path: 'result.value.0.account.lamports',
    },
    {
      name: 'an amount as a number (it must stay an exact string)',
      args: [OWNER, { programId: TOKENKEG }, { encoding: 'jsonParsed' }],
      sent: [OWNER, { programId: TOKENKEG }, { encoding: 'jsonParsed' }],
      answer: resultTextOf(PARSED, [['"amount":"18446744073709551615"', '"amount":18446744073709551615']]),
      path: 'result.value.1.account.data.parsed.info.tokenAmount.amount',
    },
    {
      name: 'a context slot above Number.MAX_SAFE_INTEGER',
      answer: resultTextOf(BASE64, [['"slot":428277364', '"slot":9007199254740993']]),
      path: 'result.context.slot',
      received: '9007199254740993',
    },
  ],
  inputErrors: [
    { name: 'no owner', args: [], param: 'owner' },
    { name: 'an owner that is not base58', args: ['0OIl', { mint: USDC }], param: 'owner' },
    { name: 'no filter', args: [WALLET], param: 'filter' },
    { name: 'both mint and programId', args: [WALLET, { mint: USDC, programId: TOKENKEG }], param: 'filter' },
    { name: 'a filter by owner', args: [WALLET, { owner: WALLET }], param: 'filter' },
    { name: 'a bad mint', args: [WALLET, { mint: 'not-a-mint' }], param: 'filter.mint' },
    { name: 'an unknown encoding', args: [WALLET, { mint: USDC }, { encoding: 'base32' }], param: 'config.encoding' },
    {
      name: 'a misspelt option',
      args: [WALLET, { mint: USDC }, { comitment: 'confirmed' }],
      param: 'config.comitment',
    },
  ],
});

describe('getTokenAccountsByOwner: beyond the table', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

  it('a bigint minContextSlot is written as the exact integer', async () => {
    mockRpc({ getTokenAccountsByOwner: serveFixture(BASE64) });
    await rpc().getTokenAccountsByOwner(WALLET, { mint: USDC }, { minContextSlot: U64_MAX });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toContain(
      `"params":["${WALLET}",{"mint":"${USDC}"},{"encoding":"base64","minContextSlot":18446744073709551615}]`,
    );
  });

  it("a mint that does not exist: the node's -32602 as an RpcError", async () => {
    mockRpc({ getTokenAccountsByOwner: reply.error(-32602, 'Invalid param: could not find mint') });
    const error = await rejectsWith(rpc().getTokenAccountsByOwner(WALLET, { mint: USDC }), 'RpcError');
    expectRpcError(error, 'getTokenAccountsByOwner', {
      code: -32602,
      codeName: 'INVALID_PARAMS',
      message: 'Invalid param: could not find mint',
      retryable: false,
    });
    expect(sent()).toStrictEqual([
      { method: 'getTokenAccountsByOwner', params: [WALLET, { mint: USDC }, { encoding: 'base64' }] },
    ]);
  });
});
