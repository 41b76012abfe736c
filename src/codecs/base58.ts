/**
 * Base58 encoding, through bs58. Decoding needs no codec (codecs/base58Text.ts): importing this module
 * builds bs58's codec, so only what writes base58 imports it.
 */
import bs58Module from 'bs58';

type Base58Codec = typeof bs58Module;

/**
 * bs58's CommonJS build sets `exports.default`. Imported from ESM the default is the codec; required
 * from our CommonJS build, Node's interop makes it the whole `exports` object. Accept both.
 */
function bs58(): Base58Codec {
  const module = bs58Module as Base58Codec & { default?: Base58Codec };
  return typeof module.encode === 'function' ? module : (module.default as Base58Codec);
}

/** Encodes bytes as base58 text. */
export function encodeBase58(bytes: Uint8Array): string {
  return bs58().encode(bytes);
}
