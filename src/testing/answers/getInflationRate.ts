/** getInflationRate: the taper applied for the years since inflation began. */
import { inflationRate } from '../simulatedInflation.js';
import { defineAnswer } from './answer.js';

export const getInflationRate = defineAnswer({
  method: 'getInflationRate',
  minimal: false,
  required: [],
  answer: (ctx) => inflationRate(ctx.slot),
});
