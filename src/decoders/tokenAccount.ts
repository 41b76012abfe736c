/**
 * `decodeTokenAccount`: the bytes of an SPL Token or Token-2022 token account to the `info` that
 * `jsonParsed` shows for it (agave `account-decoder/src/parse_token.rs`).
 *
 * Layout (spl-token `Account`, 165 bytes; a `COption` is a u32 tag, 0 or 1, then its value):
 * ```
 * 0    mint                32
 * 32   owner               32
 * 64   amount              u64
 * 72   delegate            COption<Pubkey>   36
 * 108  state               u8: 0 uninitialized, 1 initialized, 2 frozen
 * 109  isNative            COption<u64>      12 (the rent-exempt reserve of a wrapped-SOL account)
 * 121  delegatedAmount     u64
 * 129  closeAuthority      COption<Pubkey>   36
 * 165  Token-2022 only: account type 2, then extensions (see tokenExtensions.ts)
 * ```
 * @module
 */
import { InvalidInputError } from '../errors/InvalidInputError.js';
import type { ReadonlyUint8Array } from '../types/index.js';
import type { TokenAccountInfo, TokenAmount } from '../types/token.js';
import { accountStateName, checkTokenBytes, MINT_BYTES, readExtensions, TokenReader } from './tokenExtensions.js';

const DECODER = 'decodeTokenAccount';

/** Options of `decodeTokenAccount`. */
export interface DecodeTokenAccountOptions {
  /**
   * The mint's decimals (0–255), which the account itself does not hold. With them every amount comes
   * with `decimals`, `uiAmount` and `uiAmountString`, exactly as `jsonParsed` shows it; without, only `amount`.
   */
  decimals?: number;
}

/** An amount decoded without its mint's decimals: the raw base units, exact, as a decimal string. */
export interface RawTokenAmount {
  /** The amount in base units, exact, as a decimal string. */
  amount: string;
}

/** A token account decoded without its mint's decimals: `TokenAccountInfo` with raw amounts. */
export interface RawTokenAccountInfo
  extends Omit<TokenAccountInfo, 'tokenAmount' | 'delegatedAmount' | 'rentExemptReserve'> {
  /** The balance in base units. */
  tokenAmount: RawTokenAmount;
  /** Present only when a delegate is set. */
  delegatedAmount?: RawTokenAmount;
  /** Present only on native (wrapped SOL) accounts. */
  rentExemptReserve?: RawTokenAmount;
}

/**
 * Decodes a token account of either token program: 165 bytes for SPL Token, 165 bytes or more for
 * Token-2022, whose extensions come out with the names and value types `jsonParsed` uses. With
 * `decimals`, the result equals the `info` of `jsonParsed` for the same account, except where agave
 * applies an interest-bearing or scaled-UI mint's rate to `uiAmount` (see docs/decoding-token-accounts.md).
 *
 * Throws `DecodeError` (naming the field and byte offset) for bytes that are not a token account: too
 * short, a mint's or multisig's size, a bad option tag or state, or extensions that run past the end.
 * Throws `InvalidInputError` when `bytes` is not a `Uint8Array` or `decimals` is not an integer 0–255.
 * @example
 * const info = decodeTokenAccount(account.data, { decimals: 6 });
 * info.tokenAmount.uiAmountString; // '1523'
 */
export function decodeTokenAccount(bytes: ReadonlyUint8Array, options: { decimals: number }): TokenAccountInfo;
/** Without decimals, amounts come out raw: `{ amount: '1523000000' }`. */
export function decodeTokenAccount(bytes: ReadonlyUint8Array, options?: { decimals?: undefined }): RawTokenAccountInfo;
/** Decimals that may be absent: amounts may be raw. */
export function decodeTokenAccount(bytes: ReadonlyUint8Array, options?: DecodeTokenAccountOptions): RawTokenAccountInfo;
export function decodeTokenAccount(
  bytes: ReadonlyUint8Array,
  options: DecodeTokenAccountOptions = {},
): TokenAccountInfo | RawTokenAccountInfo {
  const { decimals } = options;
  if (decimals !== undefined && !(Number.isInteger(decimals) && decimals >= 0 && decimals <= 255)) {
    throw new InvalidInputError({ param: 'options.decimals', problem: 'expected an integer from 0 to 255' });
  }
  checkTokenBytes(bytes, DECODER, 'account');
  const reader = new TokenReader(bytes, DECODER);
  if (bytes.length === MINT_BYTES) {
    const problem = `${MINT_BYTES} bytes is the size of a mint, not a token account: decode it with decodeMint`;
    throw reader.error('bytes', 0, problem);
  }
  const { mint, owner, amount, delegate, state, nativeReserve, delegatedAmount, closeAuthority } =
    readAccountFields(reader);
  const extensions = readExtensions(reader, 'account', state !== 'uninitialized');

  const toAmount = (value: bigint) => tokenAmount(value, decimals);
  // Keys in agave's order; unset options are absent, never null, as agave serializes them.
  return {
    mint,
    owner,
    tokenAmount: toAmount(amount),
    ...(delegate !== undefined ? { delegate } : {}),
    state,
    isNative: nativeReserve !== undefined,
    ...(nativeReserve !== undefined ? { rentExemptReserve: toAmount(nativeReserve) } : {}),
    ...(delegate !== undefined ? { delegatedAmount: toAmount(delegatedAmount) } : {}),
    ...(closeAuthority !== undefined ? { closeAuthority } : {}),
    ...(extensions ? { extensions } : {}),
  };
}

/** A token account's base fields, in layout order: shared with `parseToken`, which frames them as agave does. */
export function readAccountFields(reader: TokenReader) {
  const mint = reader.address('mint');
  const owner = reader.address('owner');
  const amount = reader.u64('amount');
  const delegate = reader.coptionAddress('delegate');
  const stateOffset = reader.offset;
  const state = accountStateName(reader.u8('state'));
  if (state === undefined) {
    throw reader.error('state', stateOffset, `${reader.bytes[stateOffset]} is not an account state (0, 1 or 2)`);
  }
  const nativeReserve = reader.coptionU64('isNative');
  const delegatedAmount = reader.u64('delegatedAmount');
  const closeAuthority = reader.coptionAddress('closeAuthority');
  return { mint, owner, amount, delegate, state, nativeReserve, delegatedAmount, closeAuthority };
}

/** A raw amount, or with `decimals` the full `UiTokenAmount` of agave's `token_amount_to_ui_amount`. */
export function tokenAmount(amount: bigint | number, decimals: number | undefined): TokenAmount | RawTokenAmount {
  const digits = `${amount}`;
  if (decimals === undefined) return { amount: digits };
  return {
    amount: digits,
    decimals,
    uiAmount: uiAmount(amount, decimals),
    uiAmountString: uiAmountString(digits, decimals),
  };
}

/** 10^0 to 10^19 as f64, each as agave's `10_u64.pow(decimals) as f64` (all exact). */
const POWERS_OF_TEN = Array.from({ length: 20 }, (_, d) => Number(10n ** BigInt(d)));

/**
 * `amount / 10^decimals` as agave computes it: both as f64, then one division, so the float is the same
 * one agave prints. `null` when `10^decimals` overflows agave's u64 (decimals ≥ 20). An amount given as a
 * number is an exact one (below 2^53), so it is its own f64.
 */
function uiAmount(amount: bigint | number, decimals: number): number | null {
  if (decimals >= 20) return null;
  return Number(amount) / (POWERS_OF_TEN[decimals] as number);
}

/** `amount / 10^decimals` exactly, in decimal, with trailing zeros (and a bare point) trimmed. */
function uiAmountString(digits: string, decimals: number): string {
  if (decimals === 0) return digits;
  const padded = digits.length > decimals ? digits : digits.padStart(decimals + 1, '0');
  const point = padded.length - decimals;
  let end = padded.length;
  while (end > point && padded.charCodeAt(end - 1) === 48) end--;
  return end === point ? padded.slice(0, point) : `${padded.slice(0, point)}.${padded.slice(point, end)}`;
}
