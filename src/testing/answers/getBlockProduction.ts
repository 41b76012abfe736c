/** getBlockProduction: each leader's slots and blocks over a range of the bank's slot history. */
import { type BlockProductionOptions, blockProduction } from '../simulatedBlocks.js';
import { defineAnswer } from './answer.js';
import { lastConfig } from './shared.js';

export const getBlockProduction = defineAnswer({
  method: 'getBlockProduction',
  minimal: false,
  required: [],
  optional: [{ struct: 'RpcBlockProductionConfig' }],
  answer: (ctx, params) => blockProduction(ctx.ledger, lastConfig<BlockProductionOptions>(params), ctx.slot),
});
