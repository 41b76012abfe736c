/** getLargestAccounts: the 20 largest lamport balances, by filter. */
import { largestLamportAccounts } from '../simulatedAccounts.js';
import { defineAnswer } from './answer.js';
import { atBank, bankOf, lastConfig } from './shared.js';

export const getLargestAccounts = defineAnswer({
  method: 'getLargestAccounts',
  minimal: false,
  required: [],
  optional: [{ struct: 'RpcLargestAccountsConfig' }],
  answer: (ctx, params) => atBank(bankOf(ctx, lastConfig(params)), largestLamportAccounts(lastConfig(params))),
});
