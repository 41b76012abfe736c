/**
 * Landing a transaction: size its compute budget, price it from recent fees, send and rebroadcast it until
 * it lands or is proved expired, then build it again on a new blockhash at a higher price, within the
 * caller's caps. At most once: a new transaction is built only once every earlier one is proved unable to
 * land. The loop of one attempt is sendAndConfirmTransaction's; this file chains attempts.
 * @module
 */
import { encodeBase58 } from '../codecs/base58.js';
import type { TransactionLayout } from '../codecs/transactionLayout.js';
import { isSolRpcError } from '../errors/isSolRpcError.js';
import {
  type LandingAttempt,
  type NotLandedReason,
  TransactionNotLandedError,
} from '../errors/TransactionNotLandedError.js';
import { ValidationError } from '../errors/ValidationError.js';
import { checkSignatureStatus } from '../methods/getSignatureStatuses.js';
import { describe } from '../options/check.js';
import { readTransactionLayout, readWireTransaction } from '../options/wireTransaction.js';
import type { BlockhashLifetime } from '../types/index.js';
import { callDeadline } from './callDeadline.js';
import { computeBudgetOf, feeOf, MAX_COMPUTE_UNIT_LIMIT, priceWithin } from './computeBudgetOf.js';
import { confirmTransaction } from './confirmTransaction.js';
import { estimateComputeUnits } from './estimateComputeUnits.js';
import { estimatePriorityFeeLevels } from './estimatePriorityFee.js';
import {
  checkLandOptions,
  type LandedTransaction,
  type LandingBuildInput,
  type LandRpc,
  type LandTransactionOptions,
} from './landOptions.js';
import { lifetimeOf } from './lifetime.js';
import { type SendAndConfirmRpc, sendAndConfirmTransaction } from './sendAndConfirmTransaction.js';

export type {
  LandedTransaction,
  LandingBuildInput,
  LandingProgress,
  LandRpc,
  LandTransactionOptions,
} from './landOptions.js';

/**
 * The first attempt pays the cluster's 75th percentile of the newest slots, or the lowest its own
 * accounts took in each of them when that is higher. Measured on bench/landing.mjs (a market walking 5 %
 * a slot, half the sends dropped): over 150 slots and the accounts' 75th percentile it paid 1.56x the
 * market at landing (p50), over 10 slots with these levels 1.05-1.15x, every transfer landed.
 */
const FIRST_LEVELS = { cluster: 'high', accounts: 'min' } as const;
/** After an expiry the market proved dearer than thought: one level up on each side, and at least 1.25x the last. */
const LATER_LEVELS = { cluster: 'veryHigh', accounts: 'low' } as const;
/** The newest slots a price is read from: 4 s at 400 ms a slot, so a falling market is followed. */
const PRICE_WINDOW_SLOTS = 10;
const RAISE_NUMERATOR = 5n;
const RAISE_DENOMINATOR = 4n;
const U64_MAX = 2n ** 64n - 1n;
/** The least a rebuild raises the price by, micro-lamports per unit (200 lamports over 200,000 units). */
const MIN_RAISE = 1_000n;

/** One built transaction, checked. */
interface Built {
  bytes: Uint8Array;
  layout: TransactionLayout;
  signature: string;
}

/**
 * Lands a transaction built by `build`, and resolves once it reaches `commitment` (default `'confirmed'`)
 * with `{ signature, slot, commitment, feeLamports, unitPrice, unitLimit, attempts }`.
 *
 * - **Budget:** unless `unitLimit` is given, a draft (`attempt: 0`, limit 1,400,000, price 0) is simulated
 *   with its signatures blanked and the limit set to `estimateComputeUnits`' recommendation; unless
 *   `unitPrice` is given, the first price is read from the newest 10 slots of recent fees: the cluster's
 *   `high` level, or the `min` level over the transaction's writable accounts when that is higher.
 * - **Sending:** each transaction is sent, a copy without preflight right after, and rebroadcast with
 *   `maxRetries: 0` every `resendIntervalMs` (default: each poll) until it lands or its blockhash is proved
 *   expired: the node's `isBlockhashValid` false from a view no older than any seen, its own block height
 *   past the height it gave with the blockhash, and the ledger searched for 32 slots more.
 * - **Rebuilding:** only then is a new transaction built, on a blockhash never used and valid past that
 *   height, one level up and at least 1.25× the last price, never above `maxUnitPrice` nor a fee above
 *   `maxFeeLamports`; before that, every earlier signature is looked up once more in the ledger. So two of
 *   its transactions can never both land.
 * - **Outcomes:** resolves with the landed one; rejects with `TransactionFailedError` when it landed and
 *   failed, or `TransactionNotLandedError`, whose `mayStillLand` and `pending` say whether one it sent can
 *   still land (after a timeout or an abort, the last one may), and `cappedBelow` when the caps held the
 *   price under what recent fees called for. Bad options reject with `InvalidInputError` before any
 *   request; a transaction from `build` that is not signed on the blockhash given, with the limit and price
 *   given, within the caps, is refused unsent (`reason: 'build-failed'`).
 * @example
 * const landed = await landTransaction(rpc, {
 *   maxFeeLamports: 100_000n,
 *   build: async ({ blockhash, lastValidBlockHeight, unitLimit, unitPrice }) =>
 *     signAndEncode(myInstructions, { blockhash, lastValidBlockHeight, unitLimit, unitPrice }),
 * });
 * console.log(`${landed.signature} landed in slot ${landed.slot} for ${landed.feeLamports} lamports`);
 */
export async function landTransaction(rpc: LandRpc, options: LandTransactionOptions): Promise<LandedTransaction> {
  const method = 'landTransaction';
  const settings = checkLandOptions(method, options);
  const { confirm } = settings;
  const attempts: LandingAttempt[] = [];
  const built: Built[] = [];
  let cappedBelow: bigint | null = null;
  let lastTransient: unknown;
  /** Every blockhash an attempt was built on: none is built on twice. */
  const usedBlockhashes = new Set<string>();
  /** The block height at which the last attempt was proved expired. */
  let expiredAtHeight = -1n;
  const deadline = callDeadline(confirm, () => attempts.at(-1)?.signature ?? 'not yet built');
  const notLanded = (reason: NotLandedReason, cause?: unknown, detail?: string) =>
    new TransactionNotLandedError({ method, reason, attempts, cappedBelow, cause, detail });

  /** A request under the deadline, tried again after each transient failure until the deadline. */
  const persist = async <T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    for (;;) {
      try {
        const result = await deadline.run(call);
        lastTransient = undefined;
        return result;
      } catch (error) {
        if (deadline.isOwn(error) || !isTransient(error)) throw error;
        lastTransient = error;
      }
      await pause(confirm.pollIntervalMs);
    }
  };
  const pause = async (ms: number) => {
    const left = deadline.at - confirm.clock.now();
    if (left <= 0) throw deadline.timedOut(lastTransient);
    await confirm.clock.sleep(Math.min(ms, left), confirm.signal).catch(() => {
      if (confirm.signal?.aborted) throw deadline.aborted();
    });
    if (confirm.clock.now() >= deadline.at) throw deadline.timedOut(lastTransient);
  };

  try {
    return await land();
  } catch (error) {
    throw outcomeOf(error);
  }

  /** What the call's error says to the caller: what is known of every transaction sent. */
  function outcomeOf(error: unknown): unknown {
    if (!isSolRpcError(error)) return error; // the caller's own callback threw: its error, as it was
    if (isSolRpcError(error, 'TransactionNotLandedError') || isSolRpcError(error, 'TransactionFailedError')) {
      return error;
    }
    if (isSolRpcError(error, 'InvalidInputError')) return error;
    if (isSolRpcError(error, 'TimeoutError')) return notLanded('timeout', error);
    if (isSolRpcError(error, 'AbortError')) return notLanded('aborted', error);
    return notLanded('error', error, error.message.split('\n')[0]);
  }

  async function land(): Promise<LandedTransaction> {
    let unitLimit = settings.unitLimit;
    let unitPrice: bigint | null = null;
    /** Required signatures, read from the first transaction built (the draft, when there is one). */
    let signatures: number | null = null;
    for (let attempt = 1; ; attempt++) {
      const latest = await newerBlockhash();
      const input = (limit: number, price: bigint, n: number): LandingBuildInput => ({
        blockhash: latest.blockhash,
        lastValidBlockHeight: latest.lastValidBlockHeight,
        unitLimit: limit,
        unitPrice: price,
        attempt: n,
      });
      // The draft: simulated for the limit, read for the writable accounts the fee follows; the two
      // questions asked at once.
      let sample = built.at(-1)?.bytes;
      let market: Promise<bigint | null>;
      if (unitLimit === null || (sample === undefined && settings.unitPrice === null)) {
        // At a price of 0: the simulation charges the fee the draft carries, and 1,400,000 units at the
        // caller's price could exceed a thinly funded payer's balance.
        const draft = await buildChecked(input(unitLimit ?? MAX_COMPUTE_UNIT_LIMIT, 0n, 0));
        // Its signatures blanked before any node sees it (the simulation verifies none): signed, the draft
        // is a valid transaction on the current blockhash that a node or relay could send and land.
        for (const signature of draft.layout.signatures) signature.fill(0);
        sample = draft.bytes;
        signatures ??= draft.layout.header.numRequiredSignatures;
        market = marketPrice(attempt, sample);
        if (unitLimit === null) {
          const estimate = persist((signal) =>
            estimateComputeUnits(rpc, draft.bytes, { commitment: confirm.commitment, signal }),
          );
          // Both settle before either's error is thrown: nothing is left running past the call.
          const [sized] = await Promise.allSettled([estimate, market]);
          if (sized.status === 'rejected') {
            const error = sized.reason;
            throw isSolRpcError(error, 'SimulationFailedError') ? notLanded('simulation-failed', error) : error;
          }
          if (sized.value.unitLimit < 1) {
            // Every draft consumes units (its budget instructions alone, 150 each): 0 is no measurement.
            throw new ValidationError({
              method: 'simulateTransaction',
              path: 'result.value.unitsConsumed',
              expected: 'the compute units the draft consumed (more than 0)',
              received: String(sized.value.unitsConsumed),
            });
          }
          unitLimit = sized.value.unitLimit;
        }
      } else market = marketPrice(attempt, sample);
      const limit = unitLimit ?? MAX_COMPUTE_UNIT_LIMIT;
      unitPrice = withinCaps(await market, unitPrice, limit, signatures ?? 1);
      if (attempt > 1) {
        settings.onProgress?.({
          stage: 'rebuilt',
          expired: attempts.at(-1)?.signature as string,
          attempt,
          unitPrice,
        });
      }
      let next = await buildChecked(input(limit, unitPrice, attempt));
      const required = next.layout.header.numRequiredSignatures;
      if (signatures === null && required > 1 && settings.maxFeeLamports !== null) {
        // No draft told the signature count: priced for one, so priced again for the real count.
        signatures = required;
        const repriced = withinCaps(unitPrice, null, limit, signatures);
        if (repriced !== unitPrice) {
          unitPrice = repriced;
          next = await buildChecked(input(limit, unitPrice, attempt));
        }
      }
      signatures ??= required;
      const fee = feeOf(next.layout.header.numRequiredSignatures, limit, unitPrice);
      if (settings.maxFeeLamports !== null && fee > settings.maxFeeLamports) {
        throw notLanded(
          'build-failed',
          undefined,
          `its fee of ${fee} lamports is above options.maxFeeLamports (${settings.maxFeeLamports}): it requires ${required} signatures`,
        );
      }
      const record: LandingAttempt = {
        signature: next.signature,
        blockhash: latest.blockhash,
        unitPrice,
        unitLimit: limit,
        mayStillLand: true,
      };
      attempts.push(record);
      built.push(next);
      usedBlockhashes.add(latest.blockhash);
      const landed = await sendOne(next, attempt, latest.lastValidBlockHeight);
      if (landed) return landed;
      record.mayStillLand = false;
      // Before building again: none of the earlier signatures in the ledger either.
      const found = await anyLanded();
      if (found) return found;
    }
  }

  /**
   * A blockhash never used by this call, still valid at the block height where the last attempt was
   * proved expired: a node behind (or lying) may answer one already past its life, or the same one again.
   */
  async function newerBlockhash(): Promise<BlockhashLifetime> {
    for (;;) {
      const { value } = await persist((signal) => rpc.getLatestBlockhash({ commitment: 'confirmed', signal }));
      if (!usedBlockhashes.has(value.blockhash) && value.lastValidBlockHeight > expiredAtHeight) return value;
      await pause(confirm.pollIntervalMs);
    }
  }

  /**
   * What recent fees call for, from the newest PRICE_WINDOW_SLOTS slots; `null` for a first attempt the
   * caller priced. The higher of the cluster's level (all transactions) and, over the transaction's own
   * writable accounts, a lower one: an account's history also holds this bot's own past prices, and a
   * high level of those would only feed on itself, while a lasting contention of the account shows in all
   * of its slots.
   */
  async function marketPrice(attempt: number, sample: Uint8Array | undefined): Promise<bigint | null> {
    if (attempt === 1 && settings.unitPrice !== null) return null;
    const slots = PRICE_WINDOW_SLOTS;
    const [cluster, accounts] = await Promise.all([
      persist((signal) => estimatePriorityFeeLevels(rpc, { slots, signal })),
      sample === undefined
        ? undefined
        : persist((signal) => estimatePriorityFeeLevels(rpc, { transaction: sample, slots, signal })),
    ]);
    const level = attempt === 1 ? FIRST_LEVELS : LATER_LEVELS;
    const fromCluster = cluster[level.cluster];
    const fromAccounts = accounts ? accounts[level.accounts] : 0n;
    return fromAccounts > fromCluster ? fromAccounts : fromCluster;
  }

  /** The price to pay: the market's (or the caller's), raised over the last one, within the caps. */
  function withinCaps(market: bigint | null, last: bigint | null, unitLimit: number, signatures: number): bigint {
    let price = market ?? settings.unitPrice ?? 0n;
    if (last !== null) {
      // At least MIN_RAISE more: from a price of 0 (a market that reads 0), 1.25x would stay 0.
      const scaled = (last * RAISE_NUMERATOR + RAISE_DENOMINATOR - 1n) / RAISE_DENOMINATOR;
      const raised = scaled > last + MIN_RAISE ? scaled : last + MIN_RAISE;
      if (raised > price) price = raised;
    }
    // SetComputeUnitPrice holds a u64.
    if (price > U64_MAX) price = U64_MAX;
    let cap = settings.maxUnitPrice;
    if (settings.maxFeeLamports !== null) {
      const within = priceWithin(settings.maxFeeLamports, signatures, unitLimit);
      if (within < 0n) {
        throw notLanded(
          'build-failed',
          undefined,
          `options.maxFeeLamports (${settings.maxFeeLamports}) is below the base fee of ${signatures} signature(s)`,
        );
      }
      cap = cap === null || within < cap ? within : cap;
    }
    if (cap === null || price <= cap) return price;
    // Told only when the market, not this call's own raise, asked for more than the caps allow.
    if (market !== null && market > cap) cappedBelow = market;
    return cap;
  }

  /** Calls `build`, then checks what it returned is a transaction of that input (refused unsent otherwise). */
  async function buildChecked(input: LandingBuildInput): Promise<Built> {
    const fail = (detail: string, cause?: unknown) => notLanded('build-failed', cause, detail);
    let raw: unknown;
    try {
      raw = await deadline.run(async () => settings.build({ ...input }));
    } catch (error) {
      // The deadline's own, or the caller's signal: the call's end. Any other error is the callback's,
      // an AbortError it threw included.
      if (deadline.isOwn(error) || confirm.signal?.aborted) throw error;
      throw fail(`build threw: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, error);
    }
    if (!(raw instanceof Uint8Array) && typeof raw !== 'string') {
      throw fail(
        `build returned ${describe(raw)}: return the signed wire bytes (kit: getTransactionEncoder().encode(signed); web3.js: transaction.serialize()) or their base64 text`,
      );
    }
    let bytes: Uint8Array;
    let layout: TransactionLayout;
    try {
      bytes = Uint8Array.from(readWireTransaction(method, raw, 'base64', 'build()'));
      layout = await readTransactionLayout(method, bytes, input.attempt > 0, 'build()');
    } catch (error) {
      if (!isSolRpcError(error, 'InvalidInputError')) throw error;
      if (typeof raw === 'string') {
        // Base58 text may also read as base64, and then fails as garbage: say what is taken instead.
        throw fail(
          'build returned text that is not one transaction in base64: return the wire bytes or their base64 text',
          error,
        );
      }
      throw fail(error.message.split('\n')[0] as string, error);
    }
    const lifetime = lifetimeOf(method, layout);
    if (lifetime.kind === 'nonce') {
      throw fail('it advances a durable nonce, which never expires: send it with sendAndConfirmTransaction');
    }
    if (lifetime.blockhash !== input.blockhash) {
      throw fail(`it is signed on blockhash ${lifetime.blockhash}, not the ${input.blockhash} given`);
    }
    const budget = computeBudgetOf(layout);
    if (!budget) throw fail('it carries a malformed or repeated compute-budget instruction');
    if (budget.unitLimit !== input.unitLimit) {
      throw fail(`its compute-unit limit is ${budget.unitLimit ?? 'not set'}, not the ${input.unitLimit} given`);
    }
    if ((budget.unitPrice ?? 0n) !== input.unitPrice) {
      throw fail(`its compute-unit price is ${budget.unitPrice ?? 'not set'}, not the ${input.unitPrice} given`);
    }
    const signature = encodeBase58(layout.signatures[0] as Uint8Array);
    if (built.some((earlier) => earlier.signature === signature)) {
      throw fail(`it is an earlier attempt's transaction (${signature}) again`);
    }
    return { bytes, layout, signature };
  }

  /**
   * Sends one attempt and waits: its landing, or `undefined` once it is proved expired. A preflight that
   * refuses the blockhash (a node behind the one that gave it) is followed by sends without preflight.
   */
  async function sendOne(
    next: Built,
    attempt: number,
    lastValidBlockHeight: bigint,
  ): Promise<LandedTransaction | undefined> {
    let skipPreflight = settings.skipPreflight;
    // The first send accepted is followed at once by a second copy (without preflight): a leader that
    // drops a share of what it is sent then sees one in its first slot more often (half the sends dropped:
    // 3 in 4 instead of 1 in 2). Later copies go at each rebroadcast.
    let burst = true;
    // A plain object forwarding each method the loop calls to the client, as the client's own call (a
    // class keeping private state needs `this` to be itself), with sendTransaction wrapped.
    const forward = <K extends keyof SendAndConfirmRpc>(key: K) =>
      ((...args: unknown[]) => (rpc[key] as (...a: unknown[]) => unknown).apply(rpc, args)) as SendAndConfirmRpc[K];
    const sender: SendAndConfirmRpc = {
      getSignatureStatuses: forward('getSignatureStatuses'),
      getBlockHeight: forward('getBlockHeight'),
      isBlockhashValid: forward('isBlockhashValid'),
      getAccountInfo: forward('getAccountInfo'),
      getTransaction: forward('getTransaction'),
      async sendTransaction(bytes, config) {
        const signature = await rpc.sendTransaction(bytes, config);
        if (burst) {
          burst = false;
          // Not waited for: a node slow to answer the copy must not hold the polls that follow.
          rpc.sendTransaction(bytes, { ...config, skipPreflight: true }).catch(() => undefined);
        }
        return signature;
      },
    };
    for (;;) {
      const timeoutMs = deadline.at - confirm.clock.now();
      if (timeoutMs <= 0) throw deadline.timedOut(lastTransient);
      try {
        const done = await sendAndConfirmTransaction(sender, next.bytes, {
          commitment: confirm.commitment,
          lastValidBlockHeight,
          timeoutMs,
          signal: confirm.signal,
          clock: confirm.clock,
          pollIntervalMs: confirm.pollIntervalMs,
          resendIntervalMs: settings.resendIntervalMs,
          subscriptions: confirm.subscriptions,
          skipPreflight,
          onProgress: (event) => {
            if (event.stage === 'sent') {
              const { unitLimit, unitPrice } = attempts.at(-1) as LandingAttempt;
              settings.onProgress?.({ stage: 'sent', signature: next.signature, attempt, unitLimit, unitPrice });
            } else if (event.stage === 'resent') {
              settings.onProgress?.({ stage: 'rebroadcast', signature: next.signature, attempt, count: event.count });
            }
          },
        });
        return landedAs(next, attempt, done);
      } catch (error) {
        if (isSolRpcError(error, 'TransactionExpiredError')) {
          // At most once rests on this: the node's own block height must have passed the height it gave
          // with the blockhash. A `false` from isBlockhashValid that its height contradicts (a flapping or
          // lying node) is not believed: the same bytes are sent and waited for again.
          const height = BigInt(await persist((signal) => rpc.getBlockHeight({ commitment: 'processed', signal })));
          if (height > lastValidBlockHeight) {
            expiredAtHeight = height > expiredAtHeight ? height : expiredAtHeight;
            return undefined;
          }
          skipPreflight = true;
          // The next send comes with the re-entry: no sooner than a rebroadcast would.
          await pause(Math.max(confirm.pollIntervalMs, settings.resendIntervalMs));
          continue;
        }
        if (isSolRpcError(error, 'RpcError') && error.code === -32003) {
          // Its signatures fail verification: no node forwards it, and it can never land.
          (attempts.at(-1) as LandingAttempt).mayStillLand = false;
          throw notLanded('refused', error, error.message.split('\n')[0]);
        }
        if (isSolRpcError(error, 'RpcError') && error.code === -32002 && !skipPreflight) {
          if (preflightErr(error.data) === 'BlockhashNotFound' || preflightErr(error.data) === 'AlreadyProcessed') {
            skipPreflight = true;
            continue;
          }
          // Refused in preflight: the node did not forward it, so it cannot land from this send.
          (attempts.at(-1) as LandingAttempt).mayStillLand = false;
          throw notLanded('refused', error, error.message.split('\n')[0]);
        }
        throw error;
      }
    }
  }

  /** Every signature sent, looked up in the ledger once more: one found is confirmed and returned. */
  async function anyLanded(): Promise<LandedTransaction | undefined> {
    const signatures = built.map((b) => b.signature);
    const { context, value } = await persist((signal) =>
      rpc.getSignatureStatuses(signatures, { searchTransactionHistory: true, signal }),
    );
    // One status per signature asked, each consistent with the answer: a missing one read as "not found"
    // would let a landed transaction be built over.
    if (value.length !== signatures.length) {
      throw new ValidationError({
        method: 'getSignatureStatuses',
        path: 'result.value',
        expected: `one entry per signature asked (${signatures.length})`,
        received: `${value.length} entries`,
      });
    }
    value.forEach((status, i) => {
      if (status) checkSignatureStatus('getSignatureStatuses', status, context.slot, `result.value.${i}`);
    });
    const index = value.findIndex((status) => status !== null && status !== undefined);
    if (index < 0) return undefined;
    const found = built[index] as Built;
    // A ledger that holds it after all: it may land yet, and is waited for, not built over.
    (attempts[index] as LandingAttempt).mayStillLand = true;
    const timeoutMs = deadline.at - confirm.clock.now();
    if (timeoutMs <= 0) throw deadline.timedOut();
    const done = await confirmTransaction(rpc, found.signature, {
      transaction: found.bytes,
      commitment: confirm.commitment,
      timeoutMs,
      signal: confirm.signal,
      clock: confirm.clock,
      pollIntervalMs: confirm.pollIntervalMs,
      subscriptions: confirm.subscriptions,
    });
    return landedAs(found, index + 1, done);
  }

  function landedAs(
    which: Built,
    attempt: number,
    done: { signature: string; slot: number; commitment: LandedTransaction['commitment'] },
  ): LandedTransaction {
    const record = attempts[attempt - 1] as LandingAttempt;
    settings.onProgress?.({
      stage: 'landed',
      signature: done.signature,
      attempt,
      slot: done.slot,
      commitment: done.commitment,
    });
    return {
      signature: done.signature,
      slot: done.slot,
      commitment: done.commitment,
      feeLamports: feeOf(which.layout.header.numRequiredSignatures, record.unitLimit, record.unitPrice),
      unitPrice: record.unitPrice,
      unitLimit: record.unitLimit,
      attempts: attempts.length,
    };
  }
}

function isTransient(error: unknown): boolean {
  return isSolRpcError(error) && error.retryable && error.name !== 'AbortError';
}

function preflightErr(data: unknown): unknown {
  const err = typeof data === 'object' && data !== null ? (data as { err?: unknown }).err : undefined;
  return err;
}
