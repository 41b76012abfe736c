/**
 * sendTransaction: unless preflight is skipped, signatures verified (-32003), the node's health checked
 * (-32005) and the transaction simulated at `preflightCommitment` (-32002 with the simulation's result,
 * AlreadyProcessed for one that landed already); the transaction lands in the next slot.
 */
import { prepareVerified, sendTransaction as send } from '../ledger/send.js';
import { defineAnswer } from './answer.js';

export const sendTransaction = defineAnswer({
  method: 'sendTransaction',
  minimal: false,
  required: ['string'],
  optional: [{ struct: 'RpcSendTransactionConfig' }],
  minContextSlot: { commitmentKey: 'preflightCommitment' },
  // Signatures are checked by WebCrypto, asynchronously, before the answer (send.ts's prepareVerified).
  prepare: (_ctx, params) => prepareVerified(params[0], (params[1] as { encoding?: string } | undefined)?.encoding),
  answer: (ctx, params) => send(ctx, params, ctx.prepared, ctx.behindSlots),
});
