/**
 * A real signed transfer of 1 lamport to the simulated cluster's wallet, built with @solana/kit (a second,
 * independent implementation of the transaction format), for the tests that send one to the demo cluster.
 */
import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { SIMULATION } from '../../src/testing/simulatedCluster.js';

/** A blockhash and its last valid block height, as getLatestBlockhash answers. */
export interface Lifetime {
  blockhash: string;
  lastValidBlockHeight: number | bigint;
}

/** The address of the key whose 32 secret bytes are all `keyByte`: the payer of `signedWalletTransfer`. */
export async function payerAddress(keyByte: number): Promise<string> {
  return (await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(32).fill(keyByte))).address;
}

/**
 * The accounts option that funds the payers of `signedWalletTransfer` for these key bytes (1 SOL each):
 * the simulated cluster keeps balances, so an unfunded payer's transfer is refused as on a node.
 */
export async function fundedPayers(...keyBytes: number[]): Promise<Record<string, { lamports: number }>> {
  const entries = await Promise.all(keyBytes.map(async (b) => [await payerAddress(b), { lamports: 1_000_000_000 }]));
  return Object.fromEntries(entries);
}

/**
 * Signs a System Program transfer of 1 lamport from the key whose 32 secret bytes are all `keyByte` to
 * the simulated wallet. Returns the wire transaction (base64), its signature and the payer's address.
 */
export async function signedWalletTransfer(
  keyByte: number,
  lifetime: Lifetime,
): Promise<{ wire: string; signature: string; payer: string }> {
  const signer = await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(32).fill(keyByte));
  // SystemInstruction::Transfer (u32 2) of 1 lamport (u64 LE).
  const data = new Uint8Array([2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
  const transaction = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayerSigner(signer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: lifetime.blockhash as never, lastValidBlockHeight: BigInt(lifetime.lastValidBlockHeight) },
          m,
        ),
      (m) =>
        appendTransactionMessageInstruction(
          {
            programAddress: address('11111111111111111111111111111111'),
            accounts: [
              { address: signer.address, role: AccountRole.WRITABLE_SIGNER },
              { address: address(SIMULATION.wallet.address), role: AccountRole.WRITABLE },
            ],
            data,
          },
          m,
        ),
    ),
  );
  return {
    wire: getBase64EncodedWireTransaction(transaction),
    signature: getSignatureFromTransaction(transaction),
    payer: signer.address,
  };
}
