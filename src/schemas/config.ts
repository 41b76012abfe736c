import type { ParsedConfigData } from '../types/config.js';
import { address } from './address.js';
import { memo } from './memo.js';
import { expected, safeInteger, u8 } from './numbers.js';
import { array, boolean, define, dynamic, enums, literal, number, type Schema, type } from './struct.js';

/** Whether a value is JSON as the exact parser yields it (depth is bounded by the parser). */
function isJsonValue(value: unknown): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'boolean':
    case 'string':
    case 'bigint':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      return Array.isArray(value) ? value.every(isJsonValue) : Object.values(value).every(isJsonValue);
    default:
      return false;
  }
}

/** Validator info: whatever JSON value agave read from the account's text. */
const jsonValue = /* @__PURE__ */ memo(() =>
  define('jsonValue', (value) => (isJsonValue(value) ? true : expected('a JSON value', value))),
);

const validatorInfo = /* @__PURE__ */ memo(() =>
  type({
    type: literal('validatorInfo'),
    info: type({
      keys: array(type({ pubkey: address(), signer: boolean() })),
      configData: jsonValue(),
    }),
  }),
);

// Older nodes parsed the stake program's config account; current ones leave it unparsed.
const stakeConfig = /* @__PURE__ */ memo(() =>
  type({ type: literal('stakeConfig'), info: type({ warmupCooldownRate: number(), slashPenalty: u8() }) }),
);

// Any other `type` is refused by name.
const knownType = /* @__PURE__ */ memo(() => type({ type: enums(['validatorInfo', 'stakeConfig']) }));

/** A config program account's `jsonParsed` data, checked by its `type`. */
export const parsedConfigProgram = /* @__PURE__ */ memo(
  (): Schema<ParsedConfigData> =>
    type({
      program: literal('config'),
      parsed: dynamic<unknown>((parsed): Schema<unknown> => {
        const kind = typeof parsed === 'object' && parsed !== null ? (parsed as { type?: unknown }).type : undefined;
        if (kind === 'validatorInfo') return validatorInfo() as Schema<unknown>;
        if (kind === 'stakeConfig') return stakeConfig() as Schema<unknown>;
        return knownType() as Schema<unknown>;
      }),
      space: safeInteger(),
    }) as unknown as Schema<ParsedConfigData>,
);
