import { parseSafeJson } from '../codecs/json.js';
import { defineCustomMethod, type WireOf } from '../defineMethod.js';
import { checkArity } from '../options/check.js';
import { countUpTo, prepareConfig } from '../options/config.js';
import { memo } from '../schemas/memo.js';
import { safeInteger, u16 } from '../schemas/numbers.js';
import { array, nullable, type } from '../schemas/struct.js';
import { validateResult } from '../schemas/validate.js';
import type { CallOptions } from '../types/index.js';

// 1. Config: agave takes `[limit?]`, a bare number; no commitment (samples come from the blockstore).

/** Options of `getRecentPerformanceSamples`: the call's own (`signal`, `timeoutMs`); nothing is sent. */
export interface GetRecentPerformanceSamplesConfig extends CallOptions {}

// 2. Result

/**
 * One performance sample: what the node processed over about a minute. Counts are `number`s, not
 * `bigint`s: agave's u64s here count one sample period (60 s), and reaching 2^53 in a minute would take
 * 1.5 × 10^14 transactions a second. `getTransactionCount` is a `bigint` because it counts since genesis,
 * which has no such bound. A count beyond 2^53 is refused (`ValidationError`), never rounded.
 */
export interface PerformanceSample {
  /** The slot the sample was taken at. */
  slot: number;
  /** Transactions processed during the sample period, votes included. */
  numTransactions: number;
  /** Slots completed during the sample period. */
  numSlots: number;
  /** The length of the sample period, in seconds (60 on agave). */
  samplePeriodSecs: number;
  /** Transactions processed during the period that were not votes; `null` in samples older nodes recorded. */
  numNonVoteTransactions: number | null;
}

// 3. Signature

/** Reads the node's recent performance samples. */
export interface GetRecentPerformanceSamples {
  /**
   * Reads up to `limit` of the node's most recent performance samples, newest first, one a minute
   * (default and maximum: 720, agave's limit, about 12 hours).
   * @example
   * const [latest] = await rpc.getRecentPerformanceSamples(1);
   * if (latest) console.log(`${(latest.numTransactions / latest.samplePeriodSecs).toFixed(0)} TPS`);
   */
  (limit?: number, config?: GetRecentPerformanceSamplesConfig): Promise<PerformanceSample[]>;
}

// 4. Argument check and wire schema

/** agave's `PERFORMANCE_SAMPLES_LIMIT` (rpc/src/rpc.rs): a larger limit is -32602 "Invalid limit; max 720". */
const MAX_SAMPLES = 720;

const limit = /* @__PURE__ */ countUpTo(MAX_SAMPLES);

function checkLimit(method: string, value: unknown): number | undefined {
  return value === undefined ? undefined : (limit(method, 'limit', value) as number);
}

const samples = /* @__PURE__ */ memo(() =>
  array(
    type({
      slot: safeInteger(),
      numTransactions: safeInteger(),
      numSlots: safeInteger(),
      samplePeriodSecs: u16(),
      numNonVoteTransactions: nullable(safeInteger()),
    }),
  ),
);

// 5. Definition

/** `getRecentPerformanceSamples`: transactions and slots per minute. Served by nodes started with `--full-rpc-api`. */
export const getRecentPerformanceSamples = /* @__PURE__ */ defineCustomMethod<GetRecentPerformanceSamples>({
  name: 'getRecentPerformanceSamples',
  // Slots and per-minute counts, below 2^53 as the schema checks: JSON.parse is exact for them.
  parse: parseSafeJson,
  prepare(args, method) {
    checkArity(method, args, 2);
    // A config in the limit's place is refused as the limit, not sent.
    const limit = checkLimit(method, args[0]);
    const { options } = prepareConfig(method, {}, args[1]);
    return { params: limit === undefined ? [] : [limit], options };
  },
  decode(result, context) {
    const wire: WireOf<typeof samples> = validateResult(context.method, result, samples());
    return wire.map(
      (sample): PerformanceSample => ({
        slot: sample.slot,
        numTransactions: sample.numTransactions,
        numSlots: sample.numSlots,
        samplePeriodSecs: sample.samplePeriodSecs,
        // Older nodes send null or leave the key out.
        numNonVoteTransactions: sample.numNonVoteTransactions ?? null,
      }),
    );
  },
});
