/** getSlot: the slot of the bank at the commitment. */

import { defineAnswer } from './answer.js';
import { bankOf, lastConfig } from './shared.js';

export const getSlot = defineAnswer({
  method: 'getSlot',
  minimal: true,
  required: [],
  optional: [{ struct: 'RpcContextConfig' }],
  minContextSlot: {},
  answer: (ctx, params) => bankOf(ctx, lastConfig(params)),
});
