/** getVersion: the agave version and feature set the simulation mimics. */
import { NODE } from '../simulationCast.js';
import { defineAnswer } from './answer.js';

export const getVersion = defineAnswer({
  method: 'getVersion',
  minimal: true,
  required: [],
  answer: () => ({ 'feature-set': 2891131721, 'solana-core': NODE.version }),
});
