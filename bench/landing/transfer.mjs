// What every client lands: a System Program transfer from a lane's payer to the one recipient, of
// BASE_LAMPORTS + the intent's number, so the ledger tells which intent each landed transaction was (two
// landed transactions with one amount are a double land). Built and signed with @solana/kit for solrpc's
// build callback and for kit itself.
import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  createTransactionMessage,
  pipe,
  setTransactionMessageComputeUnitLimit,
  setTransactionMessageComputeUnitPrice,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';

export const BASE_LAMPORTS = 10_000n;
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/** The lamports intent `intent` moves: its identity in the ledger. */
export const amountOf = (intent) => BASE_LAMPORTS + BigInt(intent);
/** The intent a landed amount belongs to. */
export const intentOf = (lamports) => Number(BigInt(lamports) - BASE_LAMPORTS);

/** SystemInstruction::Transfer (2, then the lamports as a u64, little-endian) for kit. */
export function kitTransfer(payer, recipient, lamports) {
  const data = new Uint8Array(12);
  new DataView(data.buffer).setUint32(0, 2, true);
  new DataView(data.buffer).setBigUint64(4, lamports, true);
  return {
    programAddress: address(SYSTEM_PROGRAM),
    accounts: [
      { address: payer.address, role: AccountRole.WRITABLE_SIGNER, signer: payer },
      { address: address(recipient), role: AccountRole.WRITABLE },
    ],
    data,
  };
}

/** A v0 transfer message on `lifetime`, with a compute-unit price and (when given) limit. */
export function kitTransferMessage(payer, recipient, lamports, lifetime, { unitPrice, unitLimit }) {
  return pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstruction(kitTransfer(payer, recipient, lamports), m),
    (m) => (unitLimit === undefined ? m : setTransactionMessageComputeUnitLimit(unitLimit, m)),
    (m) => setTransactionMessageComputeUnitPrice(unitPrice, m),
  );
}
