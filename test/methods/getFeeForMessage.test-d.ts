import { describe, expectTypeOf, it } from 'vitest';
import { createRpc, type FeeForMessageResult, type GetFeeForMessage } from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getFeeForMessage', () => {
  it('takes bytes or base64 text and resolves to bigint | null', async () => {
    expectTypeOf(rpc.getFeeForMessage(new Uint8Array(8))).toEqualTypeOf<Promise<FeeForMessageResult>>();
    const { value } = await rpc.getFeeForMessage('AQAB', { commitment: 'confirmed', minContextSlot: 1n });
    expectTypeOf(value).toEqualTypeOf<bigint | null>();
    expectTypeOf(rpc.getFeeForMessage).toEqualTypeOf<GetFeeForMessage>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error the message is required
    rpc.getFeeForMessage();
    // @ts-expect-error bytes as a number array are not a Uint8Array
    rpc.getFeeForMessage([1, 2, 3]);
  });
});
