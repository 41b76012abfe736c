import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { decodeTransaction } from '../../src/codecs/transaction.js';
import {
  createRpc,
  type LegacyTransactionJsonResult,
  type TransactionBytesResult,
  type TransactionJsonResult,
  type TransactionParsedResult,
} from '../../src/index.js';
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
import { type ConformanceCase, compareExpect } from '../support/conformance.js';

useMswServer();

// Fixtures: the team's real-format cases, and this suite's own (test/fixtures/getTransaction/).
const JSON_LEGACY = 'conformance/getTransaction.json.legacy';
const JSON_LEGACY_MAX = 'conformance/getTransaction.json.legacy-max-version-0';
const JSON_V0 = 'conformance/getTransaction.json.v0-lookup-table';
const JSON_FAILED = 'conformance/getTransaction.json.failed-custom-error';
const PARSED_LEGACY_MAX = 'conformance/getTransaction.jsonParsed.legacy-system-transfer';
const BASE64_LEGACY_MAX = 'conformance/getTransaction.base64.legacy';
const BASE64_V0 = 'conformance/getTransaction.base64.v0';
const NOT_FOUND = 'conformance/getTransaction.not-found';
const PARSED_V0 = 'getTransaction/jsonParsed.v0-lookup-table';
const PARSED_LEGACY_MEMO = 'getTransaction/jsonParsed.legacy-memo';
const BASE58_LEGACY = 'getTransaction/base58.legacy';
const BASE58_V0 = 'getTransaction/base58.v0';
const ERA_2020 = 'getTransaction/json.2020-era-transfer';
const AGAVE4 = 'getTransaction/json.v0-agave4-return-data-rewards';
const NULL_KEYS_LEFT_OUT = 'getTransaction/json.null-keys-left-out';
const OWN_FIXTURES = [PARSED_V0, PARSED_LEGACY_MEMO, BASE58_LEGACY, BASE58_V0, ERA_2020, AGAVE4, NULL_KEYS_LEFT_OUT];

const SIG_LEGACY = '3F9oEyVbNd815M5NELvdanJVCNRjiEsguKZSxMH5bgges428pQTHDCcgTFuF2R1W2dVPCK6Zp6nW8XDcyDHzrEur';
const SIG_V0 = '4FkSCEpzNzeSTuoUbgVyqa7YuYycimdsLKwQibMz8dyuXKre5FYDYQzktwtA8he4APzJLeqi7kZmpaTWqcZrDi5';
const SIG_FAILED = '5wj4Apus3U9ihu3EFXJhAnHZijxFNJLCvaRPCtKTByxzQCTYpxWPjHcBoF9GhqckhMpnuft54WUMkUBL5bo328C5';
const SIG_MISSING = '5UZfbqSsQ1Q5pjtkwWZgsAmBScRriff5zrj1FRQBm4UuuAZnGhg2yNYHPfc28onLXGHvEPKVmM54FcAAptkvR5Sg';
const SIG_MEMO = '5n88gZwCtmUMqv3dus5BGyHQz2n751DSeqVFuBWK5rnMSuBwM9gwa1qycvznbHihBwKq8Y1vwGMs6ayfHfCJ8LAx';
const SIG_2020 = '5WPw5WvEGgggHECzPWk1um2abxUn8QXsETYEP5FHwvUPFS88MsNHnxwFtKRodMyuLBzUNpFydcnSr8vp1xK1yL7H';

const SYSTEM = '11111111111111111111111111111111';
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const TOKENKEG = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const ATA_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
// The legacy transfer's keys.
const PAYER = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';
const RECIPIENT = 'AcxBmy6at5LD8MXac6wPBpeiMsta16Gtb1mnNQxw6gSX';
// The v0 transaction's keys: static, then loaded writable, then loaded readonly.
const V0_PAYER = 'EebAcZ7pXxKvce3ZzHRHb4B3Lie3AmtF1yGsnXj3wnd6';
const V0_SOURCE = '27b95Socyymo5E4z84yLcJx996GgoDj6gywHsW5hvYPZ';
const NEW_ATA = 'FnB5FvsfcQBnNJgVh7o8QtJ3eYgyaYm5wf1TaXozzosm';
const WALLET = 'G4iKXyntMNWPqaS9fowmVvXb8o64FnpFsP9Ncpvqh3eK';
const LOOKUP_TABLE = 'YhXoxfj68EyeYsaXyNLTRZvkuze2kh74hsr1Hkdto88';

/** The signed legacy transfer's wire bytes (getTransaction.base64.legacy's `transaction.hex`). */
const LEGACY_HEX =
  '01703ce4c4461bca0bd53a9ea5d8aaa9b6b518e18c5a4624a30bc59388e53aeddb0809123c0633dd7d2d8e0a927d3120dd52b56f2043805a872a6d63427f454d050100020494f35ad324b33cc83223b557f2502f7f85efc90bce0873e7a1c8067cf23595338eeee8cf812e5f01e36709c1e89ea0bd7896c1988155175838686ca51796c10c00000000000000000000000000000000000000000000000000000000000000000306466fe5211732ffecadba72c39be7bc8ce5bbc5f7126b2c439b3a40000000cb4ac4dca9d1d7f8d7190ddee219f8c3e209e037a9f3197553ae3f813a02dddf030300090320a10700000000000300050258020000020200010c0200000080b2e60e00000000';
/** The signed v0 transaction's wire bytes (getTransaction.base64.v0's `transaction.hex`). */
const V0_HEX =
  '0102ce6eb73c036dc4090ec2e61da143343794f37c8302d8f34aa11b8b938fe820b3ff0bcd96a04854f31d80934cf12ea78f85dbb052c6a2379ae25d020de6ec068001000305cac90d2256977dd776a8396e6568625178ea57736fcabf4594dfaf4032636e51108bc5ed957fb2c023174a5f76cb10990944efa198c5e162d009eb7459803e000306466fe5211732ffecadba72c39be7bc8ce5bbc5f7126b2c439b3a400000008c97258f4e2489f1bb3d1029148e0d830b5a1399daff1084048e7bd8dbe9f85906ddf6e1d765a193d9cbe146ceeb79ac1cb485ed5f5b37913a8cf5857eff00a92f8f22d36aa3aba87622f25c16bb466fd47b0ac97b5f84d4afa46c471b221ad5040200050260ea00000200090390d0030000000000030600050607080401010404010705000a0c20bcbe00000000000601081ed5779ad6ae9a7c3a422af69fbe2d3ec381993eb9f191906af0d693e44d2d010103020304';

// Each error is checked as the server sent it; retries have their own suite (test/transport/retry.test.ts).
const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });
/** The method without its static types, for arguments the types forbid and configs chosen by a table. */
const getTransaction = (...args: unknown[]) =>
  (rpc().getTransaction as unknown as (...a: unknown[]) => Promise<unknown>)(...args);
/** Asserts that the test sent exactly one call: getTransaction with these params. */
const expectSent = (...params: unknown[]) => expect(sent()).toStrictEqual([{ method: 'getTransaction', params }]);
/** The exact `params` text of the one request sent. */
const paramsText = () => {
  expect(calls).toHaveLength(1);
  const body = calls[0]?.body ?? '';
  return body.slice(body.indexOf('"params":') + '"params":'.length, body.lastIndexOf(']') + 1);
};
type JsonObject = Record<string, unknown>;
/** A fixture's result as plain JSON, typed loosely for edits (only for fixtures without integers above 2^53). */
interface WireResult extends JsonObject {
  meta: JsonObject & { logMessages: string[]; preTokenBalances: JsonObject[]; postTokenBalances: JsonObject[] };
  transaction: { message: { accountKeys: JsonObject[]; instructions: JsonObject[] } };
}
const wireOf = (name: string) => JSON.parse(resultTextOf(name)) as WireResult;
const MISSING = 'nothing (the field is missing)';

const amount = (value: string, uiAmount: number | null, uiAmountString: string) => ({
  amount: value,
  decimals: 6,
  uiAmount,
  uiAmountString,
});

// What the legacy transfer decodes to.
const LEGACY_LOGS = [
  `Program ${COMPUTE_BUDGET} invoke [1]`,
  `Program ${COMPUTE_BUDGET} success`,
  `Program ${COMPUTE_BUDGET} invoke [1]`,
  `Program ${COMPUTE_BUDGET} success`,
  `Program ${SYSTEM} invoke [1]`,
  `Program ${SYSTEM} success`,
];
const LEGACY_JSON_TX = {
  message: {
    accountKeys: [PAYER, RECIPIENT, SYSTEM, COMPUTE_BUDGET],
    header: { numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 2, numRequiredSignatures: 1 },
    instructions: [
      { accounts: [], data: '3Jv73z5Y9SRV', programIdIndex: 3, stackHeight: 1 },
      { accounts: [], data: 'GLYF3m', programIdIndex: 3, stackHeight: 1 },
      { accounts: [0, 1], data: '3Bxs4NPCZMKNg6oy', programIdIndex: 2, stackHeight: 1 },
    ],
    recentBlockhash: 'EgZtYfADzApovW5SvYr1UUKa38M8j1KZPTkWge8MysHQ',
  },
  signatures: [SIG_LEGACY],
};
const LEGACY_PARSED_META = {
  err: null,
  status: { Ok: null },
  fee: 5300n,
  preBalances: [3732124854n, 120000000n, 1n, 1n],
  postBalances: [3482119554n, 370000000n, 1n, 1n],
  innerInstructions: [],
  logMessages: LEGACY_LOGS,
  preTokenBalances: [],
  postTokenBalances: [],
  rewards: [],
  computeUnitsConsumed: 450,
  costUnits: 1776,
};
const LEGACY_META = { ...LEGACY_PARSED_META, loadedAddresses: { readonly: [], writable: [] } };
const LEGACY_BASE = { slot: 356138256, blockTime: 1754900754 };
const LEGACY_PARSED_TX = {
  message: {
    accountKeys: [
      { pubkey: PAYER, signer: true, source: 'transaction', writable: true },
      { pubkey: RECIPIENT, signer: false, source: 'transaction', writable: true },
      { pubkey: SYSTEM, signer: false, source: 'transaction', writable: false },
      { pubkey: COMPUTE_BUDGET, signer: false, source: 'transaction', writable: false },
    ],
    instructions: [
      { accounts: [], data: '3Jv73z5Y9SRV', programId: COMPUTE_BUDGET, stackHeight: 1 },
      { accounts: [], data: 'GLYF3m', programId: COMPUTE_BUDGET, stackHeight: 1 },
      {
        parsed: { info: { destination: RECIPIENT, lamports: 250000000, source: PAYER }, type: 'transfer' },
        program: 'system',
        programId: SYSTEM,
        stackHeight: 1,
      },
    ],
    recentBlockhash: 'EgZtYfADzApovW5SvYr1UUKa38M8j1KZPTkWge8MysHQ',
  },
  signatures: [SIG_LEGACY],
};

// What the v0 transaction decodes to.
const V0_JSON_TX = {
  message: {
    accountKeys: [V0_PAYER, V0_SOURCE, COMPUTE_BUDGET, ATA_PROGRAM, TOKENKEG],
    addressTableLookups: [{ accountKey: LOOKUP_TABLE, readonlyIndexes: [2, 3, 4], writableIndexes: [1] }],
    header: { numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 3, numRequiredSignatures: 1 },
    instructions: [
      { accounts: [], data: 'GZk52X', programIdIndex: 2, stackHeight: 1 },
      { accounts: [], data: '3dgRf8s6ueV5', programIdIndex: 2, stackHeight: 1 },
      { accounts: [0, 5, 6, 7, 8, 4], data: '2', programIdIndex: 3, stackHeight: 1 },
      { accounts: [1, 7, 5, 0], data: 'gX7kDtBjAyK57', programIdIndex: 4, stackHeight: 1 },
    ],
    recentBlockhash: '4CekcqdDqDoQkMX8bs2j3MJaqoMAWnbD5fY2SicvTDU8',
  },
  signatures: [SIG_V0],
};
const V0_LOGS = wireOf(JSON_V0).meta.logMessages;
const V0_PARSED_META = {
  err: null,
  status: { Ok: null },
  fee: 20000n,
  preBalances: [84210556n, 2039280n, 1n, 731913600n, 934087680n, 0n, 0n, 1461600n, 1n],
  postBalances: [82151276n, 2039280n, 1n, 731913600n, 934087680n, 2039280n, 0n, 1461600n, 1n],
  logMessages: V0_LOGS,
  preTokenBalances: [
    {
      accountIndex: 1,
      mint: USDC,
      owner: V0_PAYER,
      programId: TOKENKEG,
      uiTokenAmount: amount('12500000', 12.5, '12.5'),
    },
  ],
  postTokenBalances: [
    { accountIndex: 1, mint: USDC, owner: V0_PAYER, programId: TOKENKEG, uiTokenAmount: amount('0', null, '0') },
    {
      accountIndex: 5,
      mint: USDC,
      owner: WALLET,
      programId: TOKENKEG,
      uiTokenAmount: amount('12500000', 12.5, '12.5'),
    },
  ],
  rewards: [],
  computeUnitsConsumed: 26990,
  costUnits: 33411,
};
const V0_META = {
  ...V0_PARSED_META,
  innerInstructions: [
    {
      index: 2,
      instructions: [
        { accounts: [7], data: '84eT', programIdIndex: 4, stackHeight: 2 },
        {
          accounts: [0, 5],
          data: '11119os1e9qSs2u7TsThXqkBSRVFxhmYaFKFZ1waB2X7armDmvK3p5GmLdUxYdg3h7QSrL',
          programIdIndex: 8,
          stackHeight: 2,
        },
        { accounts: [5], data: 'P', programIdIndex: 4, stackHeight: 2 },
        { accounts: [5, 7], data: '6cCQzUBKgeDnE74Xfky96ytxydgfsfY5xaJKE7QcezC5H', programIdIndex: 4, stackHeight: 2 },
      ],
    },
  ],
  loadedAddresses: { readonly: [WALLET, USDC, SYSTEM], writable: [NEW_ATA] },
};
const V0_BASE = { slot: 356138556, blockTime: 1754900874 };
const V0_PARSED_TX = {
  message: {
    accountKeys: [
      { pubkey: V0_PAYER, signer: true, source: 'transaction', writable: true },
      { pubkey: V0_SOURCE, signer: false, source: 'transaction', writable: true },
      { pubkey: COMPUTE_BUDGET, signer: false, source: 'transaction', writable: false },
      { pubkey: ATA_PROGRAM, signer: false, source: 'transaction', writable: false },
      { pubkey: TOKENKEG, signer: false, source: 'transaction', writable: false },
      { pubkey: NEW_ATA, signer: false, source: 'lookupTable', writable: true },
      { pubkey: WALLET, signer: false, source: 'lookupTable', writable: false },
      { pubkey: USDC, signer: false, source: 'lookupTable', writable: false },
      { pubkey: SYSTEM, signer: false, source: 'lookupTable', writable: false },
    ],
    addressTableLookups: [{ accountKey: LOOKUP_TABLE, readonlyIndexes: [2, 3, 4], writableIndexes: [1] }],
    instructions: [
      { accounts: [], data: 'GZk52X', programId: COMPUTE_BUDGET, stackHeight: 1 },
      { accounts: [], data: '3dgRf8s6ueV5', programId: COMPUTE_BUDGET, stackHeight: 1 },
      {
        parsed: {
          info: {
            account: NEW_ATA,
            mint: USDC,
            source: V0_PAYER,
            systemProgram: SYSTEM,
            tokenProgram: TOKENKEG,
            wallet: WALLET,
          },
          type: 'createIdempotent',
        },
        program: 'spl-associated-token-account',
        programId: ATA_PROGRAM,
        stackHeight: 1,
      },
      {
        parsed: {
          info: {
            authority: V0_PAYER,
            destination: NEW_ATA,
            mint: USDC,
            source: V0_SOURCE,
            tokenAmount: amount('12500000', 12.5, '12.5'),
          },
          type: 'transferChecked',
        },
        program: 'spl-token',
        programId: TOKENKEG,
        stackHeight: 1,
      },
    ],
    recentBlockhash: '4CekcqdDqDoQkMX8bs2j3MJaqoMAWnbD5fY2SicvTDU8',
  },
  signatures: [SIG_V0],
};
const V0_PARSED_INNER = [
  {
    index: 2,
    instructions: [
      {
        parsed: { info: { extensionTypes: ['immutableOwner'], mint: USDC }, type: 'getAccountDataSize' },
        program: 'spl-token',
        programId: TOKENKEG,
        stackHeight: 2,
      },
      {
        parsed: {
          info: { lamports: 2039280, newAccount: NEW_ATA, owner: TOKENKEG, source: V0_PAYER, space: 165 },
          type: 'createAccount',
        },
        program: 'system',
        programId: SYSTEM,
        stackHeight: 2,
      },
      {
        parsed: { info: { account: NEW_ATA }, type: 'initializeImmutableOwner' },
        program: 'spl-token',
        programId: TOKENKEG,
        stackHeight: 2,
      },
      {
        parsed: { info: { account: NEW_ATA, mint: USDC, owner: WALLET }, type: 'initializeAccount3' },
        program: 'spl-token',
        programId: TOKENKEG,
        stackHeight: 2,
      },
    ],
  },
];

// The legacy transfer with an spl-memo instruction (jsonParsed, no maxSupportedTransactionVersion).
const MEMO_TEXT = 'solrpc test payment 42';
const MEMO_RESULT = {
  slot: 356139102,
  blockTime: 1754901092,
  meta: {
    ...LEGACY_PARSED_META,
    preBalances: [3732124854n, 120000000n, 1n, 1n, 521498880n],
    postBalances: [3482119554n, 370000000n, 1n, 1n, 521498880n],
    logMessages: [
      ...LEGACY_LOGS,
      `Program ${MEMO_PROGRAM} invoke [1]`,
      `Program log: Memo (len 22): "${MEMO_TEXT}"`,
      `Program ${MEMO_PROGRAM} consumed 6481 of 199400 compute units`,
      `Program ${MEMO_PROGRAM} success`,
    ],
    computeUnitsConsumed: 6931,
    costUnits: 8257,
  },
  transaction: {
    message: {
      accountKeys: [
        ...LEGACY_PARSED_TX.message.accountKeys,
        { pubkey: MEMO_PROGRAM, signer: false, source: 'transaction', writable: false },
      ],
      instructions: [
        ...LEGACY_PARSED_TX.message.instructions,
        { parsed: MEMO_TEXT, program: 'spl-memo', programId: MEMO_PROGRAM, stackHeight: 1 },
      ],
      recentBlockhash: 'EgZtYfADzApovW5SvYr1UUKa38M8j1KZPTkWge8MysHQ',
    },
    signatures: [SIG_MEMO],
  },
};

// The 2020-era transfer, as long-term storage gives it back.
const ERA_2020_META = {
  err: null,
  status: { Ok: null },
  fee: 5000n,
  preBalances: [3732124854n, 120000000n, 1n],
  postBalances: [3482119854n, 370000000n, 1n],
  innerInstructions: null,
  logMessages: null,
  preTokenBalances: null,
  postTokenBalances: null,
  rewards: null,
  loadedAddresses: { readonly: [], writable: [] },
};
const ERA_2020_RESULT = {
  slot: 43456789,
  blockTime: null,
  meta: ERA_2020_META,
  transaction: {
    message: {
      accountKeys: [PAYER, RECIPIENT, SYSTEM],
      header: { numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1, numRequiredSignatures: 1 },
      instructions: [{ accounts: [0, 1], data: '3Bxs4NPCZMKNg6oy', programIdIndex: 2, stackHeight: null }],
      recentBlockhash: '91rer5f7pBPx5pp66sWu3nyyjnhouHVWxUzWiTSBxcev',
    },
    signatures: [SIG_2020],
  },
};

/** Sets a failed transaction's `err` and `status.Err` to `error`, as agave writes both. */
const withError = (error: unknown): [string, string][] => [
  ['"err":{"InstructionError":[0,{"Custom":1}]}', `"err":${JSON.stringify(error)}`],
  ['"status":{"Err":{"InstructionError":[0,{"Custom":1}]}}', `"status":{"Err":${JSON.stringify(error)}}`],
];

describe('getTransaction', { timeout: 5_000 }, () => {
  describe('what is sent', () => {
    const signal = new AbortController().signal;
    it.each([
      { name: 'no config: {"encoding":"json"} all the same', args: [SIG_MISSING], params: [{ encoding: 'json' }] },
      { name: 'config undefined', args: [SIG_MISSING, undefined], params: [{ encoding: 'json' }] },
      { name: 'an empty config', args: [SIG_MISSING, {}], params: [{ encoding: 'json' }] },
      {
        name: 'call options only (signal, timeoutMs): nothing more on the wire',
        args: [SIG_MISSING, { signal, timeoutMs: 1_000 }],
        params: [{ encoding: 'json' }],
      },
      {
        name: 'fields set to undefined are left out',
        args: [SIG_MISSING, { encoding: undefined, commitment: undefined, maxSupportedTransactionVersion: undefined }],
        params: [{ encoding: 'json' }],
      },
      { name: 'encoding json', args: [SIG_MISSING, { encoding: 'json' }], params: [{ encoding: 'json' }] },
      {
        name: 'commitment confirmed',
        args: [SIG_MISSING, { commitment: 'confirmed' }],
        params: [{ encoding: 'json', commitment: 'confirmed' }],
      },
      {
        name: 'commitment finalized with maxSupportedTransactionVersion 0',
        args: [SIG_MISSING, { commitment: 'finalized', maxSupportedTransactionVersion: 0 }],
        params: [{ encoding: 'json', commitment: 'finalized', maxSupportedTransactionVersion: 0 }],
      },
      {
        name: 'jsonParsed',
        args: [SIG_MISSING, { encoding: 'jsonParsed' }],
        params: [{ encoding: 'jsonParsed' }],
      },
      {
        name: 'jsonParsed with maxSupportedTransactionVersion 0',
        args: [SIG_MISSING, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }],
        params: [{ encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }],
      },
      {
        name: 'base64 with everything',
        args: [SIG_MISSING, { encoding: 'base64', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }],
        params: [{ encoding: 'base64', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }],
      },
      { name: 'base58', args: [SIG_MISSING, { encoding: 'base58' }], params: [{ encoding: 'base58' }] },
      { name: "positional 'json' (deprecated form)", args: [SIG_MISSING, 'json'], params: ['json'] },
      { name: "positional 'jsonParsed'", args: [SIG_MISSING, 'jsonParsed'], params: ['jsonParsed'] },
      { name: "positional 'base64'", args: [SIG_MISSING, 'base64'], params: ['base64'] },
      { name: "positional 'base58'", args: [SIG_MISSING, 'base58'], params: ['base58'] },
    ])('$name', async ({ args, params }) => {
      mockRpc({ getTransaction: serveFixture(NOT_FOUND) });
      await expect(getTransaction(...args)).resolves.toBeNull();
      expectSent(SIG_MISSING, ...params);
      expect(calls[0]).toMatchObject({ jsonrpc: '2.0', id: expect.any(Number) });
    });

    it('the config goes out as written: encoding first, then commitment, then maxSupportedTransactionVersion', async () => {
      mockRpc({ getTransaction: serveFixture(NOT_FOUND) });
      await rpc().getTransaction(SIG_MISSING, {
        maxSupportedTransactionVersion: 0,
        commitment: 'confirmed',
        encoding: 'json',
      });
      expect(paramsText()).toBe(
        `["${SIG_MISSING}",{"encoding":"json","commitment":"confirmed","maxSupportedTransactionVersion":0}]`,
      );
    });

    it('the positional form sends exactly [signature, "json"]', async () => {
      mockRpc({ getTransaction: serveFixture(NOT_FOUND) });
      await expect(rpc().getTransaction(SIG_MISSING, 'json')).resolves.toBeNull();
      expect(paramsText()).toBe(`["${SIG_MISSING}","json"]`);
    });

    it('no config still sends the explicit encoding', async () => {
      mockRpc({ getTransaction: serveFixture(NOT_FOUND) });
      await expect(rpc().getTransaction(SIG_MISSING)).resolves.toBeNull();
      expect(paramsText()).toBe(`["${SIG_MISSING}",{"encoding":"json"}]`);
    });
  });

  describe('not found', () => {
    it('a null result is null, not an error', async () => {
      mockRpc({ getTransaction: serveFixture(NOT_FOUND) });
      const result = await rpc().getTransaction(SIG_MISSING, { maxSupportedTransactionVersion: 0 });
      expect(result).toBeNull();
      expectSent(SIG_MISSING, { encoding: 'json', maxSupportedTransactionVersion: 0 });
    });
  });

  describe('what comes back, by encoding and maxSupportedTransactionVersion', () => {
    const legacyBase64NoVersion = reply.resultText(resultTextOf(BASE64_LEGACY_MAX, [[',"version":"legacy"', '']]));
    const cases: {
      name: string;
      answer: RpcHandler | RpcReply;
      args: unknown[];
      params: unknown[];
      expected: unknown;
    }[] = [
      {
        name: 'json, legacy, no maxSupportedTransactionVersion: no version key',
        answer: serveFixture(JSON_LEGACY),
        args: [SIG_LEGACY, { commitment: 'confirmed' }],
        params: [SIG_LEGACY, { encoding: 'json', commitment: 'confirmed' }],
        expected: { ...LEGACY_BASE, meta: LEGACY_META, transaction: LEGACY_JSON_TX },
      },
      {
        name: "json, legacy, maxSupportedTransactionVersion 0: version 'legacy'",
        answer: serveFixture(JSON_LEGACY_MAX),
        args: [SIG_LEGACY, { maxSupportedTransactionVersion: 0 }],
        params: [SIG_LEGACY, { encoding: 'json', maxSupportedTransactionVersion: 0 }],
        expected: { ...LEGACY_BASE, meta: LEGACY_META, transaction: LEGACY_JSON_TX, version: 'legacy' },
      },
      {
        name: "json, legacy, positional 'json'",
        answer: serveFixture(JSON_LEGACY),
        args: [SIG_LEGACY, 'json'],
        params: [SIG_LEGACY, 'json'],
        expected: { ...LEGACY_BASE, meta: LEGACY_META, transaction: LEGACY_JSON_TX },
      },
      {
        name: 'json, v0: version 0, addressTableLookups, loadedAddresses',
        answer: serveFixture(JSON_V0),
        args: [SIG_V0, { maxSupportedTransactionVersion: 0 }],
        params: [SIG_V0, { encoding: 'json', maxSupportedTransactionVersion: 0 }],
        expected: { ...V0_BASE, meta: V0_META, transaction: V0_JSON_TX, version: 0 },
      },
      {
        name: "jsonParsed, legacy, maxSupportedTransactionVersion 0: version 'legacy', no loadedAddresses",
        answer: serveFixture(PARSED_LEGACY_MAX),
        args: [SIG_LEGACY, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }],
        params: [SIG_LEGACY, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }],
        expected: { ...LEGACY_BASE, meta: LEGACY_PARSED_META, transaction: LEGACY_PARSED_TX, version: 'legacy' },
      },
      {
        name: 'jsonParsed, legacy, no maxSupportedTransactionVersion: spl-memo parsed is a bare string',
        answer: serveFixture(PARSED_LEGACY_MEMO),
        args: [SIG_MEMO, { encoding: 'jsonParsed' }],
        params: [SIG_MEMO, { encoding: 'jsonParsed' }],
        expected: MEMO_RESULT,
      },
      {
        name: "jsonParsed, legacy, positional 'jsonParsed'",
        answer: serveFixture(PARSED_LEGACY_MEMO),
        args: [SIG_MEMO, 'jsonParsed'],
        params: [SIG_MEMO, 'jsonParsed'],
        expected: MEMO_RESULT,
      },
      {
        name: 'jsonParsed, v0: lookup-table keys with their source, parsed and partially decoded instructions',
        answer: serveFixture(PARSED_V0),
        args: [SIG_V0, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }],
        params: [SIG_V0, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }],
        expected: {
          ...V0_BASE,
          meta: { ...V0_PARSED_META, innerInstructions: V0_PARSED_INNER },
          transaction: V0_PARSED_TX,
          version: 0,
        },
      },
      {
        name: "base64, legacy, maxSupportedTransactionVersion 0: version 'legacy'",
        answer: serveFixture(BASE64_LEGACY_MAX),
        args: [SIG_LEGACY, { encoding: 'base64', maxSupportedTransactionVersion: 0 }],
        params: [SIG_LEGACY, { encoding: 'base64', maxSupportedTransactionVersion: 0 }],
        expected: { ...LEGACY_BASE, meta: LEGACY_META, transaction: hexBytes(LEGACY_HEX), version: 'legacy' },
      },
      {
        name: 'base64, legacy, no maxSupportedTransactionVersion: no version key',
        answer: legacyBase64NoVersion,
        args: [SIG_LEGACY, { encoding: 'base64' }],
        params: [SIG_LEGACY, { encoding: 'base64' }],
        expected: { ...LEGACY_BASE, meta: LEGACY_META, transaction: hexBytes(LEGACY_HEX) },
      },
      {
        name: "base64, legacy, positional 'base64'",
        answer: legacyBase64NoVersion,
        args: [SIG_LEGACY, 'base64'],
        params: [SIG_LEGACY, 'base64'],
        expected: { ...LEGACY_BASE, meta: LEGACY_META, transaction: hexBytes(LEGACY_HEX) },
      },
      {
        name: 'base64, v0',
        answer: serveFixture(BASE64_V0),
        args: [SIG_V0, { encoding: 'base64', maxSupportedTransactionVersion: 0 }],
        params: [SIG_V0, { encoding: 'base64', maxSupportedTransactionVersion: 0 }],
        expected: { ...V0_BASE, meta: V0_META, transaction: hexBytes(V0_HEX), version: 0 },
      },
      {
        name: 'base58, legacy, no maxSupportedTransactionVersion: no version key',
        answer: serveFixture(BASE58_LEGACY),
        args: [SIG_LEGACY, { encoding: 'base58' }],
        params: [SIG_LEGACY, { encoding: 'base58' }],
        expected: { ...LEGACY_BASE, meta: LEGACY_META, transaction: hexBytes(LEGACY_HEX) },
      },
      {
        name: "base58, legacy, positional 'base58'",
        answer: serveFixture(BASE58_LEGACY),
        args: [SIG_LEGACY, 'base58'],
        params: [SIG_LEGACY, 'base58'],
        expected: { ...LEGACY_BASE, meta: LEGACY_META, transaction: hexBytes(LEGACY_HEX) },
      },
      {
        name: 'base58, legacy, maxSupportedTransactionVersion 0',
        answer: serveFixture(BASE58_LEGACY, [[',"slot":356138256,', ',"slot":356138256,"version":"legacy",']]),
        args: [SIG_LEGACY, { encoding: 'base58', maxSupportedTransactionVersion: 0 }],
        params: [SIG_LEGACY, { encoding: 'base58', maxSupportedTransactionVersion: 0 }],
        expected: { ...LEGACY_BASE, meta: LEGACY_META, transaction: hexBytes(LEGACY_HEX), version: 'legacy' },
      },
      {
        name: 'base58, v0',
        answer: serveFixture(BASE58_V0),
        args: [SIG_V0, { encoding: 'base58', maxSupportedTransactionVersion: 0 }],
        params: [SIG_V0, { encoding: 'base58', maxSupportedTransactionVersion: 0 }],
        expected: { ...V0_BASE, meta: V0_META, transaction: hexBytes(V0_HEX), version: 0 },
      },
      {
        name: 'base58 as the legacy bare string (encoding "binary" on the wire) still decodes to bytes',
        answer: serveFixture(BASE58_LEGACY, [
          [`["${encodeBase58(hexBytes(LEGACY_HEX))}","base58"]`, `"${encodeBase58(hexBytes(LEGACY_HEX))}"`],
        ]),
        args: [SIG_LEGACY, { encoding: 'base58' }],
        params: [SIG_LEGACY, { encoding: 'base58' }],
        expected: { ...LEGACY_BASE, meta: LEGACY_META, transaction: hexBytes(LEGACY_HEX) },
      },
    ];

    it.each(cases)('$name', async ({ answer, args, params, expected }) => {
      mockRpc({ getTransaction: answer });
      await expect(getTransaction(...args)).resolves.toStrictEqual(expected);
      expectSent(...params);
    });

    it('base64 and base58 bytes are the transaction the json encoding shows', async () => {
      mockRpc({ getTransaction: serveFixture(BASE58_V0) });
      const bytes: TransactionBytesResult | null = await rpc().getTransaction(SIG_V0, {
        encoding: 'base58',
        maxSupportedTransactionVersion: 0,
      });
      expectSent(SIG_V0, { encoding: 'base58', maxSupportedTransactionVersion: 0 });
      expect(bytes?.transaction).toBeInstanceOf(Uint8Array);
      expect(bytes?.transaction.byteLength).toBe(V0_HEX.length / 2);
      const { message, signatures } = V0_JSON_TX;
      expect(decodeTransaction(bytes?.transaction ?? new Uint8Array())).toStrictEqual({
        signatures,
        message: { ...message, instructions: message.instructions.map(({ stackHeight: _, ...ix }) => ix) },
        version: 0,
      });
    });

    it('typed overloads: a versioned json call yields version and loadedAddresses', async () => {
      mockRpc({ getTransaction: serveFixture(JSON_V0) });
      const tx: TransactionJsonResult | null = await rpc().getTransaction(SIG_V0, {
        maxSupportedTransactionVersion: 0,
      });
      expectSent(SIG_V0, { encoding: 'json', maxSupportedTransactionVersion: 0 });
      expect(tx?.version).toBe(0);
      expect(tx?.meta?.loadedAddresses).toStrictEqual({ readonly: [WALLET, USDC, SYSTEM], writable: [NEW_ATA] });
      expect(tx?.transaction.message.addressTableLookups?.[0]?.accountKey).toBe(LOOKUP_TABLE);
    });

    it('jsonParsed never carries meta.loadedAddresses, even for v0', async () => {
      mockRpc({ getTransaction: serveFixture(PARSED_V0) });
      const tx: TransactionParsedResult | null = await rpc().getTransaction(SIG_V0, {
        encoding: 'jsonParsed',
        maxSupportedTransactionVersion: 0,
      });
      expectSent(SIG_V0, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 });
      expect(tx?.meta).not.toHaveProperty('loadedAddresses');
      const sources = tx?.transaction.message.accountKeys.map((key) => key.source);
      expect(sources).toStrictEqual([...Array(5).fill('transaction'), ...Array(4).fill('lookupTable')]);
    });
  });

  describe('meta', () => {
    describe('err and status keep agave’s shapes', () => {
      it.each([
        { name: 'unit variant InsufficientFundsForFee', error: 'InsufficientFundsForFee' },
        { name: 'unit variant BlockhashNotFound', error: 'BlockhashNotFound' },
        { name: 'InstructionError with a custom program code', error: { InstructionError: [0, { Custom: 6001 }] } },
        { name: 'InstructionError with a unit error', error: { InstructionError: [1, 'InvalidAccountData'] } },
        { name: 'InstructionError Custom u32::MAX', error: { InstructionError: [0, { Custom: 4294967295 }] } },
        { name: 'InstructionError at index 255', error: { InstructionError: [255, 'GenericError'] } },
        { name: 'DuplicateInstruction (tuple variant)', error: { DuplicateInstruction: 0 } },
        {
          name: 'InsufficientFundsForRent (snake_case struct)',
          error: { InsufficientFundsForRent: { account_index: 2 } },
        },
        {
          name: 'ProgramExecutionTemporarilyRestricted',
          error: { ProgramExecutionTemporarilyRestricted: { account_index: 4 } },
        },
        { name: 'v2-style BorshIoError with text', error: { InstructionError: [0, { BorshIoError: 'Unknown' }] } },
        { name: 'an unknown future unit variant', error: 'SomeFutureTransactionError' },
        { name: 'an unknown future struct variant', error: { SomeFutureError: { account_index: 3, reason: 'new' } } },
        { name: 'an unknown future tuple variant', error: { SomeFutureError: [3, 'x'] } },
        { name: 'an unknown future InstructionError name', error: { InstructionError: [0, 'SomeFutureIxError'] } },
        {
          name: 'an unknown future InstructionError object',
          error: { InstructionError: [2, { SomeFutureIxError: { code: 7 } }] },
        },
      ])('$name', async ({ error }) => {
        mockRpc({ getTransaction: serveFixture(JSON_FAILED, withError(error)) });
        const tx = await rpc().getTransaction(SIG_FAILED, { maxSupportedTransactionVersion: 0 });
        expectSent(SIG_FAILED, { encoding: 'json', maxSupportedTransactionVersion: 0 });
        expect(tx?.meta?.err).toStrictEqual(error);
        expect(tx?.meta?.status).toStrictEqual({ Err: error });
        expect(tx?.meta?.fee).toBe(5000n);
      });

      it('the recorded failure: {InstructionError:[0,{Custom:1}]}, status without Ok', async () => {
        mockRpc({ getTransaction: serveFixture(JSON_FAILED) });
        const tx = await rpc().getTransaction(SIG_FAILED, { maxSupportedTransactionVersion: 0 });
        expectSent(SIG_FAILED, { encoding: 'json', maxSupportedTransactionVersion: 0 });
        expect(tx?.version).toBe('legacy');
        expect(tx?.meta?.err).toStrictEqual({ InstructionError: [0, { Custom: 1 }] });
        expect(tx?.meta?.status).toStrictEqual({ Err: { InstructionError: [0, { Custom: 1 }] } });
        expect(tx?.meta?.postTokenBalances?.[1]?.uiTokenAmount.uiAmount).toBeNull();
        expect(tx?.meta?.postTokenBalances?.[0]?.uiTokenAmount.uiAmount).toBe(1);
      });
    });

    describe('lamports are exact bigints', () => {
      it('fee, preBalances and postBalances above 2^53, served raw, come out exact', async () => {
        mockRpc({
          getTransaction: reply.resultText(
            resultTextOf(JSON_LEGACY, [
              ['"fee":5300', '"fee":18446744073709551615'],
              ['"preBalances":[3732124854,', '"preBalances":[9007199254740993,'],
              ['"postBalances":[3482119554,', '"postBalances":[9007199254740995,'],
            ]),
          ),
        });
        const tx = await rpc().getTransaction(SIG_LEGACY);
        expectSent(SIG_LEGACY, { encoding: 'json' });
        expect(tx?.meta?.fee).toBe(18446744073709551615n);
        expect(tx?.meta?.preBalances).toStrictEqual([9007199254740993n, 120000000n, 1n, 1n]);
        expect(tx?.meta?.postBalances).toStrictEqual([9007199254740995n, 370000000n, 1n, 1n]);
      });

      it('small amounts are bigints too, not numbers', async () => {
        mockRpc({ getTransaction: serveFixture(JSON_LEGACY) });
        const tx = await rpc().getTransaction(SIG_LEGACY);
        expectSent(SIG_LEGACY, { encoding: 'json' });
        expect(typeof tx?.meta?.fee).toBe('bigint');
        expect(tx?.meta?.preBalances.map((b) => typeof b)).toStrictEqual(['bigint', 'bigint', 'bigint', 'bigint']);
      });
    });

    describe('agave 4 fields: transactionIndex, returnData, rewards', () => {
      it('decodes transactionIndex, returnData bytes and every reward shape', async () => {
        mockRpc({ getTransaction: serveFixture(AGAVE4) });
        const tx = await rpc().getTransaction(SIG_V0, { maxSupportedTransactionVersion: 0 });
        expectSent(SIG_V0, { encoding: 'json', maxSupportedTransactionVersion: 0 });
        expect(tx).toStrictEqual({
          ...V0_BASE,
          version: 0,
          transactionIndex: 117,
          transaction: V0_JSON_TX,
          meta: {
            ...V0_META,
            returnData: { programId: TOKENKEG, data: hexBytes('a500000000000000') },
            rewards: [
              { pubkey: V0_SOURCE, lamports: -1392n, postBalance: 2037888n, rewardType: 'Rent', commission: null },
              {
                pubkey: 'DVia2BES9ZtC6nfRQzvpfW6yvtmuDcb97ipB2iFPhVvn',
                lamports: 1780000n,
                postBalance: 9007199254740993n,
                rewardType: 'Voting',
                commission: 5,
                commissionBps: 500,
              },
              {
                pubkey: '8KwYS6yxvu6Cd4VUxx3pFw8iZ8ENgF8j71WaCuBNjKQQ',
                lamports: -5000n,
                postBalance: 0n,
                rewardType: null,
                commission: null,
              },
            ],
          },
        });
      });

      it('reward lamports at i64::MIN stay exact', async () => {
        mockRpc({
          getTransaction: reply.resultText(
            resultTextOf(AGAVE4, [['"lamports":-5000,', '"lamports":-9223372036854775808,']]),
          ),
        });
        const tx = await rpc().getTransaction(SIG_V0, { maxSupportedTransactionVersion: 0 });
        expectSent(SIG_V0, { encoding: 'json', maxSupportedTransactionVersion: 0 });
        expect(tx?.meta?.rewards?.[2]?.lamports).toBe(-9223372036854775808n);
      });

      it('rewardType and commission absent on the wire come out null', async () => {
        mockRpc({
          getTransaction: reply.resultText(
            resultTextOf(AGAVE4, [
              ['{"commission":null,"lamports":-5000,', '{"lamports":-5000,'],
              [',"rewardType":null', ''],
            ]),
          ),
        });
        const tx = await rpc().getTransaction(SIG_V0, { maxSupportedTransactionVersion: 0 });
        expectSent(SIG_V0, { encoding: 'json', maxSupportedTransactionVersion: 0 });
        expect(tx?.meta?.rewards?.[2]).toStrictEqual({
          pubkey: '8KwYS6yxvu6Cd4VUxx3pFw8iZ8ENgF8j71WaCuBNjKQQ',
          lamports: -5000n,
          postBalance: 0n,
          rewardType: null,
          commission: null,
        });
      });

      it('without them: no transactionIndex, no returnData keys', async () => {
        mockRpc({ getTransaction: serveFixture(JSON_V0) });
        const tx = await rpc().getTransaction(SIG_V0, { maxSupportedTransactionVersion: 0 });
        expectSent(SIG_V0, { encoding: 'json', maxSupportedTransactionVersion: 0 });
        expect(tx).not.toHaveProperty('transactionIndex');
        expect(tx?.meta).not.toHaveProperty('returnData');
        expect(tx?.meta?.computeUnitsConsumed).toBe(26990);
        expect(tx?.meta?.costUnits).toBe(33411);
      });

      it('returnData in jsonParsed is decoded to bytes too', async () => {
        mockRpc({
          getTransaction: serveFixture(PARSED_V0, [
            [
              '"preTokenBalances":',
              `"returnData":{"data":["AQID/w==","base64"],"programId":"${TOKENKEG}"},"preTokenBalances":`,
            ],
          ]),
        });
        const tx = await rpc().getTransaction(SIG_V0, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 });
        expectSent(SIG_V0, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 });
        expect(tx?.meta?.returnData).toStrictEqual({ programId: TOKENKEG, data: Uint8Array.of(1, 2, 3, 255) });
      });
    });

    describe('old transactions', () => {
      it('a 2020-era transaction: blockTime null, meta lists null, stackHeight null, no compute units', async () => {
        mockRpc({ getTransaction: serveFixture(ERA_2020) });
        const tx: LegacyTransactionJsonResult | null = await rpc().getTransaction(SIG_2020);
        expectSent(SIG_2020, { encoding: 'json' });
        expect(tx).toStrictEqual(ERA_2020_RESULT);
        expect(tx?.meta).not.toHaveProperty('computeUnitsConsumed');
        expect(tx?.meta).not.toHaveProperty('costUnits');
      });

      it('the same in base64: meta decodes identically', async () => {
        // The bytes are those of the legacy transfer; what matters here is the old meta next to them.
        const base64 = Buffer.from(hexBytes(LEGACY_HEX)).toString('base64');
        const json = JSON.stringify(wireOf(ERA_2020).transaction);
        mockRpc({ getTransaction: reply.resultText(resultTextOf(ERA_2020, [[json, `["${base64}","base64"]`]])) });
        const tx = await rpc().getTransaction(SIG_2020, { encoding: 'base64' });
        expectSent(SIG_2020, { encoding: 'base64' });
        expect(tx).toStrictEqual({ ...ERA_2020_RESULT, transaction: hexBytes(LEGACY_HEX) });
      });

      it('nullable meta fields ABSENT on the wire (old node software) come out null', async () => {
        mockRpc({
          getTransaction: reply.resultText(
            resultTextOf(ERA_2020, [
              ['"innerInstructions":null,', ''],
              ['"loadedAddresses":{"readonly":[],"writable":[]},', ''],
              ['"logMessages":null,', ''],
              ['"postTokenBalances":null,', ''],
              ['"preTokenBalances":null,', ''],
              ['"rewards":null,', ''],
            ]),
          ),
        });
        const tx = await rpc().getTransaction(SIG_2020);
        expectSent(SIG_2020, { encoding: 'json' });
        const { loadedAddresses: _, ...meta } = ERA_2020_META;
        expect(tx).toStrictEqual({ ...ERA_2020_RESULT, meta });
      });

      it('every nullable key left out (blockTime, err, stackHeight, meta lists) comes out null', async () => {
        mockRpc({ getTransaction: serveFixture(NULL_KEYS_LEFT_OUT) });
        const tx = await rpc().getTransaction(SIG_2020);
        expectSent(SIG_2020, { encoding: 'json' });
        const { loadedAddresses: _, ...meta } = ERA_2020_META;
        expect(tx).toStrictEqual({ ...ERA_2020_RESULT, meta });
        expect(tx?.blockTime).toBeNull();
        expect(tx?.meta?.err).toBeNull();
      });

      it('blockTime left out of a current transaction comes out null, the rest as sent', async () => {
        mockRpc({
          getTransaction: reply.resultText(resultTextOf(JSON_LEGACY, [['"blockTime":1754900754,', '']])),
        });
        const tx = await rpc().getTransaction(SIG_LEGACY);
        expectSent(SIG_LEGACY, { encoding: 'json' });
        expect(tx).toStrictEqual({ ...LEGACY_BASE, blockTime: null, meta: LEGACY_META, transaction: LEGACY_JSON_TX });
      });

      it('meta left out comes out null, as for a transaction stored without status', async () => {
        const wire = wireOf(JSON_LEGACY);
        delete (wire as { meta?: unknown }).meta;
        mockRpc({ getTransaction: reply.result(wire) });
        const tx = await rpc().getTransaction(SIG_LEGACY);
        expectSent(SIG_LEGACY, { encoding: 'json' });
        expect(tx).toStrictEqual({ ...LEGACY_BASE, meta: null, transaction: LEGACY_JSON_TX });
      });

      it('uiAmount left out of a token balance comes out null', async () => {
        const wire = wireOf(JSON_V0);
        for (const balance of [...wire.meta.preTokenBalances, ...wire.meta.postTokenBalances]) {
          delete (balance.uiTokenAmount as { uiAmount?: unknown }).uiAmount;
        }
        mockRpc({ getTransaction: reply.result(wire) });
        const tx = await rpc().getTransaction(SIG_V0, { maxSupportedTransactionVersion: 0 });
        expectSent(SIG_V0, { encoding: 'json', maxSupportedTransactionVersion: 0 });
        expect(tx?.meta?.preTokenBalances?.[0]?.uiTokenAmount).toStrictEqual(amount('12500000', null, '12.5'));
        expect(tx?.meta?.postTokenBalances?.map((balance) => balance.uiTokenAmount.uiAmount)).toStrictEqual(
          wire.meta.postTokenBalances.map(() => null),
        );
      });

      it('returnData, computeUnitsConsumed and costUnits (never null) left out stay absent', async () => {
        const wire = wireOf(AGAVE4);
        for (const key of ['returnData', 'computeUnitsConsumed', 'costUnits']) delete wire.meta[key];
        mockRpc({ getTransaction: reply.result(wire) });
        const tx = await rpc().getTransaction(SIG_V0, { maxSupportedTransactionVersion: 0 });
        expectSent(SIG_V0, { encoding: 'json', maxSupportedTransactionVersion: 0 });
        expect(tx?.meta?.fee).toBeTypeOf('bigint');
        for (const key of ['returnData', 'computeUnitsConsumed', 'costUnits']) {
          expect(Object.hasOwn(tx?.meta ?? {}, key), key).toBe(false);
        }
      });

      it('the same fields absent in jsonParsed come out null', async () => {
        const wire = wireOf(PARSED_LEGACY_MEMO);
        for (const key of ['innerInstructions', 'logMessages', 'preTokenBalances', 'postTokenBalances', 'rewards']) {
          delete wire.meta[key];
        }
        mockRpc({ getTransaction: reply.result(wire) });
        const tx = await rpc().getTransaction(SIG_MEMO, { encoding: 'jsonParsed' });
        expectSent(SIG_MEMO, { encoding: 'jsonParsed' });
        expect(tx?.meta).toMatchObject({
          innerInstructions: null,
          logMessages: null,
          preTokenBalances: null,
          postTokenBalances: null,
          rewards: null,
        });
      });

      it('token balances without owner and programId (older ledgers) decode without them', async () => {
        const wire = wireOf(JSON_V0);
        for (const balance of [...wire.meta.preTokenBalances, ...wire.meta.postTokenBalances]) {
          delete balance.owner;
          delete balance.programId;
        }
        mockRpc({ getTransaction: reply.result(wire) });
        const tx = await rpc().getTransaction(SIG_V0, { maxSupportedTransactionVersion: 0 });
        expectSent(SIG_V0, { encoding: 'json', maxSupportedTransactionVersion: 0 });
        expect(tx?.meta?.preTokenBalances).toStrictEqual([
          { accountIndex: 1, mint: USDC, uiTokenAmount: amount('12500000', 12.5, '12.5') },
        ]);
      });

      // Nodes before agave 1.16 left stackHeight out; the type promises null.
      it('stackHeight ABSENT on the wire (old node software) comes out null', async () => {
        mockRpc({ getTransaction: reply.resultText(resultTextOf(ERA_2020, [[',"stackHeight":null', '']])) });
        const tx = await rpc().getTransaction(SIG_2020);
        expectSent(SIG_2020, { encoding: 'json' });
        expect(tx?.transaction.message.instructions[0]).toStrictEqual({
          accounts: [0, 1],
          data: '3Bxs4NPCZMKNg6oy',
          programIdIndex: 2,
          stackHeight: null,
        });
      });

      // Nodes before `source` existed left it out; the type promises null. Likewise stackHeight.
      it('jsonParsed accountKeys.source and stackHeight ABSENT on the wire come out null', async () => {
        const wire = wireOf(PARSED_LEGACY_MEMO);
        for (const key of wire.transaction.message.accountKeys) delete key.source;
        for (const ix of wire.transaction.message.instructions) delete ix.stackHeight;
        mockRpc({ getTransaction: reply.result(wire) });
        const tx = await rpc().getTransaction(SIG_MEMO, { encoding: 'jsonParsed' });
        expectSent(SIG_MEMO, { encoding: 'jsonParsed' });
        expect(tx?.transaction.message.accountKeys.map((key) => key.source)).toStrictEqual([
          null,
          null,
          null,
          null,
          null,
        ]);
        expect(tx?.transaction.message.instructions.map((ix) => ix.stackHeight)).toStrictEqual([
          null,
          null,
          null,
          null,
        ]);
      });
    });
  });

  describe('JSON-RPC errors', () => {
    interface ErrorCase extends ExpectedRpcError {
      name: string;
      answer: RpcHandler | RpcReply;
      args: unknown[];
      params: unknown[];
    }
    const V0_VERSION_MESSAGE =
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0';
    const cases: ErrorCase[] = [
      {
        name: '-32015: a v0 transaction asked for without maxSupportedTransactionVersion',
        answer: serveFixture('conformance/getTransaction.error.unsupported-version'),
        args: [SIG_V0],
        params: [SIG_V0, { encoding: 'json' }],
        code: -32015,
        codeName: 'UNSUPPORTED_TRANSACTION_VERSION',
        message: V0_VERSION_MESSAGE,
        hint: 'pass { maxSupportedTransactionVersion: 0 } to receive versioned transactions.',
        retryable: false,
      },
      {
        name: '-32015 to the positional form',
        answer: serveFixture('conformance/getTransaction.error.unsupported-version'),
        args: [SIG_V0, 'base64'],
        params: [SIG_V0, 'base64'],
        code: -32015,
        codeName: 'UNSUPPORTED_TRANSACTION_VERSION',
        message: V0_VERSION_MESSAGE,
        hint: 'pass { maxSupportedTransactionVersion: 0 } to receive versioned transactions.',
        retryable: false,
      },
      {
        name: '-32011: no transaction history on this node',
        answer: serveFixture('conformance/getTransaction.error.history-not-available'),
        args: [SIG_MISSING],
        params: [SIG_MISSING, { encoding: 'json' }],
        code: -32011,
        codeName: 'TRANSACTION_HISTORY_NOT_AVAILABLE',
        message: 'Transaction history is not available from this node',
        hint: 'this node keeps no transaction history (started without --enable-rpc-transaction-history); use an archive RPC node.',
        retryable: false,
      },
      {
        name: '-32602 from the server (commitment below confirmed, from a proxy that rewrote it)',
        answer: serveFixture('conformance/getTransaction.error.processed-commitment'),
        args: [SIG_MISSING, { commitment: 'confirmed' }],
        params: [SIG_MISSING, { encoding: 'json', commitment: 'confirmed' }],
        code: -32602,
        codeName: 'INVALID_PARAMS',
        message: 'Method does not support commitment below `confirmed`',
        retryable: false,
      },
      {
        name: '-32602 from an old node that does not know the encoding',
        answer: reply.error(-32602, 'Invalid params: unknown variant `jsonParsed`, expected one of `binary`, `json`.'),
        args: [SIG_MISSING, { encoding: 'jsonParsed' }],
        params: [SIG_MISSING, { encoding: 'jsonParsed' }],
        code: -32602,
        codeName: 'INVALID_PARAMS',
        message: 'Invalid params: unknown variant `jsonParsed`, expected one of `binary`, `json`.',
        retryable: false,
      },
      {
        name: '-32004 block not available',
        answer: serveFixture('conformance/error.-32004.block-not-available'),
        args: [SIG_MISSING, { maxSupportedTransactionVersion: 0 }],
        params: [SIG_MISSING, { encoding: 'json', maxSupportedTransactionVersion: 0 }],
        code: -32004,
        codeName: 'BLOCK_NOT_AVAILABLE',
        message: 'Block not available for slot 356139536',
        // Asked at finalized, the default: the slot may be confirmed and not yet finalized.
        hint: "the block may not be finalized yet: this call asked at commitment finalized (the default), and a slot seen at confirmed or processed is finalized some 32 slots (about 13 s) later; ask with commitment 'confirmed', or retry once it is finalized.",
        retryable: true,
      },
      {
        name: '-32007 slot skipped',
        answer: serveFixture('conformance/error.-32007.slot-skipped'),
        args: [SIG_MISSING],
        params: [SIG_MISSING, { encoding: 'json' }],
        code: -32007,
        codeName: 'SLOT_SKIPPED',
        message: 'Slot 356138456 was skipped, or missing due to ledger jump to recent snapshot',
        hint: 'the slot has no block: it was skipped, or this node started from a later snapshot (an archive node can tell which).',
        retryable: false,
      },
      {
        name: '-32009 skipped in long-term storage',
        answer: reply.error(-32009, 'Slot 43456789 was skipped, or missing in long-term storage'),
        args: [SIG_2020],
        params: [SIG_2020, { encoding: 'json' }],
        code: -32009,
        codeName: 'LONG_TERM_STORAGE_SLOT_SKIPPED',
        message: 'Slot 43456789 was skipped, or missing in long-term storage',
        hint: 'long-term storage has no block for this slot either: it was most likely skipped.',
        retryable: false,
      },
      {
        name: '-32019 long-term storage unreachable (retryable)',
        answer: reply.error(-32019, 'Failed to query long-term storage; please try again'),
        args: [SIG_2020],
        params: [SIG_2020, { encoding: 'json' }],
        code: -32019,
        codeName: 'LONG_TERM_STORAGE_UNREACHABLE',
        message: 'Failed to query long-term storage; please try again',
        hint: 'the node could not reach its long-term storage; retry later.',
        retryable: true,
      },
    ];

    it.each(cases)('$name', async ({ answer, args, params, ...expected }) => {
      mockRpc({ getTransaction: answer });
      const error = await rejectsWith(getTransaction(...args), 'RpcError');
      expectSent(...params);
      expectRpcError(error, 'getTransaction', expected);
    });

    it('-32015: the hint names maxSupportedTransactionVersion, the message keeps the server text exactly', async () => {
      mockRpc({ getTransaction: serveFixture('conformance/getTransaction.error.unsupported-version') });
      const error = await rejectsWith(rpc().getTransaction(SIG_V0), 'RpcError');
      expectSent(SIG_V0, { encoding: 'json' });
      expect(error.hint).toContain('maxSupportedTransactionVersion');
      expect(error.serverMessage).toBe(V0_VERSION_MESSAGE);
      expect(error.data).toBeUndefined();
      expect(error.message.split('\n')[1]).toBe(
        'Hint: pass { maxSupportedTransactionVersion: 0 } to receive versioned transactions.',
      );
    });

    it('a code this version does not know passes through with its data, unnamed', async () => {
      mockRpc({ getTransaction: reply.error(-32020, 'Transaction not found by filter', { filter: 'x' }) });
      const error = await rejectsWith(rpc().getTransaction(SIG_MISSING), 'RpcError');
      expectSent(SIG_MISSING, { encoding: 'json' });
      expect(error).toMatchObject({ method: 'getTransaction', code: -32020, codeName: undefined, retryable: false });
      expect(error.data).toStrictEqual({ filter: 'x' });
      expect(firstLine(error)).toBe('getTransaction: RPC error -32020: Transaction not found by filter');
    });
  });

  describe('malformed results', () => {
    interface MalformedCase {
      name: string;
      fixture: string;
      edits: [string, string][];
      args: unknown[];
      path: string;
      received?: string;
    }
    const json = [SIG_LEGACY] as unknown[];
    const jsonV0 = [SIG_V0, { maxSupportedTransactionVersion: 0 }];
    const parsedV0 = [SIG_V0, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }];
    const base64V0 = [SIG_V0, { encoding: 'base64', maxSupportedTransactionVersion: 0 }];
    const base64Legacy = [SIG_LEGACY, { encoding: 'base64', maxSupportedTransactionVersion: 0 }];
    const cases: MalformedCase[] = [
      {
        name: 'version missing although maxSupportedTransactionVersion was given (json)',
        fixture: JSON_LEGACY,
        edits: [],
        args: [SIG_LEGACY, { maxSupportedTransactionVersion: 0 }],
        path: 'result.version',
        received: MISSING,
      },
      {
        name: 'version missing although maxSupportedTransactionVersion was given (base64)',
        fixture: BASE64_LEGACY_MAX,
        edits: [[',"version":"legacy"', '']],
        args: base64Legacy,
        path: 'result.version',
        received: MISSING,
      },
      {
        name: 'version missing although maxSupportedTransactionVersion was given (jsonParsed)',
        fixture: PARSED_LEGACY_MAX,
        edits: [[',"version":"legacy"', '']],
        args: [SIG_LEGACY, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }],
        path: 'result.version',
        received: MISSING,
      },
      {
        name: 'version 1 (not defined)',
        fixture: JSON_V0,
        edits: [['"version":0', '"version":1']],
        args: jsonV0,
        path: 'result.version',
      },
      {
        name: 'version "0" as a string',
        fixture: JSON_V0,
        edits: [['"version":0', '"version":"0"']],
        args: jsonV0,
        path: 'result.version',
      },
      {
        name: 'loadedAddresses missing for versioned json',
        fixture: JSON_V0,
        edits: [['"loadedAddresses":', '"x":']],
        args: jsonV0,
        path: 'result.meta.loadedAddresses',
        received: MISSING,
      },
      {
        name: 'loadedAddresses missing for versioned base64',
        fixture: BASE64_V0,
        edits: [['"loadedAddresses":', '"x":']],
        args: base64V0,
        path: 'result.meta.loadedAddresses',
        received: MISSING,
      },
      {
        name: 'loadedAddresses with a bad key',
        fixture: JSON_V0,
        edits: [['"writable":["FnB5', '"writable":["0xFnB5']],
        args: jsonV0,
        path: 'result.meta.loadedAddresses.writable.0',
      },
      {
        name: 'fee as a string',
        fixture: JSON_LEGACY,
        edits: [['"fee":5300', '"fee":"5300"']],
        args: json,
        path: 'result.meta.fee',
      },
      {
        name: 'fee negative',
        fixture: JSON_LEGACY,
        edits: [['"fee":5300', '"fee":-1']],
        args: json,
        path: 'result.meta.fee',
      },
      {
        name: 'fee above u64::MAX',
        fixture: JSON_LEGACY,
        edits: [['"fee":5300', '"fee":18446744073709551616']],
        args: json,
        path: 'result.meta.fee',
      },
      {
        name: 'a preBalance written as a float (digits already lost)',
        fixture: JSON_LEGACY,
        edits: [['"preBalances":[3732124854,', '"preBalances":[9007199254740993.0,']],
        args: json,
        path: 'result.meta.preBalances.0',
      },
      {
        name: 'postBalances missing',
        fixture: JSON_LEGACY,
        edits: [['"postBalances":', '"postBalancez":']],
        args: json,
        path: 'result.meta.postBalances',
        received: MISSING,
      },
      {
        name: 'err as an array',
        fixture: JSON_FAILED,
        edits: [['"err":{"InstructionError":[0,{"Custom":1}]}', '"err":["InstructionError",0]']],
        args: [SIG_FAILED, { maxSupportedTransactionVersion: 0 }],
        path: 'result.meta.err',
      },
      {
        name: 'err an object with two variants',
        fixture: JSON_FAILED,
        edits: [
          ['"err":{"InstructionError":[0,{"Custom":1}]}', '"err":{"AccountInUse":null,"BlockhashNotFound":null}'],
        ],
        args: [SIG_FAILED, { maxSupportedTransactionVersion: 0 }],
        path: 'result.meta.err',
      },
      {
        name: 'err a number',
        fixture: JSON_FAILED,
        edits: [['"err":{"InstructionError":[0,{"Custom":1}]}', '"err":6001']],
        args: [SIG_FAILED, { maxSupportedTransactionVersion: 0 }],
        path: 'result.meta.err',
      },
      {
        name: 'InstructionError with 3 elements',
        fixture: JSON_FAILED,
        edits: [['"err":{"InstructionError":[0,{"Custom":1}]}', '"err":{"InstructionError":[0,{"Custom":1},7]}']],
        args: [SIG_FAILED, { maxSupportedTransactionVersion: 0 }],
        path: 'result.meta.err',
      },
      {
        name: 'InstructionError with 1 element',
        fixture: JSON_FAILED,
        edits: [['"err":{"InstructionError":[0,{"Custom":1}]}', '"err":{"InstructionError":[0]}']],
        args: [SIG_FAILED, { maxSupportedTransactionVersion: 0 }],
        path: 'result.meta.err',
      },
      {
        name: 'InstructionError index 256',
        fixture: JSON_FAILED,
        edits: [['"err":{"InstructionError":[0,{"Custom":1}]}', '"err":{"InstructionError":[256,{"Custom":1}]}']],
        args: [SIG_FAILED, { maxSupportedTransactionVersion: 0 }],
        path: 'result.meta.err',
      },
      {
        name: 'InstructionError index as a string',
        fixture: JSON_FAILED,
        edits: [['"err":{"InstructionError":[0,{"Custom":1}]}', '"err":{"InstructionError":["0",{"Custom":1}]}']],
        args: [SIG_FAILED, { maxSupportedTransactionVersion: 0 }],
        path: 'result.meta.err',
      },
      {
        name: 'InstructionError as an object, not a pair',
        fixture: JSON_FAILED,
        edits: [['"err":{"InstructionError":[0,{"Custom":1}]}', '"err":{"InstructionError":{"index":0}}']],
        args: [SIG_FAILED, { maxSupportedTransactionVersion: 0 }],
        path: 'result.meta.err',
      },
      {
        name: 'status.Err as an array',
        fixture: JSON_FAILED,
        edits: [['"status":{"Err":{"InstructionError":[0,{"Custom":1}]}}', '"status":{"Err":[0,1]}']],
        args: [SIG_FAILED, { maxSupportedTransactionVersion: 0 }],
        path: 'result.meta.status.Err',
      },
      {
        name: 'status neither Ok nor Err',
        fixture: JSON_LEGACY,
        edits: [['"status":{"Ok":null}', '"status":{}']],
        args: json,
        path: 'result.meta.status.Ok',
        received: MISSING,
      },
      {
        name: 'blockTime beyond Number.MAX_SAFE_INTEGER',
        fixture: JSON_LEGACY,
        edits: [['"blockTime":1754900754', '"blockTime":9007199254740993']],
        args: json,
        path: 'result.blockTime',
        received: '9007199254740993',
      },
      {
        name: 'blockTime as a string',
        fixture: JSON_LEGACY,
        edits: [['"blockTime":1754900754', '"blockTime":"1754900754"']],
        args: json,
        path: 'result.blockTime',
      },
      {
        name: 'slot beyond Number.MAX_SAFE_INTEGER',
        fixture: JSON_LEGACY,
        edits: [['"slot":356138256', '"slot":9007199254740993']],
        args: json,
        path: 'result.slot',
      },
      {
        name: 'slot missing (required: never null)',
        fixture: JSON_LEGACY,
        edits: [['"slot":356138256', '"slott":356138256']],
        args: json,
        path: 'result.slot',
        received: MISSING,
      },
      {
        name: 'fee missing (required: never null)',
        fixture: JSON_LEGACY,
        edits: [['"fee":5300', '"feee":5300']],
        args: json,
        path: 'result.meta.fee',
        received: MISSING,
      },
      {
        name: 'status missing (required: never null)',
        fixture: JSON_LEGACY,
        edits: [['"status":{"Ok":null}', '"statuz":{"Ok":null}']],
        args: json,
        path: 'result.meta.status',
        received: MISSING,
      },
      {
        name: 'an instruction without programIdIndex (required)',
        fixture: ERA_2020,
        edits: [['"programIdIndex":2,', '']],
        args: [SIG_2020],
        path: 'result.transaction.message.instructions.0.programIdIndex',
        received: MISSING,
      },
      {
        name: 'transactionIndex negative',
        fixture: AGAVE4,
        edits: [['"transactionIndex":117', '"transactionIndex":-1']],
        args: jsonV0,
        path: 'result.transactionIndex',
      },
      {
        name: 'computeUnitsConsumed as a string',
        fixture: JSON_LEGACY,
        edits: [['"computeUnitsConsumed":450', '"computeUnitsConsumed":"450"']],
        args: json,
        path: 'result.meta.computeUnitsConsumed',
      },
      {
        name: 'programIdIndex 256',
        fixture: JSON_LEGACY,
        edits: [['"programIdIndex":2', '"programIdIndex":256']],
        args: json,
        path: 'result.transaction.message.instructions.2.programIdIndex',
      },
      {
        name: 'stackHeight as a string',
        fixture: ERA_2020,
        edits: [['"stackHeight":null', '"stackHeight":"1"']],
        args: [SIG_2020],
        path: 'result.transaction.message.instructions.0.stackHeight',
      },
      {
        name: 'an account key that is not base58',
        fixture: JSON_LEGACY,
        edits: [['"accountKeys":["B2SZ', '"accountKeys":["0xB2SZ']],
        args: json,
        path: 'result.transaction.message.accountKeys.0',
      },
      {
        name: 'signatures not an array',
        fixture: JSON_LEGACY,
        edits: [[`"signatures":["${SIG_LEGACY}"]`, `"signatures":"${SIG_LEGACY}"`]],
        args: json,
        path: 'result.transaction.signatures',
      },
      {
        name: 'addressTableLookups index 256',
        fixture: JSON_V0,
        edits: [['"writableIndexes":[1]', '"writableIndexes":[256]']],
        args: jsonV0,
        path: 'result.transaction.message.addressTableLookups.0.writableIndexes.0',
      },
      {
        name: 'inner instructions index 256',
        fixture: JSON_V0,
        edits: [['"innerInstructions":[{"index":2,', '"innerInstructions":[{"index":256,']],
        args: jsonV0,
        path: 'result.meta.innerInstructions.0.index',
      },
      {
        name: 'a token balance accountIndex 256',
        fixture: JSON_V0,
        edits: [['"preTokenBalances":[{"accountIndex":1,', '"preTokenBalances":[{"accountIndex":256,']],
        args: jsonV0,
        path: 'result.meta.preTokenBalances.0.accountIndex',
      },
      {
        name: 'reward lamports as a string',
        fixture: AGAVE4,
        edits: [['"lamports":-1392', '"lamports":"-1392"']],
        args: jsonV0,
        path: 'result.meta.rewards.0.lamports',
      },
      {
        name: 'reward rewardType unknown',
        fixture: AGAVE4,
        edits: [['"rewardType":"Rent"', '"rewardType":"Bonus"']],
        args: jsonV0,
        path: 'result.meta.rewards.0.rewardType',
      },
      {
        name: 'reward postBalance negative',
        fixture: AGAVE4,
        edits: [['"postBalance":2037888', '"postBalance":-1']],
        args: jsonV0,
        path: 'result.meta.rewards.0.postBalance',
      },
      {
        name: 'returnData labelled base58',
        fixture: AGAVE4,
        edits: [['["pQAAAAAAAAA=","base64"]', '["pQAAAAAAAAA=","base58"]']],
        args: jsonV0,
        path: 'result.meta.returnData.data.1',
      },
      {
        name: 'returnData text that is not base64',
        fixture: AGAVE4,
        edits: [['["pQAAAAAAAAA=","base64"]', '["pQAAAAAAAA","base64"]']],
        args: jsonV0,
        path: 'result.meta.returnData.data.0',
      },
      {
        name: 'base64 transaction text that is not base64',
        fixture: BASE64_V0,
        edits: [['"transaction":["AQLObrc8', '"transaction":["*QLObrc8']],
        args: base64V0,
        path: 'result.transaction.0',
      },
      {
        name: 'base58 transaction text with a character outside the alphabet',
        fixture: BASE58_V0,
        edits: [['"transaction":["', '"transaction":["0']],
        args: [SIG_V0, { encoding: 'base58', maxSupportedTransactionVersion: 0 }],
        path: 'result.transaction.0',
      },
      {
        name: 'a binary transaction labelled with an unknown encoding',
        fixture: BASE64_V0,
        edits: [['==","base64"]', '==","base64+zstd"]']],
        args: base64V0,
        path: 'result.transaction',
      },
      {
        name: 'a json transaction where base64 was asked for',
        fixture: JSON_V0,
        edits: [],
        args: base64V0,
        path: 'result.transaction',
      },
      {
        name: 'jsonParsed: parsed a number',
        fixture: PARSED_V0,
        edits: [['"parsed":{"info":{"authority"', '"parsed":42,"x":{"info":{"authority"']],
        args: parsedV0,
        path: 'result.transaction.message.instructions.3.parsed',
      },
      {
        name: 'jsonParsed: account source unknown',
        fixture: PARSED_V0,
        edits: [['"source":"lookupTable","writable":true', '"source":"table","writable":true']],
        args: parsedV0,
        path: 'result.transaction.message.accountKeys.5.source',
      },
      {
        name: 'jsonParsed: writable a string',
        fixture: PARSED_V0,
        edits: [['"source":"lookupTable","writable":true', '"source":"lookupTable","writable":"true"']],
        args: parsedV0,
        path: 'result.transaction.message.accountKeys.5.writable',
      },
      {
        name: 'jsonParsed: a partially decoded instruction without accounts',
        fixture: PARSED_V0,
        edits: [['{"accounts":[],"data":"GZk52X",', '{"data":"GZk52X",']],
        args: parsedV0,
        path: 'result.transaction.message.instructions.0.accounts',
        received: MISSING,
      },
    ];

    it.each(cases)('$name → ValidationError at $path', async ({ fixture, edits, args, path, received }) => {
      mockRpc({ getTransaction: reply.resultText(resultTextOf(fixture, edits)) });
      const error = await rejectsWith(getTransaction(...args), 'ValidationError');
      expect(sent()).toHaveLength(1);
      expect(error).toMatchObject({ method: 'getTransaction', path });
      if (received) expect(error.received).toBe(received);
      expect(firstLine(error)).toMatch(
        new RegExp(`^getTransaction: invalid result: ${path.replaceAll('.', '\\.')} must be `),
      );
    });

    it.each([
      { name: 'an array', text: '[]' },
      { name: 'a string', text: '"not found"' },
      { name: 'false', text: 'false' },
    ])('a result that is $name → ValidationError at result', async ({ text }) => {
      mockRpc({ getTransaction: reply.resultText(text) });
      const error = await rejectsWith(rpc().getTransaction(SIG_MISSING), 'ValidationError');
      expectSent(SIG_MISSING, { encoding: 'json' });
      expect(error.path).toBe('result');
    });
  });

  describe('unknown fields are tolerated at every level', () => {
    /** Adds a field no node sends today to every object in a JSON value. */
    const withExtras = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(withExtras);
      if (typeof value !== 'object' || value === null) return value;
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) out[key] = withExtras(item);
      out.zzFutureField = { nested: [1, 'two'] };
      return out;
    };
    it.each([
      {
        name: 'json v0',
        fixture: JSON_V0,
        args: [SIG_V0, { maxSupportedTransactionVersion: 0 }],
        expected: { ...V0_BASE, meta: V0_META, transaction: V0_JSON_TX, version: 0 },
      },
      {
        name: 'jsonParsed v0',
        fixture: PARSED_V0,
        args: [SIG_V0, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }],
        expected: {
          ...V0_BASE,
          meta: { ...V0_PARSED_META, innerInstructions: V0_PARSED_INNER },
          transaction: V0_PARSED_TX,
          version: 0,
        },
      },
      {
        name: 'jsonParsed legacy with a memo',
        fixture: PARSED_LEGACY_MEMO,
        args: [SIG_MEMO, { encoding: 'jsonParsed' }],
        expected: MEMO_RESULT,
      },
      {
        name: 'base64 v0',
        fixture: BASE64_V0,
        args: [SIG_V0, { encoding: 'base64', maxSupportedTransactionVersion: 0 }],
        expected: { ...V0_BASE, meta: V0_META, transaction: hexBytes(V0_HEX), version: 0 },
      },
    ])('$name', async ({ fixture, args, expected }) => {
      const wire = withExtras(wireOf(fixture)) as { meta: { zzFutureField?: unknown } };
      expect(wire.meta.zzFutureField).toBeDefined(); // the edit took
      mockRpc({ getTransaction: reply.result(wire) });
      const result = await getTransaction(...args);
      expect(sent()).toHaveLength(1);
      expect(result).toMatchObject(expected);
    });

    it('extra fields in a reward, returnData and the top level (agave 4 fixture)', async () => {
      mockRpc({
        getTransaction: reply.resultText(
          resultTextOf(AGAVE4, [
            ['"rewardType":"Rent"}', '"rewardType":"Rent","epoch":830}'],
            [
              '"programId":"TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"},"rewards"',
              `"programId":"${TOKENKEG}","len":8},"rewards"`,
            ],
            ['"transactionIndex":117', '"transactionIndex":117,"blockHeight":334000000'],
          ]),
        ),
      });
      const tx = await rpc().getTransaction(SIG_V0, { maxSupportedTransactionVersion: 0 });
      expectSent(SIG_V0, { encoding: 'json', maxSupportedTransactionVersion: 0 });
      expect(tx?.meta?.rewards?.[0]).toStrictEqual({
        pubkey: V0_SOURCE,
        lamports: -1392n,
        postBalance: 2037888n,
        rewardType: 'Rent',
        commission: null,
      });
      expect(tx?.meta?.returnData).toStrictEqual({ programId: TOKENKEG, data: hexBytes('a500000000000000') });
      expect(tx?.transactionIndex).toBe(117);
    });
  });

  describe('bad input is refused before any request', () => {
    const SIG_63_BYTES = encodeBase58(Uint8Array.from({ length: 63 }, (_, i) => i + 1));
    const SIG_65_BYTES = encodeBase58(Uint8Array.from({ length: 65 }, (_, i) => 200 - i));
    it.each([
      { name: 'signature: hex, not base58', args: [`0x${'ab'.repeat(32)}`], param: 'signature' },
      { name: 'signature: 0 is not in the alphabet', args: [`${SIG_LEGACY.slice(0, -1)}0`], param: 'signature' },
      { name: 'signature: l is not in the alphabet', args: [`l${SIG_LEGACY.slice(1)}`], param: 'signature' },
      { name: 'signature: 63 bytes', args: [SIG_63_BYTES], param: 'signature' },
      { name: 'signature: 65 bytes', args: [SIG_65_BYTES], param: 'signature' },
      { name: 'signature: an address (32 bytes)', args: [PAYER], param: 'signature' },
      { name: 'signature: empty', args: [''], param: 'signature' },
      { name: 'signature: a number', args: [123], param: 'signature' },
      { name: 'signature: bytes instead of text', args: [hexBytes(LEGACY_HEX).subarray(1, 65)], param: 'signature' },
      { name: 'signature: null', args: [null], param: 'signature' },
      { name: 'signature: missing', args: [], param: 'signature' },
      { name: "commitment 'processed'", args: [SIG_LEGACY, { commitment: 'processed' }], param: 'config.commitment' },
      {
        name: "commitment 'recent' (removed)",
        args: [SIG_LEGACY, { commitment: 'recent' }],
        param: 'config.commitment',
      },
      { name: 'commitment wrong case', args: [SIG_LEGACY, { commitment: 'Confirmed' }], param: 'config.commitment' },
      { name: "encoding 'binary'", args: [SIG_LEGACY, { encoding: 'binary' }], param: 'config.encoding' },
      { name: "encoding 'base64+zstd'", args: [SIG_LEGACY, { encoding: 'base64+zstd' }], param: 'config.encoding' },
      { name: "encoding 'JSON'", args: [SIG_LEGACY, { encoding: 'JSON' }], param: 'config.encoding' },
      { name: 'encoding a number', args: [SIG_LEGACY, { encoding: 1 }], param: 'config.encoding' },
      {
        name: 'maxSupportedTransactionVersion 1',
        args: [SIG_LEGACY, { maxSupportedTransactionVersion: 1 }],
        param: 'config.maxSupportedTransactionVersion',
      },
      {
        name: "maxSupportedTransactionVersion '0'",
        args: [SIG_LEGACY, { maxSupportedTransactionVersion: '0' }],
        param: 'config.maxSupportedTransactionVersion',
      },
      {
        name: 'maxSupportedTransactionVersion -1',
        args: [SIG_LEGACY, { maxSupportedTransactionVersion: -1 }],
        param: 'config.maxSupportedTransactionVersion',
      },
      {
        name: 'maxSupportedTransactionVersion null',
        args: [SIG_LEGACY, { maxSupportedTransactionVersion: null }],
        param: 'config.maxSupportedTransactionVersion',
      },
      {
        name: "maxSupportedTransactionVersion 'legacy'",
        args: [SIG_LEGACY, { maxSupportedTransactionVersion: 'legacy' }],
        param: 'config.maxSupportedTransactionVersion',
      },
      {
        name: 'a misspelt option (maxSupportedTransactonVersion)',
        args: [SIG_LEGACY, { maxSupportedTransactonVersion: 0 }],
        param: 'config.maxSupportedTransactonVersion',
      },
      {
        name: 'a misspelt option (comitment)',
        args: [SIG_LEGACY, { comitment: 'confirmed' }],
        param: 'config.comitment',
      },
      {
        name: 'an option of another method (minContextSlot)',
        args: [SIG_LEGACY, { minContextSlot: 1 }],
        param: 'config.minContextSlot',
      },
      { name: 'config null', args: [SIG_LEGACY, null], param: 'config' },
      { name: 'config an array', args: [SIG_LEGACY, ['json']], param: 'config' },
      { name: 'config a number', args: [SIG_LEGACY, 0], param: 'config' },
      { name: "positional 'binary'", args: [SIG_LEGACY, 'binary'], param: 'encoding' },
      { name: "positional 'Base64'", args: [SIG_LEGACY, 'Base64'], param: 'encoding' },
      {
        name: "positional 'confirmed' (a commitment, not an encoding)",
        args: [SIG_LEGACY, 'confirmed'],
        param: 'encoding',
      },
      { name: 'positional empty string', args: [SIG_LEGACY, ''], param: 'encoding' },
      { name: 'timeoutMs zero', args: [SIG_LEGACY, { timeoutMs: 0 }], param: 'config.timeoutMs' },
      { name: 'signal not an AbortSignal', args: [SIG_LEGACY, { signal: {} }], param: 'config.signal' },
    ])('$name', async ({ args, param }) => {
      mockRpc({ getTransaction: serveFixture(JSON_LEGACY) });
      const error = await rejectsWith(getTransaction(...args), 'InvalidInputError');
      expect(error).toMatchObject({ method: 'getTransaction', param });
      expect(firstLine(error)).toMatch(new RegExp(`^getTransaction: invalid ${param.replaceAll('.', '\\.')}: `));
      expect(calls).toHaveLength(0);
    });

    it("commitment 'processed' says to use confirmed or finalized", async () => {
      mockRpc({ getTransaction: serveFixture(JSON_LEGACY) });
      const error = await rejectsWith(getTransaction(SIG_LEGACY, { commitment: 'processed' }), 'InvalidInputError');
      expect(error.hint).toBe("use 'confirmed' (the earliest it serves) or 'finalized'.");
      expect(firstLine(error)).toBe(
        "getTransaction: invalid config.commitment: the node does not serve this method at 'processed'",
      );
      expect(error.message.split('\n')[1]).toBe("Hint: use 'confirmed' (the earliest it serves) or 'finalized'.");
      expect(calls).toHaveLength(0);
    });

    it('a bad signature carries the signature hint and says why', async () => {
      mockRpc({ getTransaction: serveFixture(JSON_LEGACY) });
      const error = await rejectsWith(getTransaction(SIG_63_BYTES), 'InvalidInputError');
      expect(error.hint).toBe('a signature is 64 bytes in base58 (64–88 characters).');
      expect(firstLine(error)).toBe('getTransaction: invalid signature: decodes to 63 bytes, expected 64');
      expect(calls).toHaveLength(0);
    });

    it('maxSupportedTransactionVersion 1 says 0 is the only version', async () => {
      mockRpc({ getTransaction: serveFixture(JSON_LEGACY) });
      const error = await rejectsWith(
        getTransaction(SIG_LEGACY, { maxSupportedTransactionVersion: 1 }),
        'InvalidInputError',
      );
      expect(firstLine(error)).toBe(
        'getTransaction: invalid config.maxSupportedTransactionVersion: expected 0 (the only transaction version defined), got 1',
      );
      expect(calls).toHaveLength(0);
    });

    it('an unknown positional encoding lists the encodings', async () => {
      mockRpc({ getTransaction: serveFixture(JSON_LEGACY) });
      const error = await rejectsWith(getTransaction(SIG_LEGACY, 'binary'), 'InvalidInputError');
      expect(firstLine(error)).toBe(
        "getTransaction: invalid encoding: expected one of 'json', 'jsonParsed', 'base64', 'base58', got \"binary\"",
      );
      expect(calls).toHaveLength(0);
    });
  });

  describe("this suite's own fixtures", () => {
    it.each(OWN_FIXTURES)('%s: the request matches its params and the result its expect table', async (name) => {
      const fixture = loadFixture(name) as ReturnType<typeof loadFixture> & { expect: Record<string, string> };
      mockRpc({ getTransaction: serveFixture(name) });
      const result = await getTransaction(...fixture.params);
      expectSent(...fixture.params);
      const problems = compareExpect({ ...fixture, file: name } as ConformanceCase, { result });
      expect(problems).toStrictEqual([]);
      expect(Object.keys(fixture.expect).length).toBeGreaterThan(4);
    });
  });
});
