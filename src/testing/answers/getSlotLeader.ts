/** getSlotLeader: the leader of the bank's slot by the schedule getLeaderSchedule serves. */
import { leaderAt } from '../simulatedValidators.js';
import { defineAnswer } from './answer.js';
import { bankOf, lastConfig } from './shared.js';

export const getSlotLeader = defineAnswer({
  method: 'getSlotLeader',
  minimal: false,
  required: [],
  optional: [{ struct: 'RpcContextConfig' }],
  minContextSlot: {},
  answer: (ctx, params) => leaderAt(bankOf(ctx, lastConfig(params))),
});
