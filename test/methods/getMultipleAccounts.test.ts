import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { createRpc, type MultipleAccountsResult } from '../../src/index.js';
import { hexBytes, resultTextOf, serveFixture } from '../msw/fixtures.js';
import { calls, mockRpc, RPC_URL, rejectsWith, reply, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const SLICE = 'conformance/getMultipleAccounts.base64.dataSlice-amounts';
const A = '3dhnhWNSTLVv3x9vEL87PLT2DaWJouBa7GdmegYqSqbE';
const B = '3w8Qga6Tca9bL5yMYYhzNUpiPhhcFJVSgxnJB4SsmoS2';
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const U64_MAX = 18446744073709551615n;
const DATA_SLICE = { offset: 64, length: 8 };

const tokenAccount = (hex: string) => ({
  lamports: 2039280n,
  owner: TOKEN,
  data: hexBytes(hex),
  executable: false,
  rentEpoch: U64_MAX,
  space: 165,
});
const SLICED: MultipleAccountsResult = {
  context: { apiVersion: '2.3.7', slot: 356139507 },
  value: [tokenAccount('d20a1feb8ca954ab'), tokenAccount('0000000000000000')],
};
const withEdits = (edits: [string, string][]) => resultTextOf(SLICE, edits);

describeMethod('getMultipleAccounts', {
  defaults: {
    args: [[A, B], { encoding: 'base64', dataSlice: DATA_SLICE }],
    sent: [[A, B], { encoding: 'base64', dataSlice: DATA_SLICE }],
    answer: serveFixture(SLICE),
    expect: SLICED,
  },
  cases: [
    { name: 'two sliced token accounts: 8 bytes each, space the full 165, rentEpoch u64::MAX exact' },
    {
      name: 'no config: base64 is asked for, so the data can be decoded',
      args: [[A, B]],
      sent: [[A, B], { encoding: 'base64' }],
    },
    {
      name: 'a missing account stays null in its place',
      answer: withEdits([['{"data":["AAAAAAAAAAA=","base64"]', 'null,{"data":["AAAAAAAAAAA=","base64"]']]),
      expect: { ...SLICED, value: [tokenAccount('d20a1feb8ca954ab'), null, tokenAccount('0000000000000000')] },
    },
    {
      name: 'every account missing: nulls',
      answer: '{"context":{"slot":7},"value":[null,null]}',
      expect: { context: { slot: 7 }, value: [null, null] },
    },
    {
      name: 'an empty list: one request, an empty value',
      args: [[]],
      sent: [[], { encoding: 'base64' }],
      answer: '{"context":{"slot":7},"value":[]}',
      expect: { context: { slot: 7 }, value: [] },
    },
    {
      name: 'commitment and minContextSlot sent as given (a bigint exactly)',
      args: [[A], { commitment: 'confirmed', minContextSlot: 356139500n }],
      sent: [[A], { commitment: 'confirmed', minContextSlot: 356139500, encoding: 'base64' }],
      answer: '{"context":{"slot":7},"value":[null]}',
      expect: { context: { slot: 7 }, value: [null] },
    },
    {
      name: 'unknown fields of an account are tolerated and not copied',
      answer: withEdits([
        [
          '{"data":["AAAAAAAAAAA=","base64"],"executable":false,',
          '{"data":["AAAAAAAAAAA=","base64"],"executable":false,"extra":1,',
        ],
      ]),
    },
  ],
  refusals: [
    {
      name: 'lamports as a string',
      answer: withEdits([
        [
          '"0gof64ypVKs=","base64"],"executable":false,"lamports":2039280',
          '"0gof64ypVKs=","base64"],"executable":false,"lamports":"2039280"',
        ],
      ]),
      path: 'result.value.0.lamports',
    },
    { name: 'a value that is not a list', answer: '{"context":{"slot":1},"value":null}', path: 'result.value' },
    { name: 'context missing', answer: '{"value":[]}', path: 'result.context' },
    { name: 'an entry that is a string', answer: '{"context":{"slot":1},"value":["x"]}', path: 'result.value.0' },
  ],
  inputErrors: [
    { name: 'addresses not a list', args: [A], param: 'addresses' },
    { name: 'a bad address in the list', args: [[A, 'not-an-address']], param: 'addresses.1' },
    { name: 'an unknown encoding', args: [[A], { encoding: 'hex' }], param: 'config.encoding' },
    { name: 'an unknown option', args: [[A], { filters: [] }], param: 'config.filters' },
    { name: 'a third argument', args: [[A], {}, {}], param: 'arguments' },
  ],
});

/** `n` distinct valid addresses. */
function addresses(n: number): string[] {
  return Array.from({ length: n }, (_, i) => bs58.encode(Uint8Array.from({ length: 32 }, (_, j) => (i * 7 + j) % 256)));
}

describe('getMultipleAccounts: more than 100 addresses', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false, batch: false });
  const LIST = addresses(250);
  const lamportsOf = (address: string) => BigInt(LIST.indexOf(address) + 1);
  // Each piece answers at its own slot: the first at 5,000, later ones at the slot they were held to or later.
  const serve = ({ params }: { params: unknown[] }) => {
    const piece = params[0] as string[];
    const config = params[1] as { minContextSlot?: number };
    const slot = piece[0] === LIST[0] ? 5_000 : Math.max(5_004, config.minContextSlot ?? 0);
    return reply.result({
      context: { slot },
      value: piece.map((address) =>
        LIST.indexOf(address) % 9 === 4
          ? null
          : {
              data: ['', 'base64'],
              executable: false,
              lamports: lamportsOf(address),
              owner: TOKEN,
              rentEpoch: 0,
              space: 0,
            },
      ),
    });
  };

  it('250 addresses: the first 100 alone, then 100 and 50 held to its slot; accounts in order; its context', async () => {
    mockRpc({ getMultipleAccounts: serve });
    const result = await rpc().getMultipleAccounts(LIST, { commitment: 'confirmed' });
    expect(calls.map((call) => (call.params[0] as string[]).length)).toStrictEqual([100, 100, 50]);
    expect(calls[0]?.params[1]).toStrictEqual({ commitment: 'confirmed', encoding: 'base64' });
    for (const call of calls.slice(1)) {
      expect(call.params[1]).toStrictEqual({ commitment: 'confirmed', minContextSlot: 5_000, encoding: 'base64' });
    }
    expect(result.context).toStrictEqual({ slot: 5_000 });
    expect(result.value.map((account) => account?.lamports ?? null)).toStrictEqual(
      LIST.map((address, i) => (i % 9 === 4 ? null : lamportsOf(address))),
    );
  });

  it("a caller's minContextSlot above the first piece's slot is kept for every piece", async () => {
    mockRpc({ getMultipleAccounts: serve });
    await rpc().getMultipleAccounts(LIST, { minContextSlot: 6_000 });
    expect(calls.map((call) => (call.params[1] as { minContextSlot?: number }).minContextSlot)).toStrictEqual([
      6_000, 6_000, 6_000,
    ]);
  });

  it('a bad address at position 230: refused before any request', async () => {
    mockRpc({ getMultipleAccounts: serve });
    const list = [...LIST];
    list[230] = 'nope';
    const error = await rejectsWith(rpc().getMultipleAccounts(list), 'InvalidInputError');
    expect(error.param).toBe('addresses.230');
    expect(calls).toHaveLength(0);
  });

  it('a failed later piece fails the call with its typed error, and no half result', async () => {
    mockRpc({
      getMultipleAccounts: (request) =>
        (request.params[0] as string[])[0] === LIST[0]
          ? serve(request)
          : reply.error(-32016, 'Minimum context slot has not been reached'),
    });
    const error = await rejectsWith(rpc().getMultipleAccounts(LIST), 'RpcError');
    expect(error.code).toBe(-32016);
  });

  it('100 addresses: one request', async () => {
    mockRpc({ getMultipleAccounts: serve });
    const result = await rpc().getMultipleAccounts(LIST.slice(0, 100));
    expect(calls).toHaveLength(1);
    expect(result.value).toHaveLength(100);
  });
});
