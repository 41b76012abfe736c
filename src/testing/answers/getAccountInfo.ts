/** getAccountInfo: the account in the bank at the commitment, in the encoding asked for; null when none. */
import { type AccountConfig, account } from '../simulatedAccounts.js';
import { defineAnswer } from './answer.js';
import { verifyPubkey } from './parse.js';
import { atBank, bankOf, lastConfig } from './shared.js';

export const getAccountInfo = defineAnswer({
  method: 'getAccountInfo',
  minimal: false,
  required: ['string'],
  optional: [{ struct: 'RpcAccountInfoConfig' }],
  minContextSlot: {},
  answer(ctx, params) {
    const address = verifyPubkey(params[0]);
    const config = lastConfig<AccountConfig & { commitment?: string }>(params.slice(1));
    const bank = bankOf(ctx, config);
    return atBank(bank, account(address, config, ctx.slot, ctx.nowMs, ctx.ledger, bank));
  },
});
