import { SubscriptionOverflowError } from '../errors/SubscriptionOverflowError.js';
import type { QueuePolicy } from './defineSubscription.js';

/**
 * What every subscription method returns: an async iterator of decoded notifications, for `for await`.
 * `return()` (what `break` calls) ends it and unsubscribes.
 */
export interface NotificationIterator<T> extends AsyncIterableIterator<T> {
  /** Ends the iteration and unsubscribes; what is queued is dropped. */
  return(): Promise<IteratorReturnResult<undefined>>;
  /** The iterator itself, so it can be given to `for await`. */
  [Symbol.asyncIterator](): NotificationIterator<T>;
}

/**
 * One consumer's side of a subscription: an async iterator over its notifications, with a bounded queue
 * for a consumer slower than the server (see `QueuePolicy`). Its owner pushes notifications, and ends it
 * or fails it; the consumer's `return()` (a `break` out of `for await`) detaches it, which unsubscribes
 * once no other consumer shares the server's subscription.
 */
export class NotificationStream<T> implements NotificationIterator<T> {
  private readonly queue: T[] = [];
  private readonly byKey = new Map<string, T>();
  private waiting: { resolve: (result: IteratorResult<T>) => void; reject: (error: unknown) => void } | undefined;
  private failure: unknown;
  private finished = false;
  private detached = false;
  /** Set once a notification did not fit: later ones are counted, not kept, until the consumer reaches the error. */
  private overflowed = false;
  private dropped = 0;

  constructor(
    private readonly method: string,
    private readonly policy: QueuePolicy,
    private readonly queueSize: number,
    private readonly keyOf: ((value: T) => string) | undefined,
    /** Called once when the consumer no longer wants notifications (return, abort, overflow). */
    private readonly detach: () => void,
  ) {}

  /** Whether it still takes notifications. */
  private get open(): boolean {
    return !this.finished && this.failure === undefined;
  }

  /** Hands a notification to the consumer, or queues it under the stream's policy. */
  push(value: T): void {
    if (this.overflowed) {
      this.dropped++;
      return;
    }
    if (!this.open) return;
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting.resolve({ value, done: false });
      return;
    }
    if (this.policy === 'latest') {
      this.queue[0] = value;
    } else if (this.policy === 'latestByKey' && this.keyOf) {
      const key = this.keyOf(value);
      // Re-inserted so the map's order stays the order of the latest changes.
      this.byKey.delete(key);
      if (this.byKey.size >= this.queueSize) this.overflow();
      else this.byKey.set(key, value);
    } else if (this.queue.length >= this.queueSize) {
      this.overflow();
    } else {
      this.queue.push(value);
    }
  }

  /** Ends the stream with an error, after what is already queued. */
  fail(error: unknown): void {
    // Lost notifications are the first thing the consumer must hear of.
    if (!this.open || this.overflowed) return;
    this.failure = error;
    this.settleWaiting();
  }

  /** Ends the stream normally, after what is already queued. */
  end(): void {
    if (!this.open) return;
    this.finished = true;
    this.settleWaiting();
  }

  next(): Promise<IteratorResult<T>> {
    const value = this.take();
    if (value !== NONE) return Promise.resolve({ value, done: false });
    if (this.overflowed) {
      // Everything kept was delivered: now the loss, with its full count, and the server subscription ends.
      this.overflowed = false;
      this.finished = true;
      this.release();
      return Promise.reject(
        new SubscriptionOverflowError({ method: this.method, dropped: this.dropped, queueSize: this.queueSize }),
      );
    }
    if (this.failure !== undefined) {
      const failure = this.failure;
      // Thrown once; the iterator is done after it.
      this.failure = undefined;
      this.finished = true;
      return Promise.reject(failure);
    }
    if (this.finished) return Promise.resolve({ value: undefined, done: true });
    if (this.waiting) return Promise.reject(new TypeError('next() called again before the last call settled'));
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  /** The consumer is done (`break`, `return()`): drop what is queued and unsubscribe. */
  return(): Promise<IteratorReturnResult<undefined>> {
    this.close();
    return Promise.resolve({ value: undefined, done: true });
  }

  /** As `return()`: a subscription has nothing to do with an error thrown into it. */
  throw(): Promise<IteratorReturnResult<undefined>> {
    return this.return();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** Detaches and finishes at once, dropping the queue: the consumer is gone. */
  close(): void {
    this.finished = true;
    this.overflowed = false;
    this.failure = undefined;
    this.queue.length = 0;
    this.byKey.clear();
    this.settleWaiting();
    this.release();
  }

  /** Tells the owner, once, that this consumer wants no more notifications. */
  release(): void {
    if (this.detached) return;
    this.detached = true;
    this.detach();
  }

  private take(): T | typeof NONE {
    if (this.queue.length > 0) return this.queue.shift() as T;
    const first = this.byKey.keys().next();
    if (!first.done) {
      const value = this.byKey.get(first.value) as T;
      this.byKey.delete(first.value);
      return value;
    }
    return NONE;
  }

  private overflow(): void {
    this.dropped++;
    this.overflowed = true;
  }

  private settleWaiting(): void {
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = undefined;
    if (this.failure !== undefined) {
      const failure = this.failure;
      this.failure = undefined;
      this.finished = true;
      waiting.reject(failure);
    } else {
      waiting.resolve({ value: undefined, done: true });
    }
  }
}

const NONE: unique symbol = Symbol('none');
