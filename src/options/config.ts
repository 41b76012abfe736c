/**
 * The config options methods share, each described once: a check that refuses a bad value before any
 * request (naming the option) and returns the value sent on the wire. A method lists the options it
 * takes (`config` in `defineMethod`); `signal` and `timeoutMs` are taken by every method and never sent.
 */
import { InvalidInputError } from '../errors/InvalidInputError.js';
import type { AccountEncoding, CallOptions, DataSlice } from '../types/index.js';
import {
  callOptionsOf,
  checkAddress,
  checkArity,
  checkConfig,
  checkIndex,
  checkOneOf,
  checkU64,
  describe,
} from './check.js';

/**
 * Checks one argument or option of a call, given as `value` (never `undefined` for an option), and
 * returns what goes on the wire; throws `InvalidInputError` naming `param` otherwise.
 */
export type OptionCheck = (method: string, param: string, value: unknown) => unknown;

/** The options of a method, by wire name, each with its check. */
export type OptionChecks = Readonly<Record<string, OptionCheck>>;

/** A check that accepts exactly one of `values`. */
export const oneOf =
  (values: readonly string[]): OptionCheck =>
  (method, param, value) =>
    checkOneOf(method, param, value, values);

/** `commitment`: the bank a method reads from. */
export const commitment: OptionCheck = /* @__PURE__ */ oneOf(['processed', 'confirmed', 'finalized']);

/** A slot or other u64 the caller passes: a safe-integer `number` or a `bigint` up to u64::MAX. */
export const unsigned: OptionCheck = checkU64;

/**
 * A slot the method cannot do without (getBlockTime's, getBlocks' start): what `unsigned` takes, but
 * never left out, since the node would answer a missing one with a bare -32602.
 */
export const slot: OptionCheck = (method, param, value) => {
  if (value === undefined) throw new InvalidInputError({ method, param, problem: 'expected a slot, got nothing' });
  return checkU64(method, param, value);
};

/** `minContextSlot`: fail with -32016 unless the node has reached this slot. */
export const minContextSlot: OptionCheck = checkU64;

/**
 * A count from 0 to a node's limit (`getBlocksWithLimit`'s 500,000, `getSlotLeaders`' 5,000,
 * `getRecentPerformanceSamples`' 720): agave checks only the upper bound, so 0 is sent (it answers `[]`).
 */
export const countUpTo =
  (max: number): OptionCheck =>
  (method, param, value) => {
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max) return value;
    throw new InvalidInputError({
      method,
      param,
      problem: `expected an integer from 0 to ${max} (the node's limit), got ${describe(value)}`,
    });
  };

/** A size or count that fits a `number` exactly (`dataLength`, `limit`). */
export const size: OptionCheck = checkIndex;

/**
 * `commitment` of the methods that read blocks and confirmed history (getTransaction,
 * getSignaturesForAddress, getInflationReward and those to come): agave serves them
 * from `confirmed` on and refuses `processed` with -32602, so it is refused here, with the reason.
 */
export const confirmedCommitment: OptionCheck = (method, param, value) => {
  if (value === 'processed') {
    throw new InvalidInputError({
      method,
      param,
      problem: "the node does not serve this method at 'processed'",
      hint: "use 'confirmed' (the earliest it serves) or 'finalized'.",
    });
  }
  return commitment(method, param, value);
};

/** A list of at most `max` addresses (the node's limit for the method), each checked as `<param>.<index>`. */
export function checkAddressList(method: string, param: string, value: unknown, max: number): string[] {
  if (!Array.isArray(value)) {
    throw new InvalidInputError({ method, param, problem: `expected an array of addresses, got ${describe(value)}` });
  }
  if (value.length > max) {
    throw new InvalidInputError({ method, param, problem: `${value.length} addresses; the node takes at most ${max}` });
  }
  return value.map((address, i) => checkAddress(method, `${param}.${i}`, address));
}

/** A flag. */
export const flag: OptionCheck = (method, param, value) => {
  if (typeof value === 'boolean') return value;
  throw new InvalidInputError({ method, param, problem: `expected a boolean, got ${describe(value)}` });
};

/** `encoding` of the methods that return accounts. */
export const accountEncoding: OptionCheck = /* @__PURE__ */ oneOf([
  'base58',
  'base64',
  'base64+zstd',
  'jsonParsed',
] satisfies AccountEncoding[]);

/** `dataSlice`: `{ offset, length }`, both non-negative integers. */
export const dataSlice: OptionCheck = (method, param, value): DataSlice => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidInputError({ method, param, problem: `expected { offset, length }, got ${describe(value)}` });
  }
  const slice = value as Record<string, unknown>;
  return {
    offset: checkIndex(method, `${param}.offset`, slice.offset),
    length: checkIndex(method, `${param}.length`, slice.length),
  };
};

/** `maxSupportedTransactionVersion`: 0, the only version defined; leaving it out means legacy only. */
export const maxSupportedTransactionVersion: OptionCheck = (method, param, value) => {
  if (value === 0) return value;
  throw new InvalidInputError({
    method,
    param,
    problem: `expected 0 (the only transaction version defined), got ${describe(value)}`,
  });
};

/** The filter of the token-account scans: exactly one of `{ mint }` or `{ programId }`. */
export const tokenAccountsFilter: OptionCheck = (method, param, value) => {
  const problem = 'expected exactly one of { mint } or { programId }';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidInputError({ method, param, problem: `${problem}, got ${describe(value)}` });
  }
  const keys = Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined);
  const [key] = keys;
  if (keys.length !== 1 || (key !== 'mint' && key !== 'programId')) {
    throw new InvalidInputError({ method, param, problem: `${problem}, got keys [${keys.join(', ')}]` });
  }
  return { [key]: checkAddress(method, `${param}.${key}`, (value as Record<string, unknown>)[key]) };
};

/**
 * Checks a config argument against the options a method takes and builds its wire form: each option
 * given, checked, in the order `options` lists them. Any other key but `signal` and `timeoutMs` is refused.
 */
export function prepareConfig(
  method: string,
  options: OptionChecks,
  value: unknown,
): { wire: Record<string, unknown>; options: CallOptions } {
  const given = checkConfig(method, 'config', value, [...Object.keys(options), 'signal', 'timeoutMs']);
  const wire: Record<string, unknown> = {};
  for (const key of Object.keys(options)) {
    if (given[key] !== undefined) wire[key] = (options[key] as OptionCheck)(method, `config.${key}`, given[key]);
  }
  return { wire, options: callOptionsOf(method, given) };
}

/**
 * The request of a plain method: its positional arguments, each checked, then its config's wire form
 * when any option was given (agave takes `[...args]` and `[...args, config]` alike).
 */
export function prepareCall(method: string, args: OptionChecks, options: OptionChecks, input: readonly unknown[]) {
  const names = Object.keys(args);
  checkArity(method, input, names.length + 1);
  const params = names.map((name, i) => (args[name] as OptionCheck)(method, name, input[i]));
  const config = prepareConfig(method, options, input[names.length]);
  if (Object.keys(config.wire).length > 0) params.push(config.wire);
  return { params, options: config.options };
}
