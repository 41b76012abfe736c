/**
 * agave's checks of the values inside params (rpc.rs's verify_pubkey, verify_signature, the hash parse):
 * a base58 text of the wrong length is `WrongSize`, one that is not base58 is `Invalid`.
 */
import { decodeBase58 } from '../../codecs/base58Text.js';
import { RpcFailure } from '../simulatedLedger.js';

type ParseError = 'Invalid' | 'WrongSize';

/** Parses base58 of exactly `size` bytes (texts over `maxChars` are WrongSize before decoding, as in Rust). */
function parse(text: string, size: number, maxChars: number): ParseError | undefined {
  if (text.length > maxChars) return 'WrongSize';
  const bytes = decodeBase58(text, maxChars);
  if (bytes === undefined) return 'Invalid';
  return bytes.length === size ? undefined : 'WrongSize';
}

/** A pubkey param: -32602 "Invalid param: Invalid" or "Invalid param: WrongSize". */
export function verifyPubkey(text: unknown): string {
  const problem = parse(String(text), 32, 44);
  if (problem) throw new RpcFailure({ code: -32602, message: `Invalid param: ${problem}` });
  return String(text);
}

/** A signature param: -32602 "Invalid param: Invalid" or "Invalid param: WrongSize". */
export function verifySignature(text: unknown): string {
  const problem = parse(String(text), 64, 88);
  if (problem) throw new RpcFailure({ code: -32602, message: `Invalid param: ${problem}` });
  return String(text);
}

/** A blockhash param (isBlockhashValid): agave writes only the parse error's name. */
export function verifyHash(text: unknown): string {
  const problem = parse(String(text), 32, 44);
  if (problem) throw new RpcFailure({ code: -32602, message: problem });
  return String(text);
}
