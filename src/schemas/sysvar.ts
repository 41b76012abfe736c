/**
 * The wire shape of a sysvar account under `jsonParsed` (agave `account-decoder/src/parse_sysvar.rs`):
 * `{ program: 'sysvar', parsed: { type, info }, space }`, with `info` checked by `type`. Unknown keys pass;
 * a `type` agave does not write is refused.
 */
import type { ParsedSysvar, ParsedSysvarData } from '../types/sysvar.js';
import { blockhash } from './address.js';
import { memo } from './memo.js';
import { i64, safeInteger, u8, u64 } from './numbers.js';
import {
  type AnySchema,
  array,
  boolean,
  dynamic,
  enums,
  literal,
  nullable,
  number,
  type Schema,
  string,
  type,
  union,
} from './struct.js';

const SYSVAR_TYPES = [
  'clock',
  'epochSchedule',
  'fees',
  'recentBlockhashes',
  'rent',
  'rewards',
  'slotHashes',
  'slotHistory',
  'stakeHistory',
  'lastRestartSlot',
  'epochRewards',
] as const;

type SysvarType = (typeof SYSVAR_TYPES)[number];

const feeCalculator = () => type({ lamportsPerSignature: string() });

/** Each sysvar's `info`, by `type`. */
const infoByType = /* @__PURE__ */ memo(
  (): Record<SysvarType, AnySchema> => ({
    clock: type({
      slot: u64(),
      epoch: u64(),
      epochStartTimestamp: i64(),
      leaderScheduleEpoch: u64(),
      unixTimestamp: i64(),
    }),
    epochSchedule: type({
      slotsPerEpoch: u64(),
      leaderScheduleSlotOffset: u64(),
      warmup: boolean(),
      firstNormalEpoch: u64(),
      firstNormalSlot: u64(),
    }),
    fees: type({ feeCalculator: feeCalculator() }),
    recentBlockhashes: array(type({ blockhash: blockhash(), feeCalculator: feeCalculator() })),
    // Current agave shows `lamportsPerByte` alone; 3.x showed the legacy three fields (serde_json
    // writes a NaN or infinite f64 as null).
    rent: union([
      type({ lamportsPerByte: string() }),
      type({ lamportsPerByteYear: string(), exemptionThreshold: nullable(number()), burnPercent: u8() }),
    ]),
    rewards: type({ validatorPointValue: nullable(number()) }),
    slotHashes: array(type({ slot: u64(), hash: blockhash() })),
    slotHistory: type({ nextSlot: u64(), bits: string() }),
    stakeHistory: array(
      type({ epoch: u64(), stakeHistory: type({ effective: u64(), activating: u64(), deactivating: u64() }) }),
    ),
    lastRestartSlot: type({ lastRestartSlot: u64() }),
    epochRewards: type({
      distributionStartingBlockHeight: u64(),
      numPartitions: u64(),
      parentBlockhash: blockhash(),
      totalPoints: string(),
      totalRewards: string(),
      distributedRewards: string(),
      active: boolean(),
    }),
  }),
);

const byType = /* @__PURE__ */ memo(() => {
  const info = infoByType();
  const schemas = new Map<unknown, AnySchema>();
  for (const kind of SYSVAR_TYPES) schemas.set(kind, type({ type: literal(kind), info: info[kind] }));
  return schemas;
});

// A `type` agave never writes fails here, the failure naming `type`.
const unknownType = /* @__PURE__ */ memo(() => type({ type: enums(SYSVAR_TYPES) }));

/** A sysvar's `parsed` value, checked by its `type`. */
export const parsedSysvar = /* @__PURE__ */ memo(
  (): Schema<ParsedSysvar> =>
    dynamic<ParsedSysvar>((parsed) => {
      const kind = typeof parsed === 'object' && parsed !== null ? (parsed as { type?: unknown }).type : undefined;
      return (byType().get(kind) ?? unknownType()) as Schema<ParsedSysvar>;
    }),
);

/** `{ program: 'sysvar', parsed, space }`. */
export const parsedSysvarProgram = /* @__PURE__ */ memo(
  (): Schema<ParsedSysvarData> =>
    type({
      program: literal('sysvar'),
      parsed: parsedSysvar(),
      space: safeInteger(),
    }) as unknown as Schema<ParsedSysvarData>,
);
