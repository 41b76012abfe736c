/** getBlockCommitment: the stake voted on a block at each confirmation count. */
import { blockCommitment } from '../simulatedBlocks.js';
import { defineAnswer } from './answer.js';

export const getBlockCommitment = defineAnswer({
  method: 'getBlockCommitment',
  minimal: false,
  required: ['u64'],
  answer: (ctx, params) => blockCommitment(ctx.ledger, params, ctx.slot),
});
