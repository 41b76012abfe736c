/**
 * Type tests of `getMultipleAccounts`: its three overloads narrow `data` by `encoding`, as getAccountInfo's do.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AccountEncoding,
  type Address,
  createRpc,
  createRpcWith,
  type GetMultipleAccountsConfig,
  getMultipleAccounts,
  type MultipleAccountsResult,
  type ParsedAccountData,
  type ParsedMultipleAccountsResult,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');
const addresses: Address[] = ['B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi'];

describe('getMultipleAccounts', () => {
  it('bytes without a config or with a binary encoding', () => {
    expectTypeOf(rpc.getMultipleAccounts(addresses)).toEqualTypeOf<Promise<MultipleAccountsResult>>();
    expectTypeOf(rpc.getMultipleAccounts(addresses, { encoding: 'base64+zstd' })).toEqualTypeOf<
      Promise<MultipleAccountsResult>
    >();
    expectTypeOf(rpc.getMultipleAccounts(addresses, { dataSlice: { offset: 0, length: 8 } })).toEqualTypeOf<
      Promise<MultipleAccountsResult>
    >();
  });

  it('parsed data or bytes with jsonParsed, each entry possibly null', async () => {
    const result = await rpc.getMultipleAccounts(addresses, { encoding: 'jsonParsed' });
    expectTypeOf(result).toEqualTypeOf<ParsedMultipleAccountsResult>();
    expectTypeOf(result.value[0]?.data).toEqualTypeOf<ParsedAccountData | Uint8Array | undefined>();
  });

  it('the general overload for an encoding known at run time', () => {
    const encoding = 'base64' as AccountEncoding;
    const config: GetMultipleAccountsConfig = { encoding };
    expectTypeOf(rpc.getMultipleAccounts(addresses, config)).toEqualTypeOf<Promise<ParsedMultipleAccountsResult>>();
  });

  it('a readonly list is accepted; one address alone is not', () => {
    const frozen: readonly Address[] = addresses;
    expectTypeOf(rpc.getMultipleAccounts(frozen)).toEqualTypeOf<Promise<MultipleAccountsResult>>();
    // @ts-expect-error a list of addresses, not one
    rpc.getMultipleAccounts(addresses[0] as Address);
    // @ts-expect-error no such encoding
    rpc.getMultipleAccounts(addresses, { encoding: 'hex' });
  });

  it('createRpcWith keeps the overloads', () => {
    const small = createRpcWith('http://127.0.0.1:8899', { getMultipleAccounts });
    expectTypeOf(small.getMultipleAccounts(addresses)).toEqualTypeOf<Promise<MultipleAccountsResult>>();
  });
});
