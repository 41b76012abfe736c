/**
 * What `jsonParsed` shows for a durable nonce account (a system account holding nonce state), as agave's
 * `account-decoder/src/parse_nonce.rs` writes it.
 * @module
 */
import type { Address } from './index.js';

/** A nonce account in use: who may advance it, the nonce it holds, and the fee it was created under. */
export interface NonceInitialized {
  /** The account's kind. */
  type: 'initialized';
  /** Its fields. */
  info: {
    /** The key that may advance, authorize or withdraw from the nonce. */
    authority: Address;
    /** The durable nonce: the value a transaction uses in place of a recent blockhash, base58. */
    blockhash: string;
    /** The fee schedule recorded when the nonce was last advanced. */
    feeCalculator: {
      /** Lamports per signature, a u64 in decimal text. */
      lamportsPerSignature: string;
    };
  };
}

/**
 * An uninitialized nonce. Current agave never writes it (it refuses to parse such an account, so the node
 * answers in base64); nodes from before that change did, so a response may still hold it.
 */
export interface NonceUninitialized {
  /** The account's kind. */
  type: 'uninitialized';
}

/** A nonce account's `parsed` value. */
export type ParsedNonce = NonceInitialized | NonceUninitialized;

/** A system account's `data` under `jsonParsed`. */
export interface ParsedNonceData {
  /** The parser's name for the owner program. */
  program: 'nonce';
  /** What the parser made of the data. */
  parsed: ParsedNonce;
  /** The account's data length in bytes. */
  space: number;
}
