/**
 * The transaction argument of `sendTransaction`, `simulateTransaction` and `sendAndConfirmTransaction`:
 * wire bytes, or their text in `config.encoding`. It is checked before any request to be exactly one
 * transaction that fits a packet, and is always sent as base64 with `encoding: 'base64'` (agave's own
 * default is base58). Its form and size are checked at once; its layout by a module loaded with the
 * first transaction (`readTransactionLayout`), which the methods' `run` awaits before the request: the
 * full client carries 2.1 KB gzip less up front for it (docs/tree-shaking.md).
 * @module
 */
import { decodeBase58 } from '../codecs/base58Text.js';
import { decodeBase64, encodeBase64 } from '../codecs/base64.js';
import type { TransactionLayout } from '../codecs/transactionLayout.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { SolRpcError } from '../errors/SolRpcError.js';
import { describe } from './check.js';
import { type OptionCheck, oneOf } from './config.js';

/** The most bytes a transaction may take: agave's `PACKET_DATA_SIZE` (1,280 − 40 − 8), refused above it. */
export const MAX_TRANSACTION_BYTES = 1232;

/** How the caller wrote a transaction given as text: `base64` (the default) or `base58`. */
export type TransactionTextEncoding = 'base64' | 'base58';

/** `encoding` of a transaction given as text. */
export const transactionEncoding: OptionCheck = /* @__PURE__ */ oneOf(['base64', 'base58']);

/**
 * Checks a transaction argument's form: bytes, or text in `encoding`, of at most a packet. Returns its
 * bytes; `readTransactionLayout` checks what they hold. `param` names it in a refusal.
 */
export function readWireTransaction(
  method: string,
  value: unknown,
  encoding: TransactionTextEncoding | undefined,
  param = 'transaction',
): Uint8Array {
  let bytes: Uint8Array | undefined;
  if (value instanceof Uint8Array) bytes = value;
  else if (typeof value === 'string') {
    // Base58 text of more than a packet is refused unread: its decoding time grows with the square.
    bytes = encoding === 'base58' ? decodeBase58(value, MAX_TRANSACTION_BYTES) : decodeBase64(value);
    if (!bytes) {
      const what = encoding === 'base58' ? 'base58' : 'base64 (pass config.encoding for base58)';
      throw new InvalidInputError({
        method,
        param,
        problem: `not ${what} text of at most ${MAX_TRANSACTION_BYTES} bytes`,
      });
    }
  } else {
    throw new InvalidInputError({
      method,
      param,
      problem: `expected the wire bytes (a Uint8Array) or their base64 or base58 text, got ${describe(value)}`,
    });
  }
  if (bytes.length > MAX_TRANSACTION_BYTES) {
    throw new InvalidInputError({
      method,
      param,
      problem: `${bytes.length} bytes is over the ${MAX_TRANSACTION_BYTES}-byte packet limit`,
      hint: 'a transaction must fit one packet: split its instructions, or use an address lookup table (v0).',
    });
  }
  return bytes;
}

/** `readWireTransaction`, as base64 text for the wire. */
export function checkWireTransaction(
  method: string,
  value: unknown,
  encoding: TransactionTextEncoding | undefined,
): string {
  return encodeBase64(readWireTransaction(method, value, encoding));
}

/**
 * Reads `bytes` as one transaction, refusing them, with `param` named, when they are not exactly one, and
 * when `signed`, when a signature is left all zeros. The reader (options/transactionReader.ts) is loaded
 * on first use; if it cannot be (an offline browser, a chunk renamed by a deploy), the call fails with a
 * retryable `SolRpcError` that says so, and sends nothing unchecked.
 */
export async function readTransactionLayout(
  method: string,
  bytes: Uint8Array,
  signed: boolean,
  param = 'transaction',
): Promise<TransactionLayout> {
  let reader: typeof import('./transactionReader.js');
  try {
    reader = await import('./transactionReader.js');
  } catch (cause) {
    throw new SolRpcError('could not load the reader of transactions', { method, cause, retryable: true });
  }
  const read = reader.readCheckedTransaction(bytes, signed);
  if ('layout' in read) return read.layout;
  throw new InvalidInputError({ method, param, ...read });
}
