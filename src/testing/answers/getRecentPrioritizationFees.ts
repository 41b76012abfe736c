/**
 * getRecentPrioritizationFees from the ledger, as agave's prioritization fee cache answers: the 150
 * confirmed slots up to the confirmed bank (the cache keeps a slot once it is optimistically confirmed;
 * fewer on a younger cluster), each the lowest compute-unit price that landed in it, raised to the lowest
 * paid by the transactions that write-locked an account asked for. At most 128 accounts.
 */
import { prioritizationFees } from '../ledger/market.js';
import { RpcFailure } from '../simulatedLedger.js';
import { confirmedAt } from '../simulationCast.js';
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
    return prioritizationFees(ctx.ledger, confirmedAt(ctx.slot), accounts);
  },
});
