/** Type tests of `getInflationGovernor`: five numbers, a commitment only. */
import { describe, expectTypeOf, it } from 'vitest';
import {
  createRpc,
  type GetInflationGovernor,
  type GetInflationGovernorConfig,
  type InflationGovernor,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getInflationGovernor', () => {
  it('resolves to InflationGovernor', () => {
    expectTypeOf(rpc.getInflationGovernor()).toEqualTypeOf<Promise<InflationGovernor>>();
    const config: GetInflationGovernorConfig = { commitment: 'confirmed' };
    expectTypeOf(rpc.getInflationGovernor(config)).toEqualTypeOf<Promise<InflationGovernor>>();
    expectTypeOf(rpc.getInflationGovernor).toEqualTypeOf<GetInflationGovernor>();
    expectTypeOf<keyof InflationGovernor>().toEqualTypeOf<
      'initial' | 'terminal' | 'taper' | 'foundation' | 'foundationTerm'
    >();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error agave takes a bare commitment: no minContextSlot
    rpc.getInflationGovernor({ minContextSlot: 1 });
  });
});
