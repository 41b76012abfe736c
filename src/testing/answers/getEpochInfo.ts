/** getEpochInfo: the epoch, slot index and heights of the bank at the commitment. */
import { epochInfo } from '../simulationCast.js';
import { defineAnswer } from './answer.js';
import { bankOf, lastConfig } from './shared.js';

export const getEpochInfo = defineAnswer({
  method: 'getEpochInfo',
  minimal: true,
  required: [],
  optional: [{ struct: 'RpcContextConfig' }],
  minContextSlot: {},
  answer: (ctx, params) => epochInfo(bankOf(ctx, lastConfig(params))),
});
