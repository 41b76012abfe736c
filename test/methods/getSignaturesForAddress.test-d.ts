import { describe, expectTypeOf, it } from 'vitest';
import {
  type Address,
  createRpc,
  createRpcWith,
  type GetSignaturesForAddress,
  type GetSignaturesForAddressConfig,
  getSignaturesForAddress,
  type SignatureInfo,
  type TransactionError,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');
const address: Address = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';

describe('getSignaturesForAddress', () => {
  it('resolves to SignatureInfo[], with or without a config', () => {
    expectTypeOf(rpc.getSignaturesForAddress(address)).toEqualTypeOf<Promise<SignatureInfo[]>>();
    const config: GetSignaturesForAddressConfig = { limit: 10, commitment: 'confirmed', minContextSlot: 1n };
    expectTypeOf(rpc.getSignaturesForAddress(address, config)).toEqualTypeOf<Promise<SignatureInfo[]>>();
    expectTypeOf(rpc.getSignaturesForAddress).toEqualTypeOf<GetSignaturesForAddress>();
    const small = createRpcWith('http://127.0.0.1:8899', { getSignaturesForAddress });
    expectTypeOf(small.getSignaturesForAddress).toEqualTypeOf<GetSignaturesForAddress>();
  });

  it('types each field: err decoded, nullable fields null, transactionIndex optional', () => {
    expectTypeOf<SignatureInfo['slot']>().toEqualTypeOf<number>();
    expectTypeOf<SignatureInfo['err']>().toEqualTypeOf<TransactionError | null>();
    expectTypeOf<SignatureInfo['memo']>().toEqualTypeOf<string | null>();
    expectTypeOf<SignatureInfo['blockTime']>().toEqualTypeOf<number | null>();
    expectTypeOf<SignatureInfo['confirmationStatus']>().toEqualTypeOf<'processed' | 'confirmed' | 'finalized' | null>();
    expectTypeOf<SignatureInfo['transactionIndex']>().toEqualTypeOf<number | undefined>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error the address is required
    rpc.getSignaturesForAddress();
    // @ts-expect-error agave refuses 'processed' for address history
    rpc.getSignaturesForAddress(address, { commitment: 'processed' });
    // @ts-expect-error limit is a number
    rpc.getSignaturesForAddress(address, { limit: 10n });
    // @ts-expect-error no encoding here
    rpc.getSignaturesForAddress(address, { encoding: 'base64' });
  });
});
