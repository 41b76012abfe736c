/**
 * What landing takes and tells: the client it needs, its options (checked before any request), its
 * progress events and its result.
 * @module
 */
import type { RpcWith } from '../createRpc.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import type { getLatestBlockhash } from '../methods/getLatestBlockhash.js';
import type { getRecentPrioritizationFees } from '../methods/getRecentPrioritizationFees.js';
import type { simulateTransaction } from '../methods/simulateTransaction.js';
import { checkConfig, describe } from '../options/check.js';
import type { BlockhashLifetime, Commitment, ReadonlyUint8Array } from '../types/index.js';
import { LAMPORTS_PER_SIGNATURE, MAX_COMPUTE_UNIT_LIMIT } from './computeBudgetOf.js';
import {
  type ConfirmClock,
  type ConfirmSettings,
  type ConfirmSubscriptions,
  checkConfirmOptions,
} from './confirmOptions.js';
import type { SendAndConfirmRpc } from './sendAndConfirmTransaction.js';

/** The methods landing calls: a full `createRpc` client serves. */
export type LandRpc = SendAndConfirmRpc &
  RpcWith<{
    /** The blockhash each attempt is built on. */
    getLatestBlockhash: typeof getLatestBlockhash;
    /** Sizes the compute-unit limit (unless `unitLimit` is given). */
    simulateTransaction: typeof simulateTransaction;
    /** Prices each attempt (unless `unitPrice` is given). */
    getRecentPrioritizationFees: typeof getRecentPrioritizationFees;
  }>;

/**
 * What `build` is given for each transaction it makes. Its `blockhash` and `lastValidBlockHeight` are a
 * kit lifetime as they are: `setTransactionMessageLifetimeUsingBlockhash(input, message)` takes them.
 */
export interface LandingBuildInput extends BlockhashLifetime {
  /** The compute-unit limit to set (SetComputeUnitLimit). */
  unitLimit: number;
  /** The compute-unit price to set, micro-lamports per unit (SetComputeUnitPrice; may be left out when 0). */
  unitPrice: bigint;
  /**
   * 1 for the first transaction sent, 2 after the first is proved expired, and so on; 0 for a draft that
   * is only simulated to size the limit and read for its writable accounts, never sent.
   */
  attempt: number;
}

/** What `onProgress` is told, in this order for each attempt: `sent`, any `rebroadcast`s, then `rebuilt` or `landed`. */
export type LandingProgress =
  | {
      /** An attempt was sent and accepted by the node. */
      stage: 'sent';
      /** Its first signature. */
      signature: string;
      /** Its number, from 1. */
      attempt: number;
      /** Its compute-unit limit. */
      unitLimit: number;
      /** Its compute-unit price, micro-lamports per unit. */
      unitPrice: bigint;
    }
  | {
      /** The same bytes were sent again (`count` times so far this attempt). */
      stage: 'rebroadcast';
      /** Its first signature. */
      signature: string;
      /** Its number, from 1. */
      attempt: number;
      /** Rebroadcasts of this attempt so far, from 1. */
      count: number;
    }
  | {
      /** The previous attempt is proved expired and unlanded; a new one is built on a new blockhash. */
      stage: 'rebuilt';
      /** The expired attempt's signature. */
      expired: string;
      /** The number of the attempt about to be built. */
      attempt: number;
      /** Its compute-unit price. */
      unitPrice: bigint;
    }
  | {
      /** The transaction reached the commitment awaited. */
      stage: 'landed';
      /** Its first signature. */
      signature: string;
      /** Its number, from 1. */
      attempt: number;
      /** The slot of the block that holds it. */
      slot: number;
      /** The commitment it reached. */
      commitment: Commitment;
    };

/** Options of `landTransaction`. */
export interface LandTransactionOptions {
  /**
   * Returns the signed transaction's wire bytes (or their base64 text) for the input: it must be signed on
   * `blockhash` and carry `SetComputeUnitLimit(unitLimit)` and `SetComputeUnitPrice(unitPrice)` (the price
   * may be left out when it is 0). Any library builds it; solrpc never holds a key. It may be async. A
   * transaction that does not match is refused before it is sent.
   */
  build: (input: LandingBuildInput) => ReadonlyUint8Array | string | Promise<ReadonlyUint8Array | string>;
  /** The commitment to wait for. Default `'confirmed'`. */
  commitment?: Commitment;
  /** The highest compute-unit price to pay, micro-lamports per unit. */
  maxUnitPrice?: bigint | number;
  /** The highest fee to pay for one transaction, lamports, base fee included. */
  maxFeeLamports?: bigint | number;
  /** A fixed compute-unit limit: no simulation. */
  unitLimit?: number;
  /** The first attempt's compute-unit price: no fee estimate for it (later attempts still raise it). */
  unitPrice?: bigint | number;
  /** Skip the node's simulation of each attempt's first send. Default false. */
  skipPreflight?: boolean;
  /** The most milliseconds the whole call may take, every attempt included. Default 300,000. */
  timeoutMs?: number;
  /** Cancels the call; it rejects with `TransactionNotLandedError` (`reason: 'aborted'`). */
  signal?: AbortSignal;
  /** Milliseconds between status polls. Default 500. */
  pollIntervalMs?: number;
  /** Milliseconds between rebroadcasts of the same bytes. Default `pollIntervalMs`: one at each poll that misses it. */
  resendIntervalMs?: number;
  /** Told of each step. A callback that throws ends the call with its error. */
  onProgress?: (event: LandingProgress) => void;
  /** A subscriptions client: notifications cut the waits short; the outcome is still read over HTTP. */
  subscriptions?: ConfirmSubscriptions;
  /** Time for the waits; inject a fake to test on virtual time. */
  clock?: ConfirmClock;
}

/** A landed transaction. */
export interface LandedTransaction {
  /** Its first signature. */
  signature: string;
  /** The slot of the block that holds it. */
  slot: number;
  /** The commitment it reached: at least the one asked for. */
  commitment: Commitment;
  /** The fee it paid, lamports: 5,000 per signature plus the price times the limit. */
  feeLamports: bigint;
  /** Its compute-unit price, micro-lamports per unit. */
  unitPrice: bigint;
  /** Its compute-unit limit. */
  unitLimit: number;
  /** How many transactions were built and sent, this one included (1 when the first landed). */
  attempts: number;
}

/** The checked options. */
export interface LandSettings {
  confirm: ConfirmSettings;
  build: LandTransactionOptions['build'];
  maxUnitPrice: bigint | null;
  maxFeeLamports: bigint | null;
  unitLimit: number | null;
  unitPrice: bigint | null;
  skipPreflight: boolean;
  resendIntervalMs: number;
  onProgress: ((event: LandingProgress) => void) | undefined;
}

const KNOWN = [
  'build',
  'commitment',
  'maxUnitPrice',
  'maxFeeLamports',
  'unitLimit',
  'unitPrice',
  'skipPreflight',
  'timeoutMs',
  'signal',
  'pollIntervalMs',
  'resendIntervalMs',
  'onProgress',
  'subscriptions',
  'clock',
];
const U64_MAX = 2n ** 64n - 1n;

/** Checks every option before any request. An unknown key is refused: a misspelt cap must never be ignored. */
export function checkLandOptions(method: string, options: LandTransactionOptions): LandSettings {
  if (typeof options !== 'object' || options === null) {
    throw new InvalidInputError({ method, param: 'options', problem: 'expected an object with a build function' });
  }
  checkConfig(method, 'options', options, KNOWN);
  if (typeof options.build !== 'function') {
    throw new InvalidInputError({
      method,
      param: 'options.build',
      problem: `expected a function returning the signed wire bytes, got ${describe(options.build)}`,
    });
  }
  const amount = (param: string, value: unknown): bigint | null => {
    if (value === undefined) return null;
    const ok =
      typeof value === 'bigint'
        ? value >= 0n && value <= U64_MAX
        : Number.isSafeInteger(value) && (value as number) >= 0;
    if (!ok)
      throw new InvalidInputError({
        method,
        param,
        problem: `expected a whole number from 0 to 2^64 - 1, got ${describe(value)}`,
      });
    return BigInt(value as number | bigint);
  };
  const unitLimit = options.unitLimit;
  if (
    unitLimit !== undefined &&
    !(Number.isSafeInteger(unitLimit) && unitLimit > 0 && unitLimit <= MAX_COMPUTE_UNIT_LIMIT)
  ) {
    throw new InvalidInputError({
      method,
      param: 'options.unitLimit',
      problem: `expected a whole number of compute units from 1 to ${MAX_COMPUTE_UNIT_LIMIT}, got ${describe(unitLimit)}`,
    });
  }
  if (options.skipPreflight !== undefined && typeof options.skipPreflight !== 'boolean') {
    throw new InvalidInputError({ method, param: 'options.skipPreflight', problem: 'expected a boolean' });
  }
  // Rebroadcast at each poll by default: a landing is worth a request every half second.
  const resendIntervalMs = options.resendIntervalMs ?? options.pollIntervalMs ?? 500;
  if (typeof resendIntervalMs !== 'number' || !Number.isFinite(resendIntervalMs) || resendIntervalMs < 0) {
    throw new InvalidInputError({
      method,
      param: 'options.resendIntervalMs',
      problem: 'expected a non-negative number of milliseconds',
    });
  }
  const maxUnitPrice = amount('options.maxUnitPrice', options.maxUnitPrice);
  const unitPrice = amount('options.unitPrice', options.unitPrice);
  if (unitPrice !== null && maxUnitPrice !== null && unitPrice > maxUnitPrice) {
    throw new InvalidInputError({
      method,
      param: 'options.unitPrice',
      problem: `${unitPrice} is above options.maxUnitPrice (${maxUnitPrice})`,
    });
  }
  const maxFeeLamports = amount('options.maxFeeLamports', options.maxFeeLamports);
  if (maxFeeLamports !== null && maxFeeLamports < LAMPORTS_PER_SIGNATURE) {
    throw new InvalidInputError({
      method,
      param: 'options.maxFeeLamports',
      problem: `${maxFeeLamports} is below the base fee of one signature (${LAMPORTS_PER_SIGNATURE} lamports)`,
    });
  }
  const { onProgress, ...rest } = options;
  return {
    // The shared checks (commitment, timeoutMs, pollIntervalMs, signal, clock, subscriptions); progress is
    // this call's own.
    confirm: checkConfirmOptions(method, { ...rest, onProgress: undefined }),
    build: options.build,
    maxUnitPrice,
    maxFeeLamports,
    unitLimit: unitLimit ?? null,
    unitPrice,
    skipPreflight: options.skipPreflight ?? false,
    resendIntervalMs,
    onProgress: checkProgress(method, onProgress),
  };
}

function checkProgress(method: string, onProgress: unknown): LandSettings['onProgress'] {
  if (onProgress !== undefined && typeof onProgress !== 'function') {
    throw new InvalidInputError({ method, param: 'options.onProgress', problem: 'expected a function' });
  }
  return onProgress as LandSettings['onProgress'];
}
