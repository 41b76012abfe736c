/** Type tests of `getHighestSnapshotSlot`: a full slot and a nullable incremental one. */
import { describe, expectTypeOf, it } from 'vitest';
import { createRpc, type GetHighestSnapshotSlot, type SnapshotSlots } from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getHighestSnapshotSlot', () => {
  it('resolves to SnapshotSlots', () => {
    expectTypeOf(rpc.getHighestSnapshotSlot()).toEqualTypeOf<Promise<SnapshotSlots>>();
    expectTypeOf(rpc.getHighestSnapshotSlot).toEqualTypeOf<GetHighestSnapshotSlot>();
    expectTypeOf<SnapshotSlots['full']>().toEqualTypeOf<number>();
    expectTypeOf<SnapshotSlots['incremental']>().toEqualTypeOf<number | null>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error no commitment
    rpc.getHighestSnapshotSlot({ commitment: 'confirmed' });
  });
});
