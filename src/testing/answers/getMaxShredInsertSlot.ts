/** getMaxShredInsertSlot: the tip. */
import { defineAnswer } from './answer.js';

export const getMaxShredInsertSlot = defineAnswer({
  method: 'getMaxShredInsertSlot',
  minimal: false,
  required: [],
  answer: (ctx) => ctx.slot,
});
