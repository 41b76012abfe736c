/** getTransaction: a transaction at confirmed or finalized, with its meta; null before it lands. */
import { getTransaction as transactionOf } from '../simulatedBlocks.js';
import { defineAnswer } from './answer.js';
import { verifySignature } from './parse.js';

export const getTransaction = defineAnswer({
  method: 'getTransaction',
  minimal: false,
  required: ['string'],
  optional: ['any'],
  answer: (ctx, params) => {
    verifySignature(params[0]);
    return transactionOf(params, ctx.ledger, ctx.slot, ctx.nowMs);
  },
});
