/** getTokenSupply: the supply the mint's bytes hold (the sum of its accounts), at its decimals. */
import { RpcFailure } from '../simulatedLedger.js';
import { tokenAmountAt } from '../simulatedTokens.js';
import { defineAnswer } from './answer.js';
import { verifyPubkey } from './parse.js';
import { accountAt, atBank, bankOf, lastConfig } from './shared.js';
import { mintAt } from './tokenScan.js';

export const getTokenSupply = defineAnswer({
  method: 'getTokenSupply',
  minimal: false,
  required: ['string'],
  optional: [{ struct: 'CommitmentConfig' }],
  answer(ctx, params) {
    const mint = verifyPubkey(params[0]);
    const bank = bankOf(ctx, lastConfig(params.slice(1)));
    // agave looks the account up first: no account is "could not find account" here.
    if (!accountAt(ctx, mint, bank))
      throw new RpcFailure({ code: -32602, message: 'Invalid param: could not find account' });
    const { decimals, supply } = mintAt(ctx, mint, bank);
    return atBank(bank, tokenAmountAt(supply, decimals));
  },
});
