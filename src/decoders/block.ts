/**
 * From a validated `getBlock` result to the public one: the header as sent (nullable fields a node left
 * out set to `null`), rewards with exact lamports, and each transaction decoded as getTransaction decodes
 * one. Only what the call asked for is kept.
 * @module
 */
import type { BlockShape, WireBlock } from '../schemas/block.js';
import type { WireTransactionWithAccounts, WireTransactionWithMeta } from '../schemas/transaction.js';
import { decodeReward, decodeTransactionWithAccounts, decodeTransactionWithMeta } from './transactionResult.js';

/** Builds the public block from a validated one; `null` stays `null`. */
export function decodeBlock(method: string, wire: WireBlock | null | undefined, shape: BlockShape): unknown {
  if (wire == null) return null;
  const block: Record<string, unknown> = {
    blockhash: wire.blockhash,
    previousBlockhash: wire.previousBlockhash,
    parentSlot: wire.parentSlot,
    blockTime: wire.blockTime ?? null,
    blockHeight: wire.blockHeight ?? null,
  };
  if (wire.numRewardPartitions !== undefined) block.numRewardPartitions = wire.numRewardPartitions;
  if (shape.rewards) block.rewards = (wire.rewards ?? []).map(decodeReward);
  const { versioned } = shape;
  if (shape.details === 'full') {
    block.transactions = (wire.transactions as WireTransactionWithMeta[]).map((tx, i) =>
      decodeTransactionWithMeta(method, tx, versioned, `result.transactions.${i}`),
    );
  } else if (shape.details === 'accounts') {
    block.transactions = (wire.transactions as WireTransactionWithAccounts[]).map((tx, i) =>
      decodeTransactionWithAccounts(method, tx, versioned, `result.transactions.${i}`),
    );
  } else if (shape.details === 'signatures') {
    block.signatures = wire.signatures;
  }
  return block;
}
