// solrpc's landTransaction, as a bot calls it: a build callback that signs with @solana/kit, the
// subscriptions client given, its waits scaled to the slot (its defaults are for 400 ms slots: a poll and a
// rebroadcast every 500 ms, so 1.25 slots), and the call bounded by the intent's deadline.
import { generateKeyPairSigner, getTransactionEncoder, signTransactionMessageWithSigners } from '@solana/kit';
import { createRpc, createRpcSubscriptions, isSolRpcError, landTransaction } from '../../dist/index.js';
import { kitTransferMessage } from './transfer.mjs';

export const name = 'solrpc landTransaction';

export async function createRunner({ lanes, slotMs }) {
  const payers = await Promise.all(Array.from({ length: lanes }, () => generateKeyPairSigner()));
  let rpc;
  let subscriptions;
  const encoder = getTransactionEncoder();
  return {
    payers: payers.map((payer) => payer.address),
    start({ url, wsUrl }) {
      rpc = createRpc(url);
      subscriptions = createRpcSubscriptions(wsUrl);
    },
    async land({ lane, lamports, recipient, deadlineMs, slotNow }) {
      const payer = payers[lane];
      const outcome = { firstSendSlot: undefined, claim: 'unknown', signature: undefined, attempts: [] };
      try {
        const landed = await landTransaction(rpc, {
          subscriptions,
          timeoutMs: deadlineMs,
          pollIntervalMs: Math.round(slotMs * 1.25),
          resendIntervalMs: Math.round(slotMs * 1.25),
          onProgress(event) {
            if (event.stage === 'sent') {
              outcome.firstSendSlot ??= slotNow();
              outcome.attempts.push({ signature: event.signature, reported: 'unknown' });
            }
          },
          async build({ blockhash, lastValidBlockHeight, unitLimit, unitPrice }) {
            const message = kitTransferMessage(
              payer,
              recipient,
              lamports,
              { blockhash, lastValidBlockHeight },
              {
                unitLimit,
                unitPrice,
              },
            );
            return encoder.encode(await signTransactionMessageWithSigners(message));
          },
        });
        outcome.claim = 'landed';
        outcome.signature = landed.signature;
        for (const attempt of outcome.attempts)
          attempt.reported = attempt.signature === landed.signature ? 'landed' : 'expired';
      } catch (error) {
        if (isSolRpcError(error, 'TransactionNotLandedError')) {
          // Definite only when it says none can land; each attempt it proved expired is a claim too.
          outcome.claim = error.mayStillLand ? 'unknown' : 'not-landed';
          for (const attempt of error.attempts) {
            const known = outcome.attempts.find((a) => a.signature === attempt.signature);
            if (known) known.reported = attempt.mayStillLand ? 'unknown' : 'expired';
          }
        } else outcome.claim = 'error';
        outcome.error = error;
      }
      return outcome;
    },
    close() {
      subscriptions?.close();
    },
  };
}
