/** getStakeMinimumDelegation: 1 SOL, as the stake program's minimum on mainnet-beta. */

import { defineAnswer } from './answer.js';
import { atBank, bankOf, lastConfig } from './shared.js';

export const getStakeMinimumDelegation = defineAnswer({
  method: 'getStakeMinimumDelegation',
  minimal: false,
  required: [],
  optional: [{ struct: 'RpcContextConfig' }],
  minContextSlot: {},
  answer: (ctx, params) => atBank(bankOf(ctx, lastConfig(params)), 1_000_000_000),
});
