/** minimumLedgerSlot: the oldest slot the node's ledger holds. */
import { FIRST_BLOCK } from '../simulationCast.js';
import { defineAnswer } from './answer.js';

export const minimumLedgerSlot = defineAnswer({
  method: 'minimumLedgerSlot',
  minimal: false,
  required: [],
  answer: () => FIRST_BLOCK,
});
