import { describe, expectTypeOf, it } from 'vitest';
import { createRpc, type GetRecentPrioritizationFees, type PrioritizationFee } from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getRecentPrioritizationFees', () => {
  it('resolves to fees with bigint amounts, with or without addresses', async () => {
    expectTypeOf(rpc.getRecentPrioritizationFees()).toEqualTypeOf<Promise<PrioritizationFee[]>>();
    const addresses: readonly string[] = ['11111111111111111111111111111111'];
    const [fee] = await rpc.getRecentPrioritizationFees(addresses, { timeoutMs: 1_000 });
    expectTypeOf(fee?.prioritizationFee).toEqualTypeOf<bigint | undefined>();
    expectTypeOf(fee?.slot).toEqualTypeOf<number | undefined>();
    expectTypeOf(rpc.getRecentPrioritizationFees).toEqualTypeOf<GetRecentPrioritizationFees>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error addresses are a list
    rpc.getRecentPrioritizationFees('11111111111111111111111111111111');
    // @ts-expect-error the node takes no commitment here
    rpc.getRecentPrioritizationFees([], { commitment: 'confirmed' });
  });
});
