/** getSlotLeaders: up to 5,000 leaders from a start slot. */
import { slotLeaders } from '../simulatedValidators.js';
import { defineAnswer } from './answer.js';

export const getSlotLeaders = defineAnswer({
  method: 'getSlotLeaders',
  minimal: false,
  required: ['u64', 'u64'],
  answer: (ctx, params) => slotLeaders(params, ctx.slot),
});
