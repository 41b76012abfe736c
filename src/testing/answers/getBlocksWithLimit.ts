/** getBlocksWithLimit: up to `limit` slots holding a block, from a start slot. */
import { blocksWithLimit } from '../simulatedBlocks.js';
import { defineAnswer } from './answer.js';

export const getBlocksWithLimit = defineAnswer({
  method: 'getBlocksWithLimit',
  minimal: false,
  required: ['u64', 'usize'],
  optional: [{ struct: 'RpcContextConfig' }],
  minContextSlot: { onlyAt: 'confirmed' },
  answer: (ctx, params) => blocksWithLimit(ctx.ledger, params, ctx.slot),
});
