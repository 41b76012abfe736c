import { describe, expect, it } from 'vitest';
import { createRpc, type SupplyResult } from '../../src/index.js';
import { loadFixture, resultTextOf, serveFixture } from '../msw/fixtures.js';
import { mockRpc, RPC_URL, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const WITH_LIST = 'conformance/getSupply.with-accounts-list';
const EXCLUDED = 'conformance/getSupply.exclude-accounts-list';
const U64_MAX = 'conformance/getSupply.u64-max-total';
const ACCOUNTS = [
  'Ers9votAhNgmKgJyoZwLbGF6zh8rLgEtUCt6EPUPaGfK',
  'DjbuWnoXVic4Rorf3WK21A8h2ppFoup8QumXRbPUhgNF',
  '8AnX7e3njSNi9PGKdgtJjgBux3szwiDQvstsMfL85VHL',
  'CdmAWcW71oHLLM5kxYWqzz1YDCH1UDR17fKuFKZFxsF2',
  'B5eKEEwappfCodCA2Y3Mv4tUPnqnZitCBoyr7H9npjNd',
  'F67R3x1wFUKG2kVTaMu9mKYVSTZ1VmUYoj1DqEmTiH8d',
  'CEcPnNe59fU8nTrNVVD4uzN54xWq3wBcSy7MMYBhhF7o',
];

const WITH_LIST_RESULT: SupplyResult = {
  context: { slot: 428277331, apiVersion: '3.0.6' },
  value: {
    total: 625013130859440403n,
    circulating: 561993847112938475n,
    nonCirculating: 63019283746501928n,
    nonCirculatingAccounts: ACCOUNTS,
  },
};

const withList = (search: string, replacement: string) => resultTextOf(WITH_LIST, [[search, replacement]]);
const MISSING = 'nothing (the field is missing)';

describeMethod('getSupply', {
  defaults: {
    args: [{ commitment: 'finalized' }],
    sent: [{ commitment: 'finalized' }],
    answer: serveFixture(WITH_LIST),
    expect: WITH_LIST_RESULT,
  },
  cases: [
    { name: 'every amount above 2^53 exact; the accounts list in order' },
    { name: 'no config: params []', args: [], sent: [] },
    { name: 'an empty config: params []', args: [{}], sent: [] },
    {
      name: 'call options and undefined fields: nothing on the wire',
      args: [{ timeoutMs: 1_000, commitment: undefined, excludeNonCirculatingAccountsList: undefined }],
      sent: [],
    },
    {
      name: 'excludeNonCirculatingAccountsList: the list comes back [] (present, empty)',
      args: [{ excludeNonCirculatingAccountsList: true }],
      sent: [{ excludeNonCirculatingAccountsList: true }],
      answer: serveFixture(EXCLUDED),
      expect: {
        context: { slot: 428277330, apiVersion: '4.1.0' },
        value: {
          total: 625013130859440403n,
          circulating: 561993847112938475n,
          nonCirculating: 63019283746501928n,
          nonCirculatingAccounts: [],
        },
      },
    },
    {
      name: 'excludeNonCirculatingAccountsList false is sent as written',
      args: [{ commitment: 'processed', excludeNonCirculatingAccountsList: false }],
      sent: [{ commitment: 'processed', excludeNonCirculatingAccountsList: false }],
    },
    {
      name: 'u64::MAX total: exact, not rounded to 2^64',
      args: [{ excludeNonCirculatingAccountsList: true }],
      sent: [{ excludeNonCirculatingAccountsList: true }],
      answer: serveFixture(U64_MAX),
      expect: {
        context: { slot: 77 },
        value: {
          total: 18446744073709551615n,
          circulating: 18446744073709551614n,
          nonCirculating: 1n,
          nonCirculatingAccounts: [],
        },
      },
    },
    {
      name: 'amounts within 2^53 are bigints too',
      answer:
        '{"context":{"slot":9},"value":{"circulating":400,"nonCirculating":100,"nonCirculatingAccounts":[],"total":500}}',
      expect: {
        context: { slot: 9 },
        value: { total: 500n, circulating: 400n, nonCirculating: 100n, nonCirculatingAccounts: [] },
      },
    },
    {
      name: 'unknown fields are tolerated and not copied into the result',
      answer: withList('"total":625013130859440403', '"total":625013130859440403,"burnt":18446744073709551615'),
    },
  ],
  refusals: [
    {
      name: 'total as a string',
      answer: withList('"total":625013130859440403', '"total":"625013130859440403"'),
      path: 'result.value.total',
    },
    {
      name: 'circulating above u64::MAX',
      answer: withList('"circulating":561993847112938475', '"circulating":18446744073709551616'),
      path: 'result.value.circulating',
    },
    {
      name: 'nonCirculating negative',
      answer: withList('"nonCirculating":63019283746501928', '"nonCirculating":-1'),
      path: 'result.value.nonCirculating',
    },
    {
      name: 'total as a float token above 2^53 (digits already lost)',
      answer: withList('"total":625013130859440403', '"total":6.25e17'),
      path: 'result.value.total',
    },
    {
      name: 'nonCirculatingAccounts missing',
      answer: withList(`"nonCirculatingAccounts":${JSON.stringify(ACCOUNTS)},`, ''),
      path: 'result.value.nonCirculatingAccounts',
      received: MISSING,
    },
    {
      name: 'nonCirculatingAccounts null',
      answer: withList(`"nonCirculatingAccounts":${JSON.stringify(ACCOUNTS)}`, '"nonCirculatingAccounts":null'),
      path: 'result.value.nonCirculatingAccounts',
    },
    {
      name: 'an account that is not an address',
      answer: withList(`"${ACCOUNTS[2]}"`, '"not-an-address"'),
      path: 'result.value.nonCirculatingAccounts.2',
    },
    {
      name: 'circulating missing',
      answer: withList('"circulating":561993847112938475,', ''),
      path: 'result.value.circulating',
    },
    { name: 'a null value', answer: '{"context":{"slot":1},"value":null}', path: 'result.value' },
    {
      name: 'a bare total (no context)',
      answer: '625013130859440403',
      path: 'result',
    },
    {
      name: 'context.slot above Number.MAX_SAFE_INTEGER',
      answer: withList('"slot":428277331', '"slot":9007199254740993'),
      path: 'result.context.slot',
    },
  ],
  inputErrors: [
    { name: 'config: a string (a positional commitment)', args: ['finalized'], param: 'config' },
    { name: 'config: null', args: [null], param: 'config' },
    { name: 'a bad commitment', args: [{ commitment: 'max' }], param: 'config.commitment' },
    {
      name: 'minContextSlot (agave takes a commitment only here)',
      args: [{ minContextSlot: 1 }],
      param: 'config.minContextSlot',
    },
    {
      name: 'excludeNonCirculatingAccountsList not a boolean',
      args: [{ excludeNonCirculatingAccountsList: 'yes' }],
      param: 'config.excludeNonCirculatingAccountsList',
    },
    {
      name: 'a misspelt option',
      args: [{ excludeNonCirculatingAccounts: true }],
      param: 'config.excludeNonCirculatingAccounts',
    },
    { name: 'a second argument', args: [{}, { commitment: 'confirmed' }], param: 'arguments' },
  ],
});

describe('getSupply: beyond the table', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

  it('the amounts are exact where a number would have rounded them, and add up', async () => {
    mockRpc({ getSupply: serveFixture(WITH_LIST) });
    const { value } = await rpc().getSupply(loadFixture(WITH_LIST).params[0] as { commitment: 'finalized' });
    expect(value.total).toBe(625013130859440403n);
    expect(value.circulating + value.nonCirculating).toBe(value.total);
    // What JSON.parse would have kept: 625013130859440400, 3 lamports off.
    expect(BigInt(Number(625013130859440403n))).not.toBe(value.total);
  });
});
