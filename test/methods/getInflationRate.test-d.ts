/** Type tests of `getInflationRate`: three rates and an epoch, no options sent. */
import { describe, expectTypeOf, it } from 'vitest';
import { createRpc, type GetInflationRate, type InflationRate } from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getInflationRate', () => {
  it('resolves to InflationRate', () => {
    expectTypeOf(rpc.getInflationRate()).toEqualTypeOf<Promise<InflationRate>>();
    expectTypeOf(rpc.getInflationRate({ timeoutMs: 1_000 })).toEqualTypeOf<Promise<InflationRate>>();
    expectTypeOf(rpc.getInflationRate).toEqualTypeOf<GetInflationRate>();
    expectTypeOf<InflationRate['epoch']>().toEqualTypeOf<number>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error agave reads the finalized bank: no commitment
    rpc.getInflationRate({ commitment: 'confirmed' });
  });
});
