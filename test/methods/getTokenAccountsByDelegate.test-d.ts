/**
 * Type tests of `getTokenAccountsByDelegate`: every overload of `GetTokenAccountsByDelegate`, configs
 * written inline and held in variables, the filter, and calls that must not compile.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AccountEncoding,
  type Address,
  createRpc,
  type GetTokenAccountsByDelegate,
  type GetTokenAccountsByDelegateBinaryConfig,
  type GetTokenAccountsByDelegateConfig,
  type GetTokenAccountsByDelegateParsedConfig,
  type KeyedAccount,
  type ParsedTokenAccountData,
  type ParsedTokenAccountsResult,
  type TokenAccountInfo,
  type TokenAccountsFilter,
  type TokenAccountsResult,
  type TokenAmount,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');
const delegate: Address = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';
const mint: Address = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const programId: Address = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

describe('getTokenAccountsByDelegate: binary overload', () => {
  it('resolves to TokenAccountsResult without a config and for every binary encoding', () => {
    expectTypeOf(rpc.getTokenAccountsByDelegate(delegate, { mint })).toEqualTypeOf<Promise<TokenAccountsResult>>();
    expectTypeOf(rpc.getTokenAccountsByDelegate(delegate, { programId }, {})).toEqualTypeOf<
      Promise<TokenAccountsResult>
    >();
    expectTypeOf(rpc.getTokenAccountsByDelegate(delegate, { mint }, { encoding: 'base64' })).toEqualTypeOf<
      Promise<TokenAccountsResult>
    >();
    expectTypeOf(rpc.getTokenAccountsByDelegate(delegate, { mint }, { encoding: 'base58' })).toEqualTypeOf<
      Promise<TokenAccountsResult>
    >();
    expectTypeOf(rpc.getTokenAccountsByDelegate(delegate, { mint }, { encoding: 'base64+zstd' })).toEqualTypeOf<
      Promise<TokenAccountsResult>
    >();
  });

  it('gives keyed accounts whose data is exactly Uint8Array', async () => {
    const result = await rpc.getTokenAccountsByDelegate(delegate, { programId }, { encoding: 'base64+zstd' });
    expectTypeOf(result).toEqualTypeOf<TokenAccountsResult>();
    expectTypeOf(result.value).toEqualTypeOf<KeyedAccount<Uint8Array>[]>();
    expectTypeOf(result.context.slot).toEqualTypeOf<number>();
    const [first] = result.value;
    if (first === undefined) return;
    expectTypeOf(first.pubkey).toEqualTypeOf<Address>();
    expectTypeOf(first.account.data).toEqualTypeOf<Uint8Array>();
    expectTypeOf(first.account.lamports).toEqualTypeOf<bigint>();
    expectTypeOf(first.account.rentEpoch).toEqualTypeOf<bigint>();
    expectTypeOf(first.account.space).toEqualTypeOf<number | null>();
  });
});

describe('getTokenAccountsByDelegate: jsonParsed overload', () => {
  it('resolves to ParsedTokenAccountsResult', () => {
    expectTypeOf(rpc.getTokenAccountsByDelegate(delegate, { mint }, { encoding: 'jsonParsed' })).toEqualTypeOf<
      Promise<ParsedTokenAccountsResult>
    >();
  });

  it('gives token-account data or bytes, with info typed without narrowing on parsed.type', async () => {
    const { value } = await rpc.getTokenAccountsByDelegate(delegate, { programId }, { encoding: 'jsonParsed' });
    expectTypeOf(value).toEqualTypeOf<KeyedAccount<ParsedTokenAccountData | Uint8Array>[]>();
    for (const { pubkey, account } of value) {
      expectTypeOf(pubkey).toEqualTypeOf<Address>();
      expectTypeOf(account.data).toEqualTypeOf<ParsedTokenAccountData | Uint8Array>();
      if (account.data instanceof Uint8Array) continue;
      expectTypeOf(account.data.program).toEqualTypeOf<'spl-token' | 'spl-token-2022'>();
      expectTypeOf(account.data.parsed.type).toEqualTypeOf<'account'>();
      expectTypeOf(account.data.parsed.info).toEqualTypeOf<TokenAccountInfo>();
      expectTypeOf(account.data.parsed.info.delegatedAmount).toEqualTypeOf<TokenAmount | undefined>();
      expectTypeOf(account.data.parsed.info.tokenAmount.uiAmount).toEqualTypeOf<number | null>();
      expectTypeOf(account.data.parsed.info.state).toEqualTypeOf<'uninitialized' | 'initialized' | 'frozen'>();
    }
  });
});

describe('getTokenAccountsByDelegate: a config held in a variable', () => {
  it('resolves `as const` configs to their overloads', () => {
    const c = { encoding: 'jsonParsed' } as const;
    expectTypeOf(rpc.getTokenAccountsByDelegate(delegate, { mint }, c)).toEqualTypeOf<
      Promise<ParsedTokenAccountsResult>
    >();
    const c2 = { encoding: 'base64+zstd' } as const;
    expectTypeOf(rpc.getTokenAccountsByDelegate(delegate, { mint }, c2)).toEqualTypeOf<Promise<TokenAccountsResult>>();
  });

  it('resolves a variable of each named config type to its overload', () => {
    const parsed: GetTokenAccountsByDelegateParsedConfig = { encoding: 'jsonParsed' };
    expectTypeOf(rpc.getTokenAccountsByDelegate(delegate, { mint }, parsed)).toEqualTypeOf<
      Promise<ParsedTokenAccountsResult>
    >();
    const binary: GetTokenAccountsByDelegateBinaryConfig = { encoding: 'base58' };
    expectTypeOf(rpc.getTokenAccountsByDelegate(delegate, { mint }, binary)).toEqualTypeOf<
      Promise<TokenAccountsResult>
    >();
  });

  it('resolves a wide config to the wide overload: parsed data or bytes', () => {
    const c3: GetTokenAccountsByDelegateConfig = { encoding: 'base64' };
    expectTypeOf(rpc.getTokenAccountsByDelegate(delegate, { mint }, c3)).toEqualTypeOf<
      Promise<ParsedTokenAccountsResult>
    >();
    const encoding = 'base64' as AccountEncoding;
    expectTypeOf(rpc.getTokenAccountsByDelegate(delegate, { programId }, { encoding })).toEqualTypeOf<
      Promise<ParsedTokenAccountsResult>
    >();
  });

  it('accepts a filter held in a variable', () => {
    const filter: TokenAccountsFilter = Math.random() > 0.5 ? { mint } : { programId };
    expectTypeOf(rpc.getTokenAccountsByDelegate(delegate, filter)).toEqualTypeOf<Promise<TokenAccountsResult>>();
  });
});

describe('getTokenAccountsByDelegate: the public signature', () => {
  it('is the hand-written GetTokenAccountsByDelegate on the client', () => {
    expectTypeOf(rpc.getTokenAccountsByDelegate).toEqualTypeOf<GetTokenAccountsByDelegate>();
    expectTypeOf<TokenAccountsFilter>().toEqualTypeOf<
      { mint: Address; programId?: never } | { programId: Address; mint?: never }
    >();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error the filter is required
    rpc.getTokenAccountsByDelegate(delegate);
    // @ts-expect-error the filter is required, even with a config in its place
    rpc.getTokenAccountsByDelegate(delegate, { encoding: 'jsonParsed' });
    // @ts-expect-error filter by mint or programId, never by owner
    rpc.getTokenAccountsByDelegate(delegate, { owner: delegate });
    // @ts-expect-error an empty filter is rejected
    rpc.getTokenAccountsByDelegate(delegate, {});
    // @ts-expect-error the delegate is required
    rpc.getTokenAccountsByDelegate();
    // @ts-expect-error a delegate is a base58 string, not a number
    rpc.getTokenAccountsByDelegate(42, { mint });
    // @ts-expect-error 'base32' is not an encoding
    rpc.getTokenAccountsByDelegate(delegate, { mint }, { encoding: 'base32' });
    // @ts-expect-error a mint is a base58 string
    rpc.getTokenAccountsByDelegate(delegate, { mint: 1 });
  });

  it('rejects a filter with both mint and programId', () => {
    // @ts-expect-error exactly one of mint or programId
    rpc.getTokenAccountsByDelegate(delegate, { mint, programId });
  });
});
