/** getFirstAvailableBlock: the oldest block the node keeps. */
import { firstBlockOf } from '../simulatedLedger.js';
import { defineAnswer } from './answer.js';

export const getFirstAvailableBlock = defineAnswer({
  method: 'getFirstAvailableBlock',
  minimal: false,
  required: [],
  answer: (ctx) => firstBlockOf(ctx.ledger),
});
