/**
 * `parseToken`: an SPL Token or Token-2022 account's bytes to the `parsed` value agave's `jsonParsed`
 * shows for it (`parse_token_v3` in `account-decoder/src/parse_token.rs`): a token account, a mint or a
 * multisig. The base layouts are read by tokenAccount.ts and mint.ts, the extensions by
 * tokenExtensions.ts; what is agave's own lives here:
 *
 * - Which kind: agave tries a token account first, then a mint, then a multisig, each as spl-token-2022's
 *   `StateWithExtensions::unpack` / `Multisig::unpack` accept it. An account needs 165 bytes or more (not
 *   355), valid option tags, a state of initialized or frozen, and account type 2 after byte 165 when
 *   longer. A mint needs 82 bytes, or 166 or more with zero padding from 82 to 165 and account type 1,
 *   `is_initialized` = 1. A multisig is exactly 355 bytes with `is_initialized` = 1. Anything else,
 *   uninitialized accounts, mints and multisigs included, agave cannot parse: `DecodeError`.
 * - Extensions: none at all when spl-token-2022 cannot list them (an unknown type, a length past the end);
 *   `decodeMint` / `decodeTokenAccount` show what they can instead.
 * - A token account needs its mint's decimals (agave's `AdditionalDataMissing` otherwise, here an
 *   `InvalidInputError` naming `options.decimals`); given the mint's bytes, an interest-bearing or scaled
 *   mint's rate shapes `uiAmount` and `uiAmountString` at the clock's `unixTimestamp` (tokenUiAmount.ts).
 * @module
 */
import { encodeBase58, encodeBase58Range } from '../codecs/base58.js';
import { DecodeError } from '../errors/DecodeError.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import type { ReadonlyUint8Array } from '../types/index.js';
import type { MintInfo, MultisigInfo, ParsedToken, TokenAccountInfo, TokenAmount } from '../types/token.js';
import { readMintFields } from './mint.js';
import { readAccountFields, tokenAmount } from './tokenAccount.js';
import { ACCOUNT_BYTES, agaveExtensions, MINT_BYTES, TokenReader } from './tokenExtensions.js';
import { type InterestRates, interestUiAmounts, scaledUiAmounts, type UiMultipliers } from './tokenUiAmount.js';

const DECODER = 'spl-token';
const MULTISIG_BYTES = 355;
const MULTISIG_SIGNERS = 11;
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;
const INTEREST_BEARING_CONFIG = 10;
const SCALED_UI_AMOUNT_CONFIG = 25;

/** Options of `parseToken`: what agave's RPC looks up beside the account (`SplTokenAdditionalDataV2`). */
export interface ParseTokenOptions {
  /** The mint's decimals (0–255). Needed for a token account unless `mint` is given. */
  decimals?: number;
  /**
   * The mint's bytes. Its decimals are used, and an interest-bearing or scaled-UI-amount mint's config
   * makes `uiAmount` and `uiAmountString` show the accrued or scaled amount, as agave does.
   */
  mint?: ReadonlyUint8Array;
  /** The clock's Unix time, which such a mint's amounts depend on: needed only for them. */
  unixTimestamp?: number | bigint;
}

/**
 * Parses a token program account's bytes into exactly the `parsed` value agave's `jsonParsed` shows:
 * `{ type: 'account' | 'mint' | 'multisig', info }`. Mints and multisigs need no options; a token account
 * needs `decimals` or the mint's bytes (and `unixTimestamp` when that mint is interest-bearing or scaled).
 *
 * Throws `DecodeError` (`decoder: 'spl-token'`) for bytes agave cannot parse as any of the three: wrong
 * sizes, bad option tags, uninitialized states, a bad account type or padding. Throws `InvalidInputError`
 * for bad options, a token account without decimals, a `mint` that is not a mint, or a missing
 * `unixTimestamp` an interest-bearing or scaled mint needs.
 * @example
 * const parsed = parseToken(account.data, { decimals: 6 });
 * if (parsed.type === 'account') parsed.info.tokenAmount.uiAmountString; // '1523'
 */
export function parseToken(bytes: ReadonlyUint8Array, options: ParseTokenOptions = {}): ParsedToken {
  checkBytes(bytes, 'bytes');
  const { decimals, mint, unixTimestamp } = options;
  if (decimals !== undefined && !(Number.isInteger(decimals) && decimals >= 0 && decimals <= 255)) {
    throw new InvalidInputError({ param: 'options.decimals', problem: 'expected an integer from 0 to 255' });
  }
  if (mint !== undefined) checkBytes(mint, 'options.mint');
  if (
    unixTimestamp !== undefined &&
    !(typeof unixTimestamp === 'bigint'
      ? BigInt.asIntN(64, unixTimestamp) === unixTimestamp
      : Number.isSafeInteger(unixTimestamp))
  ) {
    throw new InvalidInputError({ param: 'options.unixTimestamp', problem: 'expected an i64 integer (Unix seconds)' });
  }

  if (isAccount(bytes)) {
    return { type: 'account', info: accountInfo(bytes, amountsFor(decimals, mint, unixTimestamp)) };
  }
  if (isMint(bytes)) return { type: 'mint', info: mintInfo(bytes) };
  if (bytes.length === MULTISIG_BYTES && bytes[2] === 1) return { type: 'multisig', info: multisigInfo(bytes) };
  throw new DecodeError({ decoder: DECODER, ...whyNot(bytes) });
}

/** How a token account's amounts are shown: built once per mint (`tokenAmountsOf`), applied to each amount. */
export type TokenAmounts = (amount: bigint | number) => TokenAmount;

/**
 * The amounts of a token account of a mint, as `parseToken` shows them with `{ mint, unixTimestamp }`:
 * for `parseOnClient`, which parses thousands of accounts of a few mints. Throws `InvalidInputError`
 * where `parseToken` would for a token account of this mint. Not exported from the package.
 */
export function tokenAmountsOf(mint: Uint8Array, unixTimestamp: number | bigint | undefined): TokenAmounts {
  return amountsFor(undefined, mint, unixTimestamp);
}

/**
 * `parseToken(bytes, { mint, unixTimestamp })` for an account whose mint's amounts are already built, and
 * whose mint address is already written (its first 32 bytes, in base58): the same value, or the same
 * `DecodeError`. Not exported from the package.
 */
export function parseTokenAccountOf(
  bytes: Uint8Array,
  amounts: TokenAmounts,
  mintAddress: string,
  mint: Uint8Array,
  unixTimestamp: number | bigint | undefined,
): ParsedToken {
  if (!isAccount(bytes)) return parseToken(bytes, { mint, unixTimestamp });
  return { type: 'account', info: accountInfo(bytes, amounts, mintAddress) };
}

/** A token account's `info` (bytes `isAccount` accepts), keys in agave's order; unset options absent, never null. */
function accountInfo(bytes: Uint8Array, amounts: TokenAmounts, mintAddress?: string): TokenAccountInfo {
  if (bytes.length === ACCOUNT_BYTES) return baseAccountInfo(bytes, amounts, mintAddress);
  const reader = new TokenReader(bytes, DECODER);
  const fields = readAccountFields(reader);
  const extensions = agaveExtensions(bytes, DECODER, 'account');
  return {
    mint: fields.mint,
    owner: fields.owner,
    tokenAmount: amounts(fields.amount),
    ...(fields.delegate !== undefined ? { delegate: fields.delegate } : {}),
    state: fields.state,
    isNative: fields.nativeReserve !== undefined,
    ...(fields.nativeReserve !== undefined ? { rentExemptReserve: amounts(fields.nativeReserve) } : {}),
    ...(fields.delegate !== undefined ? { delegatedAmount: amounts(fields.delegatedAmount) } : {}),
    ...(fields.closeAuthority !== undefined ? { closeAuthority: fields.closeAuthority } : {}),
    ...(extensions ? { extensions } : {}),
  };
}

/**
 * The same `info` for the common case, a 165-byte account with no extensions, read straight from the bytes:
 * `isAccount` has checked its option tags and state, so nothing here can fail. Token reads are most of a
 * large `parseOnClient` read, and a reader, a fields object and spreads for each cost more than the rest.
 */
function baseAccountInfo(bytes: Uint8Array, amounts: TokenAmounts, mintAddress?: string): TokenAccountInfo {
  // Most accounts have no delegate, no native reserve and no close authority: one literal of all their
  // keys. Keys added one by one to a smaller literal land outside the object, in a store of their own.
  if (bytes[72] === 0 && bytes[109] === 0 && bytes[129] === 0) {
    return {
      mint: mintAddress ?? encodeBase58Range(bytes, 0, 32),
      owner: encodeBase58Range(bytes, 32, 64),
      tokenAmount: amounts(u64At(bytes, 64)),
      state: bytes[108] === 1 ? 'initialized' : 'frozen',
      isNative: false,
    };
  }
  const info: TokenAccountInfo = {
    mint: mintAddress ?? encodeBase58Range(bytes, 0, 32),
    owner: encodeBase58Range(bytes, 32, 64),
    tokenAmount: amounts(u64At(bytes, 64)),
  } as TokenAccountInfo;
  const delegated = bytes[72] === 1;
  if (delegated) info.delegate = encodeBase58Range(bytes, 76, 108);
  info.state = bytes[108] === 1 ? 'initialized' : 'frozen';
  info.isNative = bytes[109] === 1;
  if (bytes[109] === 1) info.rentExemptReserve = amounts(u64At(bytes, 113));
  if (delegated) info.delegatedAmount = amounts(u64At(bytes, 121));
  if (bytes[129] === 1) info.closeAuthority = encodeBase58Range(bytes, 133, 165);
  return info;
}

/** A little-endian u64: a number when below 2^53 (exact), a bigint beyond. */
function u64At(bytes: Uint8Array, at: number): bigint | number {
  const low = (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)) + bytes[at + 3]! * 0x1000000;
  const high = (bytes[at + 4]! | (bytes[at + 5]! << 8) | (bytes[at + 6]! << 16)) + bytes[at + 7]! * 0x1000000;
  if (high < 0x200000) return high * 0x100000000 + low;
  return (BigInt(high) << 32n) | BigInt(low);
}

function checkBytes(bytes: unknown, param: string): asserts bytes is Uint8Array {
  if (!(bytes instanceof Uint8Array)) {
    throw new InvalidInputError({
      param,
      problem: `parseToken expects a Uint8Array, got ${Object.prototype.toString.call(bytes).slice(8, -1)}`,
    });
  }
}

/** A `COption` tag agave's unpack accepts: `[0,0,0,0]` or `[1,0,0,0]`. */
function optionTagAt(bytes: Uint8Array, at: number): boolean {
  return (bytes[at] === 0 || bytes[at] === 1) && bytes[at + 1] === 0 && bytes[at + 2] === 0 && bytes[at + 3] === 0;
}

/**
 * `StateWithExtensions::<Account>::unpack` succeeds: an initialized or frozen account, framed as one.
 * Exported for parseOnClient, which reads the mints of these accounts only; not exported from the package.
 */
export function isAccount(bytes: Uint8Array): boolean {
  if (bytes.length < ACCOUNT_BYTES || bytes.length === MULTISIG_BYTES) return false;
  const state = bytes[108]!;
  if (!(optionTagAt(bytes, 72) && optionTagAt(bytes, 109) && optionTagAt(bytes, 129) && (state === 1 || state === 2))) {
    return false;
  }
  return bytes.length === ACCOUNT_BYTES || bytes[ACCOUNT_BYTES] === ACCOUNT_TYPE_ACCOUNT;
}

/** `StateWithExtensions::<Mint>::unpack` succeeds: an initialized mint, alone or padded and typed. */
function isMint(bytes: Uint8Array): boolean {
  if (bytes.length < MINT_BYTES || bytes.length === MULTISIG_BYTES) return false;
  if (!(optionTagAt(bytes, 0) && optionTagAt(bytes, 46) && bytes[45] === 1)) return false;
  if (bytes.length === MINT_BYTES) return true;
  // Extensions need the padding up to the account type and the type itself: a mint of 83 to 165 bytes is refused.
  if (bytes.length <= ACCOUNT_BYTES || bytes[ACCOUNT_BYTES] !== ACCOUNT_TYPE_MINT) return false;
  for (let i = MINT_BYTES; i < ACCOUNT_BYTES; i++) if (bytes[i] !== 0) return false;
  return true;
}

function mintInfo(bytes: Uint8Array): MintInfo {
  const fields = readMintFields(new TokenReader(bytes, DECODER));
  const extensions = agaveExtensions(bytes, DECODER, 'mint');
  return { ...fields, ...(extensions ? { extensions } : {}) };
}

function multisigInfo(bytes: Uint8Array): MultisigInfo {
  const signers: string[] = [];
  for (let i = 0; i < MULTISIG_SIGNERS; i++) {
    const key = bytes.subarray(3 + 32 * i, 35 + 32 * i);
    // agave lists only the set signers: an all-zero key is an empty slot.
    if (key.some((byte) => byte !== 0)) signers.push(encodeBase58(key));
  }
  return { numRequiredSigners: bytes[0]!, numValidSigners: bytes[1]!, isInitialized: true, signers };
}

/** A bad option tag at `at` (a COption's four-byte tag is 0 or 1), named. */
function tagProblem(bytes: Uint8Array, at: number, field: string): Reason | undefined {
  return optionTagAt(bytes, at)
    ? undefined
    : { field, offset: at, problem: `option tag ${view32(bytes, at)} is neither 0 (none) nor 1 (some)` };
}

const view32 = (bytes: Uint8Array, at: number) =>
  (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;

interface Reason {
  field: string;
  offset: number;
  problem: string;
}

/**
 * Why agave could parse these bytes as no token account, mint or multisig, naming the first field that
 * stops the kind their size and account type say they are (agave itself only says "not parsable").
 */
function whyNot(bytes: Uint8Array): Reason {
  if (bytes.length === MULTISIG_BYTES) {
    return { field: 'isInitialized', offset: 2, problem: `a multisig whose is_initialized byte is ${bytes[2]}, not 1` };
  }
  if (bytes.length < MINT_BYTES) {
    const problem = `${bytes.length} bytes is shorter than a mint (${MINT_BYTES}) or a token account (${ACCOUNT_BYTES})`;
    return { field: 'bytes', offset: 0, problem };
  }
  const accountType = bytes.length > ACCOUNT_BYTES ? bytes[ACCOUNT_BYTES]! : undefined;
  if (accountType !== undefined && accountType !== ACCOUNT_TYPE_MINT && accountType !== ACCOUNT_TYPE_ACCOUNT) {
    const problem = `account type ${accountType} is neither 1 (mint) nor 2 (account)`;
    return { field: 'accountType', offset: ACCOUNT_BYTES, problem };
  }
  if (bytes.length >= ACCOUNT_BYTES && accountType !== ACCOUNT_TYPE_MINT) {
    const state = bytes[108]!;
    return (
      tagProblem(bytes, 72, 'delegate') ??
      tagProblem(bytes, 109, 'isNative') ??
      tagProblem(bytes, 129, 'closeAuthority') ?? {
        field: 'state',
        offset: 108,
        problem:
          state === 0
            ? 'an uninitialized token account (state 0), which agave does not parse'
            : `state ${state} is neither 1 (initialized) nor 2 (frozen)`,
      }
    );
  }
  const mint =
    tagProblem(bytes, 0, 'mintAuthority') ??
    tagProblem(bytes, 46, 'freezeAuthority') ??
    (bytes[45] !== 1
      ? { field: 'isInitialized', offset: 45, problem: `a mint whose is_initialized byte is ${bytes[45]}, not 1` }
      : undefined);
  if (mint) return mint;
  if (bytes.length <= ACCOUNT_BYTES) {
    const problem = `a mint of ${bytes.length} bytes: ${MINT_BYTES} alone, or more than ${ACCOUNT_BYTES} with extensions`;
    return { field: 'bytes', offset: 0, problem };
  }
  const padding = bytes.subarray(MINT_BYTES, ACCOUNT_BYTES).findIndex((byte) => byte !== 0);
  return {
    field: 'padding',
    offset: MINT_BYTES + padding,
    problem: 'the padding between a mint and its account type must be zero',
  };
}

/**
 * How each amount of a token account is shown: agave's `token_amount_to_ui_amount_v3` with the mint's
 * decimals, and the mint's interest-bearing config (first) or scaled-UI-amount config at the clock's time.
 */
function amountsFor(
  decimals: number | undefined,
  mint: Uint8Array | undefined,
  unixTimestamp: number | bigint | undefined,
): TokenAmounts {
  if (mint === undefined) {
    if (decimals === undefined) {
      throw new InvalidInputError({
        param: 'options.decimals',
        problem:
          "a token account's amounts need its mint's decimals (or the mint's bytes); agave reports AdditionalDataMissing without them",
      });
    }
    return (amount) => tokenAmount(amount, decimals) as TokenAmount;
  }
  if (!isMint(mint)) {
    throw new InvalidInputError({
      param: 'options.mint',
      problem: 'these bytes are not an initialized mint agave could read',
    });
  }
  const mintDecimals = mint[44]!;
  if (decimals !== undefined && decimals !== mintDecimals) {
    throw new InvalidInputError({
      param: 'options.decimals',
      problem: `${decimals} is not the mint's decimals (${mintDecimals}); give one or the other`,
    });
  }
  const interest = findExtension(mint, INTEREST_BEARING_CONFIG, 52);
  const scaled = interest ? undefined : findExtension(mint, SCALED_UI_AMOUNT_CONFIG, 56);
  if (!interest && !scaled) return (amount) => tokenAmount(amount, mintDecimals) as TokenAmount;
  if (unixTimestamp === undefined) {
    throw new InvalidInputError({
      param: 'options.unixTimestamp',
      problem: `the mint is ${interest ? 'interest-bearing' : 'scaled'}: its UI amounts depend on the clock's Unix time`,
    });
  }
  const now = BigInt(unixTimestamp);
  const view = new DataView(mint.buffer, mint.byteOffset, mint.byteLength);
  const shown = (amount: bigint, ui: { uiAmount: number | null; uiAmountString: string }): TokenAmount => ({
    amount: `${amount}`,
    decimals: mintDecimals,
    uiAmount: ui.uiAmount,
    uiAmountString: ui.uiAmountString,
  });
  if (interest !== undefined) {
    const rates: InterestRates = {
      initializationTimestamp: view.getBigInt64(interest + 32, true),
      preUpdateAverageRate: view.getInt16(interest + 40, true),
      lastUpdateTimestamp: view.getBigInt64(interest + 42, true),
      currentRate: view.getInt16(interest + 50, true),
    };
    return (value) => {
      const amount = BigInt(value);
      return shown(amount, interestUiAmounts(amount, mintDecimals, rates, now));
    };
  }
  const at = scaled!;
  const multipliers: UiMultipliers = {
    multiplier: view.getFloat64(at + 32, true),
    newMultiplierEffectiveTimestamp: view.getBigInt64(at + 40, true),
    newMultiplier: view.getFloat64(at + 48, true),
  };
  return (value) => {
    const amount = BigInt(value);
    return shown(amount, scaledUiAmounts(amount, mintDecimals, multipliers, now));
  };
}

/**
 * Whether a mint's token amounts depend on the clock: it holds an interest-bearing or scaled-UI-amount
 * configuration, as `tokenAmountsOf` finds them (and then needs `unixTimestamp`). Not exported from the package.
 */
export function amountsDependOnTime(mint: Uint8Array): boolean {
  return (
    findExtension(mint, INTEREST_BEARING_CONFIG, 52) !== undefined ||
    findExtension(mint, SCALED_UI_AMOUNT_CONFIG, 56) !== undefined
  );
}

/**
 * Where spl-token-2022's `get_extension` finds an extension's value in a mint: the first TLV entry of
 * that type, walking until an `Uninitialized` type or a malformed entry ends the search. `undefined` when
 * absent, or when the entry's length is not the extension's size (agave then has no config).
 */
function findExtension(mint: Uint8Array, type: number, size: number): number | undefined {
  if (mint.length === MINT_BYTES) return undefined;
  const view = new DataView(mint.buffer, mint.byteOffset, mint.byteLength);
  let at = ACCOUNT_BYTES + 1;
  while (at < mint.length) {
    if (mint.length - at < 4) return undefined;
    const found = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (found === type) return length === size && at + 4 + length <= mint.length ? at + 4 : undefined;
    if (found === 0) return undefined;
    at += 4 + length;
  }
  return undefined;
}
