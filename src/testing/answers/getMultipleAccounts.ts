/**
 * getMultipleAccounts: the same accounts getAccountInfo serves, in the order asked; at most 100. In a list,
 * agave writes a placeholder for base58 data over 128 bytes instead of refusing the call.
 */
import { type AccountConfig, uiAccount } from '../simulatedAccounts.js';
import { RpcFailure } from '../simulatedLedger.js';
import { defineAnswer } from './answer.js';
import { verifyPubkey } from './parse.js';
import { accountAt, atBank, bankOf, lastConfig } from './shared.js';

export const getMultipleAccounts = defineAnswer({
  method: 'getMultipleAccounts',
  minimal: false,
  required: ['strings'],
  optional: [{ struct: 'RpcAccountInfoConfig' }],
  minContextSlot: {},
  answer(ctx, params) {
    const addresses = params[0] as string[];
    if (addresses.length > 100) throw new RpcFailure({ code: -32602, message: 'Too many inputs provided; max 100' });
    for (const address of addresses) verifyPubkey(address);
    const config = lastConfig<AccountConfig & { commitment?: string }>(params.slice(1));
    const bank = bankOf(ctx, config);
    return atBank(
      bank,
      addresses.map((address) => {
        const stored = accountAt(ctx, address, bank);
        return stored === undefined ? null : uiAccount(stored, config, 'placeholder');
      }),
    );
  },
});
