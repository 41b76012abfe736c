/** getBlocks: the slots holding a block between two slots, at confirmed or finalized. */
import { blocks } from '../simulatedBlocks.js';
import { defineAnswer } from './answer.js';

export const getBlocks = defineAnswer({
  method: 'getBlocks',
  minimal: false,
  required: ['u64'],
  optional: ['any', 'any'],
  minContextSlot: {
    configAt: (params) => params.find((p) => typeof p === 'object' && p !== null),
    onlyAt: 'confirmed',
  },
  answer: (ctx, params) => blocks(ctx.ledger, params, ctx.slot),
});
