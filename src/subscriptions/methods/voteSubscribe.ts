import { address, blockhash, signature } from '../../schemas/address.js';
import { memo } from '../../schemas/memo.js';
import { safeInteger, timestamp as unixTimestamp } from '../../schemas/numbers.js';
import { array, nullable, type } from '../../schemas/struct.js';
import { validateResult } from '../../schemas/validate.js';
import type { Address, Signature } from '../../types/index.js';
import { defineSubscription, prepareWithoutParams } from '../defineSubscription.js';
import type { NotificationIterator } from '../stream.js';

/** Options of `voteSubscribe`. */
export interface VoteSubscribeConfig {
  /** Ends the iterator (with an `AbortError`) and unsubscribes. */
  signal?: AbortSignal;
}

/** A vote seen in gossip, before it is in a block. */
export interface VoteNotification {
  /** The vote account that voted. */
  votePubkey: Address;
  /** The slots voted on. */
  slots: number[];
  /** The bank hash voted for. */
  hash: string;
  /** The vote's timestamp (seconds since 1970), when it carries one. */
  timestamp: number | null;
  /** The vote transaction's signature. */
  signature: Signature;
}

/** Follows the votes the node sees in gossip. */
export interface VoteSubscribe {
  /**
   * Each vote the node sees in gossip (served only by nodes started with
   * `--rpc-pubsub-enable-vote-subscription`; others refuse it, and the iterator throws their `RpcError`).
   * None is dropped silently: a consumer that falls behind gets a `SubscriptionOverflowError`.
   * @example
   * for await (const vote of subs.voteSubscribe()) console.log(vote.votePubkey, vote.slots.at(-1));
   */
  (config?: VoteSubscribeConfig): NotificationIterator<VoteNotification>;
}

const vote = /* @__PURE__ */ memo(() =>
  type({
    votePubkey: address(),
    slots: array(safeInteger()),
    hash: blockhash(),
    timestamp: nullable(unixTimestamp()),
    signature: signature(),
  }),
);

/** `voteSubscribe`: votes seen in gossip. */
export const voteSubscribe = /* @__PURE__ */ defineSubscription<VoteSubscribe>({
  name: 'voteSubscribe',
  nodeFlag: '--rpc-pubsub-enable-vote-subscription',
  policy: 'all',
  prepare: /* @__PURE__ */ prepareWithoutParams('voteSubscribe'),
  decode(result, context): VoteNotification {
    const wire = validateResult(context.method, result, vote());
    return {
      votePubkey: wire.votePubkey,
      slots: wire.slots,
      hash: wire.hash,
      timestamp: wire.timestamp ?? null,
      signature: wire.signature,
    };
  },
});
