/**
 * The cluster's faucet, as solana-test-validator runs one: requestAirdrop answers the signature of a real
 * System transfer from the faucet's key to the address, signed and sent like any other transaction, so
 * its status moves processed → confirmed → finalized and getTransaction shows it.
 */
import { sign } from 'node:crypto';
import { encodeBase58 } from '../../codecs/base58.js';
import type { DecodedTransaction } from '../../index.js';
import { encodeTransaction } from '../encodeTransaction.js';
import { RpcFailure } from '../simulatedLedger.js';
import { SYSTEM_PROGRAM, simulatedAddress } from '../simulationCast.js';
import { faucetKey } from './faucet.js';
import { land, type SendContext } from './send.js';

const U64_MAX = 18_446_744_073_709_551_615n;

/** requestAirdrop: a transfer of `lamports` from the faucet, landing in the next slot. */
export function requestAirdrop(context: SendContext, address: string, lamports: unknown): string {
  const amount = BigInt(lamports as number | bigint);
  if (amount > U64_MAX)
    throw new RpcFailure({ code: -32602, message: 'Invalid params: invalid value: integer, expected u64.' });
  const { key, address: from } = faucetKey();
  const data = Buffer.alloc(12);
  data.writeUInt32LE(2, 0);
  data.writeBigUInt64LE(amount, 4);
  const unsigned: DecodedTransaction = {
    signatures: ['1'.repeat(64)],
    message: {
      header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 },
      accountKeys: [from, address, SYSTEM_PROGRAM],
      recentBlockhash: simulatedAddress(`blockhash/${context.slot}`),
      instructions: [{ programIdIndex: 2, accounts: [0, 1], data: encodeBase58(data) }],
    },
    version: 'legacy',
  };
  const message = encodeTransaction(unsigned).subarray(1 + 64);
  const signature = encodeBase58(sign(null, message, key));
  const transaction = { ...unsigned, signatures: [signature] };
  return land(context, encodeTransaction(transaction), transaction);
}
