/**
 * Confirmation over HTTP: poll the signature's status and the transaction's lifetime until it reaches the
 * commitment asked for, fails, or can no longer land. Built only on public methods and taking the client
 * as an argument, so an app that never confirms carries none of it. The loop is waitForConfirmation.ts,
 * the look at the lifetime lifetime.ts, the options confirmOptions.ts.
 * @module
 */
import { encodeBase58 } from '../codecs/base58.js';
import type { TransactionLayout } from '../codecs/transactionLayout.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { checkAddress, checkHash, checkSignature } from '../options/check.js';
import { readTransactionLayout } from '../options/wireTransaction.js';
import type { Address, ReadonlyUint8Array } from '../types/index.js';
import { callDeadline } from './callDeadline.js';
import {
  type ConfirmedTransaction,
  type ConfirmOptionsBase,
  type ConfirmRpc,
  checkConfirmOptions,
} from './confirmOptions.js';
import { type Lifetime, lifetimeOf } from './lifetime.js';
import { waitForConfirmation } from './waitForConfirmation.js';

export type {
  ConfirmClock,
  ConfirmedTransaction,
  ConfirmOptionsBase,
  ConfirmProgress,
  ConfirmRpc,
  ConfirmSettings,
  ConfirmSubscriptions,
} from './confirmOptions.js';
export { checkConfirmOptions, DEFAULT_CONFIRM_TIMEOUT_MS } from './confirmOptions.js';
export { type Lifetime, lifetimeOf } from './lifetime.js';
export { waitForConfirmation } from './waitForConfirmation.js';

/** Options of `confirmTransaction`: how to tell when the transaction has expired, besides the shared ones. */
export interface ConfirmTransactionOptions extends ConfirmOptionsBase {
  /**
   * The signed transaction's wire bytes: its blockhash, or its durable nonce account, are read from them.
   * The surest source; `blockhash` and `nonceAccount` are for when the bytes are not at hand.
   */
  transaction?: ReadonlyUint8Array;
  /** The blockhash (or, with `nonceAccount`, the nonce value) the transaction was signed on. */
  blockhash?: string;
  /** The durable nonce account the transaction advances; `blockhash` is then the nonce value it used. */
  nonceAccount?: Address;
}

/**
 * Waits until a sent transaction reaches `commitment` (default `'confirmed'`), over HTTP: it polls
 * `getSignatureStatuses`, and while the signature is not found, whether the transaction can still land.
 * It resolves with `{ signature, slot, commitment }`; rejects with `TransactionFailedError` (the
 * runtime's `err`, and the logs when `getTransaction` has them) when it landed and failed, with
 * `TransactionExpiredError` when it can no longer land and did not, with `AbortError` on `signal`, and
 * with `TimeoutError` after `timeoutMs`.
 *
 * Never a false expiry: before it rejects as expired it asks for the signature once more with
 * `searchTransactionHistory: true`, from a view of the chain no older than any it saw before; a
 * transaction that landed is reported as landed. Transient failures while polling (HTTP 429, -32005,
 * timeouts, network errors) are retried by the loop until expiry or `timeoutMs`, since the client's
 * own retries give up sooner; any other error rejects as it came.
 *
 * The lifetime, from the first source given: `transaction` (its own blockhash, or its durable nonce
 * account), `nonceAccount` with `blockhash` (the nonce value), `blockhash`. A blockhash is over only when
 * `isBlockhashValid` says so (`lastValidBlockHeight`, against `getBlockHeight`, only says when to start
 * asking); a nonce when its account holds another value. With none, only `timeoutMs` ends the wait.
 * @example
 * const { value } = await rpc.getLatestBlockhash({ commitment: 'confirmed' });
 * // … build, sign and send a transaction on value.blockhash, keeping its wire bytes …
 * const done = await confirmTransaction(rpc, signature, { transaction: bytes, lastValidBlockHeight: value.lastValidBlockHeight });
 * console.log(`confirmed in slot ${done.slot}`);
 */
export async function confirmTransaction(
  rpc: ConfirmRpc,
  signature: string,
  options: ConfirmTransactionOptions = {},
): Promise<ConfirmedTransaction> {
  const method = 'confirmTransaction';
  checkSignature(method, 'signature', signature);
  const settings = checkConfirmOptions(method, options);
  let lifetime: Lifetime;
  if (options.transaction !== undefined) {
    if (!(options.transaction instanceof Uint8Array)) {
      throw new InvalidInputError({
        method,
        param: 'options.transaction',
        problem: 'expected the signed wire bytes, a Uint8Array',
      });
    }
    const bytes = options.transaction;
    // Under the call's deadline, from its start: the reader of transactions is loaded on first use.
    const layout = await callDeadline(settings, signature).run(() =>
      readTransactionLayout(method, bytes, false, 'options.transaction'),
    );
    lifetime = lifetimeOf(method, layout, options.lastValidBlockHeight);
    checkSameTransaction(method, signature, options, layout, lifetime);
  } else if (options.nonceAccount !== undefined) {
    checkAddress(method, 'options.nonceAccount', options.nonceAccount);
    if (options.blockhash === undefined) {
      throw new InvalidInputError({
        method,
        param: 'options.blockhash',
        problem: 'the nonce value is needed with nonceAccount',
      });
    }
    checkHash(method, 'options.blockhash', options.blockhash);
    lifetime = { kind: 'nonce', nonceAccount: options.nonceAccount, nonceValue: options.blockhash };
  } else {
    if (options.blockhash !== undefined) checkHash(method, 'options.blockhash', options.blockhash);
    else if (options.lastValidBlockHeight !== undefined) {
      // A height alone cannot prove expiry: only the node's word on the blockhash can (a height kept from
      // an older blockhash would otherwise end the call as expired while the transaction can still land).
      throw new InvalidInputError({
        method,
        param: 'options.lastValidBlockHeight',
        problem:
          'it needs the blockhash it came with: give options.transaction (the signed bytes) or options.blockhash',
      });
    }
    lifetime = {
      kind: 'blockhash',
      blockhash: options.blockhash ?? null,
      lastValidBlockHeight: options.lastValidBlockHeight === undefined ? null : Number(options.lastValidBlockHeight),
    };
  }
  return waitForConfirmation(rpc, signature, lifetime, settings);
}

/**
 * The bytes given must be the signature's own transaction, and agree with a `blockhash` or `nonceAccount`
 * also given: another transaction's lifetime (an older blockhash, say) would end the call as expired while
 * the signature's transaction can still land.
 */
function checkSameTransaction(
  method: string,
  signature: string,
  options: ConfirmTransactionOptions,
  layout: TransactionLayout,
  lifetime: Lifetime,
): void {
  const first = encodeBase58(layout.signatures[0] as Uint8Array);
  if (first !== signature) {
    throw new InvalidInputError({
      method,
      param: 'options.transaction',
      problem: `its first signature is ${first}, not the signature to confirm (${signature})`,
    });
  }
  const value = lifetime.kind === 'nonce' ? lifetime.nonceValue : lifetime.blockhash;
  if (options.blockhash !== undefined && options.blockhash !== value) {
    throw new InvalidInputError({
      method,
      param: 'options.blockhash',
      problem: `it is not the ${lifetime.kind === 'nonce' ? 'nonce value' : 'blockhash'} of options.transaction (${value}): give one or the other`,
    });
  }
  if (
    options.nonceAccount !== undefined &&
    (lifetime.kind !== 'nonce' || lifetime.nonceAccount !== options.nonceAccount)
  ) {
    throw new InvalidInputError({
      method,
      param: 'options.nonceAccount',
      problem:
        lifetime.kind === 'nonce'
          ? `it is not the nonce account options.transaction advances (${lifetime.nonceAccount})`
          : 'options.transaction advances no durable nonce (its first instruction is not AdvanceNonceAccount)',
    });
  }
}
