/** isBlockhashValid: whether the bank at the commitment would still take a transaction with this blockhash. */
import { blockhashValid } from '../simulatedLedger.js';
import { defineAnswer } from './answer.js';
import { verifyHash } from './parse.js';
import { atBank, bankOf, lastConfig } from './shared.js';

export const isBlockhashValid = defineAnswer({
  method: 'isBlockhashValid',
  minimal: false,
  required: ['string'],
  optional: [{ struct: 'RpcContextConfig' }],
  minContextSlot: {},
  answer(ctx, params) {
    const blockhash = verifyHash(params[0]);
    const bank = bankOf(ctx, lastConfig(params.slice(1)));
    return atBank(bank, blockhashValid(ctx.ledger, blockhash, bank));
  },
});
