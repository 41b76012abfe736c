import { describe, expect, it } from 'vitest';
import { createRpc, type PerformanceSample } from '../../src/index.js';
import { resultTextOf, serveFixture } from '../msw/fixtures.js';
import { mockRpc, RPC_URL, rejectsWith, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const THREE = 'conformance/getRecentPerformanceSamples.limit-3-old-sample';
const SAMPLES: PerformanceSample[] = [
  { slot: 356139516, numTransactions: 236211, numSlots: 151, samplePeriodSecs: 60, numNonVoteTransactions: 49212 },
  { slot: 356139365, numTransactions: 231872, numSlots: 149, samplePeriodSecs: 60, numNonVoteTransactions: 47833 },
  { slot: 356139216, numTransactions: 229911, numSlots: 150, samplePeriodSecs: 60, numNonVoteTransactions: null },
];
const threeWith = (search: string, replacement: string) => resultTextOf(THREE, [[search, replacement]]);

describeMethod('getRecentPerformanceSamples', {
  defaults: { args: [3], sent: [3], answer: serveFixture(THREE), expect: SAMPLES },
  cases: [
    { name: 'limit 3: params [3]; an old sample’s null numNonVoteTransactions stays null' },
    { name: 'no limit: params [] (the node’s default, 720)', args: [], sent: [] },
    { name: 'limit 720: agave’s limit, sent', args: [720], sent: [720] },
    { name: 'limit 0: sent, agave answers []', args: [0], sent: [0], answer: '[]', expect: [] },
    { name: 'call options only: nothing more on the wire', args: [undefined, { timeoutMs: 1_000 }], sent: [] },
    {
      name: 'numNonVoteTransactions missing (samples from before the field): null',
      answer: threeWith('"numNonVoteTransactions":49212,', ''),
      expect: [{ ...SAMPLES[0], numNonVoteTransactions: null }, SAMPLES[1], SAMPLES[2]],
    },
    {
      name: 'unknown keys are tolerated and not copied',
      answer: threeWith('"slot":356139516', '"slot":356139516,"numVoteTransactions":186999'),
    },
  ],
  refusals: [
    {
      name: 'numTransactions as a string',
      answer: threeWith('"numTransactions":236211', '"numTransactions":"236211"'),
      path: 'result.0.numTransactions',
    },
    {
      name: 'numTransactions above 2^53: refused, never rounded',
      answer: threeWith('"numTransactions":236211', '"numTransactions":9007199254740993'),
      path: 'result.0.numTransactions',
    },
    {
      name: 'numNonVoteTransactions negative',
      answer: threeWith('"numNonVoteTransactions":49212', '"numNonVoteTransactions":-1'),
      path: 'result.0.numNonVoteTransactions',
    },
    {
      name: 'samplePeriodSecs beyond a u16',
      answer: threeWith('"samplePeriodSecs":60,"slot":356139516', '"samplePeriodSecs":65536,"slot":356139516'),
      path: 'result.0.samplePeriodSecs',
    },
    { name: 'slot missing', answer: threeWith(',"slot":356139365', ''), path: 'result.1.slot' },
    { name: 'an object, not a list', answer: '{"samples":[]}', path: 'result' },
  ],
  inputErrors: [
    { name: 'limit 721: agave refuses "Invalid limit; max 720"', args: [721], param: 'limit' },
    { name: 'a negative limit', args: [-1], param: 'limit' },
    { name: 'a fractional limit', args: [1.5], param: 'limit' },
    { name: 'a config in the limit’s place', args: [{ timeoutMs: 1_000 }], param: 'limit' },
    { name: 'a commitment: agave takes none', args: [3, { commitment: 'confirmed' }], param: 'config.commitment' },
    { name: 'a third argument', args: [3, {}, {}], param: 'arguments' },
  ],
});

describe('getRecentPerformanceSamples: beyond the table', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

  it('the limit refusal names the node’s limit, and nothing is sent', async () => {
    const error = await rejectsWith(rpc().getRecentPerformanceSamples(721), 'InvalidInputError');
    expect(error.message.split('\n')[0]).toBe(
      "getRecentPerformanceSamples: invalid limit: expected an integer from 0 to 720 (the node's limit), got 721",
    );
    expect(sent()).toStrictEqual([]);
  });

  it('TPS from the newest sample', async () => {
    mockRpc({ getRecentPerformanceSamples: serveFixture(THREE) });
    const [latest] = await rpc().getRecentPerformanceSamples(3);
    expect(sent()).toStrictEqual([{ method: 'getRecentPerformanceSamples', params: [3] }]);
    expect(
      Math.round((latest as PerformanceSample).numTransactions / (latest as PerformanceSample).samplePeriodSecs),
    ).toBe(3937);
  });
});
