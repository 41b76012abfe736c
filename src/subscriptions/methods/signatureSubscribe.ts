import { checkArity, checkSignature } from '../../options/check.js';
import { commitment, flag } from '../../options/config.js';
import { decodeContext, rpcContext } from '../../schemas/context.js';
import { memo } from '../../schemas/memo.js';
import { literal, nullable, type, union } from '../../schemas/struct.js';
import { transactionError } from '../../schemas/transaction.js';
import { validateResult } from '../../schemas/validate.js';
import type { Commitment, RpcResult, Signature } from '../../types/index.js';
import type { TransactionError } from '../../types/transaction.js';
import { defineSubscription, prepareSubscriptionConfig } from '../defineSubscription.js';
import type { NotificationIterator } from '../stream.js';

/** Options of `signatureSubscribe`. */
export interface SignatureSubscribeConfig {
  /** Notify when the transaction reaches this commitment. Default: the node's, `finalized`. */
  commitment?: Commitment;
  /** Also notify when the node receives the transaction, before it is processed. */
  enableReceivedNotification?: boolean;
  /** Ends the iterator (with an `AbortError`) and unsubscribes. */
  signal?: AbortSignal;
}

/** The transaction reached the commitment: `err` is `null` when it succeeded. */
export interface SignatureStatusNotification
  extends RpcResult<{
    /** Why the transaction failed, or `null` when it succeeded. */
    err: TransactionError | null;
  }> {}

/** The node received the transaction (with `enableReceivedNotification`); its status follows. */
export interface SignatureReceivedNotification extends RpcResult<'receivedSignature'> {}

/** Waits for one transaction. */
export interface SignatureSubscribe {
  /**
   * The transaction's status once it reaches the commitment, first "received" when asked for; the
   * iterator ends after the status, as the node ends the subscription.
   * @example
   * for await (const { value } of subs.signatureSubscribe(signature, { commitment: 'confirmed', enableReceivedNotification: true })) {
   *   console.log(value === 'receivedSignature' ? 'received' : value.err ? 'failed' : 'confirmed');
   * }
   */
  (
    signature: Signature,
    config: SignatureSubscribeConfig & { enableReceivedNotification: true },
  ): NotificationIterator<SignatureStatusNotification | SignatureReceivedNotification>;
  /**
   * The transaction's status once it reaches the commitment; the iterator ends after it.
   * @example
   * for await (const { value } of subs.signatureSubscribe(signature, { commitment: 'confirmed' })) {
   *   if (value.err) throw new Error(`failed: ${JSON.stringify(value.err)}`);
   * }
   */
  (
    signature: Signature,
    config?: SignatureSubscribeConfig & { enableReceivedNotification?: false },
  ): NotificationIterator<SignatureStatusNotification>;
}

const notification = /* @__PURE__ */ memo(() =>
  type({
    context: rpcContext(),
    value: union([literal('receivedSignature'), type({ err: nullable(transactionError()) })]),
  }),
);

const METHOD = 'signatureSubscribe';

/** `signatureSubscribe`: one transaction's status; it ends after it. */
export const signatureSubscribe = /* @__PURE__ */ defineSubscription<SignatureSubscribe>({
  name: METHOD,
  policy: 'all',
  prepare(args) {
    checkArity(METHOD, args, 2);
    const signature = checkSignature(METHOD, 'signature', args[0]);
    const { wire, signal } = prepareSubscriptionConfig(
      METHOD,
      { commitment, enableReceivedNotification: flag },
      args[1],
    );
    return { params: Object.keys(wire).length > 0 ? [signature, wire] : [signature], signal };
  },
  decode(result, context) {
    const checked = validateResult(context.method, result, notification());
    const { value } = checked;
    return {
      context: decodeContext(checked.context),
      value: value === 'receivedSignature' ? value : { err: value.err ?? null },
    };
  },
  last: (value) => (value as SignatureStatusNotification | SignatureReceivedNotification).value !== 'receivedSignature',
});
