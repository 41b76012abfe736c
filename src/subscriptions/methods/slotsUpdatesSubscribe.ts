import { memo } from '../../schemas/memo.js';
import { expected, safeInteger } from '../../schemas/numbers.js';
import { define, literal, string, type, union } from '../../schemas/struct.js';
import { validateResult } from '../../schemas/validate.js';
import { defineSubscription, prepareWithoutParams } from '../defineSubscription.js';
import type { NotificationIterator } from '../stream.js';

/** Options of `slotsUpdatesSubscribe`. */
export interface SlotsUpdatesSubscribeConfig {
  /** Ends the iterator (with an `AbortError`) and unsubscribes. */
  signal?: AbortSignal;
}

/** What every slot update has: the slot, and the node's time of the event. */
export interface SlotUpdateBase {
  /** The slot. */
  slot: number;
  /** When the node saw the event, in milliseconds since 1970. */
  timestamp: number;
}

/** The transactions of a frozen slot. */
export interface SlotTransactionStats {
  /** Entries holding transactions. */
  numTransactionEntries: number;
  /** Transactions that succeeded. */
  numSuccessfulTransactions: number;
  /** Transactions that failed. */
  numFailedTransactions: number;
  /** The most transactions one entry held. */
  maxTransactionsPerEntry: number;
}

/** One step of a slot's life on the node; narrow on `type`. */
export type SlotUpdate =
  | (SlotUpdateBase & {
      /** The first shred of the slot arrived. */
      type: 'firstShredReceived';
    })
  | (SlotUpdateBase & {
      /** Every shred of the slot arrived. */
      type: 'completed';
    })
  | (SlotUpdateBase & {
      /** The node created the slot's bank. */
      type: 'createdBank';
      /** The parent slot of the bank. */
      parent: number;
    })
  | (SlotUpdateBase & {
      /** The slot's bank is frozen: its transactions are final for this fork. */
      type: 'frozen';
      /** What its transactions did. */
      stats: SlotTransactionStats;
    })
  | (SlotUpdateBase & {
      /** The slot died: it will not be part of the chain. */
      type: 'dead';
      /** Why, as the node says it. */
      err: string;
    })
  | (SlotUpdateBase & {
      /** A supermajority voted for the slot. */
      type: 'optimisticConfirmation';
    })
  | (SlotUpdateBase & {
      /** The node rooted the slot. */
      type: 'root';
    });

/** Follows every step of every slot on the node. */
export interface SlotsUpdatesSubscribe {
  /**
   * Each step of each slot: first shred, completed, bank created, frozen (with its transaction counts),
   * dead, optimistically confirmed, rooted. None is dropped silently: a consumer that falls behind its
   * queue gets a `SubscriptionOverflowError`.
   * @example
   * for await (const update of subs.slotsUpdatesSubscribe()) {
   *   if (update.type === 'dead') console.warn(`slot ${update.slot} died: ${update.err}`);
   * }
   */
  (config?: SlotsUpdatesSubscribeConfig): NotificationIterator<SlotUpdate>;
}

const base = { slot: safeInteger, timestamp: safeInteger };
const simple = (name: string) => type({ type: literal(name), slot: safeInteger(), timestamp: safeInteger() });
const update = /* @__PURE__ */ memo(() =>
  union([
    simple('firstShredReceived'),
    simple('completed'),
    type({ type: literal('createdBank'), slot: base.slot(), timestamp: base.timestamp(), parent: safeInteger() }),
    type({
      type: literal('frozen'),
      slot: base.slot(),
      timestamp: base.timestamp(),
      stats: type({
        numTransactionEntries: safeInteger(),
        numSuccessfulTransactions: safeInteger(),
        numFailedTransactions: safeInteger(),
        maxTransactionsPerEntry: safeInteger(),
      }),
    }),
    type({ type: literal('dead'), slot: base.slot(), timestamp: base.timestamp(), err: string() }),
    simple('optimisticConfirmation'),
    simple('root'),
    // Named in the error when the type is one this version does not know.
    define('slot update', (value) => expected('a slot update of a known type', value)),
  ]),
);

/** `slotsUpdatesSubscribe`: every step of every slot (agave marks it unstable). */
export const slotsUpdatesSubscribe = /* @__PURE__ */ defineSubscription<SlotsUpdatesSubscribe>({
  name: 'slotsUpdatesSubscribe',
  policy: 'all',
  prepare: /* @__PURE__ */ prepareWithoutParams('slotsUpdatesSubscribe'),
  decode(result, context): SlotUpdate {
    const wire = validateResult(context.method, result, update()) as SlotUpdate;
    // Rebuilt from the named fields: nothing else a server adds reaches the caller.
    const { type: kind, slot, timestamp } = wire;
    switch (wire.type) {
      case 'createdBank':
        return { type: wire.type, slot, timestamp, parent: wire.parent };
      case 'frozen': {
        const { numTransactionEntries, numSuccessfulTransactions, numFailedTransactions, maxTransactionsPerEntry } =
          wire.stats;
        return {
          type: wire.type,
          slot,
          timestamp,
          stats: { numTransactionEntries, numSuccessfulTransactions, numFailedTransactions, maxTransactionsPerEntry },
        };
      }
      case 'dead':
        return { type: wire.type, slot, timestamp, err: wire.err };
      default:
        return { type: kind, slot, timestamp } as SlotUpdate;
    }
  },
});
