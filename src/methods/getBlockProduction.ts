import { parseSafeJson } from '../codecs/json.js';
import { defineMethod, type WireOf } from '../defineMethod.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { checkAddress, checkConfig, checkU64, describe } from '../options/check.js';
import { commitment, type OptionCheck } from '../options/config.js';
import { ADDRESS_TEXT } from '../schemas/address.js';
import { decodeContext, rpcContext } from '../schemas/context.js';
import { memo } from '../schemas/memo.js';
import { expected, safeInteger } from '../schemas/numbers.js';
import { define, type Schema, type } from '../schemas/struct.js';
import type { Address, Commitment, CommitmentConfig, RpcResult } from '../types/index.js';

// 1. Config

/** The slots to count, both included (agave's `RpcBlockProductionConfigRange`). */
export interface BlockProductionRange {
  /** The first slot counted. */
  firstSlot: number | bigint;
  /** The last slot counted. Default (the node's): the slot of the bank read. */
  lastSlot?: number | bigint;
}

/** Options of `getBlockProduction` (agave's `RpcBlockProductionConfig`). */
export interface GetBlockProductionConfig extends CommitmentConfig {
  /** The bank whose slot history is read. Default (server's) `finalized`. */
  commitment?: Commitment;
  /** Only this validator's leader slots: the result then has its key alone, or none when it led no slot. */
  identity?: Address;
  /** The slots to count. Default (the node's): the current epoch's first slot up to the bank's slot. */
  range?: BlockProductionRange;
}

// 2. Result

/**
 * Validator identity → `[leaderSlots, blocksProduced]` over the range: the slots it was scheduled to lead,
 * and how many of them hold a block. A null-prototype object whose keys are base58 addresses, checked,
 * so no key (`__proto__` included) can reach a prototype.
 */
export interface BlockProductionByIdentity {
  readonly [identity: Address]: [leaderSlots: number, blocksProduced: number];
}

/** The slots a block-production count covers, both included. */
export interface BlockProductionSlots {
  /** The first slot counted. */
  firstSlot: number;
  /** The last slot counted. */
  lastSlot: number;
}

/** Who led which slots of a range, and how many blocks each produced. */
export interface BlockProduction {
  /** Each leader's `[leaderSlots, blocksProduced]`, keyed by identity exactly as the node sent them. */
  byIdentity: BlockProductionByIdentity;
  /** The slots counted. */
  range: BlockProductionSlots;
}

/** `getBlockProduction`'s result: the counts, and the slot of the bank they were read from. */
export interface BlockProductionResult extends RpcResult<BlockProduction> {}

// 3. Signature

/** Counts the leader slots and produced blocks of each validator over a range of slots. */
export interface GetBlockProduction {
  /**
   * Counts, for each validator, the slots it was scheduled to lead in the range and the blocks it produced
   * in them (the rest it skipped). Without a range: the current epoch so far.
   * @example
   * const { value } = await rpc.getBlockProduction({ identity });
   * const [leaderSlots, produced] = value.byIdentity[identity] ?? [0, 0];
   * console.log(`skip rate ${leaderSlots ? (100 * (1 - produced / leaderSlots)).toFixed(1) : 0}%`);
   */
  (config?: GetBlockProductionConfig): Promise<BlockProductionResult>;
}

// 4. Option check and wire schema

/**
 * `range`: `{ firstSlot, lastSlot? }`. agave refuses a `lastSlot` below `firstSlot` with -32602 "lastSlot,
 * {last}, cannot be less than firstSlot, {first}", so it is refused here first; a range outside the slot
 * history the bank keeps ("firstSlot, …, is too small; min …", "lastSlot, …, is too large; max …") only the
 * node can tell.
 */
const range: OptionCheck = (method, param, value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidInputError({
      method,
      param,
      problem: `expected { firstSlot, lastSlot? }, got ${describe(value)}`,
    });
  }
  const given = checkConfig(method, param, value, ['firstSlot', 'lastSlot']);
  if (given.firstSlot === undefined) {
    throw new InvalidInputError({ method, param: `${param}.firstSlot`, problem: 'expected a slot, got nothing' });
  }
  const firstSlot = checkU64(method, `${param}.firstSlot`, given.firstSlot) as number | bigint;
  const lastSlot = checkU64(method, `${param}.lastSlot`, given.lastSlot);
  if (lastSlot === undefined) return { firstSlot };
  if (BigInt(lastSlot) < BigInt(firstSlot)) {
    throw new InvalidInputError({
      method,
      param: `${param}.lastSlot`,
      problem: `${lastSlot} is below firstSlot ${firstSlot}; the node refuses a range that ends before it starts`,
    });
  }
  return { firstSlot, lastSlot };
};

/** One pass over the map: base58 keys, each to exactly two counts (a Rust tuple on the wire). */
const byIdentity = /* @__PURE__ */ memo(
  (): Schema<Record<string, [number, number]>> =>
    define('blockProductionByIdentity', (value, context) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return expected('an object of identities to [leaderSlots, blocksProduced]', value);
      }
      for (const key of Object.keys(value)) {
        const at = [...context.path, key];
        if (!ADDRESS_TEXT.test(key)) return { path: at, value: key, message: expected('a base58 address as key', key) };
        const counts = (value as Record<string, unknown>)[key];
        if (!Array.isArray(counts) || counts.length !== 2) {
          return { path: at, value: counts, message: expected('[leaderSlots, blocksProduced]', counts) };
        }
        for (let i = 0; i < 2; i++) {
          if (!safeInteger().check(counts[i]))
            return { path: [...at, i], value: counts[i], message: expected('a count', counts[i]) };
        }
      }
      return true;
    }),
);

const blockProduction = /* @__PURE__ */ memo(() =>
  type({
    context: rpcContext(),
    value: type({
      byIdentity: byIdentity(),
      range: type({ firstSlot: safeInteger(), lastSlot: safeInteger() }),
    }),
  }),
);

function toByIdentity(wire: Record<string, [number, number]>): BlockProductionByIdentity {
  const out: Record<string, [number, number]> = Object.create(null);
  for (const key of Object.keys(wire)) {
    const [leaderSlots, blocksProduced] = wire[key] as [number, number];
    out[key] = [leaderSlots, blocksProduced];
  }
  return out;
}

// 5. Definition

/** `getBlockProduction`: leader slots and produced blocks per validator. Served by nodes started with `--full-rpc-api`. */
export const getBlockProduction = /* @__PURE__ */ defineMethod<GetBlockProduction, WireOf<typeof blockProduction>>({
  name: 'getBlockProduction',
  // Counts and slots, below 2^53 as the schema checks: JSON.parse is exact for them.
  parse: parseSafeJson,
  config: { identity: checkAddress, range, commitment },
  result: blockProduction,
  decode: (wire): BlockProductionResult => ({
    context: decodeContext(wire.context),
    value: {
      byIdentity: toByIdentity(wire.value.byIdentity),
      range: { firstSlot: wire.value.range.firstSlot, lastSlot: wire.value.range.lastSlot },
    },
  }),
});
