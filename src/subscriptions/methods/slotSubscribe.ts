import { memo } from '../../schemas/memo.js';
import { safeInteger } from '../../schemas/numbers.js';
import { type } from '../../schemas/struct.js';
import { validateResult } from '../../schemas/validate.js';
import { defineSubscription, prepareWithoutParams } from '../defineSubscription.js';
import type { NotificationIterator } from '../stream.js';

/** Options of `slotSubscribe`. */
export interface SlotSubscribeConfig {
  /** Ends the iterator (with an `AbortError`) and unsubscribes. */
  signal?: AbortSignal;
}

/** A slot the node has started processing, with its parent and the node's root. */
export interface SlotNotification {
  /** The slot the node started processing. */
  slot: number;
  /** Its parent slot. */
  parent: number;
  /** The node's root: the newest slot it will not roll back. */
  root: number;
}

/** Follows the slots the node processes. */
export interface SlotSubscribe {
  /**
   * Each slot the node starts processing. A slow consumer sees only the latest one.
   * @example
   * for await (const { slot, root } of subs.slotSubscribe()) console.log(slot, root);
   */
  (config?: SlotSubscribeConfig): NotificationIterator<SlotNotification>;
}

const slotInfo = /* @__PURE__ */ memo(() => type({ slot: safeInteger(), parent: safeInteger(), root: safeInteger() }));

/** `slotSubscribe`: every slot the node starts processing. */
export const slotSubscribe = /* @__PURE__ */ defineSubscription<SlotSubscribe>({
  name: 'slotSubscribe',
  policy: 'latest',
  prepare: /* @__PURE__ */ prepareWithoutParams('slotSubscribe'),
  decode(result, context): SlotNotification {
    const { slot, parent, root } = validateResult(context.method, result, slotInfo());
    return { slot, parent, root };
  },
});
