import { parseJsonExact } from '../codecs/json.js';
import { decodeBlock } from '../decoders/block.js';
import { defineCustomMethod } from '../defineMethod.js';
import { checkArity, checkOneOf } from '../options/check.js';
import {
  confirmedCommitment,
  flag,
  maxSupportedTransactionVersion,
  oneOf,
  prepareConfig,
  slot as requiredSlot,
} from '../options/config.js';
import { type BlockShape, blockResultSchema } from '../schemas/block.js';
import { validateResult } from '../schemas/validate.js';
import type { CallOptions, Signature } from '../types/index.js';
import type {
  LegacyTransactionWithAccounts,
  LegacyTransactionWithMetaBytes,
  LegacyTransactionWithMetaJson,
  LegacyTransactionWithMetaParsed,
  Reward,
  TransactionWithAccounts,
  TransactionWithMetaBytes,
  TransactionWithMetaJson,
  TransactionWithMetaParsed,
} from '../types/transaction.js';
import type { TransactionEncoding } from './getTransaction.js';

// 1. Config

/** How much of each transaction `getBlock` returns. `full` is the default. */
export type TransactionDetails = 'full' | 'accounts' | 'signatures' | 'none';

/**
 * The options of `getBlock` but `rewards`, which the overloads add as `WithBlockRewards` or
 * `WithoutBlockRewards`: a config typed with one of the interfaces below and no `rewards` gets them.
 */
export interface GetBlockCommonConfig extends CallOptions {
  /** How transactions are encoded with `transactionDetails: 'full'`: `json` (default), `jsonParsed`, or wire bytes. */
  encoding?: TransactionEncoding;
  /** `full` (default), `accounts` (signatures, keys, balances), `signatures`, or `none`. */
  transactionDetails?: TransactionDetails;
  /** `confirmed` or `finalized` (the server's default); the server refuses `processed` for this method. */
  commitment?: 'confirmed' | 'finalized';
  /**
   * Pass `0` to receive blocks holding versioned (v0) transactions with `transactionDetails` `full` or
   * `accounts`: each transaction then carries `version`. Without it the server answers -32015 for such a block.
   */
  maxSupportedTransactionVersion?: 0;
}

/** Options of `getBlock` (agave's `RpcBlockConfig`), for a config known only at run time. */
export interface GetBlockConfig extends GetBlockCommonConfig {
  /** Whether to include the block's rewards, and each transaction's (default `true`). */
  rewards?: boolean;
}

/** The block's rewards included (the default). */
export interface WithBlockRewards {
  /** `true` or left out. */
  rewards?: true;
}
/** The block's rewards left out. */
export interface WithoutBlockRewards {
  /** `false`. */
  rewards: false;
}
/** `full`, `json`, versioned transactions allowed. */
export interface GetBlockJsonConfig extends GetBlockCommonConfig {
  transactionDetails?: 'full';
  encoding?: 'json';
  maxSupportedTransactionVersion: 0;
}
/** `full`, `json`, legacy transactions only. */
export interface GetLegacyBlockJsonConfig extends GetBlockCommonConfig {
  transactionDetails?: 'full';
  encoding?: 'json';
  maxSupportedTransactionVersion?: undefined;
}
/** `full`, `jsonParsed`, versioned transactions allowed. */
export interface GetBlockParsedConfig extends GetBlockCommonConfig {
  transactionDetails?: 'full';
  encoding: 'jsonParsed';
  maxSupportedTransactionVersion: 0;
}
/** `full`, `jsonParsed`, legacy transactions only. */
export interface GetLegacyBlockParsedConfig extends GetBlockCommonConfig {
  transactionDetails?: 'full';
  encoding: 'jsonParsed';
  maxSupportedTransactionVersion?: undefined;
}
/** `full`, wire bytes, versioned transactions allowed. */
export interface GetBlockBytesConfig extends GetBlockCommonConfig {
  transactionDetails?: 'full';
  encoding: 'base64' | 'base58';
  maxSupportedTransactionVersion: 0;
}
/** `full`, wire bytes, legacy transactions only. */
export interface GetLegacyBlockBytesConfig extends GetBlockCommonConfig {
  transactionDetails?: 'full';
  encoding: 'base64' | 'base58';
  maxSupportedTransactionVersion?: undefined;
}
/** `accounts`, versioned transactions allowed. */
export interface GetBlockAccountsConfig extends GetBlockCommonConfig {
  transactionDetails: 'accounts';
  maxSupportedTransactionVersion: 0;
}
/** `accounts`, legacy transactions only. */
export interface GetLegacyBlockAccountsConfig extends GetBlockCommonConfig {
  transactionDetails: 'accounts';
  maxSupportedTransactionVersion?: undefined;
}
/** `signatures`: the transactions' first signatures only. */
export interface GetBlockSignaturesConfig extends GetBlockCommonConfig {
  transactionDetails: 'signatures';
}
/** `none`: the block's header alone. */
export interface GetBlockHeaderConfig extends GetBlockCommonConfig {
  transactionDetails: 'none';
}

// 2. Results

/** What every `getBlock` result holds. */
export interface BlockHeader {
  /** The block's hash (base58). */
  blockhash: string;
  /** The parent block's hash; `11111111111111111111111111111111` for the first block after genesis. */
  previousBlockhash: string;
  /** The parent block's slot. */
  parentSlot: number;
  /** Estimated production time (Unix seconds); `null` where the node recorded none (old blocks). */
  blockTime: number | null;
  /** The number of blocks beneath this one; `null` on blocks from before nodes recorded it. */
  blockHeight: number | null;
  /** In an epoch's first block: over how many blocks the epoch's staking rewards are paid. Absent elsewhere. */
  numRewardPartitions?: number;
}
/** The block's rewards, present unless `rewards: false` was given. */
export interface BlockRewards {
  /** Fees and rent to the leader, and at an epoch's start its voting rewards. Lamports exact. */
  rewards: Reward[];
}
/** `full`, `json`, legacy transactions only. */
export interface LegacyJsonBlock extends BlockHeader {
  /** Every transaction in the block, in order, with its meta. */
  transactions: LegacyTransactionWithMetaJson[];
}
/** `full`, `json`, versioned transactions allowed. */
export interface JsonBlock extends BlockHeader {
  /** Every transaction in the block, in order, with its meta and version. */
  transactions: TransactionWithMetaJson[];
}
/** `full`, `jsonParsed`, legacy transactions only. */
export interface LegacyParsedBlock extends BlockHeader {
  /** Every transaction in the block, in order, parsed where the node has a parser. */
  transactions: LegacyTransactionWithMetaParsed[];
}
/** `full`, `jsonParsed`, versioned transactions allowed. */
export interface ParsedBlock extends BlockHeader {
  /** Every transaction in the block, in order, parsed where the node has a parser, with its version. */
  transactions: TransactionWithMetaParsed[];
}
/** `full`, wire bytes, legacy transactions only. */
export interface LegacyBytesBlock extends BlockHeader {
  /** Every transaction in the block, in order, as wire bytes (`decodeTransaction` reads them). */
  transactions: LegacyTransactionWithMetaBytes[];
}
/** `full`, wire bytes, versioned transactions allowed. */
export interface BytesBlock extends BlockHeader {
  /** Every transaction in the block, in order, as wire bytes, with its version. */
  transactions: TransactionWithMetaBytes[];
}
/** `accounts`, legacy transactions only. */
export interface LegacyAccountsBlock extends BlockHeader {
  /** Every transaction's signatures and keys, with its error, fee and balances. */
  transactions: LegacyTransactionWithAccounts[];
}
/** `accounts`, versioned transactions allowed. */
export interface AccountsBlock extends BlockHeader {
  /** Every transaction's signatures and keys, with its error, fee, balances and version. */
  transactions: TransactionWithAccounts[];
}
/** `signatures`. */
export interface SignaturesBlock extends BlockHeader {
  /** Each transaction's first signature, in block order. */
  signatures: Signature[];
}
/** Any `getBlock` result, for a config known only at run time. */
export type AnyBlock = (
  | BlockHeader
  | LegacyJsonBlock
  | JsonBlock
  | LegacyParsedBlock
  | ParsedBlock
  | LegacyBytesBlock
  | BytesBlock
  | LegacyAccountsBlock
  | AccountsBlock
  | SignaturesBlock
) &
  Partial<BlockRewards>;

// 3. Signature

/**
 * Fetches a confirmed block, or `null` when the node has none to give. Overloads narrow the result by
 * `transactionDetails`, `encoding`, `maxSupportedTransactionVersion` and `rewards`. A skipped slot fails
 * with -32007 (or -32009 from long-term storage); one not yet confirmed with -32004, which is retryable.
 */
export interface GetBlock {
  /**
   * Every transaction in `json`, versioned ones included, and the block's rewards.
   * @example
   * const block = await rpc.getBlock(slot, { maxSupportedTransactionVersion: 0 });
   * const failed = block?.transactions.filter((tx) => tx.meta?.err).length;
   */
  (slot: number | bigint, config: GetBlockJsonConfig & WithBlockRewards): Promise<(JsonBlock & BlockRewards) | null>;
  /**
   * Every transaction in `json`, versioned ones included, without rewards.
   * @example
   * const block = await rpc.getBlock(slot, { maxSupportedTransactionVersion: 0, rewards: false });
   */
  (slot: number | bigint, config: GetBlockJsonConfig & WithoutBlockRewards): Promise<JsonBlock | null>;
  /**
   * Every transaction in `json`, legacy only (a block with a v0 one fails with -32015), and the rewards.
   * @example
   * const block = await rpc.getBlock(slot);
   */
  (
    slot: number | bigint,
    config?: GetLegacyBlockJsonConfig & WithBlockRewards,
  ): Promise<(LegacyJsonBlock & BlockRewards) | null>;
  /**
   * Every transaction in `json`, legacy only, without rewards.
   * @example
   * const block = await rpc.getBlock(slot, { rewards: false });
   */
  (slot: number | bigint, config: GetLegacyBlockJsonConfig & WithoutBlockRewards): Promise<LegacyJsonBlock | null>;
  /**
   * Every transaction parsed by the node, versioned ones included, and the rewards.
   * @example
   * const block = await rpc.getBlock(slot, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 });
   */
  (
    slot: number | bigint,
    config: GetBlockParsedConfig & WithBlockRewards,
  ): Promise<(ParsedBlock & BlockRewards) | null>;
  /**
   * Every transaction parsed by the node, versioned ones included, without rewards.
   * @example
   * const block = await rpc.getBlock(slot, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, rewards: false });
   */
  (slot: number | bigint, config: GetBlockParsedConfig & WithoutBlockRewards): Promise<ParsedBlock | null>;
  /**
   * Every transaction parsed by the node, legacy only, and the rewards.
   * @example
   * const block = await rpc.getBlock(slot, { encoding: 'jsonParsed' });
   */
  (
    slot: number | bigint,
    config: GetLegacyBlockParsedConfig & WithBlockRewards,
  ): Promise<(LegacyParsedBlock & BlockRewards) | null>;
  /**
   * Every transaction parsed by the node, legacy only, without rewards.
   * @example
   * const block = await rpc.getBlock(slot, { encoding: 'jsonParsed', rewards: false });
   */
  (slot: number | bigint, config: GetLegacyBlockParsedConfig & WithoutBlockRewards): Promise<LegacyParsedBlock | null>;
  /**
   * Every transaction as wire bytes, versioned ones included, and the rewards.
   * @example
   * const block = await rpc.getBlock(slot, { encoding: 'base64', maxSupportedTransactionVersion: 0 });
   * for (const tx of block?.transactions ?? []) decodeTransaction(tx.transaction);
   */
  (slot: number | bigint, config: GetBlockBytesConfig & WithBlockRewards): Promise<(BytesBlock & BlockRewards) | null>;
  /**
   * Every transaction as wire bytes, versioned ones included, without rewards.
   * @example
   * const block = await rpc.getBlock(slot, { encoding: 'base64', maxSupportedTransactionVersion: 0, rewards: false });
   */
  (slot: number | bigint, config: GetBlockBytesConfig & WithoutBlockRewards): Promise<BytesBlock | null>;
  /**
   * Every transaction as wire bytes, legacy only, and the rewards.
   * @example
   * const block = await rpc.getBlock(slot, { encoding: 'base64' });
   */
  (
    slot: number | bigint,
    config: GetLegacyBlockBytesConfig & WithBlockRewards,
  ): Promise<(LegacyBytesBlock & BlockRewards) | null>;
  /**
   * Every transaction as wire bytes, legacy only, without rewards.
   * @example
   * const block = await rpc.getBlock(slot, { encoding: 'base64', rewards: false });
   */
  (slot: number | bigint, config: GetLegacyBlockBytesConfig & WithoutBlockRewards): Promise<LegacyBytesBlock | null>;
  /**
   * Each transaction's signatures, keys, error, fee and balances, versioned ones included, and the rewards.
   * @example
   * const block = await rpc.getBlock(slot, { transactionDetails: 'accounts', maxSupportedTransactionVersion: 0 });
   */
  (
    slot: number | bigint,
    config: GetBlockAccountsConfig & WithBlockRewards,
  ): Promise<(AccountsBlock & BlockRewards) | null>;
  /**
   * Each transaction's signatures, keys, error, fee and balances, versioned ones included, without rewards.
   * @example
   * const block = await rpc.getBlock(slot, { transactionDetails: 'accounts', maxSupportedTransactionVersion: 0, rewards: false });
   */
  (slot: number | bigint, config: GetBlockAccountsConfig & WithoutBlockRewards): Promise<AccountsBlock | null>;
  /**
   * Each transaction's signatures, keys, error, fee and balances, legacy only, and the rewards.
   * @example
   * const block = await rpc.getBlock(slot, { transactionDetails: 'accounts' });
   */
  (
    slot: number | bigint,
    config: GetLegacyBlockAccountsConfig & WithBlockRewards,
  ): Promise<(LegacyAccountsBlock & BlockRewards) | null>;
  /**
   * Each transaction's signatures, keys, error, fee and balances, legacy only, without rewards.
   * @example
   * const block = await rpc.getBlock(slot, { transactionDetails: 'accounts', rewards: false });
   */
  (
    slot: number | bigint,
    config: GetLegacyBlockAccountsConfig & WithoutBlockRewards,
  ): Promise<LegacyAccountsBlock | null>;
  /**
   * Each transaction's first signature, and the rewards.
   * @example
   * const block = await rpc.getBlock(slot, { transactionDetails: 'signatures' });
   * console.log(`${block?.signatures.length} transactions`);
   */
  (
    slot: number | bigint,
    config: GetBlockSignaturesConfig & WithBlockRewards,
  ): Promise<(SignaturesBlock & BlockRewards) | null>;
  /**
   * Each transaction's first signature, without rewards.
   * @example
   * const block = await rpc.getBlock(slot, { transactionDetails: 'signatures', rewards: false });
   */
  (slot: number | bigint, config: GetBlockSignaturesConfig & WithoutBlockRewards): Promise<SignaturesBlock | null>;
  /**
   * The block's header and rewards, no transactions.
   * @example
   * const block = await rpc.getBlock(slot, { transactionDetails: 'none' });
   * const fees = block?.rewards.filter((r) => r.rewardType === 'Fee');
   */
  (
    slot: number | bigint,
    config: GetBlockHeaderConfig & WithBlockRewards,
  ): Promise<(BlockHeader & BlockRewards) | null>;
  /**
   * The block's header alone: hashes, parent, time and height.
   * @example
   * const header = await rpc.getBlock(slot, { transactionDetails: 'none', rewards: false });
   */
  (slot: number | bigint, config: GetBlockHeaderConfig & WithoutBlockRewards): Promise<BlockHeader | null>;
  /**
   * The deprecated positional form, `getBlock(slot, 'json')`, as older code writes it: every transaction,
   * legacy only, with the rewards.
   * @example
   * const block = await rpc.getBlock(slot, 'base64');
   */
  (slot: number | bigint, encoding: 'json'): Promise<(LegacyJsonBlock & BlockRewards) | null>;
  (slot: number | bigint, encoding: 'jsonParsed'): Promise<(LegacyParsedBlock & BlockRewards) | null>;
  (slot: number | bigint, encoding: 'base64' | 'base58'): Promise<(LegacyBytesBlock & BlockRewards) | null>;
  /**
   * A config known only at run time: any of the results above.
   * @example
   * const config: GetBlockConfig = { transactionDetails: userChoice };
   * const block = await rpc.getBlock(slot, config);
   */
  (slot: number | bigint, config?: GetBlockConfig): Promise<AnyBlock | null>;
}

// 4. Request checks

const ENCODINGS: readonly TransactionEncoding[] = ['json', 'jsonParsed', 'base64', 'base58'];
const DETAILS: readonly TransactionDetails[] = ['full', 'accounts', 'signatures', 'none'];

const OPTIONS = {
  encoding: oneOf(ENCODINGS),
  transactionDetails: oneOf(DETAILS),
  rewards: flag,
  commitment: confirmedCommitment,
  maxSupportedTransactionVersion,
};

// 5. Definition

/** `getBlock`: a confirmed block's header, rewards and transactions, at the detail asked for. */
export const getBlock = /* @__PURE__ */ defineCustomMethod<GetBlock, BlockShape>({
  name: 'getBlock',
  // Balances, fees and rewards above 2^53 can be anywhere in it: JSON.parse, then those tokens put back.
  parse: parseJsonExact,
  prepare(args, method) {
    checkArity(method, args, 2);
    const slot = requiredSlot(method, 'slot', args[0]) as number | bigint;
    if (typeof args[1] === 'string') {
      // The deprecated positional form, sent as written.
      const encoding = checkOneOf(method, 'encoding', args[1], ENCODINGS) as TransactionEncoding;
      return {
        params: [slot, encoding],
        shape: { details: 'full', encoding, versioned: false, rewards: true },
      };
    }
    const checked = prepareConfig(method, OPTIONS, args[1]);
    // The encoding written out, as getTransaction does; `full` and `rewards: true` are every node's defaults.
    const wire: Record<string, unknown> = { encoding: 'json', ...checked.wire };
    const shape: BlockShape = {
      details: (wire.transactionDetails as TransactionDetails | undefined) ?? 'full',
      encoding: wire.encoding as TransactionEncoding,
      versioned: wire.maxSupportedTransactionVersion !== undefined,
      rewards: wire.rewards !== false,
    };
    return { params: [slot, wire], options: checked.options, shape };
  },
  decode(result, context, prepared) {
    const shape = prepared.shape as BlockShape;
    return decodeBlock(context.method, validateResult(context.method, result, blockResultSchema(shape)), shape);
  },
});
