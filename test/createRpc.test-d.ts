/**
 * Type tests of the clients: `createRpc` exposes every method with its hand-written overloaded signature,
 * and `createRpcWith` exposes exactly the methods it is given, with the same signatures.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AccountInfoResult,
  type Address,
  type BalanceResult,
  createBasicTransport,
  createHttpTransport,
  createRpc,
  createRpcWith,
  type GetAccountInfo,
  type GetBalance,
  type GetTokenAccountsByDelegate,
  getAccountInfo,
  getBalance,
  getTokenAccountsByDelegate,
  type MethodDefinition,
  type ParsedAccountInfoResult,
  type Request,
  type Rpc,
  type RpcOptions,
  type RpcWith,
  type RpcWithOptions,
  request,
  type Transport,
} from '../src/index.js';
import type { PROFILES } from './support/methodProfiles.js';

// Type tests are compiled, never run: no request is ever made.
const url = 'http://127.0.0.1:8899';
const address: Address = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';

describe('createRpc', () => {
  it('returns Rpc, over a URL or a transport, with or without options', () => {
    expectTypeOf(createRpc(url)).toEqualTypeOf<Rpc>();
    const transport: Transport = async () => null;
    expectTypeOf(createRpc(transport)).toEqualTypeOf<Rpc>();
    const options: RpcOptions = { maxDecompressedBytes: 1024, timeoutMs: 1_000, headers: { 'x-api-key': 'k' } };
    expectTypeOf(createRpc(url, options)).toEqualTypeOf<Rpc>();
  });

  it('has exactly the methods solrpc implements, and request for any other', () => {
    // The profile table is checked against allMethods; the client must expose exactly those methods.
    expectTypeOf<keyof Rpc>().toEqualTypeOf<keyof typeof PROFILES | 'request'>();
    expectTypeOf(createRpc(url).request).toEqualTypeOf<Request>();
    expectTypeOf(createRpc(url).request('getSlot')).toEqualTypeOf<Promise<unknown>>();
    expectTypeOf(createRpc(url).request<number>('getSlot', [], { timeoutMs: 1 })).toEqualTypeOf<Promise<number>>();
    // @ts-expect-error params are positional: an array
    createRpc(url).request('getSlot', { commitment: 'confirmed' });
    const small = createRpcWith(url, { request });
    expectTypeOf(small.request<string>('getHealth')).toEqualTypeOf<Promise<string>>();
  });

  it('exposes each method as its hand-written interface, so hover shows a name', () => {
    const rpc = createRpc(url);
    expectTypeOf(rpc.getAccountInfo).toExtend<GetAccountInfo>();
    expectTypeOf<Rpc['getAccountInfo']>().toEqualTypeOf<GetAccountInfo>();
    expectTypeOf<Rpc['getBalance']>().toEqualTypeOf<GetBalance>();
    expectTypeOf<Rpc['getTokenAccountsByDelegate']>().toEqualTypeOf<GetTokenAccountsByDelegate>();
  });

  it('keeps every overload, not only the last one', () => {
    const rpc = createRpc(url);
    expectTypeOf(rpc.getAccountInfo(address)).toEqualTypeOf<Promise<AccountInfoResult>>();
    expectTypeOf(rpc.getAccountInfo(address, { encoding: 'jsonParsed' })).toEqualTypeOf<
      Promise<ParsedAccountInfoResult>
    >();
  });

  it('is read-only and rejects invalid arguments', () => {
    const rpc = createRpc(url);
    const other = createRpc(url);
    // @ts-expect-error the client's methods are read-only
    rpc.getBalance = other.getBalance;
    // @ts-expect-error no such method
    rpc.getSlots;
    // @ts-expect-error a URL or a transport is required
    createRpc();
    // @ts-expect-error a URL is a string
    createRpc(new URL(url));
    // @ts-expect-error maxDecompressedBytes is a number
    createRpc(url, { maxDecompressedBytes: '10MiB' });
  });
});

describe('createRpcWith', () => {
  it('has only the methods given', () => {
    const minimal = createRpcWith(url, { getBalance });
    expectTypeOf<keyof typeof minimal>().toEqualTypeOf<'getBalance'>();
    expectTypeOf(minimal).toEqualTypeOf<RpcWith<{ getBalance: typeof getBalance }>>();
    // @ts-expect-error getAccountInfo was not given
    minimal.getAccountInfo;
    // @ts-expect-error getTokenAccountsByDelegate was not given
    minimal.getTokenAccountsByDelegate;
  });

  it('gives each method the same type as on the full client', async () => {
    const minimal = createRpcWith(url, { getBalance }, { maxDecompressedBytes: 1024 });
    expectTypeOf(minimal.getBalance).toEqualTypeOf<Rpc['getBalance']>();
    expectTypeOf(minimal.getBalance).toEqualTypeOf<GetBalance>();
    const { value } = await minimal.getBalance(address, { commitment: 'confirmed' });
    expectTypeOf(value).toEqualTypeOf<bigint>();
    expectTypeOf(minimal.getBalance(address)).toEqualTypeOf<Promise<BalanceResult>>();
  });

  it('keeps every overload of the methods given', () => {
    const accounts = createRpcWith(url, { getAccountInfo, getTokenAccountsByDelegate });
    expectTypeOf<keyof typeof accounts>().toEqualTypeOf<'getAccountInfo' | 'getTokenAccountsByDelegate'>();
    expectTypeOf(accounts.getAccountInfo).toEqualTypeOf<Rpc['getAccountInfo']>();
    expectTypeOf(accounts.getTokenAccountsByDelegate).toEqualTypeOf<Rpc['getTokenAccountsByDelegate']>();
    expectTypeOf(accounts.getAccountInfo(address, { encoding: 'jsonParsed' })).toEqualTypeOf<
      Promise<ParsedAccountInfoResult>
    >();
    expectTypeOf(accounts.getAccountInfo(address, { encoding: 'base58' })).toEqualTypeOf<Promise<AccountInfoResult>>();
  });

  it('accepts the full client where a smaller one is expected', () => {
    const needsBalance = (client: RpcWith<{ getBalance: typeof getBalance }>) => client.getBalance(address);
    expectTypeOf(needsBalance).toBeCallableWith(createRpc(url));
    expectTypeOf(needsBalance).toBeCallableWith(createRpcWith(url, { getBalance, getAccountInfo }));
    // @ts-expect-error a client without getBalance
    needsBalance(createRpcWith(url, { getAccountInfo }));
  });

  it("takes the basic transport's options; the reliability options need createHttpTransport", () => {
    const options: RpcWithOptions = { timeoutMs: 1_000, maxResponseBytes: 1024, maxDecompressedBytes: 1024 };
    createRpcWith(url, { getBalance }, options);
    // @ts-expect-error retries belong to createHttpTransport
    createRpcWith(url, { getBalance }, { retry: { maxRetries: 1 } });
    // @ts-expect-error failover belongs to createHttpTransport
    createRpcWith([url, url], { getBalance });
    expectTypeOf(createRpcWith(createHttpTransport([url, url], { retry: false }), { getBalance })).toEqualTypeOf<
      RpcWith<{ getBalance: typeof getBalance }>
    >();
    expectTypeOf(createBasicTransport(url, { timeoutMs: 1 })).toEqualTypeOf<Transport>();
  });

  it('takes method definitions only', () => {
    expectTypeOf(getBalance).toEqualTypeOf<MethodDefinition<GetBalance>>();
    expectTypeOf(getAccountInfo).toEqualTypeOf<MethodDefinition<GetAccountInfo, 'parsed' | 'binary'>>();
    // @ts-expect-error a plain function is not a method definition
    createRpcWith(url, { getBalance: async () => 0n });
    // @ts-expect-error the method set is required
    createRpcWith(url);
  });
});
