import { describe, expect, it } from 'vitest';
import { createRpc, decodeTransaction, type Reward } from '../../src/index.js';
import { loadFixture, resultTextOf, serveFixture } from '../msw/fixtures.js';
import { calls, expectRpcError, mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const SIGNATURES = 'conformance/getBlock.signatures.basic';
const FULL = 'conformance/getBlock.json.full-v0';
const BYTES = 'conformance/getBlock.base64.no-rewards';
const ACCOUNTS = 'conformance/getBlock.accounts.v0';
const PARSED = 'conformance/getBlock.jsonParsed.legacy';
const BOUNDARY = 'conformance/getBlock.epoch-boundary.numRewardPartitions';

const SLOT = loadFixture(SIGNATURES).params[0] as number;

const HEADER = {
  blockhash: '7EJxkHNP2m9MFQk4kmBTpUsvnX4X7J6Hu1Jd8EWbd8rd',
  previousBlockhash: 'HmjaAKAF2TPprsa3CQpBF4ZKhkbhvvVx6fuMNMR19WtM',
  parentSlot: 356138555,
  blockTime: 1754900874,
  blockHeight: 334287100,
};
const HEADER_TEXT =
  '"blockHeight":334287100,"blockTime":1754900874,"blockhash":"7EJxkHNP2m9MFQk4kmBTpUsvnX4X7J6Hu1Jd8EWbd8rd","parentSlot":356138555,"previousBlockhash":"HmjaAKAF2TPprsa3CQpBF4ZKhkbhvvVx6fuMNMR19WtM"';
const FEE_REWARD: Reward = {
  pubkey: 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy',
  lamports: 12683750n,
  postBalance: 398474902211n,
  rewardType: 'Fee',
  commission: null,
};
const SIGNATURE_LIST = [
  '4FkSCEpzNzeSTuoUbgVyqa7YuYycimdsLKwQibMz8dyuXKre5FYDYQzktwtA8he4APzJLeqi7kZmpaTWqcZrDi5',
  '3F9oEyVbNd815M5NELvdanJVCNRjiEsguKZSxMH5bgges428pQTHDCcgTFuF2R1W2dVPCK6Zp6nW8XDcyDHzrEur',
  '5wj4Apus3U9ihu3EFXJhAnHZijxFNJLCvaRPCtKTByxzQCTYpxWPjHcBoF9GhqckhMpnuft54WUMkUBL5bo328C5',
];
const SIGNATURES_CONFIG = { transactionDetails: 'signatures' } as const;
const SIGNATURES_SENT = [SLOT, { encoding: 'json', transactionDetails: 'signatures' }];

const signatures = (search: string, replacement: string) => resultTextOf(SIGNATURES, [[search, replacement]]);
const full = (search: string, replacement: string) => resultTextOf(FULL, [[search, replacement]]);
const FULL_ARGS = [SLOT, { maxSupportedTransactionVersion: 0 }];
const FULL_SENT = [SLOT, { encoding: 'json', maxSupportedTransactionVersion: 0 }];

describeMethod('getBlock', {
  defaults: {
    args: [SLOT, SIGNATURES_CONFIG],
    sent: SIGNATURES_SENT,
    answer: serveFixture(SIGNATURES),
    expect: { ...HEADER, rewards: [FEE_REWARD], signatures: SIGNATURE_LIST },
  },
  cases: [
    { name: "signatures: each transaction's first signature, rewards with exact lamports" },
    {
      name: 'none without rewards: the header alone, rewards: false sent',
      args: [SLOT, { transactionDetails: 'none', rewards: false }],
      sent: [SLOT, { encoding: 'json', transactionDetails: 'none', rewards: false }],
      answer: `{${HEADER_TEXT}}`,
      expect: HEADER,
    },
    {
      name: 'rewards sent although not asked for are not read',
      args: [SLOT, { transactionDetails: 'none', rewards: false }],
      sent: [SLOT, { encoding: 'json', transactionDetails: 'none', rewards: false }],
      answer: `{${HEADER_TEXT},"rewards":"whatever"}`,
      expect: HEADER,
    },
    {
      name: 'the first block of an epoch: numRewardPartitions kept, a voting reward with its commission',
      args: [428112000, { transactionDetails: 'none', maxSupportedTransactionVersion: 0, rewards: true }],
      sent: [
        428112000,
        { encoding: 'json', transactionDetails: 'none', rewards: true, maxSupportedTransactionVersion: 0 },
      ],
      answer: serveFixture(BOUNDARY),
      expect: {
        blockhash: 'CT3FrEwCYEHwXMypxuc5hSEMn8fyew86RgSd8HSnpyza',
        previousBlockhash: 'ATcFMWJULLmbJxq13kMJ1EuQCZ9pkSSke3Va4NiqLY9w',
        parentSlot: 428111999,
        blockTime: 1783476003,
        blockHeight: 405961231,
        numRewardPartitions: 312,
        rewards: [
          {
            pubkey: 'F5WEEymyH75NWW8q1dHYjwu8TccV8vW4nXage7HEYcrX',
            lamports: 11234567890n,
            postBalance: 2300123456789n,
            rewardType: 'Voting',
            commission: 5,
          },
          {
            pubkey: 'G2rjngFVTJvmbssc3kykKrrqGcLrFRY76nubhoZPyytd',
            lamports: 3125000n,
            postBalance: 51230001234n,
            rewardType: 'Fee',
            commission: null,
          },
        ],
      },
    },
    {
      name: 'blockTime and blockHeight null (old blocks), or left out by a proxy: both null',
      answer: signatures('"blockHeight":334287100,"blockTime":1754900874,', '"blockTime":null,'),
      expect: { ...HEADER, blockTime: null, blockHeight: null, rewards: [FEE_REWARD], signatures: SIGNATURE_LIST },
    },
    {
      name: 'a slot as a bigint, confirmed: sent as a plain integer',
      args: [BigInt(SLOT), { ...SIGNATURES_CONFIG, commitment: 'confirmed' }],
      sent: [SLOT, { encoding: 'json', transactionDetails: 'signatures', commitment: 'confirmed' }],
    },
    {
      name: 'the deprecated positional encoding is sent as written',
      args: [SLOT, 'json'],
      sent: [SLOT, 'json'],
      answer: `{${HEADER_TEXT},"rewards":[],"transactions":[]}`,
      expect: { ...HEADER, rewards: [], transactions: [] },
    },
    {
      name: 'no config: json written out, every other option left to the node',
      args: [SLOT],
      sent: [SLOT, { encoding: 'json' }],
      answer: `{${HEADER_TEXT},"rewards":[],"transactions":[]}`,
      expect: { ...HEADER, rewards: [], transactions: [] },
    },
    {
      name: 'call options and undefined fields: nothing more on the wire',
      args: [SLOT, { ...SIGNATURES_CONFIG, timeoutMs: 1_000, commitment: undefined, rewards: undefined }],
    },
    {
      name: 'unknown fields are tolerated and not copied into the result',
      answer: signatures('"blockHeight":334287100,', '"blockHeight":334287100,"leader":"someone",'),
    },
    { name: 'a block the node cannot give: null', answer: 'null', expect: null },
  ],
  refusals: [
    {
      name: 'blockhash not base58',
      answer: signatures('"7EJxkHNP2m9MFQk4kmBTpUsvnX4X7J6Hu1Jd8EWbd8rd"', '"0x12"'),
      path: 'result.blockhash',
    },
    {
      name: 'parentSlot a string',
      answer: signatures('"parentSlot":356138555', '"parentSlot":"356138555"'),
      path: 'result.parentSlot',
    },
    {
      name: 'rewards missing although asked for',
      answer: signatures('"rewards":[', '"prizes":['),
      path: 'result.rewards',
      received: 'nothing (the field is missing)',
    },
    {
      name: 'a reward with fractional lamports',
      answer: signatures('"lamports":12683750', '"lamports":12683750.5'),
      path: 'result.rewards.0.lamports',
    },
    { name: 'signatures missing', answer: signatures('"signatures":[', '"sigs":['), path: 'result.signatures' },
    { name: 'a signature that is not one', answer: signatures('"4FkSCEpz', '"0'), path: 'result.signatures.0' },
    {
      name: 'full: transactions missing',
      args: FULL_ARGS,
      sent: FULL_SENT,
      answer: full('"transactions":[', '"txs":['),
      path: 'result.transactions',
    },
    {
      name: 'full: a fee as a string',
      args: FULL_ARGS,
      sent: FULL_SENT,
      answer: full('"fee":20000', '"fee":"20000"'),
      path: 'result.transactions.0.meta.fee',
    },
    {
      name: 'full: a version missing beside a meta (only meta-less old transactions leave it out)',
      args: FULL_ARGS,
      sent: FULL_SENT,
      answer: full(',"version":0}', '}'),
      path: 'result.transactions.0.version',
      received: 'nothing (the field is missing)',
    },
    {
      name: 'full: loadedAddresses missing with versions allowed',
      args: FULL_ARGS,
      sent: FULL_SENT,
      answer: full('"loadedAddresses":{"readonly":["G4iK', '"loaded":{"readonly":["G4iK'),
      path: 'result.transactions.0.meta.loadedAddresses',
    },
    {
      name: 'accounts: an account key without its writable flag',
      args: [SLOT, { transactionDetails: 'accounts', maxSupportedTransactionVersion: 0 }],
      sent: [SLOT, { encoding: 'json', transactionDetails: 'accounts', maxSupportedTransactionVersion: 0 }],
      answer: resultTextOf(ACCOUNTS, [
        [
          '"pubkey":"EebAcZ7pXxKvce3ZzHRHb4B3Lie3AmtF1yGsnXj3wnd6","signer":true,"source":"transaction","writable":true}',
          '"pubkey":"EebAcZ7pXxKvce3ZzHRHb4B3Lie3AmtF1yGsnXj3wnd6","signer":true,"source":"transaction"}',
        ],
      ]),
      path: 'result.transactions.0.transaction.accountKeys.0.writable',
    },
    { name: 'a result that is an array', answer: '[]', path: 'result' },
  ],
  inputErrors: [
    { name: 'no slot', args: [], param: 'slot' },
    { name: 'a null slot', args: [null, SIGNATURES_CONFIG], param: 'slot' },
    { name: 'a negative slot', args: [-1], param: 'slot' },
    { name: 'a slot as a string', args: ['356138556'], param: 'slot' },
    { name: 'an unsafe number slot', args: [2 ** 53], param: 'slot' },
    {
      name: "commitment 'processed' (the node serves blocks from confirmed on)",
      args: [SLOT, { commitment: 'processed' }],
      param: 'config.commitment',
    },
    {
      name: 'transactionDetails not one of four',
      args: [SLOT, { transactionDetails: 'all' }],
      param: 'config.transactionDetails',
    },
    {
      name: 'encoding base64+zstd (accounts only)',
      args: [SLOT, { encoding: 'base64+zstd' }],
      param: 'config.encoding',
    },
    { name: 'rewards not a boolean', args: [SLOT, { rewards: 'yes' }], param: 'config.rewards' },
    {
      name: 'maxSupportedTransactionVersion 1',
      args: [SLOT, { maxSupportedTransactionVersion: 1 }],
      param: 'config.maxSupportedTransactionVersion',
    },
    { name: 'a positional encoding that is not one', args: [SLOT, 'binary64'], param: 'encoding' },
    {
      name: 'an option of another method',
      args: [SLOT, { dataSlice: { offset: 0, length: 1 } }],
      param: 'config.dataSlice',
    },
    { name: 'a third argument', args: [SLOT, {}, {}], param: 'arguments' },
  ],
});

describe('getBlock: beyond the table', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

  it('full json with versions: each transaction decoded as getTransaction decodes one, exact and rebuilt', async () => {
    mockRpc({ getBlock: serveFixture(FULL) });
    const block = await rpc().getBlock(SLOT, { maxSupportedTransactionVersion: 0 });
    expect(sent()).toStrictEqual([{ method: 'getBlock', params: FULL_SENT }]);
    expect(block).toMatchObject({ ...HEADER, rewards: [FEE_REWARD] });
    const [v0, legacy] = block?.transactions ?? [];
    expect(block?.transactions).toHaveLength(2);
    expect(v0?.version).toBe(0);
    expect(legacy?.version).toBe('legacy');
    expect(v0?.meta?.fee).toBe(20000n);
    expect(v0?.meta?.loadedAddresses.writable).toEqual(['FnB5FvsfcQBnNJgVh7o8QtJ3eYgyaYm5wf1TaXozzosm']);
    expect(v0?.transaction.message.addressTableLookups?.[0]?.readonlyIndexes).toEqual([2, 3, 4]);
    expect(v0?.meta?.postTokenBalances?.[0]?.uiTokenAmount.uiAmount).toBeNull();
    // What getTransaction returns for the same transaction, less its slot and block time.
    const tx = loadFixture('conformance/getTransaction.json.v0-lookup-table');
    mockRpc({ getTransaction: serveFixture('conformance/getTransaction.json.v0-lookup-table') });
    const alone = await rpc().getTransaction(tx.params[0] as string, { maxSupportedTransactionVersion: 0 });
    const { slot: _slot, blockTime: _time, ...entry } = alone ?? {};
    expect(v0).toStrictEqual(entry);
  });

  it('a balance above 2^53 in a block stays exact', async () => {
    // An odd balance between 2^53 and 2^54: a double cannot hold it.
    mockRpc({ getBlock: serveFixture(FULL, [['"preBalances":[84210556,', '"preBalances":[9007199254740993,']]) });
    const block = await rpc().getBlock(SLOT, { maxSupportedTransactionVersion: 0 });
    expect(block?.transactions[0]?.meta?.preBalances[0]).toBe(9007199254740993n);
  });

  it('wire bytes without rewards: Uint8Array transactions decodeTransaction reads, meta rewards null', async () => {
    mockRpc({ getBlock: serveFixture(BYTES) });
    const block = await rpc().getBlock(SLOT, { encoding: 'base64', maxSupportedTransactionVersion: 0, rewards: false });
    expect(sent()).toStrictEqual([
      { method: 'getBlock', params: [SLOT, { encoding: 'base64', rewards: false, maxSupportedTransactionVersion: 0 }] },
    ]);
    expect(block && 'rewards' in block).toBe(false);
    const [first] = block?.transactions ?? [];
    expect(first?.transaction).toBeInstanceOf(Uint8Array);
    expect(first?.meta?.rewards).toBeNull();
    expect(decodeTransaction(first?.transaction as Uint8Array).signatures[0]).toBe(SIGNATURE_LIST[0]);
  });

  it('accounts: signatures and every key with its source; the meta holds no logs', async () => {
    mockRpc({ getBlock: serveFixture(ACCOUNTS) });
    const block = await rpc().getBlock(SLOT, { transactionDetails: 'accounts', maxSupportedTransactionVersion: 0 });
    const [v0, failed] = block?.transactions ?? [];
    expect(v0?.version).toBe(0);
    expect(v0?.transaction.signatures).toEqual([SIGNATURE_LIST[0]]);
    expect(v0?.transaction.accountKeys[0]).toStrictEqual({
      pubkey: 'EebAcZ7pXxKvce3ZzHRHb4B3Lie3AmtF1yGsnXj3wnd6',
      writable: true,
      signer: true,
      source: 'transaction',
    });
    expect(v0?.transaction.accountKeys[5]?.source).toBe('lookupTable');
    expect(Object.keys(v0?.meta ?? {}).sort()).toEqual(
      [
        'err',
        'status',
        'fee',
        'preBalances',
        'postBalances',
        'preTokenBalances',
        'postTokenBalances',
        'rewards',
      ].sort(),
    );
    expect(failed?.meta?.err).toEqual({ InstructionError: [expect.any(Number), expect.anything()] });
  });

  it('jsonParsed, legacy only: no version key, source null where a node left it out', async () => {
    mockRpc({ getBlock: reply.resultText(resultTextOf(PARSED).replaceAll('"source":"transaction",', '')) });
    const block = await rpc().getBlock(SLOT, { encoding: 'jsonParsed' });
    const [tx] = block?.transactions ?? [];
    expect(tx && 'version' in tx).toBe(false);
    expect(tx?.transaction.message.accountKeys[0]?.source).toBeNull();
    expect(block?.rewards).toEqual([]);
  });

  it('a transaction stored without meta, versions asked for: meta null, version legacy', async () => {
    const legacyEntry = `{"meta":null,"transaction":{"message":{"accountKeys":["${SIGNATURE_LIST[0]?.slice(0, 44)}"],"header":{"numReadonlySignedAccounts":0,"numReadonlyUnsignedAccounts":0,"numRequiredSignatures":1},"instructions":[],"recentBlockhash":"${HEADER.blockhash}"},"signatures":["${SIGNATURE_LIST[1]}"]}}`;
    mockRpc({ getBlock: reply.resultText(`{${HEADER_TEXT},"rewards":[],"transactions":[${legacyEntry}]}`) });
    const block = await rpc().getBlock(SLOT, { maxSupportedTransactionVersion: 0 });
    expect(block?.transactions[0]).toMatchObject({ meta: null, version: 'legacy' });
  });

  it.each([
    [-32004, 'BLOCK_NOT_AVAILABLE', `Block not available for slot ${SLOT}`, true],
    [-32007, 'SLOT_SKIPPED', `Slot ${SLOT} was skipped, or missing due to ledger jump to recent snapshot`, false],
    [-32009, 'LONG_TERM_STORAGE_SLOT_SKIPPED', `Slot ${SLOT} was skipped, or missing in long-term storage`, false],
  ] as const)(
    '%i comes through typed as %s, retryable %s, with its hint',
    async (code, codeName, message, retryable) => {
      mockRpc({ getBlock: reply.error(code, message) });
      const error = await rejectsWith(rpc().getBlock(SLOT), 'RpcError');
      expect(calls).toHaveLength(1);
      expect(error).toMatchObject({ code, codeName, retryable });
      expect(error.hint).toMatch(/\S/);
    },
  );

  it('-32015 for a v0 transaction asked for without versions: typed, with the hint to pass 0', async () => {
    const message = loadFixture('conformance/getBlock.error.unsupported-version').responseText;
    const text = JSON.parse(message).error.message as string;
    mockRpc({ getBlock: reply.error(-32015, text) });
    const error = await rejectsWith(rpc().getBlock(SLOT), 'RpcError');
    expectRpcError(error, 'getBlock', {
      code: -32015,
      codeName: 'UNSUPPORTED_TRANSACTION_VERSION',
      message: text,
      data: undefined,
      hint: 'pass { maxSupportedTransactionVersion: 0 } to receive versioned transactions.',
      retryable: false,
    });
  });
});
