/** Checks of the transports' options, shared by the basic and the full HTTP transport. */
import { InvalidInputError } from '../errors/InvalidInputError.js';

/** The default of `timeoutMs`: how long one attempt may take, 30 s. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export function checkPositive(value: number | undefined, param: string): number | undefined {
  if (value === undefined) return undefined;
  // setTimeout fires at once for delays beyond 2^31 - 1 ms, so larger values are refused too.
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 2_147_483_647) {
    throw new InvalidInputError({ param, problem: 'expected a positive number up to 2147483647' });
  }
  return value;
}

export function checkByteLimit(value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new InvalidInputError({
      param: 'options.maxResponseBytes',
      problem: 'expected a positive integer number of bytes',
    });
  }
  return value;
}
