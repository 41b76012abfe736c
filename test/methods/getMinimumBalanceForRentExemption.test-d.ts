/** Type tests of `getMinimumBalanceForRentExemption`: its one overload, a `bigint` result, and its config. */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type Commitment,
  type CommitmentConfig,
  createRpc,
  type GetMinimumBalanceForRentExemption,
  type GetMinimumBalanceForRentExemptionConfig,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getMinimumBalanceForRentExemption', () => {
  it('resolves to a bigint of lamports', () => {
    expectTypeOf(rpc.getMinimumBalanceForRentExemption(165)).toEqualTypeOf<Promise<bigint>>();
    expectTypeOf(rpc.getMinimumBalanceForRentExemption(0, { commitment: 'confirmed' })).toEqualTypeOf<
      Promise<bigint>
    >();
    const config: GetMinimumBalanceForRentExemptionConfig = { commitment: 'finalized' as Commitment };
    expectTypeOf(rpc.getMinimumBalanceForRentExemption(165, config)).toEqualTypeOf<Promise<bigint>>();
  });

  it('takes a commitment only (no minContextSlot), signal and timeoutMs', () => {
    expectTypeOf<GetMinimumBalanceForRentExemptionConfig>().toExtend<CommitmentConfig>();
    expectTypeOf<keyof GetMinimumBalanceForRentExemptionConfig>().toEqualTypeOf<
      'commitment' | 'signal' | 'timeoutMs'
    >();
  });

  it('is the hand-written GetMinimumBalanceForRentExemption on the client', () => {
    expectTypeOf(rpc.getMinimumBalanceForRentExemption).toEqualTypeOf<GetMinimumBalanceForRentExemption>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error the data length is required
    rpc.getMinimumBalanceForRentExemption();
    // @ts-expect-error the data length is a number, not a string
    rpc.getMinimumBalanceForRentExemption('165');
    // @ts-expect-error nor a bigint
    rpc.getMinimumBalanceForRentExemption(165n);
    // @ts-expect-error agave takes no minContextSlot here
    rpc.getMinimumBalanceForRentExemption(165, { minContextSlot: 1 });
  });
});
