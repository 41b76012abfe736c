import { describe, expect, it } from 'vitest';
import { type AccountBalance, createRpc, type LargestAccountsResult } from '../../src/index.js';
import { loadFixture, resultTextOf, serveFixture } from '../msw/fixtures.js';
import { expectRpcError, mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const CIRCULATING = 'conformance/getLargestAccounts.circulating';
const NON_CIRCULATING = 'conformance/getLargestAccounts.nonCirculating.unsorted-scan';
const EMPTY = 'conformance/getLargestAccounts.empty';

/** The fixture's accounts as the wire has them: address and the exact lamports text. */
function wireAccounts(name: string): { address: string; lamports: bigint }[] {
  const text = loadFixture(name).responseText;
  return [...text.matchAll(/\{"address":"(\w+)","lamports":(\d+)\}/g)].map(([, address, lamports]) => ({
    address: address as string,
    lamports: BigInt(lamports as string),
  }));
}

const TOP20: AccountBalance[] = wireAccounts(CIRCULATING);
const CIRCULATING_RESULT: LargestAccountsResult = { context: { slot: 428277302, apiVersion: '3.0.6' }, value: TOP20 };
const first = TOP20[0] as AccountBalance;
const withTop = (search: string, replacement: string) => resultTextOf(CIRCULATING, [[search, replacement]]);

describeMethod('getLargestAccounts', {
  defaults: {
    args: [{ filter: 'circulating' }],
    sent: [{ filter: 'circulating' }],
    answer: serveFixture(CIRCULATING),
    expect: CIRCULATING_RESULT,
  },
  cases: [
    { name: 'twenty accounts, largest first, every balance exact (2^53 + 1 included)' },
    {
      name: 'nonCirculating, a commitment and sortResults false: all three sent, in agave order',
      args: [{ sortResults: false, filter: 'nonCirculating', commitment: 'confirmed' }],
      sent: [{ commitment: 'confirmed', filter: 'nonCirculating', sortResults: false }],
      answer: serveFixture(NON_CIRCULATING),
      expect: { context: { slot: 428270001 }, value: wireAccounts(NON_CIRCULATING) },
    },
    {
      name: 'no config: params []; an empty list',
      args: [],
      sent: [],
      answer: serveFixture(EMPTY),
      expect: { context: { slot: 1204, apiVersion: '3.0.6' }, value: [] },
    },
    { name: 'an empty config: params []', args: [{}], sent: [] },
    {
      name: 'call options and undefined fields: nothing on the wire',
      args: [{ signal: new AbortController().signal, filter: undefined, sortResults: undefined }],
      sent: [],
    },
    { name: 'sortResults true is sent as written', args: [{ sortResults: true }], sent: [{ sortResults: true }] },
    {
      name: 'unknown fields (in an entry and the context) are tolerated and not copied',
      answer: withTop(
        `{"address":"${first.address}",`,
        `{"owner":"11111111111111111111111111111111","address":"${first.address}",`,
      ),
    },
  ],
  refusals: [
    {
      name: 'lamports as a string',
      answer: withTop('"lamports":39912764118003517', '"lamports":"39912764118003517"'),
      path: 'result.value.0.lamports',
    },
    {
      name: 'lamports above u64::MAX',
      answer: withTop('"lamports":39912764118003517', '"lamports":18446744073709551616'),
      path: 'result.value.0.lamports',
    },
    {
      name: 'lamports as a float token (digits already lost)',
      answer: withTop('"lamports":39912764118003517', '"lamports":3.99e16'),
      path: 'result.value.0.lamports',
    },
    {
      name: 'an address that is not base58',
      answer: withTop(`"address":"${first.address}"`, '"address":"0OIl"'),
      path: 'result.value.0.address',
    },
    {
      name: 'an entry without lamports',
      answer: withTop(',"lamports":39912764118003517', ''),
      path: 'result.value.0.lamports',
      received: 'nothing (the field is missing)',
    },
    { name: 'a null entry', answer: '{"context":{"slot":1},"value":[null]}', path: 'result.value.0' },
    { name: 'a null value', answer: '{"context":{"slot":1},"value":null}', path: 'result.value' },
    { name: 'a bare list (no context)', answer: '[]', path: 'result' },
    { name: 'context missing', answer: '{"value":[]}', path: 'result.context' },
  ],
  inputErrors: [
    { name: 'config: a string (a positional filter)', args: ['circulating'], param: 'config' },
    { name: 'a filter of another case', args: [{ filter: 'Circulating' }], param: 'config.filter' },
    { name: 'a filter that is not one', args: [{ filter: 'all' }], param: 'config.filter' },
    { name: 'sortResults not a boolean', args: [{ sortResults: 'false' }], param: 'config.sortResults' },
    { name: 'a bad commitment', args: [{ commitment: 'recent' }], param: 'config.commitment' },
    { name: 'minContextSlot (not taken)', args: [{ minContextSlot: 1 }], param: 'config.minContextSlot' },
    { name: 'a second argument', args: [{}, {}], param: 'arguments' },
  ],
});

describe('getLargestAccounts: beyond the table', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

  it('2^53 + 1 lamports stay 2^53 + 1, and the list keeps the order sent', async () => {
    mockRpc({ getLargestAccounts: serveFixture(CIRCULATING) });
    const { value } = await rpc().getLargestAccounts({ filter: 'circulating' });
    expect(value[5]?.lamports).toBe(9007199254740993n);
    // JSON.parse would have given 2^53.
    expect(BigInt(Number(9007199254740993n))).toBe(9007199254740992n);
    expect(value.map((entry) => entry.address)).toStrictEqual(TOP20.map((entry) => entry.address));
    const sorted = value.every((entry, i) => i === 0 || (value[i - 1] as AccountBalance).lamports >= entry.lamports);
    expect(sorted).toBe(true);
  });

  it('a scan the node could not finish: -32012 as an RpcError', async () => {
    mockRpc({
      getLargestAccounts: reply.error(-32012, 'scan aborted: The accumulated scan results exceeded the limit'),
    });
    const error = await rejectsWith(rpc().getLargestAccounts(), 'RpcError');
    expectRpcError(error, 'getLargestAccounts', {
      code: -32012,
      codeName: 'SCAN_ERROR',
      message: 'scan aborted: The accumulated scan results exceeded the limit',
      retryable: false,
    });
    expect(sent()).toStrictEqual([{ method: 'getLargestAccounts', params: [] }]);
  });
});
