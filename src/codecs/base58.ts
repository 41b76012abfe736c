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

/** Decodes base58 text, or returns `undefined` when it holds a character outside the alphabet. */
export function decodeBase58(text: string): Uint8Array | undefined {
  if (!ALPHABET.test(text)) return undefined;
  return bs58().decode(text);
}

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
