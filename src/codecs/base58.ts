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

/**
 * Why `text` is not a base58 value of exactly `byteLength` bytes, or `undefined` when it is one.
 * Length is checked on the text first (32 bytes need 32–44 characters, 64 bytes 64–88), which keeps
 * long garbage from reaching the decoder.
 */
export function base58Problem(text: unknown, byteLength: 32 | 64): string | undefined {
  if (typeof text !== 'string') return `expected a base58 string, got ${text === null ? 'null' : typeof text}`;
  const [min, max] = byteLength === 32 ? [32, 44] : [64, 88];
  if (text.length < min || text.length > max) {
    return `expected ${min}–${max} base58 characters (${byteLength} bytes), got ${text.length} characters`;
  }
  const bad = text.search(/[^1-9A-HJ-NP-Za-km-z]/);
  if (bad !== -1) return `character ${bad} is not in the base58 alphabet`;
  const decoded = bs58().decode(text);
  if (decoded.length !== byteLength) return `decodes to ${decoded.length} bytes, expected ${byteLength}`;
  return undefined;
}
