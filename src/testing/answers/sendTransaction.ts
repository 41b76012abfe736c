/**
 * sendTransaction: signatures verified (-32003), then the preflight at `preflightCommitment` unless skipped
 * (-32002 with the simulation's result); the transaction lands in the next slot.
 */
import { sendTransaction as send } from '../ledger/send.js';
import { defineAnswer } from './answer.js';

export const sendTransaction = defineAnswer({
  method: 'sendTransaction',
  minimal: false,
  required: ['string'],
  optional: [{ struct: 'RpcSendTransactionConfig' }],
  minContextSlot: { commitmentKey: 'preflightCommitment' },
  answer: (ctx, params) => send(ctx, params),
});
