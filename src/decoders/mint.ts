/**
 * `decodeMint`: the bytes of an SPL Token or Token-2022 mint to the `info` that `jsonParsed` shows for it
 * (agave `account-decoder/src/parse_token.rs`).
 *
 * Layout (spl-token `Mint`, 82 bytes; a `COption` is a u32 tag, 0 or 1, then its value):
 * ```
 * 0    mintAuthority       COption<Pubkey>   36
 * 36   supply              u64
 * 44   decimals            u8
 * 45   isInitialized       bool (0 or 1)
 * 46   freezeAuthority     COption<Pubkey>   36
 * 82   Token-2022 only: zero padding to byte 165, account type 1, then extensions (see tokenExtensions.ts)
 * ```
 * @module
 */
import type { ReadonlyUint8Array } from '../types/index.js';
import type { MintInfo } from '../types/token.js';
import { ACCOUNT_BYTES, checkTokenBytes, readExtensions, TokenReader } from './tokenExtensions.js';

const DECODER = 'decodeMint';

/**
 * Decodes a mint of either token program: 82 bytes for SPL Token, 82 bytes or more for Token-2022, whose
 * extensions (transfer fees, metadata and its `additionalMetadata` pairs, pointers, groups, interest,
 * scaled UI amount, pausable…) come out with the names and value types `jsonParsed` uses. The result
 * equals the `info` of `jsonParsed` for the same mint; u64 values inside extensions stay exact (`bigint`
 * beyond 2^53, as the exact JSON parser gives them).
 *
 * Throws `DecodeError` (naming the field and byte offset) for bytes that are not a mint: too short, a
 * token account's or multisig's size, a bad option tag, non-zero padding, or extensions that run past the
 * end. Throws `InvalidInputError` when `bytes` is not a `Uint8Array`.
 * @example
 * const mint = decodeMint(account.data);
 * mint.decimals; // 6
 */
export function decodeMint(bytes: ReadonlyUint8Array): MintInfo {
  checkTokenBytes(bytes, DECODER, 'mint');
  const reader = new TokenReader(bytes, DECODER);
  if (bytes.length === ACCOUNT_BYTES) {
    throw reader.error(
      'bytes',
      0,
      `${ACCOUNT_BYTES} bytes is the size of a token account, not a mint: decode it with decodeTokenAccount`,
    );
  }
  const { mintAuthority, supply, decimals, isInitialized, freezeAuthority } = readMintFields(reader);
  const extensions = readExtensions(reader, 'mint', isInitialized);
  return {
    mintAuthority,
    supply,
    decimals,
    isInitialized,
    freezeAuthority,
    ...(extensions ? { extensions } : {}),
  };
}

/** A mint's base fields, in layout order: shared with `parseToken`, which frames them as agave does. */
export function readMintFields(reader: TokenReader) {
  const mintAuthority = reader.coptionAddress('mintAuthority') ?? null;
  const supply = reader.u64('supply').toString();
  const decimals = reader.u8('decimals');
  const isInitialized = reader.strictBool('isInitialized');
  const freezeAuthority = reader.coptionAddress('freezeAuthority') ?? null;
  return { mintAuthority, supply, decimals, isInitialized, freezeAuthority };
}
