/**
 * A nonce account read as the Solana CLI reads it (solana-rpc-client-nonce-utils `get_account_with_commitment`
 * and `state_from_account`), shared by `nonce` and `nonce-account`: owned by the system program, with data,
 * holding nonce `Versions`. Its error messages are that crate's.
 */
import { fetchAccount, parsedData, SYSTEM_PROGRAM } from './accountReads.js';
import { CliError } from './cliError.js';
import type { Context } from './context.js';
import { EXIT } from './io.js';

/** An initialized nonce's data, or `null` for an uninitialized one. */
export interface NonceRead {
  lamports: bigint;
  data: { blockhash: string; authority: string; lamportsPerSignature: bigint } | null;
}

export async function readNonce(ctx: Context, address: string): Promise<NonceRead> {
  const account = await fetchAccount(ctx, address);
  if (account === null) throw new CliError(`client error: AccountNotFound: pubkey=${address}`, EXIT.failed);
  if (account.owner !== SYSTEM_PROGRAM) throw new CliError('invalid account owner', EXIT.failed);
  if (account.bytes.length === 0) throw new CliError('unexpected account data size', EXIT.failed);
  const data = parsedData(account);
  if (data?.program === 'nonce' && data.parsed.type === 'initialized') {
    const { info } = data.parsed;
    return {
      lamports: account.lamports,
      data: {
        blockhash: info.blockhash,
        authority: info.authority,
        lamportsPerSignature: BigInt(info.feeCalculator.lamportsPerSignature),
      },
    };
  }
  // jsonParsed has no uninitialized nonce (agave refuses to parse one); the Solana CLI shows it. bincode
  // `Versions`: a u32 version (0 legacy, 1 current), then the state's u32 tag (0 uninitialized).
  const bytes = account.bytes;
  if (bytes.length >= 8) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (view.getUint32(0, true) <= 1 && view.getUint32(4, true) === 0)
      return { lamports: account.lamports, data: null };
  }
  throw new CliError('invalid account data', EXIT.failed);
}
