import { describe, expect, it } from 'vitest';
import { createRpc, type SignatureInfo } from '../../src/index.js';
import { loadFixture, resultTextOf, serveFixture } from '../msw/fixtures.js';
import { expectRpcError, mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const MIXED = 'conformance/getSignaturesForAddress.mixed-err-memo-blocktime-null';
const AGAVE4 = 'conformance/getSignaturesForAddress.agave4-transaction-index';
const WALLET = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const VOTE = 'Vote111111111111111111111111111111111111111';
const [s0, s1, s2, s3] = (JSON.parse(loadFixture(MIXED).responseText) as { result: SignatureInfo[] }).result.map(
  (entry) => entry.signature,
);
const [t0, t1, t2] = (JSON.parse(loadFixture(AGAVE4).responseText) as { result: SignatureInfo[] }).result.map(
  (entry) => entry.signature,
);
const BEFORE = (loadFixture(AGAVE4).params[1] as { before: string }).before;

const MIXED_RESULT: SignatureInfo[] = [
  {
    signature: s0 as string,
    slot: 383412907,
    err: null,
    memo: '[11] lunch split',
    blockTime: 1763985412,
    confirmationStatus: 'confirmed',
  },
  {
    signature: s1 as string,
    slot: 383412851,
    err: { InstructionError: [1, { Custom: 6001 }] },
    memo: null,
    blockTime: 1763985390,
    confirmationStatus: 'finalized',
  },
  {
    signature: s2 as string,
    slot: 383412002,
    err: null,
    memo: '[4] rent; [8] refund 2',
    blockTime: null,
    confirmationStatus: 'finalized',
  },
  {
    signature: s3 as string,
    slot: 383411560,
    err: { InsufficientFundsForRent: { account_index: 2 } },
    memo: null,
    blockTime: 1763984911,
    confirmationStatus: 'finalized',
  },
];

const AGAVE4_RESULT: SignatureInfo[] = [
  {
    signature: t0 as string,
    slot: 383425001,
    err: null,
    memo: null,
    blockTime: 1763990101,
    confirmationStatus: 'finalized',
    transactionIndex: 1412,
  },
  {
    signature: t1 as string,
    slot: 383424996,
    err: null,
    memo: null,
    blockTime: 1763990099,
    confirmationStatus: 'finalized',
    transactionIndex: 0,
  },
  {
    signature: t2 as string,
    slot: 383424900,
    err: null,
    memo: '[4] test',
    blockTime: 1763990060,
    confirmationStatus: 'finalized',
    transactionIndex: 37,
  },
];

// An older node's entry: nullable fields left out rather than sent as null.
const SPARSE = `[{"signature":"${s0}","slot":383412907}]`;

describeMethod('getSignaturesForAddress', {
  defaults: {
    args: [WALLET, { limit: 4, commitment: 'confirmed' }],
    sent: [WALLET, { limit: 4, commitment: 'confirmed' }],
    answer: serveFixture(MIXED),
    expect: MIXED_RESULT,
  },
  cases: [
    { name: 'err decoded as getSignatureStatuses decodes it; memo; blockTime null; no transactionIndex' },
    {
      name: 'Agave 4: transactionIndex kept, 0 included',
      args: [VOTE, { before: BEFORE, limit: 3 }],
      sent: [VOTE, { before: BEFORE, limit: 3 }],
      answer: serveFixture(AGAVE4),
      expect: AGAVE4_RESULT,
    },
    {
      name: 'every option, in the order agave lists them; minContextSlot as a bigint',
      args: [WALLET, { minContextSlot: 383400000n, commitment: 'finalized', limit: 1000, until: t2, before: BEFORE }],
      sent: [WALLET, { before: BEFORE, until: t2, limit: 1000, commitment: 'finalized', minContextSlot: 383400000 }],
    },
    { name: 'no config: params [address]', args: [WALLET], sent: [WALLET] },
    {
      name: 'call options only: nothing more on the wire',
      args: [WALLET, { signal: new AbortController().signal, timeoutMs: 1_000, limit: undefined }],
      sent: [WALLET],
    },
    {
      name: 'an empty history is [], not null',
      args: [WALLET],
      sent: [WALLET],
      answer: '[]',
      expect: [],
    },
    {
      name: 'nullable fields left out become null',
      args: [WALLET],
      sent: [WALLET],
      answer: SPARSE,
      expect: [{ signature: s0, slot: 383412907, err: null, memo: null, blockTime: null, confirmationStatus: null }],
    },
    {
      name: 'unknown fields are tolerated and not copied',
      answer: resultTextOf(MIXED, [['"slot":383412907', '"slot":383412907,"rank":18446744073709551615']]),
    },
  ],
  refusals: [
    { name: 'null instead of a list', answer: 'null', path: 'result' },
    {
      name: 'a slot as a string',
      answer: resultTextOf(MIXED, [['"slot":383412851', '"slot":"383412851"']]),
      path: 'result.1.slot',
    },
    {
      name: 'a signature that is not base58',
      answer: resultTextOf(MIXED, [[`"${s2}"`, '"0OIl"']]),
      path: 'result.2.signature',
    },
    {
      name: 'an InstructionError without its index',
      answer: resultTextOf(MIXED, [['[1,{"Custom":6001}]', '[{"Custom":6001}]']]),
      path: 'result.1.err',
    },
    {
      name: 'a blockTime beyond Number.MAX_SAFE_INTEGER',
      answer: resultTextOf(MIXED, [['"blockTime":1763985412', '"blockTime":9007199254740993']]),
      path: 'result.0.blockTime',
    },
    {
      name: 'an unknown confirmationStatus',
      answer: resultTextOf(MIXED, [['"confirmationStatus":"confirmed"', '"confirmationStatus":"rooted"']]),
      path: 'result.0.confirmationStatus',
    },
    {
      name: 'a memo as a number',
      answer: resultTextOf(MIXED, [['"memo":"[11] lunch split"', '"memo":11']]),
      path: 'result.0.memo',
    },
    {
      name: 'a negative transactionIndex',
      args: [VOTE, { before: BEFORE, limit: 3 }],
      sent: [VOTE, { before: BEFORE, limit: 3 }],
      answer: resultTextOf(AGAVE4, [['"transactionIndex":37', '"transactionIndex":-37']]),
      path: 'result.2.transactionIndex',
    },
  ],
  inputErrors: [
    { name: 'no address', args: [], param: 'address' },
    { name: 'an address that is not base58', args: ['0OIl'], param: 'address' },
    { name: 'config: a string', args: [WALLET, 'confirmed'], param: 'config' },
    { name: 'before: an address, not a signature', args: [WALLET, { before: WALLET }], param: 'config.before' },
    { name: 'until: not base58', args: [WALLET, { until: `${t0}0` }], param: 'config.until' },
    { name: 'limit 0 (agave refuses it)', args: [WALLET, { limit: 0 }], param: 'config.limit' },
    { name: 'limit 1001 (above agave maximum)', args: [WALLET, { limit: 1001 }], param: 'config.limit' },
    { name: 'limit 2.5', args: [WALLET, { limit: 2.5 }], param: 'config.limit' },
    { name: 'limit as a bigint', args: [WALLET, { limit: 10n }], param: 'config.limit' },
    { name: "commitment 'processed'", args: [WALLET, { commitment: 'processed' }], param: 'config.commitment' },
    { name: 'an unknown commitment', args: [WALLET, { commitment: 'max' }], param: 'config.commitment' },
    { name: 'a negative minContextSlot', args: [WALLET, { minContextSlot: -1 }], param: 'config.minContextSlot' },
    { name: 'a misspelt option', args: [WALLET, { limt: 10 }], param: 'config.limt' },
  ],
});

describe('getSignaturesForAddress: beyond the table', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

  it("'processed' is refused with a message that says why, and nothing is sent", async () => {
    const error = await rejectsWith(
      rpc().getSignaturesForAddress(WALLET, { commitment: 'processed' as never }),
      'InvalidInputError',
    );
    expect(error.message).toBe(
      "getSignaturesForAddress: invalid config.commitment: the node does not serve this method at 'processed'\nHint: use 'confirmed' (the earliest it serves) or 'finalized'.",
    );
    expect(sent()).toStrictEqual([]);
  });

  it('a node without transaction history: its -32011 as an RpcError', async () => {
    mockRpc({
      getSignaturesForAddress: reply.error(-32011, 'Transaction history is not available from this node'),
    });
    const error = await rejectsWith(rpc().getSignaturesForAddress(WALLET), 'RpcError');
    expectRpcError(error, 'getSignaturesForAddress', {
      code: -32011,
      codeName: 'TRANSACTION_HISTORY_NOT_AVAILABLE',
      message: 'Transaction history is not available from this node',
      hint: 'this node keeps no transaction history (started without --enable-rpc-transaction-history); use an archive RPC node.',
      retryable: false,
    });
    expect(sent()).toStrictEqual([{ method: 'getSignaturesForAddress', params: [WALLET] }]);
  });
});
