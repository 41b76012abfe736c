/**
 * The transaction argument of `sendTransaction` and `simulateTransaction`: wire bytes, or their text in
 * `config.encoding`. It is checked here, before any request, to be exactly one transaction that fits a
 * packet, and is always sent as base64 with `encoding: 'base64'` (agave's own default is base58).
 * @module
 */
import { decodeBase58 } from '../codecs/base58Text.js';
import { decodeBase64, encodeBase64 } from '../codecs/base64.js';
import { decodeTransaction } from '../codecs/transaction.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { isSolRpcError } from '../errors/isSolRpcError.js';
import { describe } from './check.js';
import { type OptionCheck, oneOf } from './config.js';

/** The most bytes a transaction may take: agave's `PACKET_DATA_SIZE` (1,280 − 40 − 8), refused above it. */
export const MAX_TRANSACTION_BYTES = 1232;

/** How the caller wrote a transaction given as text: `base64` (the default) or `base58`. */
export type TransactionTextEncoding = 'base64' | 'base58';

/** `encoding` of a transaction given as text. */
export const transactionEncoding: OptionCheck = /* @__PURE__ */ oneOf(['base64', 'base58']);

/** A signature of 64 zero bytes in base58: what a transaction carries in place of a missing signature. */
const ZERO_SIGNATURE = '1'.repeat(64);

/**
 * Checks a transaction argument and returns it as base64 text for the wire. `encoding` says how text is
 * written; `signed` refuses a transaction with any all-zero signature (not signed yet).
 */
export function checkWireTransaction(
  method: string,
  value: unknown,
  encoding: TransactionTextEncoding | undefined,
  signed: boolean,
): string {
  const param = 'transaction';
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
  let signatures: string[];
  try {
    signatures = decodeTransaction(bytes, { maxBytes: MAX_TRANSACTION_BYTES }).signatures;
  } catch (error) {
    if (!isSolRpcError(error, 'DecodeError')) throw error;
    throw new InvalidInputError({
      method,
      param,
      problem: `not a transaction: ${error.field} at byte ${error.offset}: ${error.message.split(': ').slice(2).join(': ')}`,
    });
  }
  const unsigned = signed ? signatures.indexOf(ZERO_SIGNATURE) : -1;
  if (unsigned !== -1) {
    throw new InvalidInputError({
      method,
      param,
      problem: `signature ${unsigned} is all zeros: the transaction is not signed`,
      hint: 'sign it with every required signer first; simulateTransaction takes unsigned transactions.',
    });
  }
  return encodeBase64(bytes);
}
