/**
 * The cluster's faucet, as solana-test-validator runs one: requestAirdrop answers the signature of a real
 * System transfer from the faucet's key to the address, signed and sent like any other transaction, so
 * its status moves processed → confirmed → finalized and getTransaction shows it. Signing is WebCrypto's
 * and asynchronous: the faucet signs first (with the blockhash of the slot then, as a faucet fetches
 * one), and the transfer lands when the call is answered.
 */
import { encodeBase58 } from '../../codecs/base58.js';
import type { DecodedTransaction } from '../../index.js';
import { putU32le, putU64le } from '../bytes.js';
import { encodeTransaction } from '../encodeTransaction.js';
import { RpcFailure } from '../simulatedLedger.js';
import { SYSTEM_PROGRAM, simulatedAddress } from '../simulationCast.js';
import { FAUCET_ADDRESS, faucetSign } from './faucet.js';
import { land, type SendContext } from './send.js';

const U64_MAX = 18_446_744_073_709_551_615n;

/** An airdrop the faucet signed, waiting to be sent. */
export interface SignedAirdrop {
  address: string;
  amount: bigint;
  transaction: DecodedTransaction;
}

/** The amount asked for, as a u64; -32602 in agave's words when it is more. */
function amountOf(lamports: unknown): bigint {
  const amount = BigInt(lamports as number | bigint);
  if (amount > U64_MAX)
    throw new RpcFailure({ code: -32602, message: 'Invalid params: invalid value: integer, expected u64.' });
  return amount;
}

/** The faucet's signed transfer of `lamports` to `address`, its blockhash the one of `slot`. */
export async function signAirdrop(slot: number, address: string, lamports: unknown): Promise<SignedAirdrop> {
  const amount = amountOf(lamports);
  const data = new Uint8Array(12);
  putU32le(data, 2, 0);
  putU64le(data, amount, 4);
  const unsigned: DecodedTransaction = {
    signatures: ['1'.repeat(64)],
    message: {
      header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 },
      accountKeys: [FAUCET_ADDRESS, address, SYSTEM_PROGRAM],
      recentBlockhash: simulatedAddress(`blockhash/${slot}`),
      instructions: [{ programIdIndex: 2, accounts: [0, 1], data: encodeBase58(data) }],
    },
    version: 'legacy',
  };
  const message = encodeTransaction(unsigned).subarray(1 + 64);
  const signature = encodeBase58(await faucetSign(message));
  return { address, amount, transaction: { ...unsigned, signatures: [signature] } };
}

/** requestAirdrop: the signed transfer (signAirdrop's, made before the call is answered) lands in the next slot. */
export function requestAirdrop(
  context: SendContext,
  address: string,
  lamports: unknown,
  signed: SignedAirdrop | undefined,
): string {
  const amount = amountOf(lamports);
  // signAirdrop ran on these same params; without it nothing was signed (a bug here, not a refusal).
  if (!signed || signed.address !== address || signed.amount !== amount)
    throw new Error('requestAirdrop: the faucet did not sign this airdrop');
  return land(context, encodeTransaction(signed.transaction), signed.transaction);
}
