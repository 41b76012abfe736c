import { SolRpcError } from './SolRpcError.js';

/**
 * A subscription whose notifications must not be lost silently (logs, blocks, votes, slot updates, program
 * accounts beyond its queue) received more than its queue holds while the consumer was busy. The iterator
 * yields what it kept, then throws this, and the subscription is closed on the server. `dropped` counts
 * every notification received and not delivered until then; none of them is kept, so memory stays bounded.
 */
export class SubscriptionOverflowError extends SolRpcError {
  /** Always `'SubscriptionOverflowError'`: what `isSolRpcError(error, 'SubscriptionOverflowError')` checks. */
  override name = 'SubscriptionOverflowError' as const;
  /** Notifications received that did not fit in the queue, up to the moment the consumer reached this error. */
  readonly dropped: number;
  /** The queue's size: notifications held for a consumer that has not asked for them yet. */
  readonly queueSize: number;

  constructor(fields: { method: string; dropped: number; queueSize: number }) {
    super(
      `the consumer fell behind: ${fields.dropped} notification${fields.dropped === 1 ? '' : 's'} did not fit in the queue of ${fields.queueSize} and ${fields.dropped === 1 ? 'was' : 'were'} dropped`,
      {
        method: fields.method,
        hint: 'consume notifications faster (hand slow work to a queue of your own), or raise options.queueSize.',
        retryable: true,
      },
    );
    this.dropped = fields.dropped;
    this.queueSize = fields.queueSize;
  }
}
