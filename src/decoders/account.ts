/**
 * From a validated wire account to the public one: exact bigints, and account data decoded from its
 * base58, base64 or base64+zstd text. It sits above both the wire schemas and the byte codecs, so that
 * neither of those imports the other.
 * @module
 */
import { decodeBase58 } from '../codecs/base58Text.js';
import { decodeBase64 } from '../codecs/base64.js';
import { decompressZstd, isZstdLoaded, loadZstd, ZstdError } from '../codecs/zstd.js';
import { ResponseTooLargeError } from '../errors/ResponseTooLargeError.js';
import { ValidationError } from '../errors/ValidationError.js';
import type { AccountShape } from '../options/accountConfig.js';
import type { WireAccount } from '../schemas/account.js';
import { loadParsedSchemas, type WireAccountData } from '../schemas/accountData.js';
import { toBigInt } from '../schemas/numbers.js';
import type { Schema } from '../schemas/struct.js';
import { nullMissingTokenFields } from '../schemas/token.js';
import { validateResult } from '../schemas/validate.js';
import type { Account, DecodeContext } from '../types/index.js';

/** The most bytes agave sends as base58 account data: larger accounts are refused in that encoding. */
const MAX_BASE58_ACCOUNT_BYTES = 128;

/**
 * How base64 account data becomes bytes: `decodeBase64`, or a list response's `createByteArena()`, whose
 * `take` also holds the list's decompressed zstd data.
 */
export type Base64Decoder = ((text: string) => Uint8Array | undefined) & {
  take?: (length: number) => Uint8Array;
};

/** Builds the public account from a validated wire account: exact bigints, decoded data, known keys only. */
export function decodeAccount<TData>(
  wire: WireAccount,
  context: DecodeContext,
  path: string,
  base64: Base64Decoder = decodeBase64,
): Account<TData> {
  const data = decodeAccountData(wire.data, context, `${path}.data`, base64);
  if (!(data instanceof Uint8Array)) nullMissingTokenFields(data as { program: string; parsed: unknown });
  return {
    lamports: toBigInt(wire.lamports),
    owner: wire.owner,
    data: data as TData,
    executable: wire.executable,
    rentEpoch: toBigInt(wire.rentEpoch),
    space: wire.space ?? null,
  };
}

/**
 * Checks an account method's result against the schema of the shape it asked for (`parsed` with
 * `jsonParsed`, `binary` otherwise; see `prepareAccountConfig`), then decodes it with `decode`, loading
 * the zstd decoder first if the server sent zstd data unasked.
 */
export function decodeAccountResult<TParsed, TBinary>(
  result: unknown,
  context: DecodeContext,
  shape: AccountShape | undefined,
  schemas: { parsed: () => Schema<TParsed>; binary: () => Schema<TBinary> },
  decode: (checked: TParsed | TBinary) => unknown,
  /** Whether parsed data may be any program's (false for the token-account methods, which check their own). */
  anyProgram = true,
): Promise<unknown> {
  const check = () =>
    withZstd(() =>
      decode(
        validateResult<TParsed | TBinary>(
          context.method,
          result,
          shape === 'parsed' ? schemas.parsed() : schemas.binary(),
        ),
      ),
    );
  // Parsed data is checked by its program's schema, loaded with the first parsed answer.
  return shape === 'parsed' && anyProgram ? loadParsedSchemas().then(check) : check();
}

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
 * `context.maxDecompressedBytes`), parsed objects passed through. A list of accounts passes the base64
 * decoder of its response (codecs/byteArena.ts) for all of them.
 */
export function decodeAccountData(
  wire: WireAccountData,
  context: DecodeContext,
  path: string,
  base64: Base64Decoder = decodeBase64,
): unknown {
  const base58 = `base58 text of at most ${MAX_BASE58_ACCOUNT_BYTES} bytes`;
  if (typeof wire === 'string')
    return decodeOrFail(decodeBase58(wire, MAX_BASE58_ACCOUNT_BYTES), base58, wire, context, path);
  if (!Array.isArray(wire)) return wire;
  const [text, encoding] = wire;
  if (encoding === 'base58')
    return decodeOrFail(decodeBase58(text, MAX_BASE58_ACCOUNT_BYTES), base58, text, context, `${path}.0`);
  if (encoding === 'base64') return decodeOrFail(base64(text), 'base64 text', text, context, `${path}.0`);
  // In a list the frame goes to its arena too, beside the accounts: an ArrayBuffer per frame cost more
  // than decompressing it.
  const bytes = decodeOrFail(base64(text), 'base64 text', text, context, `${path}.0`);
  if (!isZstdLoaded()) throw new ZstdNotLoaded();
  try {
    return decompressZstd(bytes, context.maxDecompressedBytes, base64.take);
  } catch (error) {
    if (error instanceof ZstdError && error.limitExceeded) {
      throw new ResponseTooLargeError({
        method: context.method,
        limit: context.maxDecompressedBytes,
        what: 'decompressed data',
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
