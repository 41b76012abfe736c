/** getBlock: a block at confirmed or finalized, with its transactions at the detail asked for. */
import { getBlock as blockAt } from '../simulatedBlocks.js';
import { defineAnswer } from './answer.js';

export const getBlock = defineAnswer({
  method: 'getBlock',
  minimal: false,
  required: ['u64'],
  optional: ['any'],
  answer: (ctx, params) => blockAt(params, ctx.ledger, ctx.slot, ctx.nowMs),
});
