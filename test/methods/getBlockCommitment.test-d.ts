/** Type tests of `getBlockCommitment`: its one overload, its result, its config (call options only) and calls that must not compile. */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type BlockCommitment,
  type CallOptions,
  createRpc,
  type GetBlockCommitment,
  type GetBlockCommitmentConfig,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getBlockCommitment', () => {
  it('resolves to BlockCommitment for a number or bigint slot', async () => {
    expectTypeOf(rpc.getBlockCommitment(356139500)).toEqualTypeOf<Promise<BlockCommitment>>();
    expectTypeOf(rpc.getBlockCommitment(356139500n, { timeoutMs: 500 })).toEqualTypeOf<Promise<BlockCommitment>>();
    const config: GetBlockCommitmentConfig = { signal: new AbortController().signal };
    const { commitment, totalStake } = await rpc.getBlockCommitment(0, config);
    expectTypeOf(commitment).toEqualTypeOf<bigint[] | null>();
    expectTypeOf(totalStake).toEqualTypeOf<bigint>();
  });

  it('takes the call options only', () => {
    expectTypeOf<GetBlockCommitmentConfig>().toExtend<CallOptions>();
    expectTypeOf<keyof GetBlockCommitmentConfig>().toEqualTypeOf<'signal' | 'timeoutMs'>();
  });

  it('is the hand-written GetBlockCommitment on the client', () => {
    expectTypeOf(rpc.getBlockCommitment).toEqualTypeOf<GetBlockCommitment>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error the slot is required
    rpc.getBlockCommitment();
    // @ts-expect-error a slot is a number or bigint
    rpc.getBlockCommitment('356139500');
    // @ts-expect-error agave takes no commitment for getBlockCommitment
    rpc.getBlockCommitment(356139500, { commitment: 'confirmed' });
  });
});
