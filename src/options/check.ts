/**
 * Checks on what callers pass, run before any request. Each failure is an `InvalidInputError` that
 * names the parameter and says what is wrong with the value, without repeating values that could be
 * secret.
 */
import { base58Problem } from '../codecs/base58Text.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import type { CallOptions, Commitment } from '../types/index.js';

const COMMITMENTS: readonly Commitment[] = ['processed', 'confirmed', 'finalized'];

export function checkAddress(method: string, param: string, value: unknown): string {
  const problem = base58Problem(value, 32);
  if (problem) {
    throw new InvalidInputError({
      method,
      param,
      problem,
      hint: 'an address is 32 bytes written in base58 (32–44 characters).',
    });
  }
  return value as string;
}

export function checkSignature(method: string, param: string, value: unknown): string {
  const problem = base58Problem(value, 64);
  if (problem) {
    throw new InvalidInputError({
      method,
      param,
      problem,
      hint: 'a signature is 64 bytes in base58 (64–88 characters).',
    });
  }
  return value as string;
}

/** A blockhash: 32 bytes in base58, like an address (`isBlockhashValid`, `requestAirdrop`'s `recentBlockhash`). */
export function checkHash(method: string, param: string, value: unknown): string {
  const problem = base58Problem(value, 32);
  if (problem) {
    throw new InvalidInputError({
      method,
      param,
      problem,
      hint: 'a blockhash is 32 bytes written in base58 (32–44 characters), as getLatestBlockhash returns it.',
    });
  }
  return value as string;
}

/**
 * A config argument: `undefined`, or a plain object whose keys are all in `allowed`. Returns `{}` for
 * `undefined`. An unknown key is refused rather than dropped: a misspelt `comitment` would otherwise
 * read at the wrong commitment without a word.
 */
export function checkConfig(
  method: string | undefined,
  param: string,
  value: unknown,
  allowed: readonly string[],
  /** Whose options these are, for the message: the method's, or a client's (`createRpc`). */
  owner = method,
): Record<string, unknown> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidInputError({ method, param, problem: `expected an object, got ${describe(value)}` });
  }
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key) && (value as Record<string, unknown>)[key] !== undefined) {
      throw new InvalidInputError({
        method,
        param: `${param}.${key.length > 40 ? `${key.slice(0, 40)}…` : key}`,
        problem: `not an option of ${owner}; the options are ${allowed.join(', ')}`,
      });
    }
  }
  return value as Record<string, unknown>;
}

export function checkOneOf<T extends string>(
  method: string,
  param: string,
  value: unknown,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new InvalidInputError({
    method,
    param,
    problem: `expected one of ${allowed.map((a) => `'${a}'`).join(', ')}, got ${describe(value)}`,
  });
}

export function checkCommitment(method: string, value: unknown, param = 'config.commitment'): Commitment | undefined {
  return checkOneOf(method, param, value, COMMITMENTS);
}

/** Refuses arguments past the last one a method takes (`getEpochInfo(config, extra)`). */
export function checkArity(method: string, args: readonly unknown[], max: number): void {
  if (args.length > max && args.slice(max).some((arg) => arg !== undefined)) {
    throw new InvalidInputError({ method, param: 'arguments', problem: `expected at most ${max}, got ${args.length}` });
  }
}

/** A slot or other u64 input: a non-negative safe-integer `number`, or a `bigint` up to u64::MAX. */
export function checkU64(method: string, param: string, value: unknown): number | bigint | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === 'bigint' && value >= 0n && value <= 18446744073709551615n) return value;
  const problem =
    typeof value === 'number' && Number.isInteger(value) && value > Number.MAX_SAFE_INTEGER
      ? 'a number above Number.MAX_SAFE_INTEGER is not exact; pass a bigint'
      : `expected a non-negative integer, got ${describe(value)}`;
  throw new InvalidInputError({ method, param, problem });
}

/** A non-negative integer that fits a `number` exactly (offsets, lengths). */
export function checkIndex(method: string, param: string, value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  throw new InvalidInputError({ method, param, problem: `expected a non-negative integer, got ${describe(value)}` });
}

/** Takes the per-call options (`signal`, `timeoutMs`) out of a config object. */
export function callOptionsOf(method: string, config: Record<string, unknown>): CallOptions {
  const { signal } = config;
  if (signal !== undefined && !isAbortSignal(signal)) {
    throw new InvalidInputError({ method, param: 'config.signal', problem: 'expected an AbortSignal' });
  }
  return { signal, timeoutMs: checkPositive(config.timeoutMs, 'config.timeoutMs', false, method) };
}

/**
 * A positive option: a time in ms (the default) up to 2^31 - 1, since setTimeout fires at once for
 * longer delays; or, with `integer`, a count such as a byte limit, up to `Number.MAX_SAFE_INTEGER`.
 */
export function checkPositive(value: unknown, param: string, integer = false, method?: string): number | undefined {
  if (value === undefined) return undefined;
  if (
    integer
      ? Number.isSafeInteger(value) && (value as number) > 0
      : typeof value === 'number' && value > 0 && value <= 2_147_483_647
  ) {
    return value as number;
  }
  throw new InvalidInputError({
    method,
    param,
    problem: integer ? 'expected a positive integer' : 'expected a positive number up to 2147483647',
  });
}

export function isAbortSignal(value: unknown): value is AbortSignal {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AbortSignal).aborted === 'boolean' &&
    typeof (value as AbortSignal).addEventListener === 'function'
  );
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return typeof value;
}
