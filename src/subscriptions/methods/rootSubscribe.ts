import { safeInteger } from '../../schemas/numbers.js';
import { validateResult } from '../../schemas/validate.js';
import { defineSubscription, prepareWithoutParams } from '../defineSubscription.js';
import type { NotificationIterator } from '../stream.js';

/** Options of `rootSubscribe`. */
export interface RootSubscribeConfig {
  /** Ends the iterator (with an `AbortError`) and unsubscribes. */
  signal?: AbortSignal;
}

/** Follows the node's root. */
export interface RootSubscribe {
  /**
   * Each new root the node sets: a slot it will not roll back. A slow consumer sees only the latest one.
   * @example
   * for await (const root of subs.rootSubscribe()) console.log(`rooted ${root}`);
   */
  (config?: RootSubscribeConfig): NotificationIterator<number>;
}

/** `rootSubscribe`: every new root slot. */
export const rootSubscribe = /* @__PURE__ */ defineSubscription<RootSubscribe>({
  name: 'rootSubscribe',
  policy: 'latest',
  prepare: /* @__PURE__ */ prepareWithoutParams('rootSubscribe'),
  decode: (result, context) => validateResult(context.method, result, safeInteger()),
});
