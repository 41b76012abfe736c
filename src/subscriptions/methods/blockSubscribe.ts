import { decodeBlock } from '../../decoders/block.js';
import { InvalidInputError } from '../../errors/InvalidInputError.js';
import type {
  AnyBlock,
  BlockHeader,
  BlockRewards,
  BytesBlock,
  JsonBlock,
  ParsedBlock,
  SignaturesBlock,
  TransactionDetails,
} from '../../methods/getBlock.js';
import type { TransactionEncoding } from '../../methods/getTransaction.js';
import { checkAddress, checkArity, describe } from '../../options/check.js';
import { commitment, flag, maxSupportedTransactionVersion, oneOf } from '../../options/config.js';
import { type BlockShape, blockResultSchema } from '../../schemas/block.js';
import { decodeContext, rpcContext } from '../../schemas/context.js';
import { safeInteger } from '../../schemas/numbers.js';
import { type, unknown } from '../../schemas/struct.js';
import { cached } from '../../schemas/transaction.js';
import { validateResult } from '../../schemas/validate.js';
import type { Address, Commitment, RpcResult } from '../../types/index.js';
import { defineSubscription, prepareSubscriptionConfig } from '../defineSubscription.js';
import type { NotificationIterator } from '../stream.js';

/** Which blocks: every one, or those with a transaction that mentions an account or program. */
export type BlockFilter =
  | 'all'
  | {
      /** The account or program a transaction of the block must mention. */
      mentionsAccountOrProgram: Address;
    };

/** Options of `blockSubscribe`: those of `getBlock`, with `showRewards` for `rewards`. */
export interface BlockSubscribeConfig {
  /** `confirmed` or `finalized` (agave refuses `processed`). Default: the node's, `finalized`. */
  commitment?: Exclude<Commitment, 'processed'>;
  /** How transactions are sent, as `getBlock` takes it. Default `'json'`. */
  encoding?: TransactionEncoding;
  /** How much of each transaction, as `getBlock` takes it. Default `'full'`. */
  transactionDetails?: TransactionDetails;
  /** Include the block's rewards. Default `true`. */
  showRewards?: boolean;
  /** `0` to accept versioned transactions; without it a block holding one comes with an `err` and no block. */
  maxSupportedTransactionVersion?: 0;
  /** Ends the iterator (with an `AbortError`) and unsubscribes. */
  signal?: AbortSignal;
}

/** A block notification: the slot, the block (or `null` with `err` when the node could not send it). */
export interface BlockNotification<TBlock>
  extends RpcResult<{
    /** The block's slot. */
    slot: number;
    /** Why `block` is `null`: agave's `BlockStoreError`, or `{ UnsupportedTransactionVersion: n }`. */
    err: unknown;
    /** The block, at the detail asked for; `null` with `err`. */
    block: (TBlock & Partial<BlockRewards>) | null;
  }> {}

/** Follows new blocks (served only by nodes started with `--rpc-pubsub-enable-block-subscription`). */
export interface BlockSubscribe {
  /**
   * Each block's first signatures only.
   * @example
   * for await (const { value } of subs.blockSubscribe('all', { transactionDetails: 'signatures', maxSupportedTransactionVersion: 0 })) {
   *   console.log(value.slot, value.block?.signatures.length);
   * }
   */
  (
    filter: BlockFilter,
    config: BlockSubscribeConfig & { transactionDetails: 'signatures' },
  ): NotificationIterator<BlockNotification<SignaturesBlock>>;
  /**
   * Each block's header and rewards, no transactions.
   * @example
   * for await (const { value } of subs.blockSubscribe('all', { transactionDetails: 'none' })) console.log(value.block?.blockhash);
   */
  (
    filter: BlockFilter,
    config: BlockSubscribeConfig & { transactionDetails: 'none' },
  ): NotificationIterator<BlockNotification<BlockHeader>>;
  /**
   * Each block with its transactions as bytes (decoded here), versioned ones included.
   * @example
   * const config = { encoding: 'base64', maxSupportedTransactionVersion: 0 } as const;
   * for await (const { value } of subs.blockSubscribe({ mentionsAccountOrProgram: program }, config)) {
   *   for (const tx of value.block?.transactions ?? []) console.log(tx.transaction.length);
   * }
   */
  (
    filter: BlockFilter,
    config: BlockSubscribeConfig & {
      encoding: 'base64' | 'base58';
      maxSupportedTransactionVersion: 0;
      transactionDetails?: 'full';
    },
  ): NotificationIterator<BlockNotification<BytesBlock>>;
  /**
   * Each block with its transactions parsed by the node, versioned ones included.
   * @example
   * const config = { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 } as const;
   * for await (const { value } of subs.blockSubscribe('all', config)) console.log(value.block?.transactions.length);
   */
  (
    filter: BlockFilter,
    config: BlockSubscribeConfig & {
      encoding: 'jsonParsed';
      maxSupportedTransactionVersion: 0;
      transactionDetails?: 'full';
    },
  ): NotificationIterator<BlockNotification<ParsedBlock>>;
  /**
   * Each block with its transactions as JSON, versioned ones included.
   * @example
   * for await (const { value } of subs.blockSubscribe('all', { maxSupportedTransactionVersion: 0 })) {
   *   console.log(value.block?.transactions.length);
   * }
   */
  (
    filter: BlockFilter,
    config: BlockSubscribeConfig & {
      encoding?: 'json';
      maxSupportedTransactionVersion: 0;
      transactionDetails?: 'full';
    },
  ): NotificationIterator<BlockNotification<JsonBlock>>;
  /**
   * A config known only at run time: any block shape `getBlock` returns.
   * @example
   * const config: BlockSubscribeConfig = { transactionDetails: userChoice, maxSupportedTransactionVersion: 0 };
   * for await (const { value } of subs.blockSubscribe('all', config)) console.log(value.slot);
   */
  (filter: BlockFilter, config?: BlockSubscribeConfig): NotificationIterator<BlockNotification<AnyBlock>>;
}

const OPTIONS = {
  commitment,
  encoding: /* @__PURE__ */ oneOf(['json', 'jsonParsed', 'base64', 'base58']),
  transactionDetails: /* @__PURE__ */ oneOf(['full', 'accounts', 'signatures', 'none']),
  showRewards: flag,
  maxSupportedTransactionVersion,
};

const METHOD = 'blockSubscribe';

/** `blockSubscribe`: new blocks, at the detail asked for. */
export const blockSubscribe = /* @__PURE__ */ defineSubscription<BlockSubscribe, BlockShape>({
  name: METHOD,
  // agave-validator also requires --enable-rpc-transaction-history with it, and says so when started.
  nodeFlag: '--rpc-pubsub-enable-block-subscription',
  policy: 'all',
  prepare(args) {
    checkArity(METHOD, args, 2);
    const filter = blockFilter(args[0]);
    const { wire, signal } = prepareSubscriptionConfig(METHOD, OPTIONS, args[1]);
    if (wire.commitment === 'processed') {
      throw new InvalidInputError({
        method: METHOD,
        param: 'config.commitment',
        problem: "agave refuses 'processed' here",
      });
    }
    const shape: BlockShape = {
      details: (wire.transactionDetails as TransactionDetails | undefined) ?? 'full',
      encoding: (wire.encoding as TransactionEncoding | undefined) ?? 'json',
      versioned: wire.maxSupportedTransactionVersion !== undefined,
      rewards: wire.showRewards !== false,
    };
    return { params: [filter, wire], signal, shape };
  },
  decode(result, context, prepared) {
    const shape = prepared.shape as BlockShape;
    const { details, encoding, versioned, rewards } = shape;
    const schema = cached(`blockNotification:${details}:${encoding}:${versioned}:${rewards}`, () =>
      type({
        context: rpcContext(),
        value: type({ slot: safeInteger(), err: unknown(), block: blockResultSchema(shape) }),
      }),
    );
    const checked = validateResult(context.method, result, schema);
    const { slot, err, block } = checked.value;
    return {
      context: decodeContext(checked.context),
      value: { slot, err: err ?? null, block: decodeBlock(context.method, block, shape) },
    };
  },
});

function blockFilter(value: unknown): unknown {
  if (value === 'all') return value;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === 'mentionsAccountOrProgram') {
      const target = (value as { mentionsAccountOrProgram: unknown }).mentionsAccountOrProgram;
      return { mentionsAccountOrProgram: checkAddress(METHOD, 'filter.mentionsAccountOrProgram', target) };
    }
  }
  throw new InvalidInputError({
    method: METHOD,
    param: 'filter',
    problem: `expected 'all' or { mentionsAccountOrProgram: address }, got ${describe(value)}`,
  });
}
