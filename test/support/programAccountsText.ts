/**
 * Token accounts as agave writes them in a getProgramAccounts answer (no space, u64::MAX `rentEpoch`),
 * each with an address and data of its own, for tests that serve long lists by hand.
 */
import type { RecordedRequest } from './httpServer.js';

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const U64_MAX_TEXT = '18446744073709551615';

/** A distinct valid address per index: the index in base58 at the end of a fixed 44-character address. */
export function indexedAddress(i: number): string {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let text = '';
  let n = i + 1;
  while (n > 0) {
    text = alphabet[n % 58] + text;
    n = Math.floor(n / 58);
  }
  return `${'So1111111111111111111111111111111111111111'.slice(0, 44 - text.length - 1)}1${text}`.slice(-44);
}

/** Account `i`: `size` bytes of `i % 251`, lamports `2,039,280 + i` (or the text given). */
export function accountText(i: number, { size = 165, lamports }: { size?: number; lamports?: string } = {}): string {
  const data = Buffer.alloc(size, i % 251).toString('base64');
  return `{"account":{"data":["${data}","base64"],"executable":false,"lamports":${lamports ?? 2_039_280 + i},"owner":"${TOKEN_PROGRAM}","rentEpoch":${U64_MAX_TEXT},"space":${size}},"pubkey":"${indexedAddress(i)}"}`;
}

/** The JSON-RPC id of a recorded request. */
export const idOf = (request: RecordedRequest) => (request.json as { id: unknown }).id;
/** Its method. */
export const methodOf = (request: RecordedRequest) => (request.json as { method: string }).method;
