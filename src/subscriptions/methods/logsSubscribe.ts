import { InvalidInputError } from '../../errors/InvalidInputError.js';
import { checkAddress, checkArity, describe } from '../../options/check.js';
import { commitment } from '../../options/config.js';
import { signature as signatureSchema } from '../../schemas/address.js';
import { decodeContext, rpcContext } from '../../schemas/context.js';
import { memo } from '../../schemas/memo.js';
import { array, nullable, string, type } from '../../schemas/struct.js';
import { transactionError } from '../../schemas/transaction.js';
import { validateResult } from '../../schemas/validate.js';
import type { Address, Commitment, RpcResult, Signature } from '../../types/index.js';
import type { TransactionError } from '../../types/transaction.js';
import { defineSubscription, prepareSubscriptionConfig } from '../defineSubscription.js';
import type { NotificationIterator } from '../stream.js';

/**
 * Which transactions' logs: `'all'` but simple votes, `'allWithVotes'`, or those that mention one address
 * (agave takes exactly one).
 */
export type LogsFilter =
  | 'all'
  | 'allWithVotes'
  | {
      /** The one address a transaction must mention. */
      mentions: readonly [Address];
    };

/** Options of `logsSubscribe`. */
export interface LogsSubscribeConfig {
  /** Notify at this commitment. Default: the node's, `finalized`. */
  commitment?: Commitment;
  /** Ends the iterator (with an `AbortError`) and unsubscribes. */
  signal?: AbortSignal;
}

/** One transaction's logs, and the slot it was processed at. */
export interface LogsNotification
  extends RpcResult<{
    /** The transaction's first signature. */
    signature: Signature;
    /** `null` when it succeeded. */
    err: TransactionError | null;
    /** Its log lines, in order; empty when the node recorded none. */
    logs: string[];
  }> {}

/** Follows transaction logs. */
export interface LogsSubscribe {
  /**
   * The logs of each transaction the filter selects. None is dropped silently: a consumer that falls
   * behind its queue gets a `SubscriptionOverflowError`, after what was queued.
   * @example
   * for await (const { value } of subs.logsSubscribe({ mentions: [program] }, { commitment: 'confirmed' })) {
   *   console.log(value.signature, value.err ? 'failed' : 'ok', value.logs.length);
   * }
   */
  (filter: LogsFilter, config?: LogsSubscribeConfig): NotificationIterator<LogsNotification>;
}

const notification = /* @__PURE__ */ memo(() =>
  type({
    context: rpcContext(),
    value: type({ signature: signatureSchema(), err: nullable(transactionError()), logs: nullable(array(string())) }),
  }),
);

const METHOD = 'logsSubscribe';

/** `logsSubscribe`: transaction logs. */
export const logsSubscribe = /* @__PURE__ */ defineSubscription<LogsSubscribe>({
  name: METHOD,
  policy: 'all',
  prepare(args) {
    checkArity(METHOD, args, 2);
    const { wire, signal } = prepareSubscriptionConfig(METHOD, { commitment }, args[1]);
    return { params: Object.keys(wire).length > 0 ? [logsFilter(args[0]), wire] : [logsFilter(args[0])], signal };
  },
  decode(result, context): LogsNotification {
    const checked = validateResult(context.method, result, notification());
    const { signature, err, logs } = checked.value;
    return { context: decodeContext(checked.context), value: { signature, err: err ?? null, logs: logs ?? [] } };
  },
});

function logsFilter(value: unknown): unknown {
  if (value === 'all' || value === 'allWithVotes') return value;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const { mentions, ...other } = value as { mentions?: unknown };
    const extra = Object.keys(other)[0];
    if (extra !== undefined) {
      throw new InvalidInputError({
        method: METHOD,
        param: `filter.${extra.slice(0, 40)}`,
        problem: 'not a filter key; the key is mentions',
      });
    }
    if (!Array.isArray(mentions) || mentions.length !== 1) {
      throw new InvalidInputError({
        method: METHOD,
        param: 'filter.mentions',
        problem: `expected an array of exactly one address (agave takes one), got ${describe(mentions)}`,
      });
    }
    return { mentions: [checkAddress(METHOD, 'filter.mentions.0', mentions[0])] };
  }
  throw new InvalidInputError({
    method: METHOD,
    param: 'filter',
    problem: `expected 'all', 'allWithVotes' or { mentions: [address] }, got ${describe(value)}`,
  });
}
