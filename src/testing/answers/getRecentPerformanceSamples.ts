/** getRecentPerformanceSamples: one sample a minute, newest first, at most 720. */
import { performanceSamples } from '../simulatedNode.js';
import { defineAnswer } from './answer.js';

export const getRecentPerformanceSamples = defineAnswer({
  method: 'getRecentPerformanceSamples',
  minimal: false,
  required: [],
  optional: ['usize'],
  answer: (ctx, params) => performanceSamples(params, ctx.slot),
});
