/** getFirstAvailableBlock: the oldest block the node keeps. */
import { FIRST_BLOCK } from '../simulationCast.js';
import { defineAnswer } from './answer.js';

export const getFirstAvailableBlock = defineAnswer({
  method: 'getFirstAvailableBlock',
  minimal: false,
  required: [],
  answer: () => FIRST_BLOCK,
});
