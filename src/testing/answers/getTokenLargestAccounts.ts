/** getTokenLargestAccounts: the mint's 20 largest accounts, largest first, the amount beside the address. */
import { tokenAmountAt } from '../simulatedTokens.js';
import { defineAnswer } from './answer.js';
import { verifyPubkey } from './parse.js';
import { atBank, bankOf, lastConfig } from './shared.js';
import { mintAt, tokenAccounts } from './tokenScan.js';

export const getTokenLargestAccounts = defineAnswer({
  method: 'getTokenLargestAccounts',
  minimal: false,
  required: ['string'],
  optional: [{ struct: 'CommitmentConfig' }],
  answer(ctx, params) {
    const mint = verifyPubkey(params[0]);
    const bank = bankOf(ctx, lastConfig(params.slice(1)));
    const { decimals } = mintAt(ctx, mint, bank);
    const held = tokenAccounts(ctx, bank).filter((account) => account.mint === mint);
    held.sort((a, b) => (a.amount === b.amount ? 0 : a.amount > b.amount ? -1 : 1));
    return atBank(
      bank,
      held.slice(0, 20).map((account) => ({ address: account.address, ...tokenAmountAt(account.amount, decimals) })),
    );
  },
});
