/** getSupply: total, circulating and non-circulating lamports. */
import { supply } from '../simulatedInflation.js';
import { defineAnswer } from './answer.js';
import { atBank, bankOf, lastConfig } from './shared.js';

export const getSupply = defineAnswer({
  method: 'getSupply',
  minimal: false,
  required: [],
  optional: [{ struct: 'RpcSupplyConfig' }],
  answer: (ctx, params) => atBank(bankOf(ctx, lastConfig(params)), supply(ctx.slot, lastConfig(params))),
});
