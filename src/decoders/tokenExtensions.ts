/**
 * What `decodeTokenAccount` and `decodeMint` share: a bounds-checked reader for the token programs'
 * little-endian layouts, the framing around the base state, and the Token-2022 extensions, each decoded
 * to the `state` agave's `jsonParsed` shows for it (`account-decoder/src/parse_token_extension.rs`).
 *
 * Layout (spl-token-2022 `StateWithExtensions`):
 * ```
 * 0..165   base state: an Account (165 bytes), or a Mint (82 bytes) and zero padding up to byte 165
 * 165      account type: 1 = Mint, 2 = Account
 * 166..    TLV entries: type u16 LE | length u16 LE | value. Type 0, or fewer than 2 bytes left, ends them.
 * ```
 * An account of exactly 165 bytes, or a mint of exactly 82, has no extensions: that is SPL Token's layout.
 * 355 bytes is a multisig under both programs, which is why no account or mint with extensions has that size.
 * @module
 */
import { encodeBase58 } from '../codecs/base58.js';
import { ByteReader } from '../codecs/byteReader.js';
import { DecodeError } from '../errors/DecodeError.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import type { KnownTokenExtension, TokenExtension, TokenExtensionName } from '../types/token.js';
import { jsonInteger, rustFloatString } from './jsonValues.js';

/** The size of a token account's base state, and where a Token-2022 account type byte sits. */
export const ACCOUNT_BYTES = 165;
/** The size of a mint's base state. */
export const MINT_BYTES = 82;
/** The size of a multisig: never a token account or a mint, with or without extensions. */
const MULTISIG_BYTES = 355;
/** The largest account data the runtime allows (`MAX_PERMITTED_DATA_LENGTH`, 10 MiB). */
const MAX_ACCOUNT_BYTES = 10 * 1024 * 1024;
const TLV_START = ACCOUNT_BYTES + 1;
const ACCOUNT_TYPE = { mint: 1, account: 2 } as const;

/** Which base state the bytes hold: extensions belong to one or the other. */
export type TokenBase = keyof typeof ACCOUNT_TYPE;

/**
 * The checks every token decoder makes before reading: bytes are a `Uint8Array`, no larger than any
 * account can be, and not a multisig's size.
 */
export function checkTokenBytes(bytes: unknown, decoder: string, base: TokenBase): asserts bytes is Uint8Array {
  if (!(bytes instanceof Uint8Array)) {
    throw new InvalidInputError({
      param: 'bytes',
      problem: `${decoder} expects a Uint8Array, got ${Object.prototype.toString.call(bytes).slice(8, -1)}`,
    });
  }
  if (bytes.length > MAX_ACCOUNT_BYTES) {
    const problem = `${bytes.length} bytes is more than an account can hold (${MAX_ACCOUNT_BYTES})`;
    throw new DecodeError({ decoder, field: 'bytes', offset: MAX_ACCOUNT_BYTES, problem });
  }
  if (bytes.length === MULTISIG_BYTES) {
    const problem = `${MULTISIG_BYTES} bytes is the size of a multisig, not a ${base === 'mint' ? 'mint' : 'token account'}`;
    throw new DecodeError({ decoder, field: 'bytes', offset: 0, problem });
  }
  // The other kind's account type, checked before the base state is read as the wrong one.
  if (bytes.length > ACCOUNT_BYTES && bytes[ACCOUNT_BYTES] === ACCOUNT_TYPE[base === 'mint' ? 'account' : 'mint']) {
    const problem =
      base === 'mint'
        ? 'these bytes are a token account (account type 2): decode them with decodeTokenAccount'
        : 'these bytes are a mint (account type 1): decode them with decodeMint';
    throw new DecodeError({ decoder, field: 'accountType', offset: ACCOUNT_BYTES, problem });
  }
}

/** The byte reader with the token programs' own values: pod bools, COption tags, borsh strings. */
export class TokenReader extends ByteReader {
  /** An optional key stored as 32 bytes, all zero meaning none (spl-pod `OptionalNonZeroPubkey`). */
  optionalAddress(field: string): string | null {
    const key = this.bytesOf(field, 32);
    return isZero(key) ? null : encodeBase58(key);
  }

  /** A pod bool: any byte but 0 is true, as spl-pod's `PodBool` converts. */
  bool(field: string): boolean {
    return this.u8(field) !== 0;
  }

  /** A strict bool (the base states' `is_initialized`): only 0 and 1 are valid. */
  strictBool(field: string): boolean {
    const at = this.offset;
    const byte = this.u8(field);
    if (byte > 1) throw this.error(field, at, `expected 0 or 1, got ${byte}`);
    return byte === 1;
  }

  /**
   * A `COption` tag: 4 bytes, `[0,0,0,0]` for none and `[1,0,0,0]` for some. Anything else is refused,
   * as spl-token's `unpack_coption_*` refuses it. A none's value bytes are skipped unread.
   */
  private coption(field: string, valueBytes: number): boolean {
    const at = this.offset;
    const tag = this.u32(field);
    if (tag > 1) throw this.error(field, at, `its option tag is ${tag}, not 0 (none) or 1 (some)`);
    if (tag === 0) this.take(field, valueBytes);
    return tag === 1;
  }

  coptionAddress(field: string): string | undefined {
    return this.coption(field, 32) ? this.address(field) : undefined;
  }

  coptionU64(field: string): bigint | undefined {
    return this.coption(field, 8) ? this.u64(field) : undefined;
  }

  /**
   * A borsh string: u32 length, then that many bytes of UTF-8, kept whole: a leading U+FEFF is a
   * character of the string (Rust's `String::from_utf8` strips nothing), not a byte-order mark.
   */
  string(field: string): string {
    const length = this.u32(field);
    const at = this.offset;
    const bytes = this.bytesOf(field, length);
    try {
      return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      throw this.error(field, at, 'it is not valid UTF-8');
    }
  }
}

/**
 * Reads the framing after a base state and decodes the extensions. Returns `undefined` when there are
 * none, as `jsonParsed` then leaves `extensions` out. `initialized` is whether the base state is: an
 * account allocated with room for extensions but not yet initialized still has account type 0.
 */
export function readExtensions(
  reader: TokenReader,
  base: TokenBase,
  initialized: boolean,
): TokenExtension[] | undefined {
  const { bytes } = reader;
  if (reader.offset === bytes.length) return undefined;
  if (bytes.length < TLV_START) {
    const what = base === 'mint' ? `a mint longer than ${MINT_BYTES} bytes` : 'a token account with extensions';
    const problem = `${bytes.length} bytes: ${what} holds its account type at byte ${ACCOUNT_BYTES}, so it needs at least ${TLV_START}`;
    throw reader.error('accountType', bytes.length, problem);
  }
  // A mint's base state is padded with zeros up to the account type, so that no mint can look like an account.
  const paddingOffset = reader.offset;
  if (!isZero(reader.bytesOf('padding', ACCOUNT_BYTES - reader.offset))) {
    const first = bytes.subarray(paddingOffset, ACCOUNT_BYTES).findIndex((byte) => byte !== 0);
    throw reader.error(
      'padding',
      paddingOffset + first,
      'the padding between a mint and its account type must be zero',
    );
  }
  const typeOffset = reader.offset;
  const accountType = reader.u8('accountType');
  if (accountType !== ACCOUNT_TYPE[base] && !(accountType === 0 && !initialized)) {
    // The other kind's type was refused before the base state was read (checkTokenBytes).
    const problem =
      accountType === 0
        ? 'account type 0 (uninitialized) on an initialized base state'
        : `unknown account type ${accountType}`;
    throw reader.error('accountType', typeOffset, problem);
  }

  const extensions: TokenExtension[] = [];
  // agave reads every extension by its type, so a type written twice shows its first value both times:
  // decoded once, and the same object shown for each repeat.
  const decoded = new Map<number, TokenExtension>();
  while (reader.remaining >= 2) {
    const field = `extensions.${extensions.length}`;
    const type = reader.u16(field);
    if (type === 0) break; // Uninitialized: nothing is written after it; the rest is room to grow.
    const length = reader.u16(`${field}.length`);
    const start = reader.offset;
    reader.bytesOf(field, length);
    let extension = decoded.get(type);
    if (extension === undefined) {
      extension = decodeExtension(reader, type, start, start + length, base);
      decoded.set(type, extension);
    }
    extensions.push(extension);
  }
  return extensions.length > 0 ? extensions : undefined;
}

/**
 * The highest extension type agave's spl-token-2022 knows (`PermissionedBurn`, agave 4.2 with
 * spl-token-2022-interface 3); it refuses any other.
 */
const LAST_KNOWN_TYPE = 28;

/**
 * The extensions as agave's `parse_token_v3` shows them, for a base state it has already accepted:
 * spl-token-2022's `get_extension_types` lists the TLV types up to an `Uninitialized` (0) type or the end,
 * and agave shows none at all (`unwrap_or_default`) when that listing fails: an unknown type, a length that
 * runs past the end, or a type without room for its length. Each listed type is then read from its first
 * entry, as `get_extension` finds it. `undefined` when there are none, as agave then leaves `extensions` out.
 */
export function agaveExtensions(bytes: Uint8Array, decoder: string, base: TokenBase): TokenExtension[] | undefined {
  const types: { type: number; start: number; end: number }[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = TLV_START;
  while (at < bytes.length) {
    if (bytes.length - at < 2) break; // no room for another type: the rest is padding
    const type = view.getUint16(at, true);
    if (type === 0) break;
    if (type > LAST_KNOWN_TYPE || bytes.length - at < 4) return undefined;
    const end = at + 4 + view.getUint16(at + 2, true);
    if (end > bytes.length) return undefined;
    types.push({ type, start: at + 4, end });
    at = end;
  }
  if (types.length === 0) return undefined;
  const reader = new TokenReader(bytes, decoder);
  // Each type decoded once, from its first entry, and shown again for every repeat (as the same object):
  // a hostile account repeating one type 250,000 times costs a lookup per entry, not a decode.
  const decoded = new Map<number, TokenExtension>();
  return types.map(({ type, start, end }) => {
    let extension = decoded.get(type);
    if (extension === undefined) {
      extension = decodeExtension(reader, type, start, end, base);
      decoded.set(type, extension);
    }
    return extension;
  });
}

type ExtensionState = Record<string, unknown>;

interface ExtensionSpec {
  name: TokenExtensionName;
  /** The base state the extension belongs to; agave reports it as unparseable on the other one. */
  base: TokenBase;
  /** The value's exact size; agave reports any other length as unparseable. Absent: variable. */
  size?: number;
  /** Absent for unit extensions, which agave reports by name whatever their value. */
  read?: (reader: TokenReader) => ExtensionState;
}

/** One TLV value to its `jsonParsed` form. Never throws for a bad value: agave calls it unparseable. */
function decodeExtension(
  outer: TokenReader,
  type: number,
  start: number,
  end: number,
  base: TokenBase,
): TokenExtension {
  const spec = EXTENSIONS[type];
  if (!spec) {
    return { extension: 'unknownExtension', state: { extensionType: type, data: outer.bytes.slice(start, end) } };
  }
  // Each spec's reader builds the state its name's type describes (types/token.ts): the casts say so.
  if (!spec.read) return { extension: spec.name } as TokenExtension;
  if (spec.base !== base || (spec.size !== undefined && end - start !== spec.size)) {
    return { extension: 'unparseableExtension' };
  }
  try {
    const state = spec.read(new TokenReader(outer.bytes, outer.decoder, start, end));
    return { extension: spec.name, state } as TokenExtension;
  } catch (error) {
    if (error instanceof DecodeError) return { extension: 'unparseableExtension' };
    throw error;
  }
}

const ACCOUNT_STATES = ['uninitialized', 'initialized', 'frozen'] as const;

/** An account state byte; agave shows an unknown one in `defaultAccountState` as `uninitialized`. */
export function accountStateName(byte: number): (typeof ACCOUNT_STATES)[number] | undefined {
  return ACCOUNT_STATES[byte];
}

const transferFee = (r: TokenReader, field: string) => ({
  epoch: jsonInteger(r.u64(`${field}.epoch`)),
  maximumFee: jsonInteger(r.u64(`${field}.maximumFee`)),
  transferFeeBasisPoints: r.u16(`${field}.transferFeeBasisPoints`),
});

/** Two optional keys, the shape of every pointer extension. */
const pointer =
  (second: string) =>
  (r: TokenReader): ExtensionState => ({
    authority: r.optionalAddress('authority'),
    [second]: r.optionalAddress(second),
  });

/** ElGamal keys and ciphertexts are shown base64, as their Rust `Display` writes them. */
const base64Of = (r: TokenReader, field: string, size: number) => encodeBase64(r.bytesOf(field, size));

const ELGAMAL_PUBKEY = 32;
const ELGAMAL_CIPHERTEXT = 64;
const AE_CIPHERTEXT = 36;

const EXTENSIONS: Partial<Record<number, ExtensionSpec>> = {
  1: {
    name: 'transferFeeConfig',
    base: 'mint',
    size: 108,
    read: (r) => ({
      transferFeeConfigAuthority: r.optionalAddress('transferFeeConfigAuthority'),
      withdrawWithheldAuthority: r.optionalAddress('withdrawWithheldAuthority'),
      withheldAmount: jsonInteger(r.u64('withheldAmount')),
      olderTransferFee: transferFee(r, 'olderTransferFee'),
      newerTransferFee: transferFee(r, 'newerTransferFee'),
    }),
  },
  2: {
    name: 'transferFeeAmount',
    base: 'account',
    size: 8,
    read: (r) => ({ withheldAmount: jsonInteger(r.u64('withheldAmount')) }),
  },
  3: {
    name: 'mintCloseAuthority',
    base: 'mint',
    size: 32,
    read: (r) => ({ closeAuthority: r.optionalAddress('closeAuthority') }),
  },
  4: {
    name: 'confidentialTransferMint',
    base: 'mint',
    size: 32 + 1 + ELGAMAL_PUBKEY,
    read: (r) => {
      const authority = r.optionalAddress('authority');
      const autoApproveNewAccounts = r.bool('autoApproveNewAccounts');
      const auditor = r.bytesOf('auditorElgamalPubkey', ELGAMAL_PUBKEY);
      return {
        authority,
        autoApproveNewAccounts,
        auditorElgamalPubkey: isZero(auditor) ? null : encodeBase64(auditor),
      };
    },
  },
  5: {
    name: 'confidentialTransferAccount',
    base: 'account',
    size: 1 + ELGAMAL_PUBKEY + 3 * ELGAMAL_CIPHERTEXT + AE_CIPHERTEXT + 2 + 4 * 8,
    read: (r) => ({
      approved: r.bool('approved'),
      elgamalPubkey: base64Of(r, 'elgamalPubkey', ELGAMAL_PUBKEY),
      pendingBalanceLo: base64Of(r, 'pendingBalanceLo', ELGAMAL_CIPHERTEXT),
      pendingBalanceHi: base64Of(r, 'pendingBalanceHi', ELGAMAL_CIPHERTEXT),
      availableBalance: base64Of(r, 'availableBalance', ELGAMAL_CIPHERTEXT),
      decryptableAvailableBalance: base64Of(r, 'decryptableAvailableBalance', AE_CIPHERTEXT),
      allowConfidentialCredits: r.bool('allowConfidentialCredits'),
      allowNonConfidentialCredits: r.bool('allowNonConfidentialCredits'),
      pendingBalanceCreditCounter: jsonInteger(r.u64('pendingBalanceCreditCounter')),
      maximumPendingBalanceCreditCounter: jsonInteger(r.u64('maximumPendingBalanceCreditCounter')),
      expectedPendingBalanceCreditCounter: jsonInteger(r.u64('expectedPendingBalanceCreditCounter')),
      actualPendingBalanceCreditCounter: jsonInteger(r.u64('actualPendingBalanceCreditCounter')),
    }),
  },
  6: {
    name: 'defaultAccountState',
    base: 'mint',
    size: 1,
    read: (r) => ({ accountState: accountStateName(r.u8('accountState')) ?? 'uninitialized' }),
  },
  7: { name: 'immutableOwner', base: 'account' },
  8: {
    name: 'memoTransfer',
    base: 'account',
    size: 1,
    read: (r) => ({ requireIncomingTransferMemos: r.bool('requireIncomingTransferMemos') }),
  },
  9: { name: 'nonTransferable', base: 'mint' },
  10: {
    name: 'interestBearingConfig',
    base: 'mint',
    size: 52,
    read: (r) => ({
      rateAuthority: r.optionalAddress('rateAuthority'),
      initializationTimestamp: jsonInteger(r.i64('initializationTimestamp')),
      preUpdateAverageRate: r.i16('preUpdateAverageRate'),
      lastUpdateTimestamp: jsonInteger(r.i64('lastUpdateTimestamp')),
      currentRate: r.i16('currentRate'),
    }),
  },
  11: { name: 'cpiGuard', base: 'account', size: 1, read: (r) => ({ lockCpi: r.bool('lockCpi') }) },
  12: {
    name: 'permanentDelegate',
    base: 'mint',
    size: 32,
    read: (r) => ({ delegate: r.optionalAddress('delegate') }),
  },
  13: { name: 'nonTransferableAccount', base: 'account' },
  14: { name: 'transferHook', base: 'mint', size: 64, read: pointer('programId') },
  15: {
    name: 'transferHookAccount',
    base: 'account',
    size: 1,
    read: (r) => ({ transferring: r.bool('transferring') }),
  },
  16: {
    name: 'confidentialTransferFeeConfig',
    base: 'mint',
    size: 32 + ELGAMAL_PUBKEY + 1 + ELGAMAL_CIPHERTEXT,
    read: (r) => {
      const authority = r.optionalAddress('authority');
      const elgamal = r.bytesOf('withdrawWithheldAuthorityElgamalPubkey', ELGAMAL_PUBKEY);
      return {
        authority,
        // A plain ElGamal key in spl-token-2022, not an optional one (unlike the mint's auditor key): agave
        // turns it into `Some` whatever its bytes, so all zeros are shown as base64 too.
        withdrawWithheldAuthorityElgamalPubkey: encodeBase64(elgamal),
        harvestToMintEnabled: r.bool('harvestToMintEnabled'),
        withheldAmount: base64Of(r, 'withheldAmount', ELGAMAL_CIPHERTEXT),
      };
    },
  },
  17: {
    name: 'confidentialTransferFeeAmount',
    base: 'account',
    size: ELGAMAL_CIPHERTEXT,
    read: (r) => ({ withheldAmount: base64Of(r, 'withheldAmount', ELGAMAL_CIPHERTEXT) }),
  },
  18: { name: 'metadataPointer', base: 'mint', size: 64, read: pointer('metadataAddress') },
  19: {
    name: 'tokenMetadata',
    base: 'mint',
    // Borsh, read the way spl-token-metadata-interface does: bytes after the last pair are ignored.
    read: (r) => {
      const updateAuthority = r.optionalAddress('updateAuthority');
      const mint = r.address('mint');
      const name = r.string('name');
      const symbol = r.string('symbol');
      const uri = r.string('uri');
      const countOffset = r.offset;
      const count = r.u32('additionalMetadata');
      // Each pair takes at least its two lengths: refuse a count the bytes cannot hold before looping.
      if (count * 8 > r.remaining) throw r.error('additionalMetadata', countOffset, `${count} pairs cannot fit`);
      const additionalMetadata: [string, string][] = [];
      for (let i = 0; i < count; i++) {
        additionalMetadata.push([r.string(`additionalMetadata.${i}.0`), r.string(`additionalMetadata.${i}.1`)]);
      }
      return { updateAuthority, mint, name, symbol, uri, additionalMetadata };
    },
  },
  20: { name: 'groupPointer', base: 'mint', size: 64, read: pointer('groupAddress') },
  21: {
    name: 'tokenGroup',
    base: 'mint',
    size: 80,
    read: (r) => ({
      updateAuthority: r.optionalAddress('updateAuthority'),
      mint: r.address('mint'),
      size: jsonInteger(r.u64('size')),
      maxSize: jsonInteger(r.u64('maxSize')),
    }),
  },
  22: { name: 'groupMemberPointer', base: 'mint', size: 64, read: pointer('memberAddress') },
  23: {
    name: 'tokenGroupMember',
    base: 'mint',
    size: 72,
    read: (r) => ({
      mint: r.address('mint'),
      group: r.address('group'),
      memberNumber: jsonInteger(r.u64('memberNumber')),
    }),
  },
  24: {
    name: 'confidentialMintBurn',
    base: 'mint',
    size: 2 * ELGAMAL_CIPHERTEXT + AE_CIPHERTEXT + ELGAMAL_PUBKEY,
    read: (r) => ({
      confidentialSupply: base64Of(r, 'confidentialSupply', ELGAMAL_CIPHERTEXT),
      decryptableSupply: base64Of(r, 'decryptableSupply', AE_CIPHERTEXT),
      supplyElgamalPubkey: base64Of(r, 'supplyElgamalPubkey', ELGAMAL_PUBKEY),
      pendingBurn: base64Of(r, 'pendingBurn', ELGAMAL_CIPHERTEXT),
    }),
  },
  25: {
    name: 'scaledUiAmountConfig',
    base: 'mint',
    size: 56,
    read: (r) => ({
      authority: r.optionalAddress('authority'),
      multiplier: rustFloatString(r.f64('multiplier')),
      newMultiplierEffectiveTimestamp: jsonInteger(r.i64('newMultiplierEffectiveTimestamp')),
      newMultiplier: rustFloatString(r.f64('newMultiplier')),
    }),
  },
  26: {
    name: 'pausableConfig',
    base: 'mint',
    size: 33,
    read: (r) => ({ authority: r.optionalAddress('authority'), paused: r.bool('paused') }),
  },
  27: { name: 'pausableAccount', base: 'account' },
  28: {
    name: 'permissionedBurnConfig',
    base: 'mint',
    size: 32,
    read: (r) => ({ authority: r.optionalAddress('authority') }),
  },
};

function isZero(bytes: Uint8Array): boolean {
  for (const byte of bytes) if (byte !== 0) return false;
  return true;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard padded base64 of a few bytes (ElGamal values are 32–64): no global or Buffer needed. */
function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    out += BASE64[a >> 2]! + BASE64[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out += b === undefined ? '=' : BASE64[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    out += c === undefined ? '=' : BASE64[c & 63]!;
  }
  return out;
}

/**
 * Whether an extension is the one named, narrowing its `state` to that name's type. (Comparing
 * `extension` with `===` cannot narrow away `NewerTokenExtension`, whose name may be any string.)
 * @example
 * const fee = info.extensions?.find((e) => isTokenExtension(e, 'transferFeeConfig'));
 * if (fee && isTokenExtension(fee, 'transferFeeConfig')) fee.state.newerTransferFee.transferFeeBasisPoints;
 */
export function isTokenExtension<Name extends KnownTokenExtension['extension']>(
  extension: TokenExtension,
  name: Name,
): extension is Extract<
  KnownTokenExtension,
  {
    /** The name asked for. */
    extension: Name;
  }
> {
  return extension.extension === name;
}
