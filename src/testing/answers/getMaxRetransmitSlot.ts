/** getMaxRetransmitSlot: the tip. */
import { defineAnswer } from './answer.js';

export const getMaxRetransmitSlot = defineAnswer({
  method: 'getMaxRetransmitSlot',
  minimal: false,
  required: [],
  answer: (ctx) => ctx.slot,
});
