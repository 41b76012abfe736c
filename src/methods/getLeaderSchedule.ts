import { parseSafeJson } from '../codecs/json.js';
import { defineCustomMethod } from '../defineMethod.js';
import { checkAddress, checkArity, checkU64 } from '../options/check.js';
import { commitment, prepareConfig } from '../options/config.js';
import { ADDRESS_TEXT } from '../schemas/address.js';
import { memo } from '../schemas/memo.js';
import { expected } from '../schemas/numbers.js';
import { define, nullable, type Schema } from '../schemas/struct.js';
import { validateResult } from '../schemas/validate.js';
import type { Address, Commitment, CommitmentConfig } from '../types/index.js';

// 1. Config

/** Options of `getLeaderSchedule`. */
export interface GetLeaderScheduleConfig extends CommitmentConfig {
  /** The bank whose epoch schedule to read when no slot is given. Default (server's) `finalized`. */
  commitment?: Commitment;
  /** Only this validator's slots: the result then has one key, or none when it leads no slot. */
  identity?: Address;
}

// 2. Result

/**
 * Validator identity → the slots it leads, as indexes relative to the epoch's first slot (ascending).
 * A null-prototype object: keys come from the server and are checked to be base58 addresses, so no key
 * (`__proto__` included) can reach a prototype, and there are no inherited keys to trip over.
 */
export interface LeaderSchedule {
  readonly [identity: Address]: number[];
}

// 3. Signature

/** Reads an epoch's leader schedule. */
export interface GetLeaderSchedule {
  /**
   * Reads the current epoch's schedule.
   * @example
   * const schedule = await rpc.getLeaderSchedule({ identity });
   * console.log(`${schedule[identity]?.length ?? 0} leader slots this epoch`);
   */
  (config?: GetLeaderScheduleConfig): Promise<LeaderSchedule>;
  /**
   * Reads the schedule of the epoch that holds `slot`, or `null` when the node has none for that epoch
   * (too far ahead or behind).
   * @example
   * const next = await rpc.getLeaderSchedule(firstSlotOfNextEpoch);
   * if (next === null) console.log('not known yet');
   */
  (slot: number | bigint, config?: GetLeaderScheduleConfig): Promise<LeaderSchedule | null>;
  /**
   * The current epoch's schedule, with the slot left out explicitly.
   * @example
   * const schedule = await rpc.getLeaderSchedule(null, { identity });
   */
  (slot: null | undefined, config?: GetLeaderScheduleConfig): Promise<LeaderSchedule>;
  /**
   * A slot that may or may not be given, known only at run time: the schedule, or `null` when a given
   * slot's epoch has none.
   * @example
   * const schedule = await rpc.getLeaderSchedule(slotOrUndefined, { identity });
   */
  (slot?: number | bigint | null, config?: GetLeaderScheduleConfig): Promise<LeaderSchedule | null>;
}

// 4. Wire schema

/**
 * One pass over the schedule in a plain loop: a mainnet schedule holds 432,000 indexes, which
 * superstruct's per-element checks would cost many times over.
 */
const schedule = /* @__PURE__ */ memo(
  (): Schema<Record<string, number[]>> =>
    define('leaderSchedule', (value, context) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return expected('an object of identities to slot indexes', value);
      }
      for (const key of Object.keys(value)) {
        const at = [...context.path, key];
        if (!ADDRESS_TEXT.test(key)) return { path: at, value: key, message: expected('a base58 address as key', key) };
        const slots = (value as Record<string, unknown>)[key];
        if (!Array.isArray(slots))
          return { path: at, value: slots, message: expected('an array of slot indexes', slots) };
        for (let i = 0; i < slots.length; i++) {
          const slot = slots[i];
          if (typeof slot !== 'number' || !Number.isSafeInteger(slot) || slot < 0) {
            return { path: [...at, i], value: slot, message: expected('a slot index', slot) };
          }
        }
      }
      return true;
    }),
);

function toLeaderSchedule(wire: Record<string, number[]>): LeaderSchedule {
  const out: Record<string, number[]> = Object.create(null);
  for (const key of Object.keys(wire)) out[key] = wire[key] as number[];
  return out;
}

// 5. Definition

/** `getLeaderSchedule`: which validator leads which slot of an epoch. Served by every node. */
export const getLeaderSchedule = /* @__PURE__ */ defineCustomMethod<
  GetLeaderSchedule,
  {
    /** Whether the call named a slot: only then may the result be `null`. */
    slotGiven: boolean;
  }
>({
  name: 'getLeaderSchedule',
  fullApi: false,
  // Identities and slot indexes below 432,000: nothing JSON.parse could round, and the schema refuses
  // any unsafe integer it might.
  parse: parseSafeJson,
  prepare(args, method) {
    const slotFirst = typeof args[0] !== 'object' || args[0] === null;
    checkArity(method, args, slotFirst ? 2 : 1);
    const slot = slotFirst ? checkU64(method, 'slot', args[0] ?? undefined) : undefined;
    const { wire, options } = prepareConfig(method, { identity: checkAddress, commitment }, args[slotFirst ? 1 : 0]);
    // The node takes [slot?] or [slot | null, config].
    const params = Object.keys(wire).length > 0 ? [slot ?? null, wire] : slot === undefined ? [] : [slot];
    return { params, options, shape: { slotGiven: slot !== undefined } };
  },
  decode(result, context, prepared) {
    // The current epoch always has a schedule; only an explicit slot may find none.
    const checked = prepared.shape?.slotGiven
      ? validateResult(context.method, result, nullable(schedule()))
      : validateResult(context.method, result, schedule());
    return checked == null ? null : toLeaderSchedule(checked);
  },
});
