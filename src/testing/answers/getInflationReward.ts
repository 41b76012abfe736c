/** getInflationReward: each staked vote account's commission on its epoch's rewards. */
import { inflationReward } from '../simulatedInflation.js';
import { firstBlockOf } from '../simulatedLedger.js';
import { defineAnswer } from './answer.js';

export const getInflationReward = defineAnswer({
  method: 'getInflationReward',
  minimal: false,
  required: ['strings'],
  optional: [{ struct: 'RpcEpochConfig' }],
  minContextSlot: {},
  answer: (ctx, params) => inflationReward(params, ctx.slot, firstBlockOf(ctx.ledger)),
});
