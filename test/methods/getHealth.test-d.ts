/** Type tests of `getHealth`: its one overload, its config and calls that must not compile. */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type CallOptions,
  createRpc,
  type GetHealth,
  type GetHealthConfig,
  type NodeUnhealthyData,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getHealth', () => {
  it("resolves to 'ok', with or without a config", () => {
    expectTypeOf(rpc.getHealth()).toEqualTypeOf<Promise<'ok'>>();
    expectTypeOf(rpc.getHealth({})).toEqualTypeOf<Promise<'ok'>>();
    expectTypeOf(rpc.getHealth({ timeoutMs: 500 })).toEqualTypeOf<Promise<'ok'>>();
    const config: GetHealthConfig = { signal: new AbortController().signal };
    expectTypeOf(rpc.getHealth(config)).toEqualTypeOf<Promise<'ok'>>();
  });

  it('takes the call options only', () => {
    expectTypeOf<GetHealthConfig>().toExtend<CallOptions>();
    expectTypeOf<keyof GetHealthConfig>().toEqualTypeOf<'signal' | 'timeoutMs'>();
  });

  it('is the hand-written GetHealth on the client', () => {
    expectTypeOf(rpc.getHealth).toEqualTypeOf<GetHealth>();
  });

  it('exports NodeUnhealthyData, the -32005 data', () => {
    expectTypeOf<NodeUnhealthyData>().toEqualTypeOf<{ numSlotsBehind: number | null }>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error getHealth takes no commitment
    rpc.getHealth({ commitment: 'confirmed' });
    // @ts-expect-error getHealth takes no minContextSlot
    rpc.getHealth({ minContextSlot: 5 });
    // @ts-expect-error getHealth takes one config at most
    rpc.getHealth({}, {});
  });
});
