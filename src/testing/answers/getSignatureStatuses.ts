/**
 * getSignatureStatuses: each signature's status as slots pass (processed, confirmed one slot on, finalized
 * 32 slots on, `confirmations` null then); null for one the node does not know, and for one that landed
 * fewer than `statusLagSlots` slots ago (the `statusLag` fault: a status index that lags). At most 256.
 */
import { context, RpcFailure } from '../simulatedLedger.js';
import { signatureStatus } from '../simulatedTransactions.js';
import { defineAnswer } from './answer.js';
import { verifySignature } from './parse.js';

export const getSignatureStatuses = defineAnswer({
  method: 'getSignatureStatuses',
  minimal: false,
  required: ['strings'],
  optional: [{ struct: 'RpcSignatureStatusConfig' }],
  answer(ctx, params) {
    const signatures = params[0] as string[];
    if (signatures.length > 256) throw new RpcFailure({ code: -32602, message: 'Too many inputs provided; max 256' });
    for (const signature of signatures) verifySignature(signature);
    return {
      context: context(ctx.slot),
      value: signatures.map((s) => signatureStatus(ctx.ledger, s, ctx.slot, ctx.statusLagSlots)),
    };
  },
});
