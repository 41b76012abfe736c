/** getHealth: a node that keeps up answers ok. */
import { defineAnswer } from './answer.js';

export const getHealth = defineAnswer({
  method: 'getHealth',
  minimal: true,
  required: [],
  answer: () => 'ok',
});
