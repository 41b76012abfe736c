/** getLargestAccounts: the 20 largest lamport balances, by filter. */
import { largestLamportAccounts } from '../simulatedAccounts.js';
import { defineAnswer } from './answer.js';
import { atBank, bankOf, lastConfig } from './shared.js';

export const getLargestAccounts = defineAnswer({
  method: 'getLargestAccounts',
  minimal: false,
  required: [],
  optional: [{ struct: 'RpcLargestAccountsConfig' }],
  answer(ctx, params) {
    const config = lastConfig<{ filter?: string; commitment?: string }>(params);
    const bank = bankOf(ctx, config);
    return atBank(bank, largestLamportAccounts(config, ctx.slot, ctx.nowMs, ctx.ledger, bank));
  },
});
