/**
 * Type tests of `getAccountInfo`: every overload of `GetAccountInfo`, configs written inline and held in
 * variables, narrowing of parsed data, and calls that must not compile.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type Account,
  type AccountEncoding,
  type AccountInfoResult,
  type Address,
  type BinaryEncoding,
  createRpc,
  type GetAccountInfo,
  type GetAccountInfoBinaryConfig,
  type GetAccountInfoConfig,
  type GetAccountInfoParsedConfig,
  type MintInfo,
  type ParsedAccountData,
  type ParsedAccountInfoResult,
  type ParsedAddressLookupTableData,
  type ParsedBpfUpgradeableLoaderData,
  type ParsedConfigData,
  type ParsedMintData,
  type ParsedMultisigData,
  type ParsedNonceData,
  type ParsedStakeData,
  type ParsedSysvarData,
  type ParsedTokenAccountData,
  type ParsedTokenProgramData,
  type ParsedVoteData,
  type RpcContext,
  type TokenAccountInfo,
  type TokenAmount,
  type TokenExtension,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');
const address: Address = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';

describe('getAccountInfo: binary overload', () => {
  it('resolves to AccountInfoResult without a config', () => {
    expectTypeOf(rpc.getAccountInfo(address)).toEqualTypeOf<Promise<AccountInfoResult>>();
    expectTypeOf(rpc.getAccountInfo(address, undefined)).toEqualTypeOf<Promise<AccountInfoResult>>();
    expectTypeOf(rpc.getAccountInfo(address, {})).toEqualTypeOf<Promise<AccountInfoResult>>();
    expectTypeOf(rpc.getAccountInfo(address, { commitment: 'confirmed' })).toEqualTypeOf<Promise<AccountInfoResult>>();
  });

  it('resolves to AccountInfoResult for every binary encoding', () => {
    expectTypeOf(rpc.getAccountInfo(address, { encoding: 'base64' })).toEqualTypeOf<Promise<AccountInfoResult>>();
    expectTypeOf(rpc.getAccountInfo(address, { encoding: 'base58' })).toEqualTypeOf<Promise<AccountInfoResult>>();
    expectTypeOf(rpc.getAccountInfo(address, { encoding: 'base64+zstd' })).toEqualTypeOf<Promise<AccountInfoResult>>();
    const encoding = 'base58' as BinaryEncoding;
    expectTypeOf(rpc.getAccountInfo(address, { encoding })).toEqualTypeOf<Promise<AccountInfoResult>>();
  });

  it('has a nullable account whose data is exactly Uint8Array', async () => {
    const result = await rpc.getAccountInfo(address, { encoding: 'base64+zstd' });
    expectTypeOf(result).toEqualTypeOf<AccountInfoResult>();
    expectTypeOf(result.value).toEqualTypeOf<Account<Uint8Array> | null>();
    expectTypeOf(result.context).toEqualTypeOf<RpcContext>();
    expectTypeOf(result.context.slot).toEqualTypeOf<number>();
    expectTypeOf(result.context.apiVersion).toEqualTypeOf<string | undefined>();
    const { value } = result;
    if (value === null) return;
    expectTypeOf(value.data).toEqualTypeOf<Uint8Array>();
    expectTypeOf(value.lamports).toEqualTypeOf<bigint>();
    expectTypeOf(value.rentEpoch).toEqualTypeOf<bigint>();
    expectTypeOf(value.space).toEqualTypeOf<number | null>();
    expectTypeOf(value.owner).toEqualTypeOf<Address>();
    expectTypeOf(value.executable).toEqualTypeOf<boolean>();
  });

  it('accepts every documented config field', () => {
    expectTypeOf(
      rpc.getAccountInfo(address, {
        encoding: 'base64',
        dataSlice: { offset: 0, length: 32 },
        commitment: 'processed',
        minContextSlot: 1n,
        signal: new AbortController().signal,
        timeoutMs: 5_000,
      }),
    ).toEqualTypeOf<Promise<AccountInfoResult>>();
    expectTypeOf(rpc.getAccountInfo(address, { minContextSlot: 1 })).toEqualTypeOf<Promise<AccountInfoResult>>();
  });
});

describe('getAccountInfo: jsonParsed overload', () => {
  it('resolves to ParsedAccountInfoResult', async () => {
    expectTypeOf(rpc.getAccountInfo(address, { encoding: 'jsonParsed' })).toEqualTypeOf<
      Promise<ParsedAccountInfoResult>
    >();
    const result = await rpc.getAccountInfo(address, { encoding: 'jsonParsed', commitment: 'finalized' });
    expectTypeOf(result).toEqualTypeOf<ParsedAccountInfoResult>();
    expectTypeOf(result.value).toEqualTypeOf<Account<ParsedAccountData | Uint8Array> | null>();
    expectTypeOf(result.context.slot).toEqualTypeOf<number>();
  });

  it('gives parsed data or bytes, made of the token programs and the other parsers', async () => {
    const { value } = await rpc.getAccountInfo(address, { encoding: 'jsonParsed' });
    if (value === null) return;
    expectTypeOf(value.data).toEqualTypeOf<ParsedAccountData | Uint8Array>();
    expectTypeOf(value.lamports).toEqualTypeOf<bigint>();
    expectTypeOf(value.rentEpoch).toEqualTypeOf<bigint>();
    expectTypeOf(value.space).toEqualTypeOf<number | null>();
    expectTypeOf<ParsedAccountData>().toEqualTypeOf<
      | ParsedTokenProgramData
      | ParsedStakeData
      | ParsedVoteData
      | ParsedNonceData
      | ParsedSysvarData
      | ParsedConfigData
      | ParsedAddressLookupTableData
      | ParsedBpfUpgradeableLoaderData
    >();
    expectTypeOf<ParsedTokenProgramData>().toEqualTypeOf<
      ParsedTokenAccountData | ParsedMintData | ParsedMultisigData
    >();
    expectTypeOf<ParsedAccountData['program']>().toEqualTypeOf<
      | 'spl-token'
      | 'spl-token-2022'
      | 'address-lookup-table'
      | 'bpf-upgradeable-loader'
      | 'config'
      | 'nonce'
      | 'stake'
      | 'sysvar'
      | 'vote'
    >();
  });

  it('narrows to a token account by instanceof, program and parsed.type', async () => {
    const { value } = await rpc.getAccountInfo(address, { encoding: 'jsonParsed' });
    if (value === null) return;
    const { data } = value;
    if (data instanceof Uint8Array) {
      expectTypeOf(data).toEqualTypeOf<Uint8Array>();
      return;
    }
    expectTypeOf(data).toEqualTypeOf<ParsedAccountData>();
    expectTypeOf(data.space).toEqualTypeOf<number>();
    if (data.program !== 'spl-token') return;
    expectTypeOf(data).toEqualTypeOf<ParsedTokenProgramData>();
    if (data.parsed.type !== 'account') return;
    const { info } = data.parsed;
    expectTypeOf(info).toEqualTypeOf<TokenAccountInfo>();
    expectTypeOf(info.tokenAmount).toEqualTypeOf<TokenAmount>();
    expectTypeOf(info.tokenAmount.uiAmount).toEqualTypeOf<number | null>();
    expectTypeOf(info.tokenAmount.amount).toEqualTypeOf<string>();
    expectTypeOf(info.tokenAmount.uiAmountString).toEqualTypeOf<string>();
    expectTypeOf(info.tokenAmount.decimals).toEqualTypeOf<number>();
    expectTypeOf(info.delegate).toEqualTypeOf<string | undefined>();
    expectTypeOf(info.delegatedAmount).toEqualTypeOf<TokenAmount | undefined>();
    expectTypeOf(info.state).toEqualTypeOf<'uninitialized' | 'initialized' | 'frozen'>();
    expectTypeOf(info.isNative).toEqualTypeOf<boolean>();
    expectTypeOf(info.extensions).toEqualTypeOf<TokenExtension[] | undefined>();
  });

  it('narrows to a mint, a multisig and another program', async () => {
    const { value } = await rpc.getAccountInfo(address, { encoding: 'jsonParsed' });
    if (value === null || value.data instanceof Uint8Array) return;
    const data = value.data;
    if (data.program === 'spl-token-2022' && data.parsed.type === 'mint') {
      expectTypeOf(data.parsed.info).toEqualTypeOf<MintInfo>();
      expectTypeOf(data.parsed.info.supply).toEqualTypeOf<string>();
      expectTypeOf(data.parsed.info.mintAuthority).toEqualTypeOf<string | null>();
      expectTypeOf(data.parsed.info.decimals).toEqualTypeOf<number>();
    }
    if (data.program === 'spl-token' && data.parsed.type === 'multisig') {
      expectTypeOf(data.parsed.info.signers).toEqualTypeOf<string[]>();
    }
    if (data.program === 'stake') {
      expectTypeOf(data).toEqualTypeOf<ParsedStakeData>();
      expectTypeOf(data.parsed.type).toEqualTypeOf<'uninitialized' | 'initialized' | 'delegated' | 'rewardsPool'>();
      if (data.parsed.type === 'delegated') {
        expectTypeOf(data.parsed.info.stake.delegation.voter).toEqualTypeOf<string>();
        expectTypeOf(data.parsed.info.meta.rentExemptReserve).toEqualTypeOf<string>();
      }
    }
    if (data.program === 'sysvar' && data.parsed.type === 'clock') {
      expectTypeOf(data.parsed.info.slot).toEqualTypeOf<number | bigint>();
    }
    if (data.program === 'nonce' && data.parsed.type === 'initialized') {
      expectTypeOf(data.parsed.info.blockhash).toEqualTypeOf<string>();
    }
  });
});

describe('getAccountInfo: the TSDoc example of the parsed overload', () => {
  it('narrows a mint on program, then parsed.type', async () => {
    const { value } = await rpc.getAccountInfo(address, { encoding: 'jsonParsed' });
    if (
      value &&
      !(value.data instanceof Uint8Array) &&
      value.data.program === 'spl-token' &&
      value.data.parsed.type === 'mint'
    ) {
      expectTypeOf(value.data.parsed.info).toEqualTypeOf<MintInfo>();
      expectTypeOf(value.data.parsed.info.supply).toEqualTypeOf<string>();
    }
  });

  it('narrows on parsed.type alone where one program uses the name', async () => {
    const { value } = await rpc.getAccountInfo(address, { encoding: 'jsonParsed' });
    if (value && !(value.data instanceof Uint8Array) && value.data.parsed.type === 'mint') {
      expectTypeOf(value.data.parsed.info).toEqualTypeOf<MintInfo>();
    }
  });
});

describe('getAccountInfo: a config held in a variable', () => {
  it('needs `as const` or a type for a literal encoding held in a variable', () => {
    const widened = { encoding: 'jsonParsed' };
    // @ts-expect-error `encoding` widened to string matches no overload
    rpc.getAccountInfo(address, widened);
    const base = { commitment: 'confirmed' } as const;
    expectTypeOf(rpc.getAccountInfo(address, { ...base, encoding: 'jsonParsed' })).toEqualTypeOf<
      Promise<ParsedAccountInfoResult>
    >();
  });

  it('resolves `as const` jsonParsed to the parsed overload', () => {
    const c = { encoding: 'jsonParsed' } as const;
    expectTypeOf(rpc.getAccountInfo(address, c)).toEqualTypeOf<Promise<ParsedAccountInfoResult>>();
  });

  it('resolves `as const` binary encodings to the binary overload', () => {
    const c2 = { encoding: 'base64+zstd' } as const;
    expectTypeOf(rpc.getAccountInfo(address, c2)).toEqualTypeOf<Promise<AccountInfoResult>>();
    const noEncoding = { commitment: 'confirmed' } as const;
    expectTypeOf(rpc.getAccountInfo(address, noEncoding)).toEqualTypeOf<Promise<AccountInfoResult>>();
  });

  it('resolves a variable of each named config type to its overload', () => {
    const parsed: GetAccountInfoParsedConfig = { encoding: 'jsonParsed' };
    expectTypeOf(rpc.getAccountInfo(address, parsed)).toEqualTypeOf<Promise<ParsedAccountInfoResult>>();
    const binary: GetAccountInfoBinaryConfig = { encoding: 'base58' };
    expectTypeOf(rpc.getAccountInfo(address, binary)).toEqualTypeOf<Promise<AccountInfoResult>>();
  });

  it('resolves a wide config to the wide overload: parsed data or bytes', () => {
    const c3: GetAccountInfoConfig = { encoding: 'base64' };
    expectTypeOf(rpc.getAccountInfo(address, c3)).toEqualTypeOf<Promise<ParsedAccountInfoResult>>();
    const encoding = 'jsonParsed' as AccountEncoding;
    expectTypeOf(rpc.getAccountInfo(address, { encoding })).toEqualTypeOf<Promise<ParsedAccountInfoResult>>();
    const either = { encoding: 'jsonParsed' } as GetAccountInfoParsedConfig | GetAccountInfoBinaryConfig;
    expectTypeOf(rpc.getAccountInfo(address, either)).toEqualTypeOf<Promise<ParsedAccountInfoResult>>();
  });
});

describe('getAccountInfo: the public signature', () => {
  it('is the hand-written GetAccountInfo on the client', () => {
    expectTypeOf(rpc.getAccountInfo).toEqualTypeOf<GetAccountInfo>();
    expectTypeOf<GetAccountInfoParsedConfig>().toExtend<GetAccountInfoConfig>();
    expectTypeOf<GetAccountInfoBinaryConfig>().toExtend<GetAccountInfoConfig>();
    expectTypeOf<GetAccountInfoConfig['encoding']>().toEqualTypeOf<AccountEncoding | undefined>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error 'base32' is not an encoding
    rpc.getAccountInfo(address, { encoding: 'base32' });
    // @ts-expect-error the address is required
    rpc.getAccountInfo();
    // @ts-expect-error an address is a base58 string, not a number
    rpc.getAccountInfo(42);
    // @ts-expect-error an address is a base58 string, not a number, with any config
    rpc.getAccountInfo(42, { encoding: 'jsonParsed' });
    // @ts-expect-error commitment levels are fixed
    rpc.getAccountInfo(address, { commitment: 'recent' });
    // @ts-expect-error dataSlice needs both offset and length
    rpc.getAccountInfo(address, { dataSlice: { offset: 0 } });
    // @ts-expect-error unknown config fields are rejected
    rpc.getAccountInfo(address, { encodng: 'base64' });
    // @ts-expect-error a string minContextSlot is rejected
    rpc.getAccountInfo(address, { minContextSlot: '1' });
    // @ts-expect-error one config at most
    rpc.getAccountInfo(address, {}, {});
  });
});
