import { defineMethod, type WireOf } from '../defineMethod.js';
import { commitment } from '../options/config.js';
import { memo } from '../schemas/memo.js';
import { number, type } from '../schemas/struct.js';
import type { CommitmentConfig } from '../types/index.js';

// 1. Config

/** Options of `getInflationGovernor` (a commitment only: agave's `CommitmentConfig`). */
export interface GetInflationGovernorConfig extends CommitmentConfig {}

// 2. Result

/**
 * The cluster's inflation parameters (agave's `Inflation`), as fractions and years: `number`s, floats on
 * the wire (`0.08`, `0.0`).
 */
export interface InflationGovernor {
  /** The yearly inflation rate at genesis (0.08 on mainnet-beta). */
  initial: number;
  /** The yearly rate inflation tapers down to (0.015 on mainnet-beta). */
  terminal: number;
  /** How much the rate falls each year, as a fraction of the current rate (0.15 on mainnet-beta). */
  taper: number;
  /** The share of inflation paid to the foundation (0 on mainnet-beta). */
  foundation: number;
  /** How many years the foundation share is paid for. */
  foundationTerm: number;
}

// 3. Signature

/** Reads the cluster's inflation parameters. */
export interface GetInflationGovernor {
  /**
   * Reads the inflation parameters of the bank at the given commitment (the node's default: `finalized`).
   * @example
   * const { initial, terminal, taper } = await rpc.getInflationGovernor();
   * console.log(`inflation starts at ${initial * 100}%, falls ${taper * 100}% a year, to ${terminal * 100}%`);
   */
  (config?: GetInflationGovernorConfig): Promise<InflationGovernor>;
}

// 4. Wire schema: five JSON numbers (f64 on the wire).

const governor = /* @__PURE__ */ memo(() =>
  type({ initial: number(), terminal: number(), taper: number(), foundation: number(), foundationTerm: number() }),
);

// 5. Definition

/** `getInflationGovernor`: the inflation parameters. Served by nodes started with `--full-rpc-api`. */
export const getInflationGovernor = /* @__PURE__ */ defineMethod<GetInflationGovernor, WireOf<typeof governor>>({
  name: 'getInflationGovernor',
  config: { commitment },
  result: governor,
  // Field by field: keys a node adds are not copied.
  decode: (wire): InflationGovernor => ({
    initial: wire.initial,
    terminal: wire.terminal,
    taper: wire.taper,
    foundation: wire.foundation,
    foundationTerm: wire.foundationTerm,
  }),
});
