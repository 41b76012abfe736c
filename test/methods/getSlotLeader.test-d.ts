/** Type tests of `getSlotLeader`: an address, with or without a config. */
import { describe, expectTypeOf, it } from 'vitest';
import { type Address, createRpc, type GetSlotLeader, type GetSlotLeaderConfig } from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getSlotLeader', () => {
  it('resolves to an Address', () => {
    expectTypeOf(rpc.getSlotLeader()).toEqualTypeOf<Promise<Address>>();
    const config: GetSlotLeaderConfig = { commitment: 'processed', minContextSlot: 1n };
    expectTypeOf(rpc.getSlotLeader(config)).toEqualTypeOf<Promise<Address>>();
    expectTypeOf(rpc.getSlotLeader).toEqualTypeOf<GetSlotLeader>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error not a commitment
    rpc.getSlotLeader({ commitment: 'recent' });
    // @ts-expect-error no identity option
    rpc.getSlotLeader({ identity: 'x' });
  });
});
