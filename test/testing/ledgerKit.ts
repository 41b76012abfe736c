/**
 * Signed transactions for the test cluster's ledger tests, built with @solana/kit (an implementation of the
 * wire format independent of solrpc's): System transfers and memos from keys made of one repeated byte.
 */
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

/** The key whose 32 secret bytes are all `byte`. */
export function keyOf(byte: number): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(32).fill(byte));
}

/** SystemInstruction::Transfer of `lamports` from `from` (signing) to `to`. */
export function transferInstruction(from: KeyPairSigner, to: string, lamports: bigint): Instruction {
  const data = new Uint8Array(12);
  new DataView(data.buffer).setUint32(0, 2, true);
  new DataView(data.buffer).setBigUint64(4, lamports, true);
  return {
    programAddress: address(SYSTEM_PROGRAM),
    accounts: [
      { address: from.address, role: AccountRole.WRITABLE_SIGNER, signer: from } as never,
      { address: address(to), role: AccountRole.WRITABLE },
    ],
    data,
  };
}

/** A Memo (v2) instruction with `text`, signed by `signer`. */
export function memoInstruction(signer: KeyPairSigner, text: string): Instruction {
  return {
    programAddress: address(MEMO_PROGRAM),
    accounts: [{ address: signer.address, role: AccountRole.READONLY_SIGNER, signer } as never],
    data: new TextEncoder().encode(text),
  };
}

/** A legacy transaction paid by `payer` with these instructions: its base64 wire form and signature. */
export async function signed(
  payer: KeyPairSigner,
  blockhash: string,
  instructions: Instruction[],
): Promise<{ wire: string; signature: string }> {
  const transaction = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash as never, lastValidBlockHeight: 0n }, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  );
  return { wire: getBase64EncodedWireTransaction(transaction), signature: getSignatureFromTransaction(transaction) };
}

/** A JSON-RPC call over plain fetch: the body as a kit user's transport sees it. */
export async function rawCall(url: string, method: string, params: unknown[]): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as Record<string, unknown>;
}
