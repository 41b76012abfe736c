/** minimumLedgerSlot: the oldest slot the node's ledger holds. */
import { firstBlockOf } from '../simulatedLedger.js';
import { defineAnswer } from './answer.js';

export const minimumLedgerSlot = defineAnswer({
  method: 'minimumLedgerSlot',
  minimal: false,
  required: [],
  answer: (ctx) => firstBlockOf(ctx.ledger),
});
