/**
 * A durable nonce account in the system program's layout (nonce Versions, bincode, 80 bytes): the
 * Current version (u32 1), the Initialized state (u32 1), the authority, the durable nonce and the fee
 * calculator's lamports per signature.
 */
import { encodeBase58 } from '../../codecs/base58.js';
import { concatBytes, utf8Bytes } from '../bytes.js';
import { sha256 } from '../hash.js';
import { decodeAddress } from '../simulatedLedger.js';
import { ByteWriter } from './byteWriter.js';

/** nonce::state::State::size(): what `solana create-nonce-account` allocates. */
export const NONCE_ACCOUNT_SPACE = 80;

/**
 * The durable nonce a blockhash gives (DurableNonce::from_blockhash): sha256 of "DURABLE_NONCE" then the
 * blockhash, so that a stored nonce is never itself a valid recent blockhash.
 */
export function durableNonceOf(blockhash: string): string {
  return encodeBase58(sha256(concatBytes([utf8Bytes('DURABLE_NONCE'), decodeAddress(blockhash)])));
}

export function nonceAccountBytes(authority: string, durableNonce: string, lamportsPerSignature: bigint): Uint8Array {
  return new ByteWriter()
    .u32(1)
    .u32(1)
    .key(authority)
    .key(durableNonce)
    .u64(lamportsPerSignature)
    .finish(NONCE_ACCOUNT_SPACE);
}
