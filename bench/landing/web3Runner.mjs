// @solana/web3.js 1.99.0 as a bot lands a transfer with it: a Transaction with
// ComputeBudgetProgram.setComputeUnitPrice at the same fixed price as kit's (no compute-unit limit: web3.js
// ships no estimate), sendAndConfirmTransaction at 'confirmed' on the blockhash's last valid block height
// (it sends once; it waits on a signature subscription and polls the block height every second). On
// TransactionExpiredBlockheightExceededError the bot builds the transfer again, until the intent's deadline.
import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  sendAndConfirmTransaction,
  Transaction,
  TransactionExpiredBlockheightExceededError,
} from '@solana/web3.js';

export const name = '@solana/web3.js 1.99.0';

export async function createRunner({ lanes }) {
  const payers = Array.from({ length: lanes }, () => Keypair.generate());
  let connection;
  return {
    payers: payers.map((payer) => payer.publicKey.toBase58()),
    start({ url, wsUrl }) {
      connection = new Connection(url, { commitment: 'confirmed', wsEndpoint: wsUrl });
    },
    async land({ lane, lamports, recipient, deadlineMs, slotNow, unitPrice }) {
      const payer = payers[lane];
      const to = new PublicKey(recipient);
      const outcome = { firstSendSlot: undefined, claim: 'unknown', signature: undefined, attempts: [] };
      const deadline = AbortSignal.timeout(deadlineMs);
      try {
        while (!deadline.aborted) {
          const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash('confirmed');
          const transaction = new Transaction({ feePayer: payer.publicKey, blockhash, lastValidBlockHeight }).add(
            ComputeBudgetProgram.setComputeUnitPrice({ microLamports: unitPrice }),
            SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports }),
          );
          const attempt = { signature: undefined, reported: 'unknown' };
          outcome.attempts.push(attempt);
          outcome.firstSendSlot ??= slotNow();
          // web3.js signs again when it sends, on a blockhash of its own cache: the signature is known after.
          const signature = () => encodeSignature(transaction.signature);
          try {
            await sendAndConfirmTransaction(connection, transaction, [payer], {
              commitment: 'confirmed',
              abortSignal: deadline,
            });
            attempt.signature = signature();
            attempt.reported = 'landed';
            outcome.claim = 'landed';
            outcome.signature = attempt.signature;
            return outcome;
          } catch (error) {
            attempt.signature = transaction.signature ? signature() : undefined;
            if (!(error instanceof TransactionExpiredBlockheightExceededError)) throw error;
            attempt.reported = 'expired';
          }
        }
        outcome.claim = 'not-landed';
      } catch (error) {
        outcome.claim = deadline.aborted ? 'unknown' : 'error';
        outcome.error = error;
      }
      return outcome;
    },
    close() {
      // web3.js keeps reconnecting its WebSocket to a cluster that is gone; its client has no public close.
      connection?._rpcWebSocket?.close();
    },
  };
}

/** A web3.js signature (bytes) as base58 text. */
function encodeSignature(bytes) {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let out = '';
  while (value > 0n) {
    out = alphabet[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}
