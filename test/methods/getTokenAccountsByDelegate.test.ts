import { describe, expect, it } from 'vitest';
import { createRpc, type RpcOptions } from '../../src/index.js';
import { hexBytes, loadFixture, resultTextOf, serveFixture } from '../msw/fixtures.js';
import {
  calls,
  type ExpectedRpcError,
  expectRpcError,
  firstLine,
  mockRpc,
  RPC_URL,
  type RpcHandler,
  type RpcReply,
  rejectsWith,
  reply,
  sent,
  useMswServer,
} from '../msw/server.js';

useMswServer();

const U64_MAX = 18446744073709551615n;
const TOKENKEG = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const OWNER = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';
const DELEGATE = '9ngy7u7TF8pDd7VwSPhnj3umouRH9N81TyKEDjTfj4G4';
const TOKEN_ACCOUNT = '9jvSLPE7gwWiKMH77FG8Dk44cm3ipLTVERuTULcQsWq2';

/** The 165 bytes of the delegated USDC account 9jvS…, as every encoding of it decodes. */
const TOKEN_ACCOUNT_HEX =
  'c6fa7af3bedbad3a3d65f36aabc97431b1bbe4c2d2f6e0e47ca60203452f5d6194f35ad324b33cc83223b557f2502f7f85efc90bce0873e7a1c8067cf2359533c022c75a00000000010000008291d2c348f06c7c19a885663d7f3d8793daa356622895218bf02f99f263ed850100000000000000000000000080b2e60e00000000000000000000000000000000000000000000000000000000000000000000000000000000';

const BASE64_LIST = 'conformance/getTokenAccountsByDelegate.base64.programId-filter';
const PARSED_LIST = 'conformance/getTokenAccountsByDelegate.jsonParsed.mint-filter';
const ZSTD_LIST = 'getTokenAccountsByDelegate/base64zstd.mint-filter';
const EMPTY = 'conformance/getTokenAccountsByDelegate.empty';

// Each error is checked as the server sent it; retries have their own suite (test/transport/retry.test.ts).
const rpc = (options: RpcOptions = {}) => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false, ...options });
/** The method without its static types, for arguments the types forbid and encodings chosen by a table. */
const getTokenAccountsByDelegate = (...args: unknown[]) =>
  (rpc().getTokenAccountsByDelegate as unknown as (...a: unknown[]) => Promise<unknown>)(...args);
/** Asserts that the test sent exactly one call: getTokenAccountsByDelegate with these params. */
const expectSent = (...params: unknown[]) =>
  expect(sent()).toStrictEqual([{ method: 'getTokenAccountsByDelegate', params }]);

const account = (data: unknown, lamports = 2039280n, owner = TOKENKEG, space = 165) => ({
  lamports,
  owner,
  data,
  executable: false,
  rentEpoch: U64_MAX,
  space,
});
const tokenAmount = (amount: string, uiAmount: number, uiAmountString: string) => ({
  amount,
  decimals: 6,
  uiAmount,
  uiAmountString,
});

describe('getTokenAccountsByDelegate', { timeout: 5_000 }, () => {
  describe('what is sent', () => {
    it.each([
      {
        name: 'a mint filter, no config: {"encoding":"base64"} all the same',
        args: [DELEGATE, { mint: USDC }],
        params: [DELEGATE, { mint: USDC }, { encoding: 'base64' }],
      },
      {
        name: 'a programId filter, jsonParsed',
        args: [DELEGATE, { programId: TOKEN_2022 }, { encoding: 'jsonParsed' }],
        params: [DELEGATE, { programId: TOKEN_2022 }, { encoding: 'jsonParsed' }],
      },
      {
        name: 'a filter key set to undefined is left out',
        args: [DELEGATE, { mint: USDC, programId: undefined }],
        params: [DELEGATE, { mint: USDC }, { encoding: 'base64' }],
      },
      {
        name: 'commitment, minContextSlot and dataSlice pass through; call options do not',
        args: [
          DELEGATE,
          { programId: TOKENKEG },
          {
            encoding: 'base64+zstd',
            commitment: 'confirmed',
            minContextSlot: 356139500,
            dataSlice: { offset: 64, length: 8 },
            timeoutMs: 1_000,
          },
        ],
        params: [
          DELEGATE,
          { programId: TOKENKEG },
          {
            encoding: 'base64+zstd',
            commitment: 'confirmed',
            minContextSlot: 356139500,
            dataSlice: { offset: 64, length: 8 },
          },
        ],
      },
    ])('$name', async ({ args, params }) => {
      mockRpc({ getTokenAccountsByDelegate: serveFixture(EMPTY) });
      await expect(getTokenAccountsByDelegate(...args)).resolves.toStrictEqual({
        context: { slot: 356139512, apiVersion: '2.3.7' },
        value: [],
      });
      expectSent(...params);
      expect(calls[0]).toMatchObject({ jsonrpc: '2.0', id: expect.any(Number) });
    });

    it('a bigint minContextSlot is written as the exact integer', async () => {
      mockRpc({ getTokenAccountsByDelegate: serveFixture(EMPTY) });
      await rpc().getTokenAccountsByDelegate(DELEGATE, { mint: USDC }, { minContextSlot: U64_MAX });
      expect(calls).toHaveLength(1);
      expect(calls[0]?.body).toContain(
        `"params":["${DELEGATE}",{"mint":"${USDC}"},{"encoding":"base64","minContextSlot":18446744073709551615}]`,
      );
    });
  });

  describe('what comes back, by encoding', () => {
    it('base64: five token accounts, in the server order, data as bytes', async () => {
      mockRpc({ getTokenAccountsByDelegate: serveFixture(BASE64_LIST) });
      const result = await rpc().getTokenAccountsByDelegate(DELEGATE, { programId: TOKENKEG }, { encoding: 'base64' });
      expectSent(DELEGATE, { programId: TOKENKEG }, { encoding: 'base64' });
      expect(result.context).toStrictEqual({ slot: 356139508, apiVersion: '2.3.7' });
      expect(result.value.map((item) => item.pubkey)).toStrictEqual([
        'K9nQTwiDq2bDxN3ekUnjNAB9aJvf8iWQi3v2S5bSwwt',
        '3cC1eg9f8xNqnxd4JckKkNDpWnPgdHQdu7S4vcv4TWEU',
        '5PSTEKDpmjDcNEuujWJEupeXSvywN2wZLSNjJYmuF1Pj',
        TOKEN_ACCOUNT,
        'CMCanvEYVY1Z9mJ5Ka1LqvQF6DLjtdMvJpxQ6sCKX7gw',
      ]);
      for (const { account: item } of result.value) {
        expect(item.data).toBeInstanceOf(Uint8Array);
        expect(item.data.byteLength).toBe(165);
      }
      expect(result.value[2]?.account.lamports).toBe(1502039280n);
      expect(result.value[3]).toStrictEqual({ pubkey: TOKEN_ACCOUNT, account: account(hexBytes(TOKEN_ACCOUNT_HEX)) });
      // CMCan… holds u64::MAX tokens: amount is bytes 64..72 of the account.
      expect(result.value[4]?.account.data.subarray(64, 72)).toStrictEqual(hexBytes('ffffffffffffffff'));
    });

    it('base64+zstd: agave streaming frame, decompressed', async () => {
      mockRpc({ getTokenAccountsByDelegate: serveFixture(ZSTD_LIST) });
      const result = await rpc().getTokenAccountsByDelegate(DELEGATE, { mint: USDC }, { encoding: 'base64+zstd' });
      expectSent(DELEGATE, { mint: USDC }, { encoding: 'base64+zstd' });
      expect(result.value[0]?.account.data).toBeInstanceOf(Uint8Array);
      expect(result).toStrictEqual({
        context: { slot: 356139507, apiVersion: '2.3.7' },
        value: [{ pubkey: TOKEN_ACCOUNT, account: account(hexBytes(TOKEN_ACCOUNT_HEX)) }],
      });
    });

    it('base58 with a dataSlice (a token account is only base58-able sliced): the slice, space still 165', async () => {
      mockRpc({ getTokenAccountsByDelegate: serveFixture('getTokenAccountsByDelegate/base58.dataSlice-mint-owner') });
      const config = { encoding: 'base58', dataSlice: { offset: 0, length: 64 } } as const;
      const result = await rpc().getTokenAccountsByDelegate(DELEGATE, { programId: TOKENKEG }, config);
      expectSent(DELEGATE, { programId: TOKENKEG }, config);
      expect(result.value[0]?.account.data).toBeInstanceOf(Uint8Array);
      expect(result).toStrictEqual({
        context: { slot: 356139509, apiVersion: '2.3.7' },
        value: [{ pubkey: TOKEN_ACCOUNT, account: account(hexBytes(TOKEN_ACCOUNT_HEX.slice(0, 128))) }],
      });
    });

    it('jsonParsed, mint filter: parsed token accounts, a frozen one keeping its delegate', async () => {
      mockRpc({ getTokenAccountsByDelegate: serveFixture(PARSED_LIST) });
      const result = await rpc().getTokenAccountsByDelegate(DELEGATE, { mint: USDC }, { encoding: 'jsonParsed' });
      expectSent(DELEGATE, { mint: USDC }, { encoding: 'jsonParsed' });
      const parsed = (info: object) => ({ program: 'spl-token', parsed: { type: 'account', info }, space: 165 });
      expect(result).toStrictEqual({
        context: { slot: 356139506, apiVersion: '2.3.7' },
        value: [
          {
            pubkey: 'K9nQTwiDq2bDxN3ekUnjNAB9aJvf8iWQi3v2S5bSwwt',
            account: account(
              parsed({
                delegate: DELEGATE,
                delegatedAmount: tokenAmount('48200000', 48.2, '48.2'),
                isNative: false,
                mint: USDC,
                owner: 'DJDrvJspmJRC5Drw9ZUsy27989y4U3V6FGSB2Rhe1Sx7',
                state: 'frozen',
                tokenAmount: tokenAmount('48200000', 48.2, '48.2'),
              }),
            ),
          },
          {
            pubkey: TOKEN_ACCOUNT,
            account: account(
              parsed({
                delegate: DELEGATE,
                delegatedAmount: tokenAmount('250000000', 250, '250'),
                isNative: false,
                mint: USDC,
                owner: OWNER,
                state: 'initialized',
                tokenAmount: tokenAmount('1523000000', 1523, '1523'),
              }),
            ),
          },
        ],
      });
    });

    it('jsonParsed, Token-2022: extensions, a unit extension without state', async () => {
      mockRpc({
        getTokenAccountsByDelegate: serveFixture('conformance/getTokenAccountsByDelegate.jsonParsed.token2022'),
      });
      const result = await rpc().getTokenAccountsByDelegate(
        DELEGATE,
        { programId: TOKEN_2022 },
        { encoding: 'jsonParsed' },
      );
      expectSent(DELEGATE, { programId: TOKEN_2022 }, { encoding: 'jsonParsed' });
      expect(result).toStrictEqual({
        context: { slot: 356139510, apiVersion: '2.3.7' },
        value: [
          {
            pubkey: 'i57kSWZVk3MD2u7ZtUbuaiTSnjhdeP56bKdw99mtAbJ',
            account: account(
              {
                program: 'spl-token-2022',
                parsed: {
                  type: 'account',
                  info: {
                    delegate: DELEGATE,
                    delegatedAmount: tokenAmount('1', 0.000001, '0.000001'),
                    extensions: [
                      { extension: 'immutableOwner' },
                      { extension: 'transferFeeAmount', state: { withheldAmount: 0 } },
                      { extension: 'transferHookAccount', state: { transferring: false } },
                    ],
                    isNative: false,
                    mint: '3zGvSLm63F1RcftnaU9JD9C4bY7V3za5vMF5EK4HzMyC',
                    owner: OWNER,
                    state: 'initialized',
                    tokenAmount: tokenAmount('1', 0.000001, '0.000001'),
                  },
                },
                space: 187,
              },
              2192400n,
              TOKEN_2022,
              187,
            ),
          },
        ],
      });
    });

    it('jsonParsed: a ["…","base64"] fallback item decodes to bytes', async () => {
      // Current agave drops token accounts it cannot parse; the schema still accepts the fallback form.
      const parsedData = loadFixture(PARSED_LIST).responseText.match(
        /"data":(\{"parsed":.*?"space":165\}),"executable"/,
      );
      if (!parsedData?.[1]) throw new Error('fixture changed: no parsed data found');
      mockRpc({
        getTokenAccountsByDelegate: reply.resultText(
          resultTextOf(PARSED_LIST, [
            [parsedData[1], `["${Buffer.from(hexBytes(TOKEN_ACCOUNT_HEX)).toString('base64')}","base64"]`],
          ]),
        ),
      });
      const result = await rpc().getTokenAccountsByDelegate(DELEGATE, { mint: USDC }, { encoding: 'jsonParsed' });
      expectSent(DELEGATE, { mint: USDC }, { encoding: 'jsonParsed' });
      expect(result.value[0]?.account.data).toStrictEqual(hexBytes(TOKEN_ACCOUNT_HEX));
      expect(result.value[1]?.account.data).not.toBeInstanceOf(Uint8Array);
    });

    it('no delegated accounts: an empty list', async () => {
      mockRpc({ getTokenAccountsByDelegate: serveFixture(EMPTY) });
      const result = await rpc().getTokenAccountsByDelegate(
        DELEGATE,
        { programId: TOKENKEG },
        { encoding: 'jsonParsed' },
      );
      expect(result).toStrictEqual({ context: { slot: 356139512, apiVersion: '2.3.7' }, value: [] });
      expectSent(DELEGATE, { programId: TOKENKEG }, { encoding: 'jsonParsed' });
    });

    it('big integers served as raw text: lamports above 2^53 and rentEpoch u64::MAX are exact bigints', async () => {
      mockRpc({
        getTokenAccountsByDelegate: reply.resultText(
          resultTextOf(ZSTD_LIST, [['"lamports":2039280', '"lamports":9007199254740993']]),
        ),
      });
      const { value } = await rpc().getTokenAccountsByDelegate(DELEGATE, { mint: USDC }, { encoding: 'base64+zstd' });
      expectSent(DELEGATE, { mint: USDC }, { encoding: 'base64+zstd' });
      expect(value[0]?.account.lamports).toBe(9007199254740993n);
      expect(value[0]?.account.rentEpoch).toBe(18446744073709551615n);
    });

    it('unknown fields at every level are tolerated and not copied into the result', async () => {
      mockRpc({
        getTokenAccountsByDelegate: serveFixture(ZSTD_LIST, [
          ['{"jsonrpc":"2.0",', '{"jsonrpc":"2.0","serverTime":1763740000,'],
          ['"result":{', '"result":{"cacheHit":true,'],
          ['"context":{', '"context":{"region":"fra1",'],
          ['"pubkey":', '"writable":true,"pubkey":'],
          ['"executable":false,', '"executable":false,"extra":{"nested":[18446744073709551615]},'],
        ]),
      });
      const result = await rpc().getTokenAccountsByDelegate(DELEGATE, { mint: USDC }, { encoding: 'base64+zstd' });
      expectSent(DELEGATE, { mint: USDC }, { encoding: 'base64+zstd' });
      expect(result).toStrictEqual({
        context: { slot: 356139507, apiVersion: '2.3.7' },
        value: [{ pubkey: TOKEN_ACCOUNT, account: account(hexBytes(TOKEN_ACCOUNT_HEX)) }],
      });
    });

    it('a context slot above Number.MAX_SAFE_INTEGER is a ValidationError, not a rounded number', async () => {
      mockRpc({
        getTokenAccountsByDelegate: reply.resultText(
          resultTextOf(EMPTY, [['"slot":356139512', '"slot":9007199254740993']]),
        ),
      });
      const error = await rejectsWith(rpc().getTokenAccountsByDelegate(DELEGATE, { mint: USDC }), 'ValidationError');
      expectSent(DELEGATE, { mint: USDC }, { encoding: 'base64' });
      expect(error).toMatchObject({
        method: 'getTokenAccountsByDelegate',
        path: 'result.context.slot',
        received: '9007199254740993',
      });
      expect(firstLine(error)).toMatch(/^getTokenAccountsByDelegate: invalid result: result\.context\.slot must be /);
    });
  });

  describe('zstd', () => {
    it('maxDecompressedBytes 100 with a 165-byte account → ResponseTooLargeError', async () => {
      mockRpc({ getTokenAccountsByDelegate: serveFixture(ZSTD_LIST) });
      const error = await rejectsWith(
        rpc({ maxDecompressedBytes: 100 }).getTokenAccountsByDelegate(
          DELEGATE,
          { mint: USDC },
          { encoding: 'base64+zstd' },
        ),
        'ResponseTooLargeError',
      );
      expect(error).toMatchObject({ method: 'getTokenAccountsByDelegate', limit: 100, what: 'decompressed data' });
      expectSent(DELEGATE, { mint: USDC }, { encoding: 'base64+zstd' });
    });

    it('corrupt zstd → ValidationError at the item data', async () => {
      const frame = (
        JSON.parse(loadFixture(ZSTD_LIST).responseText) as { result: { value: [{ account: { data: [string] } }] } }
      ).result.value[0].account.data[0];
      const truncated = Buffer.from(frame, 'base64').subarray(0, 40).toString('base64');
      mockRpc({ getTokenAccountsByDelegate: reply.resultText(resultTextOf(ZSTD_LIST, [[frame, truncated]])) });
      const error = await rejectsWith(
        rpc().getTokenAccountsByDelegate(DELEGATE, { mint: USDC }, { encoding: 'base64+zstd' }),
        'ValidationError',
      );
      expectSent(DELEGATE, { mint: USDC }, { encoding: 'base64+zstd' });
      expect(error).toMatchObject({ path: 'result.value.0.account.data.0', expected: 'a zstd frame' });
    });
  });

  describe('JSON-RPC errors', () => {
    interface ErrorCase extends ExpectedRpcError {
      name: string;
      answer: RpcHandler | RpcReply;
      filter?: object;
      config?: object;
    }
    const cases: ErrorCase[] = [
      {
        name: '-32602 mint not found',
        answer: serveFixture('conformance/getTokenAccountsByDelegate.error.mint-not-found'),
        code: -32602,
        codeName: 'INVALID_PARAMS',
        message: 'Invalid param: could not find mint',
        retryable: false,
      },
      {
        name: '-32602 mint cannot be unpacked',
        answer: reply.error(-32602, 'Invalid param: Token mint could not be unpacked'),
        code: -32602,
        codeName: 'INVALID_PARAMS',
        message: 'Invalid param: Token mint could not be unpacked',
        retryable: false,
      },
      {
        name: '-32602 not a Token mint',
        answer: reply.error(-32602, 'Invalid param: not a Token mint'),
        code: -32602,
        codeName: 'INVALID_PARAMS',
        message: 'Invalid param: not a Token mint',
        retryable: false,
      },
      {
        name: '-32602 programId not a token program',
        answer: reply.error(-32602, 'Invalid param: unrecognized Token program id'),
        filter: { programId: 'Stake11111111111111111111111111111111111111' },
        code: -32602,
        codeName: 'INVALID_PARAMS',
        message: 'Invalid param: unrecognized Token program id',
        retryable: false,
      },
      {
        name: '-32600 base58 without a small enough dataSlice, with the base64 hint',
        answer: reply.error(
          -32600,
          'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
        ),
        config: { encoding: 'base58' },
        code: -32600,
        codeName: 'INVALID_REQUEST',
        message: 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
        hint: "base58 holds at most 128 bytes of account data: ask for encoding 'base64' (solrpc's default) or 'base64+zstd'.",
        retryable: false,
      },
      {
        name: '-32010 key excluded from secondary indexes',
        answer: reply.error(
          -32010,
          `${USDC} excluded from account secondary indexes; this RPC method unavailable for key`,
        ),
        code: -32010,
        codeName: 'KEY_EXCLUDED_FROM_SECONDARY_INDEX',
        message: `${USDC} excluded from account secondary indexes; this RPC method unavailable for key`,
        hint: 'this node excludes the key from its secondary indexes; use a node that indexes it.',
        retryable: false,
      },
      {
        name: '-32012 scan error, message passed through',
        answer: reply.error(
          -32012,
          'Node detected account scan had to be aborted: The accumulated scan results exceeded the limit',
        ),
        code: -32012,
        codeName: 'SCAN_ERROR',
        message: 'Node detected account scan had to be aborted: The accumulated scan results exceeded the limit',
        retryable: false,
      },
      {
        name: '-32005 node behind',
        answer: serveFixture('conformance/error.-32005.node-unhealthy-behind'),
        code: -32005,
        codeName: 'NODE_UNHEALTHY',
        message: 'Node is behind by 42 slots',
        data: { numSlotsBehind: 42 },
        hint: 'the node is 42 slots behind the cluster; retry later or use another node.',
        retryable: true,
      },
    ];

    it.each(cases)('$name', async ({ answer, filter = { mint: USDC }, config, ...expected }) => {
      mockRpc({ getTokenAccountsByDelegate: answer });
      const error = await rejectsWith(getTokenAccountsByDelegate(DELEGATE, filter, config), 'RpcError');
      expectSent(DELEGATE, filter, { encoding: 'base64', ...config });
      expectRpcError(error, 'getTokenAccountsByDelegate', expected);
    });
  });

  describe('nullable keys left out come back null; required ones are refused', () => {
    const args = [DELEGATE, { mint: USDC }, { encoding: 'jsonParsed' }] as const;

    it('uiAmount left out of every amount (a proxy dropping nulls): uiAmount null, the rest as sent', async () => {
      // As text: JSON.parse would round rentEpoch.
      const text = resultTextOf(PARSED_LIST).replace(/"uiAmount":[\d.]+,/g, '');
      expect(text).not.toContain('uiAmount"');
      mockRpc({ getTokenAccountsByDelegate: reply.resultText(text) });
      const { value } = await rpc().getTokenAccountsByDelegate(...args);
      expectSent(...args);
      expect(value).toHaveLength(2);
      const amounts = value.map(({ account }) => {
        if (account.data instanceof Uint8Array) throw new Error('parsed data expected');
        return [account.data.parsed.info.tokenAmount, account.data.parsed.info.delegatedAmount];
      });
      expect(amounts).toStrictEqual([
        [
          { amount: '48200000', decimals: 6, uiAmount: null, uiAmountString: '48.2' },
          { amount: '48200000', decimals: 6, uiAmount: null, uiAmountString: '48.2' },
        ],
        [
          { amount: '1523000000', decimals: 6, uiAmount: null, uiAmountString: '1523' },
          { amount: '250000000', decimals: 6, uiAmount: null, uiAmountString: '250' },
        ],
      ]);
    });

    it.each([
      {
        name: 'mint',
        edit: ['"mint":"EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v","owner":"DJDr', '"owner":"DJDr'],
        path: 'result.value.0.account.data.parsed.info.mint',
      },
      {
        name: 'uiAmountString',
        edit: [',"uiAmount":48.2,"uiAmountString":"48.2"},"isNative"', ',"uiAmount":48.2},"isNative"'],
        path: 'result.value.0.account.data.parsed.info.delegatedAmount.uiAmountString',
      },
    ] as { name: string; edit: [string, string]; path: string }[])(
      'a missing required $name is refused at $path',
      async ({ edit, path }) => {
        mockRpc({ getTokenAccountsByDelegate: serveFixture(PARSED_LIST, [edit]) });
        const error = await rejectsWith(rpc().getTokenAccountsByDelegate(...args), 'ValidationError');
        expectSent(...args);
        expect(error).toMatchObject({
          method: 'getTokenAccountsByDelegate',
          path,
          received: 'nothing (the field is missing)',
        });
      },
    );
  });

  describe('malformed results', () => {
    it.each([
      { name: 'value null', fixture: EMPTY, edit: ['"value":[]', '"value":null'], path: 'result.value' },
      { name: 'value an object', fixture: EMPTY, edit: ['"value":[]', '"value":{}'], path: 'result.value' },
      {
        name: 'an item without pubkey',
        fixture: ZSTD_LIST,
        edit: [`,"pubkey":"${TOKEN_ACCOUNT}"`, ''],
        path: 'result.value.0.pubkey',
      },
      {
        name: 'an item without account',
        fixture: ZSTD_LIST,
        edit: ['"account":{', '"acct":{'],
        path: 'result.value.0.account',
      },
      {
        name: 'a pubkey not base58',
        fixture: ZSTD_LIST,
        edit: [`"pubkey":"${TOKEN_ACCOUNT}"`, '"pubkey":"not an address"'],
        path: 'result.value.0.pubkey',
      },
      {
        name: 'lamports as a string in the third item',
        fixture: BASE64_LIST,
        edit: ['"lamports":1502039280', '"lamports":"1502039280"'],
        path: 'result.value.2.account.lamports',
      },
      {
        name: 'jsonParsed: a mint where a token account must be',
        fixture: PARSED_LIST,
        encoding: 'jsonParsed',
        edit: [
          '"state":"frozen","tokenAmount":{"amount":"48200000","decimals":6,"uiAmount":48.2,"uiAmountString":"48.2"}},"type":"account"}',
          '"state":"frozen","tokenAmount":{"amount":"48200000","decimals":6,"uiAmount":48.2,"uiAmountString":"48.2"}},"type":"mint"}',
        ],
        path: 'result.value.0.account.data.parsed.type',
      },
      {
        name: 'jsonParsed: delegatedAmount as a bare number',
        fixture: PARSED_LIST,
        encoding: 'jsonParsed',
        edit: [
          '"delegatedAmount":{"amount":"48200000","decimals":6,"uiAmount":48.2,"uiAmountString":"48.2"}',
          '"delegatedAmount":48200000',
        ],
        path: 'result.value.0.account.data.parsed.info.delegatedAmount',
      },
      {
        name: 'jsonParsed: an unknown program',
        fixture: 'conformance/getTokenAccountsByDelegate.jsonParsed.token2022',
        encoding: 'jsonParsed',
        edit: ['"program":"spl-token-2022"', '"program":"spl-token-3"'],
        path: 'result.value.0.account.data.program',
      },
    ] as { name: string; fixture: string; edit: [string, string]; encoding?: string; path: string }[])(
      '$name → ValidationError at $path',
      async ({ fixture, edit, encoding, path }) => {
        mockRpc({ getTokenAccountsByDelegate: reply.resultText(resultTextOf(fixture, [edit])) });
        const error = await rejectsWith(
          getTokenAccountsByDelegate(DELEGATE, { mint: USDC }, encoding ? { encoding } : undefined),
          'ValidationError',
        );
        expectSent(DELEGATE, { mint: USDC }, { encoding: encoding ?? 'base64' });
        expect(error).toMatchObject({ method: 'getTokenAccountsByDelegate', path });
        expect(firstLine(error)).toMatch(
          new RegExp(`^getTokenAccountsByDelegate: invalid result: ${path.replaceAll('.', '\\.')} must be`),
        );
      },
    );
  });

  describe('bad input is refused before any request', () => {
    const D = DELEGATE;
    const M = { mint: USDC };
    it.each([
      { name: 'delegate: hex, not base58', args: ['0x4f3a9bd2e1c0ffee', M], param: 'delegate' },
      { name: 'delegate: 31 bytes', args: ['4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofL', M], param: 'delegate' },
      { name: 'delegate: a number', args: [42, M], param: 'delegate' },
      { name: 'filter: missing', args: [D], param: 'filter' },
      { name: 'filter: null', args: [D, null], param: 'filter' },
      { name: 'filter: a bare address', args: [D, USDC], param: 'filter' },
      { name: 'filter: empty object', args: [D, {}], param: 'filter' },
      { name: 'filter: both mint and programId', args: [D, { mint: USDC, programId: TOKENKEG }], param: 'filter' },
      { name: 'filter: neither (owner)', args: [D, { owner: OWNER }], param: 'filter' },
      { name: 'filter: mint plus an unknown key', args: [D, { mint: USDC, delegate: D }], param: 'filter' },
      { name: 'filter: mint not an address', args: [D, { mint: 'USDC' }], param: 'filter.mint' },
      { name: 'filter: programId a number', args: [D, { programId: 7 }], param: 'filter.programId' },
      { name: 'encoding: base32', args: [D, M, { encoding: 'base32' }], param: 'config.encoding' },
      { name: 'encoding: Base64', args: [D, M, { encoding: 'Base64' }], param: 'config.encoding' },
      { name: 'encoding: empty string', args: [D, M, { encoding: '' }], param: 'config.encoding' },
      { name: 'encoding: null', args: [D, M, { encoding: null }], param: 'config.encoding' },
      {
        name: 'dataSlice: negative length',
        args: [D, M, { dataSlice: { offset: 0, length: -8 } }],
        param: 'config.dataSlice.length',
      },
      {
        name: 'dataSlice: fractional offset',
        args: [D, M, { dataSlice: { offset: 0.5, length: 8 } }],
        param: 'config.dataSlice.offset',
      },
      {
        name: 'minContextSlot: an unsafe number',
        args: [D, M, { minContextSlot: Number.MAX_SAFE_INTEGER + 2 }],
        param: 'config.minContextSlot',
      },
      {
        name: 'minContextSlot: Infinity',
        args: [D, M, { minContextSlot: Number.POSITIVE_INFINITY }],
        param: 'config.minContextSlot',
      },
      { name: 'commitment: recent (removed)', args: [D, M, { commitment: 'recent' }], param: 'config.commitment' },
      { name: 'config: an array', args: [D, M, []], param: 'config' },
    ])('$name', async ({ args, param }) => {
      mockRpc({ getTokenAccountsByDelegate: serveFixture(EMPTY) });
      const error = await rejectsWith(getTokenAccountsByDelegate(...args), 'InvalidInputError');
      expect(error).toMatchObject({ method: 'getTokenAccountsByDelegate', param });
      expect(firstLine(error)).toMatch(
        new RegExp(`^getTokenAccountsByDelegate: invalid ${param.replaceAll('.', '\\.')}: `),
      );
      expect(calls).toHaveLength(0);
    });
  });
});
