import { describe, expect, it } from 'vitest';
import { createRpc, type InflationGovernor } from '../../src/index.js';
import { loadFixture, resultTextOf, serveFixture } from '../msw/fixtures.js';
import { mockRpc, RPC_URL, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const MAINNET = 'conformance/getInflationGovernor.mainnet';
const DEFAULT = 'conformance/getInflationGovernor.default-genesis-confirmed';
const MAINNET_GOVERNOR: InflationGovernor = {
  initial: 0.08,
  terminal: 0.015,
  taper: 0.15,
  foundation: 0,
  foundationTerm: 0,
};
const mainnetWith = (search: string, replacement: string) => resultTextOf(MAINNET, [[search, replacement]]);

describeMethod('getInflationGovernor', {
  defaults: { answer: serveFixture(MAINNET), expect: MAINNET_GOVERNOR },
  cases: [
    { name: 'no config: params []; 0.0 reads as 0' },
    {
      name: 'commitment: params [{ commitment }]; 7.0 reads as 7',
      args: [{ commitment: 'confirmed' }],
      sent: loadFixture(DEFAULT).params,
      answer: serveFixture(DEFAULT),
      expect: { initial: 0.08, terminal: 0.015, taper: 0.15, foundation: 0.05, foundationTerm: 7 },
    },
    { name: 'unknown keys are tolerated and not copied', answer: mainnetWith('"initial":', '"epoch":824,"initial":') },
    { name: 'an exponent (1.5e-2) is the same float', answer: mainnetWith('"terminal":0.015', '"terminal":1.5e-2') },
  ],
  refusals: [
    { name: 'taper as a string', answer: mainnetWith('"taper":0.15', '"taper":"0.15"'), path: 'result.taper' },
    { name: 'foundationTerm missing', answer: mainnetWith('"foundationTerm":0.0,', ''), path: 'result.foundationTerm' },
    { name: 'initial null', answer: mainnetWith('"initial":0.08', '"initial":null'), path: 'result.initial' },
    { name: 'a bare number', answer: '0.08', path: 'result' },
  ],
  inputErrors: [
    { name: 'a bad commitment', args: [{ commitment: 'recent' }], param: 'config.commitment' },
    {
      name: 'minContextSlot: not an option (agave takes a bare commitment)',
      args: [{ minContextSlot: 1 }],
      param: 'config.minContextSlot',
    },
    { name: 'config: a string', args: ['confirmed'], param: 'config' },
    { name: 'a second argument', args: [{}, {}], param: 'arguments' },
  ],
});

describe('getInflationGovernor: beyond the table', { timeout: 5_000 }, () => {
  it('floats keep their exact double values', async () => {
    mockRpc({ getInflationGovernor: serveFixture(MAINNET) });
    const governor = await createRpc(RPC_URL, { retry: false }).getInflationGovernor();
    expect(sent()).toStrictEqual([{ method: 'getInflationGovernor', params: [] }]);
    expect(Object.is(governor.taper, 0.15)).toBe(true);
    expect(Object.is(governor.foundation, 0)).toBe(true);
  });
});
