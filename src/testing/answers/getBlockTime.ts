/** getBlockTime: a block's time, or agave's errors for a slot it cannot date. */
import { blockTime } from '../simulatedBlocks.js';
import { defineAnswer } from './answer.js';

export const getBlockTime = defineAnswer({
  method: 'getBlockTime',
  minimal: false,
  required: ['u64'],
  answer: (ctx, params) => blockTime(ctx.ledger, params, ctx.slot, ctx.nowMs),
});
