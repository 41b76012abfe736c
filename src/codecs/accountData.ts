import { ResponseTooLargeError } from '../errors/ResponseTooLargeError.js';
import { ValidationError } from '../errors/ValidationError.js';
import { memo } from '../schemas/memo.js';
import { expected, safeInteger } from '../schemas/numbers.js';
import { define, dynamic, enums, type Schema, string, tuple, type } from '../schemas/struct.js';
import { parsedTokenAccountData, parsedTokenProgramData } from '../schemas/token.js';
import type { DecodeContext } from '../types.js';
import { decodeBase58, MAX_BASE58_ACCOUNT_BYTES } from './base58.js';
import { decodeBase64 } from './base64.js';
import { decompressZstd, isZstdLoaded, loadZstd, ZstdError } from './zstd.js';

/**
 * Account `data` as it arrives: a bare base58 string (agave's legacy `binary` default), an
 * `[text, encoding]` pair, or a parsed object. Which parsed objects are allowed depends on the method.
 */
export type WireAccountData = string | [string, 'base58' | 'base64' | 'base64+zstd'] | ParsedWire;
type ParsedWire = { program: string; parsed: unknown; space: number };

const encodedPair = /* @__PURE__ */ memo(() => tuple([string(), enums(['base58', 'base64', 'base64+zstd'])]));

const otherParsed = /* @__PURE__ */ memo(() =>
  type({ program: string(), parsed: type({ type: string() }), space: safeInteger() }),
);

/**
 * The schema for account data. `binary` accepts the encoded forms only; `parsed` also accepts any
 * program's parsed object (token programs' checked in full); `parsedTokenAccount` accepts parsed
 * token accounts only.
 */
export function accountDataSchema(mode: 'binary' | 'parsed' | 'parsedTokenAccount'): Schema<WireAccountData> {
  return dynamic((value): Schema<WireAccountData> => {
    if (typeof value === 'string') return string() as unknown as Schema<WireAccountData>;
    if (Array.isArray(value) || mode === 'binary') return encodedPair() as Schema<WireAccountData>;
    if (mode === 'parsedTokenAccount') return parsedTokenAccountData() as unknown as Schema<WireAccountData>;
    const program = typeof value === 'object' && value !== null ? (value as { program?: unknown }).program : undefined;
    if (program === 'spl-token' || program === 'spl-token-2022') {
      return parsedTokenProgramData() as unknown as Schema<WireAccountData>;
    }
    if (typeof value === 'object' && value !== null) return otherParsed() as Schema<WireAccountData>;
    return unknownData();
  });
}

const unknownData = /* @__PURE__ */ memo(() =>
  define<WireAccountData>('accountData', (value) => expected('encoded or parsed account data', value)),
);

/** Thrown when base64+zstd data arrives before the zstd decoder is loaded; `withZstd` loads it and retries. */
class ZstdNotLoaded extends Error {}

/**
 * Runs a decoder that may meet zstd data. The decoder is normally loaded while the request is in flight
 * (see `prepareAccountConfig`); only a server that sends zstd unasked makes this load it and decode again.
 */
export async function withZstd<T>(decode: () => T): Promise<T> {
  try {
    return decode();
  } catch (error) {
    if (!(error instanceof ZstdNotLoaded)) throw error;
    await loadZstd();
    return decode();
  }
}

/**
 * Decodes validated account data: encoded forms to `Uint8Array` (zstd decompressed, at most
 * `context.maxDecompressedBytes`), parsed objects passed through.
 */
export function decodeAccountData(wire: WireAccountData, context: DecodeContext, path: string): unknown {
  const base58 = `base58 text of at most ${MAX_BASE58_ACCOUNT_BYTES} bytes`;
  if (typeof wire === 'string')
    return decodeOrFail(decodeBase58(wire, MAX_BASE58_ACCOUNT_BYTES), base58, wire, context, path);
  if (!Array.isArray(wire)) return wire;
  const [text, encoding] = wire;
  if (encoding === 'base58')
    return decodeOrFail(decodeBase58(text, MAX_BASE58_ACCOUNT_BYTES), base58, text, context, `${path}.0`);
  const bytes = decodeOrFail(decodeBase64(text), 'base64 text', text, context, `${path}.0`);
  if (encoding === 'base64') return bytes;
  if (!isZstdLoaded()) throw new ZstdNotLoaded();
  try {
    return decompressZstd(bytes, context.maxDecompressedBytes);
  } catch (error) {
    if (error instanceof ZstdError && error.limitExceeded) {
      throw new ResponseTooLargeError({
        method: context.method,
        limit: context.maxDecompressedBytes,
        what: 'decompressed data',
        option: 'maxDecompressedBytes',
      });
    }
    throw new ValidationError({
      method: context.method,
      path: `${path}.0`,
      expected: 'a zstd frame',
      received: error instanceof Error ? error.message : 'undecodable bytes',
    });
  }
}

function decodeOrFail(
  bytes: Uint8Array | undefined,
  what: string,
  text: string,
  context: DecodeContext,
  path: string,
): Uint8Array {
  if (bytes) return bytes;
  throw new ValidationError({
    method: context.method,
    path,
    expected: what,
    received: `${text.length} characters that are not ${what}`,
  });
}
