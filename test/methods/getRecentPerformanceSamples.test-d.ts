/** Type tests of `getRecentPerformanceSamples`: an optional limit, samples with numbers and a nullable count. */
import { describe, expectTypeOf, it } from 'vitest';
import { createRpc, type GetRecentPerformanceSamples, type PerformanceSample } from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getRecentPerformanceSamples', () => {
  it('resolves to PerformanceSample[]', () => {
    expectTypeOf(rpc.getRecentPerformanceSamples()).toEqualTypeOf<Promise<PerformanceSample[]>>();
    expectTypeOf(rpc.getRecentPerformanceSamples(10, { timeoutMs: 1_000 })).toEqualTypeOf<
      Promise<PerformanceSample[]>
    >();
    expectTypeOf(rpc.getRecentPerformanceSamples).toEqualTypeOf<GetRecentPerformanceSamples>();
  });

  it('counts are numbers; numNonVoteTransactions may be null', () => {
    expectTypeOf<PerformanceSample['numTransactions']>().toEqualTypeOf<number>();
    expectTypeOf<PerformanceSample['numNonVoteTransactions']>().toEqualTypeOf<number | null>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error the limit is a number
    rpc.getRecentPerformanceSamples('10');
    // @ts-expect-error no commitment
    rpc.getRecentPerformanceSamples(10, { commitment: 'confirmed' });
  });
});
