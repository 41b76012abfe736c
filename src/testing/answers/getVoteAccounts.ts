/** getVoteAccounts: current and delinquent vote accounts (a vote more than 128 slots behind is delinquent). */
import { voteAccounts } from '../simulatedValidators.js';
import { defineAnswer } from './answer.js';
import { bankOf, lastConfig } from './shared.js';

export const getVoteAccounts = defineAnswer({
  method: 'getVoteAccounts',
  minimal: true,
  required: [],
  optional: [{ struct: 'RpcGetVoteAccountsConfig' }],
  answer: (ctx, params) => voteAccounts(bankOf(ctx, lastConfig(params)), lastConfig(params)),
});
