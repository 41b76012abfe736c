import type { ParsedStakeData } from '../types/stake.js';
import { address } from './address.js';
import { memo } from './memo.js';
import { expected, i64, safeInteger, u64 } from './numbers.js';
import { define, dynamic, literal, nullable, type Schema, type } from './struct.js';

/** A u64 as agave's `StringAmount` writes it: decimal digits, no sign, no leading zero, at most u64::MAX. */
const u64String = /* @__PURE__ */ memo(
  (): Schema<string> =>
    define('u64String', (value) =>
      typeof value === 'string' && /^(0|[1-9][0-9]{0,19})$/.test(value) && BigInt(value) <= 18446744073709551615n
        ? true
        : expected('a u64 as a decimal string', value),
    ),
);

const meta = /* @__PURE__ */ memo(() =>
  type({
    rentExemptReserve: u64String(),
    authorized: type({ staker: address(), withdrawer: address() }),
    lockup: type({ unixTimestamp: i64(), epoch: u64(), custodian: address() }),
  }),
);

const stake = /* @__PURE__ */ memo(() =>
  type({
    delegation: type({
      voter: address(),
      stake: u64String(),
      activationEpoch: u64String(),
      deactivationEpoch: u64String(),
    }),
    creditsObserved: u64(),
  }),
);

const initialized = /* @__PURE__ */ memo(() =>
  type({ type: literal('initialized'), info: type({ meta: meta(), stake: nullable(literal(null)) }) }),
);
const delegated = /* @__PURE__ */ memo(() =>
  type({ type: literal('delegated'), info: type({ meta: meta(), stake: stake() }) }),
);
const uninitialized = /* @__PURE__ */ memo(() => type({ type: literal('uninitialized') }));
const rewardsPool = /* @__PURE__ */ memo(() => type({ type: literal('rewardsPool') }));
const unknownType = /* @__PURE__ */ memo(() =>
  type({ type: define<never>('stakeType', (value) => expected('a stake account type', value)) }),
);

/**
 * `data` of a stake account read as `jsonParsed`, checked by its `parsed.type` (agave writes only
 * `uninitialized`, `initialized`, `delegated` and `rewardsPool`; anything else is refused).
 */
export const parsedStakeProgram = /* @__PURE__ */ memo(
  (): Schema<ParsedStakeData> =>
    type({
      program: literal('stake'),
      parsed: dynamic<unknown>((parsed): Schema<unknown> => {
        const kind = typeof parsed === 'object' && parsed !== null ? (parsed as { type?: unknown }).type : undefined;
        if (kind === 'delegated') return delegated() as Schema<unknown>;
        if (kind === 'initialized') return initialized() as Schema<unknown>;
        if (kind === 'uninitialized') return uninitialized() as Schema<unknown>;
        if (kind === 'rewardsPool') return rewardsPool() as Schema<unknown>;
        return unknownType() as Schema<unknown>;
      }),
      space: safeInteger(),
    }) as unknown as Schema<ParsedStakeData>,
);
