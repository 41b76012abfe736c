/**
 * The wire schema of `getBlock`, one per shape asked for: which detail level, which encoding, whether
 * versioned transactions and rewards were asked for. Transactions reuse getTransaction's schemas.
 * @module
 */
import { blockhash, signature } from './address.js';
import { safeInteger, timestamp } from './numbers.js';
import { array, nullable, optional, type Schema, type, unknown } from './struct.js';
import {
  accountsTransactionSchema,
  blockTransactionSchema,
  cached,
  reward,
  type TransactionShape,
  type WireReward,
  type WireTransactionWithAccounts,
  type WireTransactionWithMeta,
} from './transaction.js';

/** What a `getBlock` call asked for, which decides the shape of its result. */
export interface BlockShape extends TransactionShape {
  details: 'full' | 'accounts' | 'signatures' | 'none';
  rewards: boolean;
}

/** A validated `getBlock` result, before decoding. */
export interface WireBlock {
  blockhash: string;
  previousBlockhash: string;
  parentSlot: number;
  blockTime?: number | null;
  blockHeight?: number | null;
  numRewardPartitions?: number;
  rewards?: WireReward[];
  transactions?: (WireTransactionWithMeta | WireTransactionWithAccounts)[];
  signatures?: string[];
}

/** The schema of a `getBlock` result for one shape, built once per shape; `null` passes. */
export function blockResultSchema(shape: BlockShape): Schema<WireBlock | null | undefined> {
  const { details, encoding, versioned, rewards } = shape;
  // Only `full` depends on the encoding; the other levels read the same whatever it is.
  const key = `block:${details}:${details === 'full' ? encoding : ''}:${versioned}:${rewards}`;
  return cached(
    key,
    () =>
      nullable(
        type({
          blockhash: blockhash(),
          previousBlockhash: blockhash(),
          parentSlot: safeInteger(),
          blockTime: nullable(timestamp()),
          blockHeight: nullable(safeInteger()),
          numRewardPartitions: optional(safeInteger()),
          // What was not asked for is not read, whatever a server sends.
          rewards: rewards ? array(reward()) : unknown(),
          transactions:
            details === 'full'
              ? array(blockTransactionSchema(shape))
              : details === 'accounts'
                ? array(accountsTransactionSchema())
                : unknown(),
          signatures: details === 'signatures' ? array(signature()) : unknown(),
        }),
      ) as unknown as Schema<WireBlock | null | undefined>,
  );
}
