/** getLeaderSchedule: the staked validators in turn, four slots each. */
import { leaderSchedule } from '../simulatedValidators.js';
import { defineAnswer } from './answer.js';

export const getLeaderSchedule = defineAnswer({
  method: 'getLeaderSchedule',
  minimal: true,
  required: [],
  optional: ['any', { struct: 'RpcLeaderScheduleConfig' }],
  answer: (_ctx, params) => leaderSchedule(params),
});
