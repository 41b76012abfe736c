import { describe, expect, it } from 'vitest';
import { createRpc, type InflationRate } from '../../src/index.js';
import { resultTextOf, serveFixture } from '../msw/fixtures.js';
import { mockRpc, RPC_URL, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const RATE = 'conformance/getInflationRate.epoch-824';
const TOTAL = 0.04176049999999999;
const RATE_824: InflationRate = { total: TOTAL, validator: TOTAL, foundation: 0, epoch: 824 };
const rateWith = (search: string, replacement: string) => resultTextOf(RATE, [[search, replacement]]);

describeMethod('getInflationRate', {
  defaults: { answer: serveFixture(RATE), expect: RATE_824 },
  cases: [
    { name: 'no params: []' },
    { name: 'call options only: nothing on the wire', args: [{ signal: new AbortController().signal }] },
    {
      name: 'unknown keys are tolerated and not copied',
      answer: rateWith('"epoch":824', '"epoch":824,"slotInYear":4.0'),
    },
  ],
  refusals: [
    { name: 'epoch as a float', answer: rateWith('"epoch":824', '"epoch":824.5'), path: 'result.epoch' },
    {
      name: 'epoch above Number.MAX_SAFE_INTEGER',
      answer: rateWith('"epoch":824', '"epoch":9007199254740993'),
      path: 'result.epoch',
    },
    { name: 'total as a string', answer: rateWith(`"total":${TOTAL}`, `"total":"${TOTAL}"`), path: 'result.total' },
    { name: 'validator missing', answer: rateWith(`,"validator":${TOTAL}`, ''), path: 'result.validator' },
  ],
  inputErrors: [
    {
      name: 'commitment: not an option (agave reads the finalized bank)',
      args: [{ commitment: 'confirmed' }],
      param: 'config.commitment',
    },
    { name: 'config: an epoch number', args: [824], param: 'config' },
    { name: 'a second argument', args: [{}, {}], param: 'arguments' },
  ],
});

describe('getInflationRate: beyond the table', { timeout: 5_000 }, () => {
  it('total is validator plus foundation', async () => {
    mockRpc({ getInflationRate: serveFixture(RATE) });
    const rate = await createRpc(RPC_URL, { retry: false }).getInflationRate();
    expect(sent()).toStrictEqual([{ method: 'getInflationRate', params: [] }]);
    expect(rate.validator + rate.foundation).toBe(rate.total);
  });
});
