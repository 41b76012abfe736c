/** Type tests of `getSlotLeaders`: a start slot and a limit, addresses back. */
import { describe, expectTypeOf, it } from 'vitest';
import { type Address, createRpc, type GetSlotLeaders, type GetSlotLeadersConfig } from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getSlotLeaders', () => {
  it('resolves to Address[]', () => {
    expectTypeOf(rpc.getSlotLeaders(356139502, 10)).toEqualTypeOf<Promise<Address[]>>();
    const config: GetSlotLeadersConfig = { timeoutMs: 1_000 };
    expectTypeOf(rpc.getSlotLeaders(356139502n, 10, config)).toEqualTypeOf<Promise<Address[]>>();
    expectTypeOf(rpc.getSlotLeaders).toEqualTypeOf<GetSlotLeaders>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error the limit is required
    rpc.getSlotLeaders(356139502);
    // @ts-expect-error the limit is a number, not a bigint
    rpc.getSlotLeaders(356139502, 10n);
    // @ts-expect-error agave takes no commitment
    rpc.getSlotLeaders(356139502, 10, { commitment: 'confirmed' });
  });
});
