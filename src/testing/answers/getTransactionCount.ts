/** getTransactionCount: the transactions the bank at the commitment has processed. */
import { epochInfo } from '../simulationCast.js';
import { defineAnswer } from './answer.js';
import { bankOf, lastConfig } from './shared.js';

export const getTransactionCount = defineAnswer({
  method: 'getTransactionCount',
  minimal: true,
  required: [],
  optional: [{ struct: 'RpcContextConfig' }],
  minContextSlot: {},
  answer: (ctx, params) => epochInfo(bankOf(ctx, lastConfig(params))).transactionCount,
});
