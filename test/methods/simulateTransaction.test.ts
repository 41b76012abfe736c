import { describe, expect, it } from 'vitest';
import { createRpcWith, simulateTransaction } from '../../src/index.js';
import { loadFixture, serveFixture } from '../msw/fixtures.js';
import { mockRpc, RPC_URL, rejectsWith, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const ACCOUNTS = 'conformance/simulateTransaction.base64.accounts-base64';
const NEWER = 'conformance/simulateTransaction.base64.newer-fields-return-data';
const FAILED = 'conformance/simulateTransaction.failed.accounts-all-null';
const TX = loadFixture(ACCOUNTS).params[0] as string;
const [PAYER, POOR] = (loadFixture(ACCOUNTS).params[1] as { accounts: { addresses: string[] } }).accounts.addresses as [
  string,
  string,
];
const SYSTEM = '11111111111111111111111111111111';
const LOGS = [
  'Program 11111111111111111111111111111111 invoke [1]',
  'Program 11111111111111111111111111111111 success',
];
const account = (lamports: bigint) => ({
  lamports,
  owner: SYSTEM,
  data: new Uint8Array(0),
  executable: false,
  rentEpoch: 18446744073709551615n,
  space: 0,
});
const OUTCOME = {
  err: null,
  logs: LOGS,
  unitsConsumed: 150,
  loadedAccountsDataSize: 0,
  returnData: null,
};

describeMethod('simulateTransaction', {
  defaults: { args: [TX], sent: [TX, { encoding: 'base64' }] },
  cases: [
    {
      name: 'accounts in base64 and innerInstructions: decoded accounts, rentEpoch above 2^53 exact',
      args: [TX, { innerInstructions: true, accounts: { addresses: [PAYER, POOR] } }],
      sent: [
        TX,
        { encoding: 'base64', innerInstructions: true, accounts: { addresses: [PAYER, POOR], encoding: 'base64' } },
      ],
      answer: serveFixture(ACCOUNTS),
      expect: {
        context: { apiVersion: '2.3.7', slot: 447552001 },
        value: {
          ...OUTCOME,
          innerInstructions: [],
          replacementBlockhash: null,
          accounts: [account(9996995000n), account(4000000n)],
        },
      },
    },
    {
      name: 'newer fields, return data as bytes, parsed inner instructions, balances above 2^53',
      args: [TX, { replaceRecentBlockhash: true, commitment: 'confirmed', minContextSlot: 5 }],
      sent: [TX, { encoding: 'base64', replaceRecentBlockhash: true, commitment: 'confirmed', minContextSlot: 5 }],
      answer: serveFixture(NEWER),
      expect: {
        context: { apiVersion: '2.3.7', slot: 447552001 },
        value: {
          ...OUTCOME,
          returnData: { programId: SYSTEM, data: new Uint8Array([1, 2, 3]) },
          innerInstructions: [
            {
              index: 0,
              instructions: [
                {
                  parsed: { info: { destination: POOR, lamports: 3000000, source: PAYER }, type: 'transfer' },
                  program: 'system',
                  programId: SYSTEM,
                  stackHeight: 2,
                },
              ],
            },
          ],
          replacementBlockhash: {
            blockhash: '4QjEBrJnATvydaCoPb7j4cneA5vSJNFsAYHQwRAjAjmQ',
            lastValidBlockHeight: 400000151n,
          },
          fee: 5000n,
          preBalances: [9007199254745993n, 1000000n, 1n],
          postBalances: [9007199254740993n, 4000000n, 1n],
          preTokenBalances: [],
          postTokenBalances: [],
          loadedAddresses: { writable: [], readonly: [] },
          accounts: null,
        },
      },
    },
    {
      name: 'a failed simulation resolves: err decoded, one null per account',
      args: [loadFixture(FAILED).params[0], loadFixture(FAILED).params[1]],
      sent: loadFixture(FAILED).params,
      answer: serveFixture(FAILED),
      expect: expect.objectContaining({
        value: expect.objectContaining({ err: { InstructionError: [1, { Custom: 6001 }] }, accounts: [null, null] }),
      }),
    },
  ],
  refusals: [
    {
      name: 'unitsConsumed as text',
      answer: serveFixture(ACCOUNTS, [['"unitsConsumed":150', '"unitsConsumed":"150"']]),
      path: 'result.value.unitsConsumed',
    },
    {
      name: 'an err that is not a TransactionError',
      answer: serveFixture(ACCOUNTS, [['"err":null', '"err":[1,2]']]),
      path: 'result.value.err',
    },
  ],
  inputErrors: [
    {
      name: 'sigVerify with replaceRecentBlockhash',
      args: [TX, { sigVerify: true, replaceRecentBlockhash: true }],
      param: 'config.replaceRecentBlockhash',
    },
    { name: 'not a transaction', args: ['AAAA'], param: 'transaction' },
    { name: 'too long', args: [new Uint8Array(2000)], param: 'transaction' },
    {
      name: 'accounts without addresses',
      args: [TX, { accounts: { encoding: 'base64' } }],
      param: 'config.accounts.addresses',
    },
    { name: 'a bad address', args: [TX, { accounts: { addresses: ['nope'] } }], param: 'config.accounts.addresses.0' },
    {
      name: 'accounts in base58 (agave refuses it)',
      args: [TX, { accounts: { addresses: [PAYER], encoding: 'base58' } }],
      param: 'config.accounts.encoding',
    },
    {
      name: 'sigVerify on an unsigned transaction',
      args: [
        new Uint8Array([1, ...new Uint8Array(64), ...Buffer.from(TX, 'base64').subarray(65)]),
        { sigVerify: true },
      ],
      param: 'transaction',
    },
  ],
});

describe('simulateTransaction', { timeout: 5_000 }, () => {
  it('takes an unsigned transaction when sigVerify is off (the default)', async () => {
    const bytes = Buffer.from(TX, 'base64');
    bytes.fill(0, 1, 65);
    mockRpc({ simulateTransaction: serveFixture(NEWER) });
    const { value } = await createRpcWith(RPC_URL, { simulateTransaction }).simulateTransaction(new Uint8Array(bytes));
    expect(value.fee).toBe(5000n);
    expect(sent()).toStrictEqual([
      { method: 'simulateTransaction', params: [bytes.toString('base64'), { encoding: 'base64' }] },
    ]);
  });

  it('jsonParsed accounts: the parsed shape is asked for and the fallback bytes come back', async () => {
    mockRpc({
      simulateTransaction: serveFixture('conformance/simulateTransaction.jsonParsed.system-accounts-fallback'),
    });
    const { value } = await createRpcWith(RPC_URL, { simulateTransaction }).simulateTransaction(TX, {
      accounts: { addresses: [PAYER, POOR], encoding: 'jsonParsed' },
    });
    expect(value.accounts?.[1]).toStrictEqual(account(4000000n));
    expect(sent()[0]?.params[1]).toStrictEqual({
      encoding: 'base64',
      accounts: { addresses: [PAYER, POOR], encoding: 'jsonParsed' },
    });
  });

  it('refuses sigVerify with replaceRecentBlockhash before any request', async () => {
    const rpc = createRpcWith(RPC_URL, { simulateTransaction });
    const error = await rejectsWith(
      rpc.simulateTransaction(TX, { sigVerify: true, replaceRecentBlockhash: true }),
      'InvalidInputError',
    );
    expect(error.message).toContain('not with sigVerify');
    expect(sent()).toStrictEqual([]);
  });
});
