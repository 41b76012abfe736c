/** getSignaturesForAddress: an address's transactions, newest first, in pages. */
import { signaturesForAddress } from '../simulatedTransactions.js';
import { defineAnswer } from './answer.js';
import { verifyPubkey } from './parse.js';

export const getSignaturesForAddress = defineAnswer({
  method: 'getSignaturesForAddress',
  minimal: false,
  required: ['string'],
  optional: [{ struct: 'RpcSignaturesForAddressConfig' }],
  minContextSlot: {},
  answer: (ctx, params) => {
    verifyPubkey(params[0]);
    return signaturesForAddress(ctx.ledger, params, ctx.slot, ctx.nowMs);
  },
});
