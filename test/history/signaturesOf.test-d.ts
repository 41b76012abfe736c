import { describe, expectTypeOf, it } from 'vitest';
import {
  createRpc,
  createRpcWith,
  getBalance,
  getSignaturesForAddress,
  type SignatureInfo,
  type SignaturesOfOptions,
  signaturesOf,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const url = 'http://127.0.0.1:8899';
const address = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';

describe('signaturesOf', () => {
  it('takes the full client or one with just getSignaturesForAddress, and yields SignatureInfo', () => {
    expectTypeOf(signaturesOf(createRpc(url), address)).toEqualTypeOf<AsyncGenerator<SignatureInfo, void, undefined>>();
    const small = createRpcWith(url, { getSignaturesForAddress });
    const options: SignaturesOfOptions = { pageSize: 100, limit: 250, commitment: 'confirmed', minContextSlot: 1n };
    expectTypeOf(signaturesOf(small, address, options)).toEqualTypeOf<AsyncGenerator<SignatureInfo, void, undefined>>();
  });

  it('rejects a client without the method and options agave would refuse', () => {
    // @ts-expect-error the client must have getSignaturesForAddress
    signaturesOf(createRpcWith(url, { getBalance }), address);
    // @ts-expect-error agave refuses 'processed' for address history
    signaturesOf(createRpc(url), address, { commitment: 'processed' });
    // @ts-expect-error pageSize is a number
    signaturesOf(createRpc(url), address, { pageSize: 100n });
  });
});
