/** getBlockHeight: the block height of the bank at the commitment. */
import { blockHeightAt } from '../simulationCast.js';
import { defineAnswer } from './answer.js';
import { bankOf, lastConfig } from './shared.js';

export const getBlockHeight = defineAnswer({
  method: 'getBlockHeight',
  minimal: true,
  required: [],
  optional: [{ struct: 'RpcContextConfig' }],
  minContextSlot: {},
  answer: (ctx, params) => blockHeightAt(bankOf(ctx, lastConfig(params))),
});
