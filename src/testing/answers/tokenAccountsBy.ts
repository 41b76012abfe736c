/**
 * getTokenAccountsByOwner and getTokenAccountsByDelegate, one answer told which field of the token account
 * the address is matched against: the token accounts held that way, filtered by `{ mint }` or
 * `{ programId }`, in the bank at the commitment, each encoded as getAccountInfo encodes it.
 */
import { type AccountConfig, uiAccount } from '../simulatedAccounts.js';
import { defineAnswer } from './answer.js';
import { verifyPubkey } from './parse.js';
import { atBank, bankOf, lastConfig } from './shared.js';
import { tokenAccounts, tokenFilter } from './tokenScan.js';

export function tokenAccountsBy(method: string, field: 'owner' | 'delegate') {
  return defineAnswer({
    method,
    minimal: false,
    required: ['string', 'any'],
    optional: [{ struct: 'RpcAccountInfoConfig' }],
    minContextSlot: {},
    answer(ctx, params) {
      const address = verifyPubkey(params[0]);
      const config = lastConfig<AccountConfig & { commitment?: string }>(params.slice(2));
      const bank = bankOf(ctx, config);
      const passes = tokenFilter(ctx, params[1], bank);
      return atBank(
        bank,
        tokenAccounts(ctx, bank)
          .filter((account) => account[field] === address && passes(account))
          .map((account) => ({ account: uiAccount(account.stored, config, 'placeholder'), pubkey: account.address })),
      );
    },
  });
}
