import bs58Module from 'bs58';

type Base58Codec = typeof bs58Module;

/**
 * bs58's CommonJS build sets `exports.default`. Imported from ESM the default is the codec; required
 * from our CommonJS build, Node's interop makes it the whole `exports` object. Accept both.
 */
function bs58(): Base58Codec {
  const module = bs58Module as Base58Codec & { default?: Base58Codec };
  return typeof module.decode === 'function' ? module : (module.default as Base58Codec);
}

const ALPHABET = /^[1-9A-HJ-NP-Za-km-z]*$/;

/** Base58 characters per byte: log(256) / log(58). */
const CHARS_PER_BYTE = Math.log(256) / Math.log(58);

/**
 * Decodes base58 text of at most `maxBytes` bytes, or returns `undefined` when it holds a character outside
 * the alphabet or is longer than `maxBytes` bytes can need. The length check comes first because base58
 * decoding takes time quadratic in the length: a megabyte of text would hold the thread for minutes.
 */
export function decodeBase58(text: string, maxBytes: number): Uint8Array | undefined {
  if (text.length > Math.ceil(maxBytes * CHARS_PER_BYTE)) return undefined;
  if (!ALPHABET.test(text)) return undefined;
  const bytes = bs58().decode(text);
  return bytes.length > maxBytes ? undefined : bytes;
}

/** The most bytes agave sends as base58 account data: larger accounts are refused in that encoding. */
export const MAX_BASE58_ACCOUNT_BYTES = 128;

/** Encodes bytes as base58 text. */
export function encodeBase58(bytes: Uint8Array): string {
  return bs58().encode(bytes);
}
