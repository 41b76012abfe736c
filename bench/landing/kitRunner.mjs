// @solana/kit 8.4.0 as its docs lead a bot to land a transfer: the compute-unit limit from kit's own
// estimate (estimateResourceLimitsFactory, which simulates; estimateAndSetResourceLimitsFactory sets it),
// a fixed compute-unit price (SetComputeUnitPrice), sendAndConfirmTransactionFactory over HTTP and
// WebSocket at 'confirmed'. kit sends once (the node rebroadcasts, or not) and, when the block height
// passes the blockhash's last valid height without a confirmation, throws BLOCK_HEIGHT_EXCEEDED: the bot
// then builds the transfer again on a new blockhash, until the intent's deadline.
import {
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  estimateAndSetResourceLimitsFactory,
  estimateResourceLimitsFactory,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  isSolanaError,
  SOLANA_ERROR__BLOCK_HEIGHT_EXCEEDED,
  sendAndConfirmTransactionFactory,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { kitTransferMessage } from './transfer.mjs';

export const name = '@solana/kit 8.4.0';

export async function createRunner({ lanes }) {
  const payers = await Promise.all(Array.from({ length: lanes }, () => generateKeyPairSigner()));
  let rpc;
  let rpcSubscriptions;
  let sendAndConfirm;
  let estimateAndSet;
  return {
    payers: payers.map((payer) => payer.address),
    start({ url, wsUrl }) {
      rpc = createSolanaRpc(url);
      rpcSubscriptions = createSolanaRpcSubscriptions(wsUrl);
      sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions });
      estimateAndSet = estimateAndSetResourceLimitsFactory(estimateResourceLimitsFactory({ rpc }));
    },
    async land({ lane, lamports, recipient, deadlineMs, slotNow, unitPrice }) {
      const payer = payers[lane];
      const outcome = { firstSendSlot: undefined, claim: 'unknown', signature: undefined, attempts: [] };
      const deadline = AbortSignal.timeout(deadlineMs);
      try {
        while (!deadline.aborted) {
          const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
          const message = await estimateAndSet(
            kitTransferMessage(payer, recipient, lamports, lifetime, { unitPrice }),
            { abortSignal: deadline },
          );
          const signed = await signTransactionMessageWithSigners(message);
          const attempt = { signature: getSignatureFromTransaction(signed), reported: 'unknown' };
          outcome.attempts.push(attempt);
          outcome.firstSendSlot ??= slotNow();
          try {
            await sendAndConfirm(signed, { commitment: 'confirmed', abortSignal: deadline });
            attempt.reported = 'landed';
            outcome.claim = 'landed';
            outcome.signature = attempt.signature;
            return outcome;
          } catch (error) {
            if (!isSolanaError(error, SOLANA_ERROR__BLOCK_HEIGHT_EXCEEDED)) throw error;
            // kit says this one expired: the bot believes it and builds another.
            attempt.reported = 'expired';
          }
        }
        // Every attempt reported expired and the deadline passed between them: the bot gives up, believing none landed.
        outcome.claim = 'not-landed';
      } catch (error) {
        // Aborted mid-attempt (the deadline), or an error kit gives no verdict with: nothing is claimed.
        outcome.claim = deadline.aborted ? 'unknown' : 'error';
        outcome.error = error;
      }
      return outcome;
    },
    close() {},
  };
}
