/**
 * `parseNonce`: a system account's bytes to what `jsonParsed` shows for it (agave
 * `account-decoder/src/parse_nonce.rs`), read from bincode `nonce::Versions` (solana-nonce):
 * ```
 * 0  u32  version: 0 legacy, 1 current (the same state follows either way)
 * 4  u32  state: 0 uninitialized, 1 initialized
 * 8  [32] authority
 * 40 [32] durable nonce (shown as `blockhash`)
 * 72 u64  fee calculator's lamports per signature
 * ```
 * bincode ignores bytes after the state, so they are ignored here too.
 * @module
 */
import { ByteReader } from '../codecs/byteReader.js';
import type { ReadonlyUint8Array } from '../types/index.js';
import type { NonceInitialized } from '../types/nonce.js';

/**
 * The `parsed` value of a system account. Throws `DecodeError` where agave refuses the bytes: anything
 * but an initialized nonce, including an uninitialized one and an account with no data (agave refuses
 * those so that an empty system account is never shown as a nonce, and the node answers in base64).
 */
export function parseNonce(bytes: ReadonlyUint8Array): NonceInitialized {
  const reader = new ByteReader(bytes as Uint8Array, 'nonce');
  const version = reader.u32('version');
  if (version > 1) throw reader.error('version', 0, `unknown version ${version}`);
  const state = reader.u32('state');
  if (state === 0) throw reader.error('state', 4, 'the nonce is uninitialized');
  if (state !== 1) throw reader.error('state', 4, `unknown state ${state}`);
  const authority = reader.address('authority');
  const blockhash = reader.address('blockhash');
  const lamportsPerSignature = reader.u64('feeCalculator.lamportsPerSignature');
  return {
    type: 'initialized',
    info: { authority, blockhash, feeCalculator: { lamportsPerSignature: lamportsPerSignature.toString() } },
  };
}
