import { defineMethod } from '../defineMethod.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { checkIndex } from '../options/check.js';
import { commitment, type OptionCheck } from '../options/config.js';
import { toBigInt, u64 } from '../schemas/numbers.js';
import type { CommitmentConfig } from '../types/index.js';

// 1. Config

/** Options of `getMinimumBalanceForRentExemption`: a commitment only (agave takes no `minContextSlot`). */
export interface GetMinimumBalanceForRentExemptionConfig extends CommitmentConfig {}

// 2. Result: a bare lamport amount, so there is no result interface.

// 3. Signature

/** Reads the balance an account of a given size needs to be rent-exempt. */
export interface GetMinimumBalanceForRentExemption {
  /**
   * Reads the lamports an account holding `dataLength` bytes of data must keep to be rent-exempt, as a
   * `bigint`. `dataLength` is 0 to 10,485,760 (10 MiB, the largest account agave allows).
   * @example
   * const rent = await rpc.getMinimumBalanceForRentExemption(165);
   * console.log(`a token account needs ${rent} lamports`);
   */
  (dataLength: number, config?: GetMinimumBalanceForRentExemptionConfig): Promise<bigint>;
}

// 4. Argument check: agave answers -32600 above MAX_PERMITTED_DATA_LENGTH; refused here before sending.

const MAX_PERMITTED_DATA_LENGTH = 10 * 1024 * 1024;

const dataLength: OptionCheck = (method, param, value) => {
  const length = checkIndex(method, param, value);
  if (length > MAX_PERMITTED_DATA_LENGTH) {
    throw new InvalidInputError({
      method,
      param,
      problem: `expected at most ${MAX_PERMITTED_DATA_LENGTH} (10 MiB), got ${length}`,
    });
  }
  return length;
};

// 5. Definition

/** `getMinimumBalanceForRentExemption`: the rent-exempt minimum. Served by nodes started with `--full-rpc-api`. */
export const getMinimumBalanceForRentExemption = /* @__PURE__ */ defineMethod<
  GetMinimumBalanceForRentExemption,
  number | bigint
>({
  name: 'getMinimumBalanceForRentExemption',
  args: { dataLength },
  config: { commitment },
  result: u64,
  decode: toBigInt,
});
