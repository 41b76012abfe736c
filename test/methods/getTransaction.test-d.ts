/**
 * Type tests of `getTransaction`: every overload of `GetTransaction` (json, jsonParsed and the binary
 * encodings, each with and without `maxSupportedTransactionVersion`, and the positional form), configs
 * held in variables, narrowing of instructions and errors, and calls that must not compile.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type Address,
  type AddressTableLookup,
  type AnyTransactionResult,
  type CompiledInstruction,
  createRpc,
  type DecodedTransaction,
  decodeTransaction,
  type GetLegacyTransactionBytesConfig,
  type GetLegacyTransactionJsonConfig,
  type GetLegacyTransactionParsedConfig,
  type GetTransaction,
  type GetTransactionBytesConfig,
  type GetTransactionConfig,
  type GetTransactionJsonConfig,
  type GetTransactionParsedConfig,
  type InnerInstructions,
  type InstructionError,
  type InstructionErrorName,
  type LegacyMessage,
  type LegacyParsedTransaction,
  type LegacyTransactionBytesResult,
  type LegacyTransactionJson,
  type LegacyTransactionJsonResult,
  type LegacyTransactionMeta,
  type LegacyTransactionParsedResult,
  type LoadedAddresses,
  type MessageHeader,
  type ParsedAccountKey,
  type ParsedInnerInstructions,
  type ParsedInstruction,
  type ParsedInstructionData,
  type ParsedTransaction,
  type ParsedTransactionMeta,
  type PartiallyDecodedInstruction,
  type ReadonlyUint8Array,
  type ReturnData,
  type Reward,
  type Signature,
  type TokenBalance,
  type TransactionBytesResult,
  type TransactionEncoding,
  type TransactionError,
  type TransactionErrorName,
  type TransactionJson,
  type TransactionJsonResult,
  type TransactionMeta,
  type TransactionParsedResult,
  type TransactionStatus,
  type TransactionVersion,
  type VersionedMessage,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');
const signature: Signature = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

describe('getTransaction: json, legacy only', () => {
  it('resolves to LegacyTransactionJsonResult without maxSupportedTransactionVersion', () => {
    expectTypeOf(rpc.getTransaction(signature)).toEqualTypeOf<Promise<LegacyTransactionJsonResult | null>>();
    expectTypeOf(rpc.getTransaction(signature, undefined)).toEqualTypeOf<Promise<LegacyTransactionJsonResult | null>>();
    expectTypeOf(rpc.getTransaction(signature, {})).toEqualTypeOf<Promise<LegacyTransactionJsonResult | null>>();
    expectTypeOf(rpc.getTransaction(signature, { encoding: 'json' })).toEqualTypeOf<
      Promise<LegacyTransactionJsonResult | null>
    >();
    expectTypeOf(rpc.getTransaction(signature, { commitment: 'confirmed' })).toEqualTypeOf<
      Promise<LegacyTransactionJsonResult | null>
    >();
    expectTypeOf(
      rpc.getTransaction(signature, {
        encoding: 'json',
        commitment: 'finalized',
        maxSupportedTransactionVersion: undefined,
        signal: new AbortController().signal,
        timeoutMs: 5_000,
      }),
    ).toEqualTypeOf<Promise<LegacyTransactionJsonResult | null>>();
  });

  it('has no version, no addressTableLookups and no loadedAddresses', async () => {
    expectTypeOf<LegacyTransactionJsonResult>().not.toHaveProperty('version');
    expectTypeOf<LegacyTransactionJson['message']>().toEqualTypeOf<LegacyMessage>();
    expectTypeOf<LegacyMessage>().not.toHaveProperty('addressTableLookups');
    expectTypeOf<LegacyTransactionMeta>().not.toHaveProperty('loadedAddresses');
    const tx = await rpc.getTransaction(signature);
    if (tx === null) return;
    expectTypeOf(tx).toEqualTypeOf<LegacyTransactionJsonResult>();
    expectTypeOf(tx.transaction).toEqualTypeOf<LegacyTransactionJson>();
    expectTypeOf(tx.meta).toEqualTypeOf<LegacyTransactionMeta | null>();
  });

  it('has the base fields every result shares', async () => {
    const tx = await rpc.getTransaction(signature, { commitment: 'confirmed' });
    if (tx === null) return;
    expectTypeOf(tx.slot).toEqualTypeOf<number>();
    expectTypeOf(tx.blockTime).toEqualTypeOf<number | null>();
    expectTypeOf(tx.transactionIndex).toEqualTypeOf<number | undefined>();
  });

  it('has a compiled message: string keys, indexes, base58 data', async () => {
    const tx = await rpc.getTransaction(signature);
    if (tx === null) return;
    const { message } = tx.transaction;
    expectTypeOf(tx.transaction.signatures).toEqualTypeOf<Signature[]>();
    expectTypeOf(message.header).toEqualTypeOf<MessageHeader>();
    expectTypeOf(message.accountKeys).toEqualTypeOf<Address[]>();
    expectTypeOf(message.recentBlockhash).toEqualTypeOf<string>();
    expectTypeOf(message.instructions).toEqualTypeOf<CompiledInstruction[]>();
    const [ix] = message.instructions;
    if (ix === undefined) return;
    expectTypeOf(ix.programIdIndex).toEqualTypeOf<number>();
    expectTypeOf(ix.accounts).toEqualTypeOf<number[]>();
    expectTypeOf(ix.data).toEqualTypeOf<string>();
    expectTypeOf(ix.stackHeight).toEqualTypeOf<number | null>();
  });

  it('has meta with exact bigint lamports', async () => {
    const tx = await rpc.getTransaction(signature, { encoding: 'json' });
    const meta = tx?.meta;
    if (!meta) return;
    expectTypeOf(meta.fee).toEqualTypeOf<bigint>();
    expectTypeOf(meta.preBalances).toEqualTypeOf<bigint[]>();
    expectTypeOf(meta.postBalances).toEqualTypeOf<bigint[]>();
    expectTypeOf(meta.err).toEqualTypeOf<TransactionError | null>();
    expectTypeOf(meta.status).toEqualTypeOf<TransactionStatus>();
    expectTypeOf(meta.innerInstructions).toEqualTypeOf<InnerInstructions[] | null>();
    expectTypeOf<InnerInstructions['instructions']>().toEqualTypeOf<CompiledInstruction[]>();
    expectTypeOf(meta.logMessages).toEqualTypeOf<string[] | null>();
    expectTypeOf(meta.preTokenBalances).toEqualTypeOf<TokenBalance[] | null>();
    expectTypeOf(meta.postTokenBalances).toEqualTypeOf<TokenBalance[] | null>();
    expectTypeOf(meta.rewards).toEqualTypeOf<Reward[] | null>();
    expectTypeOf(meta.returnData).toEqualTypeOf<ReturnData | undefined>();
    expectTypeOf(meta.returnData?.data).toEqualTypeOf<Uint8Array | undefined>();
    expectTypeOf<ReturnData['data']>().toEqualTypeOf<Uint8Array>();
    expectTypeOf(meta.computeUnitsConsumed).toEqualTypeOf<number | undefined>();
    expectTypeOf(meta.costUnits).toEqualTypeOf<number | undefined>();
  });

  it('has rewards with exact bigint amounts', async () => {
    const tx = await rpc.getTransaction(signature);
    const [reward] = tx?.meta?.rewards ?? [];
    if (reward === undefined) return;
    expectTypeOf(reward.lamports).toEqualTypeOf<bigint>();
    expectTypeOf(reward.postBalance).toEqualTypeOf<bigint>();
    expectTypeOf(reward.pubkey).toEqualTypeOf<Address>();
    expectTypeOf(reward.rewardType).toEqualTypeOf<'Fee' | 'Rent' | 'Staking' | 'Voting' | null>();
    expectTypeOf(reward.commission).toEqualTypeOf<number | null>();
  });
});

describe('getTransaction: json, versioned transactions allowed', () => {
  it('resolves to TransactionJsonResult with maxSupportedTransactionVersion: 0', () => {
    expectTypeOf(rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0 })).toEqualTypeOf<
      Promise<TransactionJsonResult | null>
    >();
    expectTypeOf(
      rpc.getTransaction(signature, { encoding: 'json', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }),
    ).toEqualTypeOf<Promise<TransactionJsonResult | null>>();
  });

  it('has version, addressTableLookups and loadedAddresses', async () => {
    const tx = await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    if (tx === null) return;
    expectTypeOf(tx).toEqualTypeOf<TransactionJsonResult>();
    expectTypeOf(tx.version).toEqualTypeOf<'legacy' | 0>();
    expectTypeOf(tx.version).toEqualTypeOf<TransactionVersion>();
    expectTypeOf(tx.transaction).toEqualTypeOf<TransactionJson>();
    expectTypeOf(tx.transaction.message).toEqualTypeOf<VersionedMessage>();
    expectTypeOf(tx.transaction.message.addressTableLookups).toEqualTypeOf<AddressTableLookup[] | undefined>();
    expectTypeOf(tx.transaction.message.accountKeys).toEqualTypeOf<Address[]>();
    expectTypeOf(tx.meta).toEqualTypeOf<TransactionMeta | null>();
    if (tx.meta === null) return;
    expectTypeOf(tx.meta.loadedAddresses).toEqualTypeOf<LoadedAddresses>();
    expectTypeOf(tx.meta.loadedAddresses.writable).toEqualTypeOf<Address[]>();
    expectTypeOf(tx.meta.loadedAddresses.readonly).toEqualTypeOf<Address[]>();
    expectTypeOf(tx.meta.fee).toEqualTypeOf<bigint>();
    expectTypeOf(tx.meta.innerInstructions).toEqualTypeOf<InnerInstructions[] | null>();
  });

  it('narrows on version', async () => {
    const tx = await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    if (tx === null) return;
    if (tx.version === 0) expectTypeOf(tx.version).toEqualTypeOf<0>();
    else expectTypeOf(tx.version).toEqualTypeOf<'legacy'>();
  });

  it('follows the TSDoc example', async () => {
    const tx = await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    if (tx?.meta?.err) expectTypeOf(tx.meta.err).toEqualTypeOf<TransactionError>();
  });
});

describe('getTransaction: jsonParsed', () => {
  it('resolves to LegacyTransactionParsedResult without maxSupportedTransactionVersion', () => {
    expectTypeOf(rpc.getTransaction(signature, { encoding: 'jsonParsed' })).toEqualTypeOf<
      Promise<LegacyTransactionParsedResult | null>
    >();
    expectTypeOf(rpc.getTransaction(signature, { encoding: 'jsonParsed', commitment: 'finalized' })).toEqualTypeOf<
      Promise<LegacyTransactionParsedResult | null>
    >();
  });

  it('resolves to TransactionParsedResult with maxSupportedTransactionVersion: 0', () => {
    expectTypeOf(
      rpc.getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }),
    ).toEqualTypeOf<Promise<TransactionParsedResult | null>>();
  });

  it('has parsed keys and instructions, and meta without loadedAddresses', async () => {
    const tx = await rpc.getTransaction(signature, { encoding: 'jsonParsed' });
    if (tx === null) return;
    expectTypeOf(tx).toEqualTypeOf<LegacyTransactionParsedResult>();
    expectTypeOf<LegacyTransactionParsedResult>().not.toHaveProperty('version');
    expectTypeOf(tx.transaction).toEqualTypeOf<LegacyParsedTransaction>();
    expectTypeOf(tx.transaction.message).not.toHaveProperty('addressTableLookups');
    expectTypeOf(tx.transaction.message).not.toHaveProperty('header');
    expectTypeOf(tx.transaction.message.accountKeys).toEqualTypeOf<ParsedAccountKey[]>();
    expectTypeOf(tx.transaction.message.instructions).toEqualTypeOf<
      (ParsedInstruction | PartiallyDecodedInstruction)[]
    >();
    expectTypeOf(tx.meta).toEqualTypeOf<ParsedTransactionMeta | null>();
    expectTypeOf<ParsedTransactionMeta>().not.toHaveProperty('loadedAddresses');
    if (tx.meta === null) return;
    expectTypeOf(tx.meta.innerInstructions).toEqualTypeOf<ParsedInnerInstructions[] | null>();
    expectTypeOf<ParsedInnerInstructions['instructions']>().toEqualTypeOf<
      (ParsedInstruction | PartiallyDecodedInstruction)[]
    >();
    expectTypeOf(tx.meta.fee).toEqualTypeOf<bigint>();
    expectTypeOf(tx.meta.preBalances).toEqualTypeOf<bigint[]>();
  });

  it('has version and lookups, but still no loadedAddresses, when versioned transactions are allowed', async () => {
    const tx = await rpc.getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 });
    if (tx === null) return;
    expectTypeOf(tx).toEqualTypeOf<TransactionParsedResult>();
    expectTypeOf(tx.version).toEqualTypeOf<TransactionVersion>();
    expectTypeOf(tx.transaction).toEqualTypeOf<ParsedTransaction>();
    expectTypeOf(tx.transaction.message.addressTableLookups).toEqualTypeOf<AddressTableLookup[] | undefined>();
    expectTypeOf(tx.transaction.message.accountKeys).toEqualTypeOf<ParsedAccountKey[]>();
    expectTypeOf(tx.meta).toEqualTypeOf<ParsedTransactionMeta | null>();
    expectTypeOf(tx.meta).not.toEqualTypeOf<TransactionMeta | null>();
  });

  it('describes each account key', async () => {
    const tx = await rpc.getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 });
    const [key] = tx?.transaction.message.accountKeys ?? [];
    if (key === undefined) return;
    expectTypeOf(key.pubkey).toEqualTypeOf<Address>();
    expectTypeOf(key.writable).toEqualTypeOf<boolean>();
    expectTypeOf(key.signer).toEqualTypeOf<boolean>();
    expectTypeOf(key.source).toEqualTypeOf<'transaction' | 'lookupTable' | null>();
  });

  it("narrows instructions with 'parsed' in ix", async () => {
    const tx = await rpc.getTransaction(signature, { encoding: 'jsonParsed' });
    const [ix] = tx?.transaction.message.instructions ?? [];
    if (ix === undefined) return;
    expectTypeOf(ix.programId).toEqualTypeOf<Address>();
    expectTypeOf(ix.stackHeight).toEqualTypeOf<number | null>();
    if ('parsed' in ix) {
      expectTypeOf(ix).toEqualTypeOf<ParsedInstruction>();
      expectTypeOf(ix.program).toEqualTypeOf<string>();
      expectTypeOf(ix.parsed).toEqualTypeOf<ParsedInstructionData>();
      expectTypeOf(ix.parsed).toEqualTypeOf<{ type: string; info?: Record<string, unknown> } | string>();
      if (typeof ix.parsed === 'string') {
        expectTypeOf(ix.parsed).toEqualTypeOf<string>();
      } else {
        expectTypeOf(ix.parsed.type).toEqualTypeOf<string>();
        expectTypeOf(ix.parsed.info).toEqualTypeOf<Record<string, unknown> | undefined>();
      }
    } else {
      expectTypeOf(ix).toEqualTypeOf<PartiallyDecodedInstruction>();
      expectTypeOf(ix.accounts).toEqualTypeOf<Address[]>();
      expectTypeOf(ix.data).toEqualTypeOf<string>();
    }
  });

  it('narrows inner instructions the same way', async () => {
    const tx = await rpc.getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 });
    const [inner] = tx?.meta?.innerInstructions ?? [];
    if (inner === undefined) return;
    expectTypeOf(inner.index).toEqualTypeOf<number>();
    for (const ix of inner.instructions) {
      if ('parsed' in ix) expectTypeOf(ix).toEqualTypeOf<ParsedInstruction>();
      else expectTypeOf(ix).toEqualTypeOf<PartiallyDecodedInstruction>();
    }
  });
});

describe('getTransaction: base64 and base58', () => {
  it('resolves to LegacyTransactionBytesResult without maxSupportedTransactionVersion', () => {
    expectTypeOf(rpc.getTransaction(signature, { encoding: 'base64' })).toEqualTypeOf<
      Promise<LegacyTransactionBytesResult | null>
    >();
    expectTypeOf(rpc.getTransaction(signature, { encoding: 'base58', commitment: 'confirmed' })).toEqualTypeOf<
      Promise<LegacyTransactionBytesResult | null>
    >();
    const encoding = 'base58' as 'base64' | 'base58';
    expectTypeOf(rpc.getTransaction(signature, { encoding })).toEqualTypeOf<
      Promise<LegacyTransactionBytesResult | null>
    >();
  });

  it('resolves to TransactionBytesResult with maxSupportedTransactionVersion: 0', () => {
    expectTypeOf(
      rpc.getTransaction(signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 }),
    ).toEqualTypeOf<Promise<TransactionBytesResult | null>>();
    expectTypeOf(
      rpc.getTransaction(signature, { encoding: 'base58', maxSupportedTransactionVersion: 0 }),
    ).toEqualTypeOf<Promise<TransactionBytesResult | null>>();
  });

  it('has exactly Uint8Array as the transaction, legacy meta without version', async () => {
    const tx = await rpc.getTransaction(signature, { encoding: 'base58' });
    if (tx === null) return;
    expectTypeOf(tx).toEqualTypeOf<LegacyTransactionBytesResult>();
    expectTypeOf(tx.transaction).toEqualTypeOf<Uint8Array>();
    expectTypeOf<LegacyTransactionBytesResult>().not.toHaveProperty('version');
    expectTypeOf(tx.meta).toEqualTypeOf<LegacyTransactionMeta | null>();
    expectTypeOf(tx.slot).toEqualTypeOf<number>();
  });

  it('has exactly Uint8Array as the transaction, version and loadedAddresses when allowed', async () => {
    const tx = await rpc.getTransaction(signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 });
    if (tx === null) return;
    expectTypeOf(tx).toEqualTypeOf<TransactionBytesResult>();
    expectTypeOf(tx.transaction).toEqualTypeOf<Uint8Array>();
    expectTypeOf(tx.version).toEqualTypeOf<TransactionVersion>();
    expectTypeOf(tx.meta).toEqualTypeOf<TransactionMeta | null>();
    expectTypeOf(tx.meta?.loadedAddresses).toEqualTypeOf<LoadedAddresses | undefined>();
  });

  it('decodes bytes into a DecodedTransaction carrying version', () => {
    // Any Uint8Array, or a read-only one (kit's encoders return those).
    expectTypeOf(decodeTransaction).parameter(0).toEqualTypeOf<ReadonlyUint8Array>();
    expectTypeOf(decodeTransaction).returns.toEqualTypeOf<DecodedTransaction>();
    expectTypeOf(decodeTransaction).toBeCallableWith(new Uint8Array(0), { maxBytes: 1232 });
    expectTypeOf<DecodedTransaction['version']>().toEqualTypeOf<TransactionVersion>();
    expectTypeOf<DecodedTransaction['signatures']>().toEqualTypeOf<Signature[]>();
    expectTypeOf<DecodedTransaction['message']['addressTableLookups']>().toEqualTypeOf<
      AddressTableLookup[] | undefined
    >();
    expectTypeOf<DecodedTransaction['message']['instructions'][number]>().not.toHaveProperty('stackHeight');
  });
});

describe('getTransaction: the deprecated positional encoding', () => {
  it('resolves each encoding to its legacy result', () => {
    expectTypeOf(rpc.getTransaction(signature, 'json')).toEqualTypeOf<Promise<LegacyTransactionJsonResult | null>>();
    expectTypeOf(rpc.getTransaction(signature, 'jsonParsed')).toEqualTypeOf<
      Promise<LegacyTransactionParsedResult | null>
    >();
    expectTypeOf(rpc.getTransaction(signature, 'base64')).toEqualTypeOf<Promise<LegacyTransactionBytesResult | null>>();
    expectTypeOf(rpc.getTransaction(signature, 'base58')).toEqualTypeOf<Promise<LegacyTransactionBytesResult | null>>();
  });
});

describe('getTransaction: a config held in a variable', () => {
  it('resolves `as const` configs to their overloads', () => {
    const c = { encoding: 'base64', maxSupportedTransactionVersion: 0 } as const;
    expectTypeOf(rpc.getTransaction(signature, c)).toEqualTypeOf<Promise<TransactionBytesResult | null>>();
    const legacyBytes = { encoding: 'base58' } as const;
    expectTypeOf(rpc.getTransaction(signature, legacyBytes)).toEqualTypeOf<
      Promise<LegacyTransactionBytesResult | null>
    >();
    const v0 = { maxSupportedTransactionVersion: 0 } as const;
    expectTypeOf(rpc.getTransaction(signature, v0)).toEqualTypeOf<Promise<TransactionJsonResult | null>>();
    const legacyJson = { commitment: 'confirmed' } as const;
    expectTypeOf(rpc.getTransaction(signature, legacyJson)).toEqualTypeOf<
      Promise<LegacyTransactionJsonResult | null>
    >();
    const parsed = { encoding: 'jsonParsed' } as const;
    expectTypeOf(rpc.getTransaction(signature, parsed)).toEqualTypeOf<Promise<LegacyTransactionParsedResult | null>>();
    const parsedV0 = { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 } as const;
    expectTypeOf(rpc.getTransaction(signature, parsedV0)).toEqualTypeOf<Promise<TransactionParsedResult | null>>();
  });

  it('needs `as const` or a type for literals held in a variable', () => {
    const widened = { encoding: 'base64' };
    // @ts-expect-error `encoding` widened to string matches no overload
    rpc.getTransaction(signature, widened);
    const widenedVersion = { maxSupportedTransactionVersion: 0 };
    // @ts-expect-error `maxSupportedTransactionVersion` widened to number matches no overload
    rpc.getTransaction(signature, widenedVersion);
  });

  it('resolves a spread base config by the fields added to it', () => {
    const base = { commitment: 'confirmed' } as const;
    expectTypeOf(rpc.getTransaction(signature, { ...base })).toEqualTypeOf<
      Promise<LegacyTransactionJsonResult | null>
    >();
    expectTypeOf(rpc.getTransaction(signature, { ...base, encoding: 'jsonParsed' })).toEqualTypeOf<
      Promise<LegacyTransactionParsedResult | null>
    >();
    expectTypeOf(rpc.getTransaction(signature, { ...base, maxSupportedTransactionVersion: 0 })).toEqualTypeOf<
      Promise<TransactionJsonResult | null>
    >();
    const versioned = { maxSupportedTransactionVersion: 0 } as const;
    expectTypeOf(rpc.getTransaction(signature, { ...versioned, encoding: 'base58' })).toEqualTypeOf<
      Promise<TransactionBytesResult | null>
    >();
  });

  it('resolves a variable of each named config type to its overload', () => {
    const json: GetTransactionJsonConfig = { maxSupportedTransactionVersion: 0 };
    expectTypeOf(rpc.getTransaction(signature, json)).toEqualTypeOf<Promise<TransactionJsonResult | null>>();
    const legacyJson: GetLegacyTransactionJsonConfig = {};
    expectTypeOf(rpc.getTransaction(signature, legacyJson)).toEqualTypeOf<
      Promise<LegacyTransactionJsonResult | null>
    >();
    const parsed: GetTransactionParsedConfig = { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 };
    expectTypeOf(rpc.getTransaction(signature, parsed)).toEqualTypeOf<Promise<TransactionParsedResult | null>>();
    const legacyParsed: GetLegacyTransactionParsedConfig = { encoding: 'jsonParsed' };
    expectTypeOf(rpc.getTransaction(signature, legacyParsed)).toEqualTypeOf<
      Promise<LegacyTransactionParsedResult | null>
    >();
    const bytes: GetTransactionBytesConfig = { encoding: 'base64', maxSupportedTransactionVersion: 0 };
    expectTypeOf(rpc.getTransaction(signature, bytes)).toEqualTypeOf<Promise<TransactionBytesResult | null>>();
    const legacyBytes: GetLegacyTransactionBytesConfig = { encoding: 'base58' };
    expectTypeOf(rpc.getTransaction(signature, legacyBytes)).toEqualTypeOf<
      Promise<LegacyTransactionBytesResult | null>
    >();
  });

  it('resolves a wide config to the wide overload: any result', () => {
    const config: GetTransactionConfig = { encoding: 'base64' };
    expectTypeOf(rpc.getTransaction(signature, config)).toEqualTypeOf<Promise<AnyTransactionResult | null>>();
    const encoding = 'json' as TransactionEncoding;
    expectTypeOf(rpc.getTransaction(signature, { encoding })).toEqualTypeOf<Promise<AnyTransactionResult | null>>();
    const version = 0 as 0 | undefined;
    expectTypeOf(rpc.getTransaction(signature, { maxSupportedTransactionVersion: version })).toEqualTypeOf<
      Promise<AnyTransactionResult | null>
    >();
    const either = { encoding: 'jsonParsed' } as GetLegacyTransactionParsedConfig | GetTransactionBytesConfig;
    expectTypeOf(rpc.getTransaction(signature, either)).toEqualTypeOf<Promise<AnyTransactionResult | null>>();
  });

  it('has a wide result that is the union of the six results', async () => {
    expectTypeOf<AnyTransactionResult>().toEqualTypeOf<
      | LegacyTransactionJsonResult
      | TransactionJsonResult
      | LegacyTransactionParsedResult
      | TransactionParsedResult
      | LegacyTransactionBytesResult
      | TransactionBytesResult
    >();
    const tx = await rpc.getTransaction(signature, {} as GetTransactionConfig);
    if (tx === null) return;
    expectTypeOf(tx.slot).toEqualTypeOf<number>();
    expectTypeOf(tx.transaction).toEqualTypeOf<
      LegacyTransactionJson | TransactionJson | LegacyParsedTransaction | ParsedTransaction | Uint8Array
    >();
  });
});

describe('getTransaction: TransactionError narrowing', () => {
  it('narrows unit variants by typeof string', async () => {
    const tx = await rpc.getTransaction(signature);
    const err = tx?.meta?.err;
    if (err === null || err === undefined) return;
    expectTypeOf(err).toEqualTypeOf<TransactionError>();
    if (typeof err === 'string') {
      expectTypeOf(err).toEqualTypeOf<TransactionErrorName | (string & {})>();
      return;
    }
    expectTypeOf(err).toEqualTypeOf<Exclude<TransactionError, string>>();
  });

  it('has the tuple and struct variants in the declared union', () => {
    expectTypeOf<Extract<TransactionError, { InstructionError: unknown }>['InstructionError']>().toEqualTypeOf<
      [number, InstructionError]
    >();
    expectTypeOf<
      Extract<TransactionError, { InsufficientFundsForRent: unknown }>['InsufficientFundsForRent']['account_index']
    >().toEqualTypeOf<number>();
    expectTypeOf<
      Extract<TransactionError, { DuplicateInstruction: unknown }>['DuplicateInstruction']
    >().toEqualTypeOf<number>();
    expectTypeOf<Extract<InstructionError, { Custom: unknown }>['Custom']>().toEqualTypeOf<number>();
    expectTypeOf<Extract<InstructionError, string>>().toEqualTypeOf<InstructionErrorName | (string & {})>();
  });

  it("narrows with 'InstructionError' in err", async () => {
    const tx = await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    const err = tx?.meta?.err;
    if (err === null || err === undefined || typeof err === 'string') return;
    if ('InstructionError' in err) {
      expectTypeOf(err.InstructionError).toEqualTypeOf<[number, InstructionError]>();
      const [index, ixError] = err.InstructionError;
      expectTypeOf(index).toEqualTypeOf<number>();
      expectTypeOf(ixError).toEqualTypeOf<InstructionError>();
      if (typeof ixError === 'object' && 'Custom' in ixError) expectTypeOf(ixError.Custom).toEqualTypeOf<number>();
    }
    if ('InsufficientFundsForRent' in err) {
      expectTypeOf(err.InsufficientFundsForRent.account_index).toEqualTypeOf<number>();
    }
  });

  it("narrows InstructionError with typeof and 'Custom' in", () => {
    const ixError = 'Custom' as InstructionError;
    if (typeof ixError === 'string') {
      expectTypeOf(ixError).toEqualTypeOf<InstructionErrorName | (string & {})>();
      return;
    }
    if ('Custom' in ixError) {
      expectTypeOf(ixError).toEqualTypeOf<{ Custom: number }>();
      expectTypeOf(ixError.Custom).toEqualTypeOf<number>();
    }
  });
});

describe('getTransaction: the public signature', () => {
  it('is the hand-written GetTransaction on the client', () => {
    expectTypeOf(rpc.getTransaction).toEqualTypeOf<GetTransaction>();
    expectTypeOf<GetTransactionJsonConfig>().toExtend<GetTransactionConfig>();
    expectTypeOf<GetLegacyTransactionJsonConfig>().toExtend<GetTransactionConfig>();
    expectTypeOf<GetTransactionParsedConfig>().toExtend<GetTransactionConfig>();
    expectTypeOf<GetLegacyTransactionParsedConfig>().toExtend<GetTransactionConfig>();
    expectTypeOf<GetTransactionBytesConfig>().toExtend<GetTransactionConfig>();
    expectTypeOf<GetLegacyTransactionBytesConfig>().toExtend<GetTransactionConfig>();
    expectTypeOf<GetTransactionConfig['encoding']>().toEqualTypeOf<TransactionEncoding | undefined>();
    expectTypeOf<TransactionEncoding>().toEqualTypeOf<'json' | 'jsonParsed' | 'base64' | 'base58'>();
    expectTypeOf<GetTransactionConfig['commitment']>().toEqualTypeOf<'confirmed' | 'finalized' | undefined>();
    expectTypeOf<GetTransactionConfig['maxSupportedTransactionVersion']>().toEqualTypeOf<0 | undefined>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error the node does not serve transactions at 'processed'
    rpc.getTransaction(signature, { commitment: 'processed' });
    // @ts-expect-error 0 is the only transaction version
    rpc.getTransaction(signature, { maxSupportedTransactionVersion: 1 });
    // @ts-expect-error 1 is not a version, with any encoding
    rpc.getTransaction(signature, { encoding: 'base64', maxSupportedTransactionVersion: 1 });
    // @ts-expect-error the version is the number 0, not a string
    rpc.getTransaction(signature, { maxSupportedTransactionVersion: '0' });
    // @ts-expect-error 'binary' is not an encoding of getTransaction
    rpc.getTransaction(signature, { encoding: 'binary' });
    // @ts-expect-error 'base64+zstd' is an account encoding only
    rpc.getTransaction(signature, { encoding: 'base64+zstd' });
    // @ts-expect-error a signature is a base58 string, not a number
    rpc.getTransaction(42);
    // @ts-expect-error a signature is a base58 string, not a number, with any config
    rpc.getTransaction(42, { encoding: 'jsonParsed' });
    // @ts-expect-error the signature is required
    rpc.getTransaction();
    // @ts-expect-error the positional encoding is case-sensitive
    rpc.getTransaction(signature, 'jsonparsed');
    // @ts-expect-error 'binary' is not a positional encoding either
    rpc.getTransaction(signature, 'binary');
    // @ts-expect-error unknown config fields are rejected
    rpc.getTransaction(signature, { encodng: 'json' });
    // @ts-expect-error getTransaction takes no minContextSlot
    rpc.getTransaction(signature, { minContextSlot: 1 });
    // @ts-expect-error one config at most
    rpc.getTransaction(signature, {}, {});
  });
});
