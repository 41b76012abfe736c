/**
 * Type tests of `getBlock`: each overload narrows by `transactionDetails`, `encoding`,
 * `maxSupportedTransactionVersion` and `rewards`; a config held in a variable still resolves; the
 * runtime-config fallback; invalid calls.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AccountsBlock,
  type AnyBlock,
  type BlockHeader,
  type BlockRewards,
  type BytesBlock,
  createRpc,
  createRpcWith,
  type GetBlock,
  type GetBlockConfig,
  type GetBlockJsonConfig,
  type GetLegacyBlockJsonConfig,
  getBlock,
  type JsonBlock,
  type LegacyAccountsBlock,
  type LegacyBytesBlock,
  type LegacyJsonBlock,
  type LegacyParsedBlock,
  type ParsedBlock,
  type SignaturesBlock,
  type TransactionVersion,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');
const slot = 356138556;

describe('getBlock', () => {
  it('full json: versioned with rewards by default, legacy without maxSupportedTransactionVersion', () => {
    expectTypeOf(rpc.getBlock(slot, { maxSupportedTransactionVersion: 0 })).toEqualTypeOf<
      Promise<(JsonBlock & BlockRewards) | null>
    >();
    expectTypeOf(rpc.getBlock(slot)).toEqualTypeOf<Promise<(LegacyJsonBlock & BlockRewards) | null>>();
    expectTypeOf(rpc.getBlock(slot, { rewards: false })).toEqualTypeOf<Promise<LegacyJsonBlock | null>>();
    expectTypeOf(rpc.getBlock(slot, { maxSupportedTransactionVersion: 0, rewards: false })).toEqualTypeOf<
      Promise<JsonBlock | null>
    >();
    expectTypeOf(rpc.getBlock(slot, { transactionDetails: 'full', encoding: 'json', rewards: true })).toEqualTypeOf<
      Promise<(LegacyJsonBlock & BlockRewards) | null>
    >();
  });

  it('full jsonParsed and wire bytes', () => {
    expectTypeOf(rpc.getBlock(slot, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 })).toEqualTypeOf<
      Promise<(ParsedBlock & BlockRewards) | null>
    >();
    expectTypeOf(rpc.getBlock(slot, { encoding: 'jsonParsed', rewards: false })).toEqualTypeOf<
      Promise<LegacyParsedBlock | null>
    >();
    expectTypeOf(rpc.getBlock(slot, { encoding: 'base64', maxSupportedTransactionVersion: 0 })).toEqualTypeOf<
      Promise<(BytesBlock & BlockRewards) | null>
    >();
    expectTypeOf(rpc.getBlock(slot, { encoding: 'base58', rewards: false })).toEqualTypeOf<
      Promise<LegacyBytesBlock | null>
    >();
  });

  it('accounts, signatures and none', () => {
    expectTypeOf(
      rpc.getBlock(slot, { transactionDetails: 'accounts', maxSupportedTransactionVersion: 0 }),
    ).toEqualTypeOf<Promise<(AccountsBlock & BlockRewards) | null>>();
    expectTypeOf(rpc.getBlock(slot, { transactionDetails: 'accounts', rewards: false })).toEqualTypeOf<
      Promise<LegacyAccountsBlock | null>
    >();
    expectTypeOf(rpc.getBlock(slot, { transactionDetails: 'signatures' })).toEqualTypeOf<
      Promise<(SignaturesBlock & BlockRewards) | null>
    >();
    expectTypeOf(rpc.getBlock(slot, { transactionDetails: 'none', rewards: false })).toEqualTypeOf<
      Promise<BlockHeader | null>
    >();
    expectTypeOf(rpc.getBlock(slot, { transactionDetails: 'none' })).toEqualTypeOf<
      Promise<(BlockHeader & BlockRewards) | null>
    >();
  });

  it('gives lamports as bigints, slots and times as numbers, versions where asked for', async () => {
    const block = await rpc.getBlock(slot, { maxSupportedTransactionVersion: 0 });
    if (!block) return;
    expectTypeOf(block.parentSlot).toEqualTypeOf<number>();
    expectTypeOf(block.blockTime).toEqualTypeOf<number | null>();
    expectTypeOf(block.blockHeight).toEqualTypeOf<number | null>();
    expectTypeOf(block.numRewardPartitions).toEqualTypeOf<number | undefined>();
    expectTypeOf(block.rewards[0]?.lamports).toEqualTypeOf<bigint | undefined>();
    const [tx] = block.transactions;
    expectTypeOf(tx?.version).toEqualTypeOf<TransactionVersion | undefined>();
    expectTypeOf(tx?.meta?.fee).toEqualTypeOf<bigint | undefined>();
    expectTypeOf(tx?.transaction.message.accountKeys).toEqualTypeOf<string[] | undefined>();
    const legacy = await rpc.getBlock(slot, { rewards: false });
    // @ts-expect-error legacy transactions carry no version
    legacy?.transactions[0]?.version;
    // @ts-expect-error rewards: false leaves the rewards out
    legacy?.rewards;
    const bytes = await rpc.getBlock(slot, { encoding: 'base64', maxSupportedTransactionVersion: 0 });
    expectTypeOf(bytes?.transactions[0]?.transaction).toEqualTypeOf<Uint8Array | undefined>();
  });

  it('accepts configs held in variables', () => {
    const versioned: GetBlockJsonConfig = { maxSupportedTransactionVersion: 0, commitment: 'confirmed' };
    expectTypeOf(rpc.getBlock(slot, versioned)).toEqualTypeOf<Promise<(JsonBlock & BlockRewards) | null>>();
    const legacy: GetLegacyBlockJsonConfig = { commitment: 'finalized' };
    expectTypeOf(rpc.getBlock(slot, legacy)).toEqualTypeOf<Promise<(LegacyJsonBlock & BlockRewards) | null>>();
    const runtime: GetBlockConfig = { transactionDetails: Math.random() > 0.5 ? 'none' : 'signatures' };
    expectTypeOf(rpc.getBlock(slot, runtime)).toEqualTypeOf<Promise<AnyBlock | null>>();
  });

  it('takes the deprecated positional encoding and a bigint slot', () => {
    expectTypeOf(rpc.getBlock(slot, 'json')).toEqualTypeOf<Promise<(LegacyJsonBlock & BlockRewards) | null>>();
    expectTypeOf(rpc.getBlock(slot, 'base64')).toEqualTypeOf<Promise<(LegacyBytesBlock & BlockRewards) | null>>();
    expectTypeOf(rpc.getBlock(BigInt(slot))).toEqualTypeOf<Promise<(LegacyJsonBlock & BlockRewards) | null>>();
  });

  it('is the hand-written GetBlock, on the full client and alone', () => {
    expectTypeOf(rpc.getBlock).toEqualTypeOf<GetBlock>();
    const small = createRpcWith('http://127.0.0.1:8899', { getBlock });
    expectTypeOf(small.getBlock).toEqualTypeOf<GetBlock>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error the slot is required
    rpc.getBlock();
    // @ts-expect-error the node serves blocks from confirmed on
    rpc.getBlock(slot, { commitment: 'processed' });
    // @ts-expect-error one of full, accounts, signatures, none
    rpc.getBlock(slot, { transactionDetails: 'all' });
    // @ts-expect-error 0 is the only version
    rpc.getBlock(slot, { maxSupportedTransactionVersion: 1 });
    // @ts-expect-error account encodings are not transaction encodings
    rpc.getBlock(slot, { encoding: 'base64+zstd' });
    // @ts-expect-error a slot is a number or bigint
    rpc.getBlock('356138556');
  });
});
