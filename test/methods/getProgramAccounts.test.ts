import { describe, expect, it } from 'vitest';
import { createRpc, type ProgramAccounts } from '../../src/index.js';
import { resultTextOf, serveFixture } from '../msw/fixtures.js';
import { calls, expectRpcError, mockRpc, RPC_URL, rejectsWith, reply, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const CASE = 'conformance/getProgramAccounts.base64.memcmp-dataSize';
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const OWNER = '9m6DTL3TPfzxB7W3j3Mdyd6WC7W6icyLLDSd96TmDNp8';
const FILTERS = [{ dataSize: 165 }, { memcmp: { offset: 32, bytes: OWNER } }];
const LIST = resultTextOf(CASE);

/** The fixture's accounts as solrpc returns them: data decoded from the wire's base64. */
function expected(): ProgramAccounts {
  const wire = JSON.parse(LIST.replace(/"rentEpoch":18446744073709551615/g, '"rentEpoch":"max"')) as {
    pubkey: string;
    account: { data: [string, string]; lamports: number; owner: string; space: number };
  }[];
  return wire.map(({ pubkey, account }) => ({
    pubkey,
    account: {
      lamports: BigInt(account.lamports),
      owner: account.owner,
      data: new Uint8Array(Buffer.from(account.data[0], 'base64')),
      executable: false,
      rentEpoch: 18446744073709551615n,
      space: account.space,
    },
  }));
}
const ACCOUNTS = expected();
const PARSED_ITEM =
  '{"account":{"data":{"parsed":{"info":{"isNative":false,"mint":"DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263","owner":"9m6DTL3TPfzxB7W3j3Mdyd6WC7W6icyLLDSd96TmDNp8","state":"initialized","tokenAmount":{"amount":"9007199254740993","decimals":5,"uiAmount":90071992547.40993,"uiAmountString":"90071992547.40993"}},"type":"account"},"program":"spl-token","space":165},"executable":false,"lamports":2039280,"owner":"TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA","rentEpoch":18446744073709551615,"space":165},"pubkey":"Ps3YRpRVpgovHPZeqbDDYTrE1KVc4HyfCcitTBQPrHY"}';

describeMethod('getProgramAccounts', {
  defaults: {
    args: [TOKEN, { encoding: 'base64', commitment: 'confirmed', filters: FILTERS }],
    sent: [TOKEN, { encoding: 'base64', commitment: 'confirmed', filters: FILTERS }],
    answer: serveFixture(CASE),
    expect: ACCOUNTS,
  },
  cases: [
    { name: 'two token accounts of one owner: a plain array, data as bytes, rentEpoch u64::MAX exact' },
    {
      name: 'withContext: { context, value }, withContext sent',
      args: [TOKEN, { filters: FILTERS, withContext: true }],
      sent: [TOKEN, { encoding: 'base64', filters: FILTERS, withContext: true }],
      answer: `{"context":{"apiVersion":"2.3.7","slot":356139500},"value":${LIST}}`,
      expect: { context: { apiVersion: '2.3.7', slot: 356139500 }, value: ACCOUNTS },
    },
    {
      name: 'withContext false: not sent, a plain array',
      args: [TOKEN, { withContext: false }],
      sent: [TOKEN, { encoding: 'base64' }],
    },
    { name: 'no config: base64 asked for', args: [TOKEN], sent: [TOKEN, { encoding: 'base64' }] },
    {
      name: 'a Uint8Array memcmp is sent as base64 with its encoding',
      args: [TOKEN, { filters: [{ memcmp: { offset: 0, bytes: new Uint8Array([1, 2, 3]) } }] }],
      sent: [TOKEN, { encoding: 'base64', filters: [{ memcmp: { offset: 0, bytes: 'AQID', encoding: 'base64' } }] }],
    },
    {
      name: 'base64 text with its encoding, and tokenAccountState, sent as written',
      args: [TOKEN, { filters: [{ memcmp: { offset: 8, bytes: 'AQID', encoding: 'base64' } }, 'tokenAccountState'] }],
      sent: [
        TOKEN,
        {
          encoding: 'base64',
          filters: [{ memcmp: { offset: 8, bytes: 'AQID', encoding: 'base64' } }, 'tokenAccountState'],
        },
      ],
    },
    {
      name: 'jsonParsed: parsed token data, the amount above 2^53 exact as text',
      args: [TOKEN, { encoding: 'jsonParsed' }],
      sent: [TOKEN, { encoding: 'jsonParsed' }],
      answer: `[${PARSED_ITEM}]`,
      expect: [
        {
          pubkey: 'Ps3YRpRVpgovHPZeqbDDYTrE1KVc4HyfCcitTBQPrHY',
          account: {
            lamports: 2039280n,
            owner: TOKEN,
            executable: false,
            rentEpoch: 18446744073709551615n,
            space: 165,
            data: JSON.parse(PARSED_ITEM).account.data,
          },
        },
      ],
    },
    { name: 'no account passes: an empty array', answer: '[]', expect: [] },
  ],
  refusals: [
    {
      name: 'lamports as a string',
      answer: LIST.replace('"lamports":2039280', '"lamports":"2039280"'),
      path: 'result.0.account.lamports',
    },
    {
      name: 'a wrapped answer to a call without withContext',
      answer: `{"context":{"slot":1},"value":${LIST}}`,
      path: 'result',
    },
    {
      name: 'a pubkey that is not base58',
      answer: LIST.replace('"pubkey":"LTP', '"pubkey":"0OI'),
      path: 'result.0.pubkey',
    },
  ],
  inputErrors: [
    { name: 'programId not an address', args: ['nope'], param: 'programId' },
    { name: 'filters not a list', args: [TOKEN, { filters: { dataSize: 165 } }], param: 'config.filters' },
    {
      name: 'five filters (agave takes four)',
      args: [TOKEN, { filters: [{ dataSize: 1 }, { dataSize: 2 }, { dataSize: 3 }, { dataSize: 4 }, { dataSize: 5 }] }],
      param: 'config.filters',
    },
    { name: 'a filter of another kind', args: [TOKEN, { filters: [{ size: 165 }] }], param: 'config.filters.0.size' },
    {
      name: 'two kinds in one filter',
      args: [TOKEN, { filters: [{ dataSize: 165, memcmp: { offset: 0, bytes: OWNER } }] }],
      param: 'config.filters.0',
    },
    { name: 'a negative dataSize', args: [TOKEN, { filters: [{ dataSize: -1 }] }], param: 'config.filters.0.dataSize' },
    {
      name: 'memcmp bytes that are not base58',
      args: [TOKEN, { filters: [{ memcmp: { offset: 0, bytes: '0OIl' } }] }],
      param: 'config.filters.0.memcmp.bytes',
    },
    {
      name: 'memcmp bytes longer than 128',
      args: [TOKEN, { filters: [{ memcmp: { offset: 0, bytes: new Uint8Array(129) } }] }],
      param: 'config.filters.0.memcmp.bytes',
    },
    {
      name: 'base64 text that is not base64',
      args: [TOKEN, { filters: [{ memcmp: { offset: 0, bytes: 'A', encoding: 'base64' } }] }],
      param: 'config.filters.0.memcmp.bytes',
    },
    {
      name: 'an unknown memcmp encoding',
      args: [TOKEN, { filters: [{ memcmp: { offset: 0, bytes: 'AQID', encoding: 'hex' } }] }],
      param: 'config.filters.0.memcmp.encoding',
    },
    {
      name: 'a negative memcmp offset',
      args: [TOKEN, { filters: [{ memcmp: { offset: -1, bytes: OWNER } }] }],
      param: 'config.filters.0.memcmp.offset',
    },
    { name: 'withContext not a boolean', args: [TOKEN, { withContext: 'yes' }], param: 'config.withContext' },
    { name: 'an unknown option', args: [TOKEN, { limit: 5 }], param: 'config.limit' },
    { name: 'a third argument', args: [TOKEN, {}, {}], param: 'arguments' },
  ],
});

describe('getProgramAccounts: beyond the table', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

  it('the amount 2^53 + 1 in the second account is in its bytes exactly', async () => {
    mockRpc({ getProgramAccounts: serveFixture(CASE) });
    const [, second] = await rpc().getProgramAccounts(TOKEN, { filters: [{ dataSize: 165 }] });
    const data = second?.account.data ?? new Uint8Array(0);
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    expect(view.getBigUint64(64, true)).toBe(9007199254740993n);
  });

  it('a node that leaves the token program out of its indexes: -32010 as an RpcError with its name', async () => {
    const message =
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA excluded from account secondary indexes; this RPC method unavailable for key';
    mockRpc({ getProgramAccounts: reply.error(-32010, message) });
    const error = await rejectsWith(rpc().getProgramAccounts(TOKEN), 'RpcError');
    expectRpcError(error, 'getProgramAccounts', {
      code: -32010,
      codeName: 'KEY_EXCLUDED_FROM_SECONDARY_INDEX',
      message,
      hint: 'this node excludes the key from its secondary indexes; use a node that indexes it.',
      retryable: false,
    });
    expect(calls).toHaveLength(1);
  });
});
