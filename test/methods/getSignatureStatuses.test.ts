import { describe, expect, it } from 'vitest';
import { createRpc, type SignatureStatus, type SignatureStatusesResult } from '../../src/index.js';
import { loadFixture, serveFixture } from '../msw/fixtures.js';
import { calls, expectRpcError, mockRpc, RPC_URL, rejectsWith, reply, useMswServer } from '../msw/server.js';
import { referenceEncode } from '../support/base58Reference.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const MIXED = 'conformance/getSignatureStatuses.mixed-with-null';
const MIXED_SIGNATURES = loadFixture(MIXED).params[0] as string[];
const HISTORY = loadFixture('conformance/getSignatureStatuses.search-history-older-node').params[0] as string[];
const ok = { Ok: null };

const MIXED_RESULT: SignatureStatusesResult = {
  context: { slot: 356139505, apiVersion: '2.3.7' },
  value: [
    { slot: 356139390, confirmations: null, err: null, status: ok, confirmationStatus: 'finalized' },
    null,
    { slot: 356139487, confirmations: 14, err: null, status: ok, confirmationStatus: 'confirmed' },
    {
      slot: 356139505,
      confirmations: 0,
      err: { InstructionError: [0, { Custom: 1 }] },
      status: { Err: { InstructionError: [0, { Custom: 1 }] } },
      confirmationStatus: 'processed',
    },
  ],
};

describeMethod('getSignatureStatuses', {
  defaults: { args: [MIXED_SIGNATURES], sent: [MIXED_SIGNATURES], answer: serveFixture(MIXED), expect: MIXED_RESULT },
  cases: [
    { name: 'nulls kept in place; confirmations null once rooted; err decoded' },
    {
      name: 'searchTransactionHistory; an older node without confirmationStatus',
      args: [HISTORY, { searchTransactionHistory: true }],
      sent: [HISTORY, { searchTransactionHistory: true }],
      answer: serveFixture('conformance/getSignatureStatuses.search-history-older-node'),
      expect: {
        context: { slot: 356139505 },
        value: [
          {
            slot: 201884422,
            confirmations: null,
            err: { InsufficientFundsForRent: { account_index: 1 } },
            status: { Err: { InsufficientFundsForRent: { account_index: 1 } } },
            confirmationStatus: null,
          },
          {
            slot: 356139001,
            confirmations: null,
            err: 'BlockhashNotFound',
            status: { Err: 'BlockhashNotFound' },
            confirmationStatus: 'finalized',
          },
        ],
      },
    },
    {
      name: 'no signatures: one request, an empty list',
      args: [[]],
      sent: [[]],
      answer: '{"context":{"slot":7},"value":[]}',
      expect: { context: { slot: 7 }, value: [] },
    },
  ],
  refusals: [
    {
      name: 'confirmationStatus not a commitment',
      answer:
        '{"context":{"slot":1},"value":[{"slot":1,"confirmations":0,"err":null,"status":{"Ok":null},"confirmationStatus":"recent"}]}',
      path: 'result.value.0.confirmationStatus',
    },
    {
      name: 'a slot above Number.MAX_SAFE_INTEGER',
      answer:
        '{"context":{"slot":1},"value":[{"slot":9007199254740993,"confirmations":0,"err":null,"status":{"Ok":null}}]}',
      path: 'result.value.0.slot',
    },
    {
      name: 'an err with two variant keys',
      answer: '{"context":{"slot":1},"value":[{"slot":1,"confirmations":0,"err":{"A":1,"B":2},"status":{"Ok":null}}]}',
      path: 'result.value.0.err',
    },
    {
      // A lie that read as success: err says it succeeded, its mirror says it failed.
      name: 'err null but status Err',
      answer:
        '{"context":{"slot":5},"value":[null,{"slot":4,"confirmations":null,"err":null,"status":{"Err":"AccountInUse"},"confirmationStatus":"finalized"}]}',
      path: 'result.value.1.status',
    },
    {
      name: 'err set but status Ok',
      answer:
        '{"context":{"slot":5},"value":[{"slot":4,"confirmations":1,"err":"AccountInUse","status":{"Ok":null},"confirmationStatus":"confirmed"}]}',
      path: 'result.value.0.status',
    },
    {
      // A bank holds no block beyond its own slot.
      name: 'a status slot beyond the context slot',
      answer:
        '{"context":{"slot":330000000},"value":[{"slot":999999999999,"confirmations":null,"err":null,"status":{"Ok":null},"confirmationStatus":"finalized"}]}',
      path: 'result.value.0.slot',
    },
  ],
  inputErrors: [
    { name: 'one signature, not in a list', args: [MIXED_SIGNATURES[0]], param: 'signatures' },
    { name: 'a bad signature', args: [[MIXED_SIGNATURES[0], 'nope']], param: 'signatures.1' },
    { name: 'commitment (not taken)', args: [[], { commitment: 'confirmed' }], param: 'config.commitment' },
    {
      name: 'searchTransactionHistory not a boolean',
      args: [[], { searchTransactionHistory: 'yes' }],
      param: 'config.searchTransactionHistory',
    },
  ],
});

/** `count` distinct valid signatures. */
function signatures(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const bytes = new Uint8Array(64).fill(7);
    bytes[0] = i >> 8;
    bytes[1] = i & 0xff;
    return referenceEncode(bytes);
  });
}

/** The status the split tests' server knows for a signature: none for every fifth. */
function statusOf(signature: string, list: string[]): SignatureStatus | null {
  const i = list.indexOf(signature);
  if (i % 5 === 0) return null;
  return { slot: 1000 + i, confirmations: i % 2 ? null : 3, err: null, status: ok, confirmationStatus: 'confirmed' };
}

describe('getSignatureStatuses: more than 256 signatures', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false, batch: false });
  const SIX_HUNDRED = signatures(600);
  // Each piece is answered at its own slot; the first piece's is the lowest.
  const slotOf = (piece: string[]) => (piece[0] === SIX_HUNDRED[0] ? 5_000 : 5_010);

  it('600 signatures: 3 requests of 256, 256 and 88, statuses in order, nulls kept, the lowest context', async () => {
    mockRpc({
      getSignatureStatuses: ({ params }) => {
        const piece = params[0] as string[];
        return reply.result({
          context: { apiVersion: '2.3.7', slot: slotOf(piece) },
          value: piece.map((signature) => statusOf(signature, SIX_HUNDRED)),
        });
      },
    });
    const result = await rpc().getSignatureStatuses(SIX_HUNDRED, { searchTransactionHistory: false });
    const pieces = calls.map((call) => call.params[0] as string[]);
    expect(pieces.map((piece) => piece.length).sort()).toStrictEqual([256, 256, 88].sort());
    expect(pieces.flat().sort()).toStrictEqual([...SIX_HUNDRED].sort());
    for (const call of calls) expect(call.params[1]).toStrictEqual({ searchTransactionHistory: false });
    expect(result.context).toStrictEqual({ apiVersion: '2.3.7', slot: 5_000 });
    expect(result.value).toStrictEqual(SIX_HUNDRED.map((signature) => statusOf(signature, SIX_HUNDRED)));
    expect(result.value.filter((status) => status === null)).toHaveLength(120);
  });

  it('256 signatures: one request', async () => {
    const list = signatures(256);
    mockRpc({ getSignatureStatuses: reply.result({ context: { slot: 9 }, value: list.map(() => null) }) });
    const result = await rpc().getSignatureStatuses(list);
    expect(calls).toHaveLength(1);
    expect(result.value).toHaveLength(256);
  });

  it('a failed piece fails the call with its typed error, and no half result', async () => {
    mockRpc({
      getSignatureStatuses: ({ params }) => {
        const piece = params[0] as string[];
        if (piece[0] === SIX_HUNDRED[256])
          return reply.error(-32005, 'Node is behind by 42 slots', { numSlotsBehind: 42 });
        return reply.result({ context: { slot: 5_000 }, value: piece.map(() => null) });
      },
    });
    const error = await rejectsWith(rpc().getSignatureStatuses(SIX_HUNDRED), 'RpcError');
    expectRpcError(error, 'getSignatureStatuses', {
      code: -32005,
      codeName: 'NODE_UNHEALTHY',
      message: 'Node is behind by 42 slots',
      data: { numSlotsBehind: 42 },
      hint: 'the node is 42 slots behind the cluster; retry later or use another node.',
      retryable: true,
    });
    expect(calls).toHaveLength(3);
  });

  it('a piece the schema refuses fails the call with a ValidationError', async () => {
    mockRpc({
      getSignatureStatuses: ({ params }) => {
        const piece = params[0] as string[];
        const value = piece.map(() => null) as unknown[];
        if (piece.length === 88) value[3] = { slot: 'recent' };
        return reply.result({ context: { slot: 5_000 }, value });
      },
    });
    const error = await rejectsWith(rpc().getSignatureStatuses(SIX_HUNDRED), 'ValidationError');
    // The path is the piece's own: the refused entry is the 516th of the call.
    expect(error.path).toBe('result.value.3.slot');
  });

  it('one bad signature among 600 is refused before any request', async () => {
    mockRpc({});
    const list = [...SIX_HUNDRED];
    list[400] = 'nope';
    const error = await rejectsWith(rpc().getSignatureStatuses(list), 'InvalidInputError');
    expect(error.param).toBe('signatures.400');
    expect(calls).toHaveLength(0);
  });
});
