/** getBalance: the lamports at an address in the bank at the commitment; 0 for no account. */
import { defineAnswer } from './answer.js';
import { verifyPubkey } from './parse.js';
import { accountAt, atBank, bankOf, lastConfig } from './shared.js';

export const getBalance = defineAnswer({
  method: 'getBalance',
  minimal: true,
  required: ['string'],
  optional: [{ struct: 'RpcContextConfig' }],
  minContextSlot: {},
  answer(ctx, params) {
    const address = verifyPubkey(params[0]);
    const bank = bankOf(ctx, lastConfig(params.slice(1)));
    return atBank(bank, accountAt(ctx, address, bank)?.lamports ?? 0n);
  },
});
