/** getRecentPrioritizationFees: the last 150 slots (fewer on a younger cluster); every seventh one with a busy write lock. At most 128 accounts. */
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
    // The cache holds the last 150 slots; a cluster younger than that has fewer, from slot 0.
    const oldest = Math.max(0, ctx.slot - 149);
    return Array.from({ length: ctx.slot - oldest + 1 }, (_, i) => ({
      prioritizationFee: (oldest + i) % 7 === 0 ? 12_500 : 0,
      slot: oldest + i,
    }));
  },
});
