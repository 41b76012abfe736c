/**
 * Type tests of `getBalance`: its single overload, every config field, and calls that must not compile.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type Address,
  type BalanceResult,
  type CallOptions,
  type Commitment,
  createRpc,
  type GetBalance,
  type GetBalanceConfig,
  type RpcResult,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');
const address: Address = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';

describe('getBalance', () => {
  it('resolves to BalanceResult with an exact bigint value', async () => {
    expectTypeOf(rpc.getBalance(address)).toEqualTypeOf<Promise<BalanceResult>>();
    expectTypeOf(rpc.getBalance(address, {})).toEqualTypeOf<Promise<BalanceResult>>();
    expectTypeOf(rpc.getBalance(address, undefined)).toEqualTypeOf<Promise<BalanceResult>>();
    const result = await rpc.getBalance(address, { commitment: 'confirmed' });
    expectTypeOf(result).toEqualTypeOf<BalanceResult>();
    expectTypeOf(result).toExtend<RpcResult<bigint>>();
    expectTypeOf(result.value).toEqualTypeOf<bigint>();
    expectTypeOf(result.context.slot).toEqualTypeOf<number>();
    expectTypeOf(result.context.apiVersion).toEqualTypeOf<string | undefined>();
  });

  it('accepts commitment, minContextSlot as number or bigint, signal and timeoutMs', () => {
    const config = {
      commitment: 'processed',
      minContextSlot: 123n,
      signal: new AbortController().signal,
      timeoutMs: 1_000,
    } as const;
    expectTypeOf(rpc.getBalance(address, config)).toEqualTypeOf<Promise<BalanceResult>>();
    expectTypeOf(rpc.getBalance).toBeCallableWith(address, { minContextSlot: 123 });
    expectTypeOf(rpc.getBalance).toBeCallableWith(address, { minContextSlot: 123n });
    expectTypeOf(rpc.getBalance).toBeCallableWith(address, { commitment: 'finalized', timeoutMs: 10 });
    expectTypeOf<GetBalanceConfig['commitment']>().toEqualTypeOf<Commitment | undefined>();
    expectTypeOf<GetBalanceConfig['minContextSlot']>().toEqualTypeOf<number | bigint | undefined>();
    expectTypeOf<GetBalanceConfig['signal']>().toEqualTypeOf<AbortSignal | undefined>();
    expectTypeOf<GetBalanceConfig['timeoutMs']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<GetBalanceConfig>().toExtend<CallOptions>();
    expectTypeOf<keyof GetBalanceConfig>().toEqualTypeOf<'commitment' | 'minContextSlot' | 'signal' | 'timeoutMs'>();
  });

  it('accepts a wide config held in a variable', () => {
    const config: GetBalanceConfig = { commitment: 'confirmed' as Commitment };
    expectTypeOf(rpc.getBalance(address, config)).toEqualTypeOf<Promise<BalanceResult>>();
  });

  it('is the hand-written GetBalance on the client', () => {
    expectTypeOf(rpc.getBalance).toEqualTypeOf<GetBalance>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error the address is required
    rpc.getBalance();
    // @ts-expect-error an address is a base58 string, not a number
    rpc.getBalance(42);
    // @ts-expect-error commitment levels are fixed
    rpc.getBalance(address, { commitment: 'max' });
    // @ts-expect-error a string minContextSlot is rejected
    rpc.getBalance(address, { minContextSlot: '5' });
    // @ts-expect-error getBalance has no encoding
    rpc.getBalance(address, { encoding: 'base64' });
    // @ts-expect-error timeoutMs is a number of milliseconds
    rpc.getBalance(address, { timeoutMs: '1s' });
    // @ts-expect-error signal is an AbortSignal
    rpc.getBalance(address, { signal: new AbortController() });
  });
});
