/** getRecentPrioritizationFees: the last 150 slots; every seventh one with a busy write lock. At most 128 accounts. */
import { RpcFailure } from '../simulatedLedger.js';
import { defineAnswer } from './answer.js';
import { verifyPubkey } from './parse.js';

export const getRecentPrioritizationFees = defineAnswer({
  method: 'getRecentPrioritizationFees',
  minimal: false,
  required: [],
  optional: ['strings'],
  answer(ctx, params) {
    const accounts = (params[0] ?? []) as string[];
    if (accounts.length > 128) throw new RpcFailure({ code: -32602, message: 'Too many inputs provided; max 128' });
    for (const account of accounts) verifyPubkey(account);
    return Array.from({ length: 150 }, (_, i) => ({
      prioritizationFee: (ctx.slot - 149 + i) % 7 === 0 ? 12_500 : 0,
      slot: ctx.slot - 149 + i,
    }));
  },
});
