import { defineMethod, type WireOf } from '../defineMethod.js';
import { memo } from '../schemas/memo.js';
import { safeInteger } from '../schemas/numbers.js';
import { number, type } from '../schemas/struct.js';
import type { CallOptions } from '../types/index.js';

// 1. Config: agave takes no params (it reads the finalized bank).

/** Options of `getInflationRate`: the call's own (`signal`, `timeoutMs`); nothing is sent. */
export interface GetInflationRateConfig extends CallOptions {}

// 2. Result

/** This epoch's yearly inflation rates, as fractions (floats on the wire), and the epoch. */
export interface InflationRate {
  /** The total yearly inflation rate. */
  total: number;
  /** The share of it paid to validators and their stakers. */
  validator: number;
  /** The share of it paid to the foundation. */
  foundation: number;
  /** The epoch these rates hold for. */
  epoch: number;
}

// 3. Signature

/** Reads this epoch's inflation rates. */
export interface GetInflationRate {
  /**
   * Reads the yearly inflation rates of the current epoch, from the finalized bank (`total` is
   * `validator + foundation`).
   * @example
   * const { total, epoch } = await rpc.getInflationRate();
   * console.log(`epoch ${epoch}: ${(total * 100).toFixed(3)}% a year`);
   */
  (config?: GetInflationRateConfig): Promise<InflationRate>;
}

// 4. Wire schema (agave's `RpcInflationRate`: three f64s and a u64 epoch)

const rate = /* @__PURE__ */ memo(() =>
  type({ total: number(), validator: number(), foundation: number(), epoch: safeInteger() }),
);

// 5. Definition

/** `getInflationRate`: this epoch's inflation rates. Served by nodes started with `--full-rpc-api`. */
export const getInflationRate = /* @__PURE__ */ defineMethod<GetInflationRate, WireOf<typeof rate>>({
  name: 'getInflationRate',
  result: rate,
  decode: (wire): InflationRate => ({
    total: wire.total,
    validator: wire.validator,
    foundation: wire.foundation,
    epoch: wire.epoch,
  }),
});
