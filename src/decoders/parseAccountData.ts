/**
 * `parseAccountData`: account bytes to exactly what agave's `jsonParsed` encoding returns as `data`
 * (agave `account-decoder/src/parse_account_data.rs`): the owner program picks the parser, the address
 * picks the sysvar, and the result is `{ program, parsed, space }`. Each program's parser is its own file
 * in this folder; this one only chooses, checks the options and wraps.
 * @module
 */
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { checkAddress, checkConfig, describe } from '../options/check.js';
import type { Address, ReadonlyUint8Array } from '../types/index.js';
import type { ParsedAccountData } from '../types/parsedAccount.js';
import { parseAddressLookupTable } from './addressLookupTable.js';
import { parseBpfUpgradeableLoader } from './bpfUpgradeableLoader.js';
import { parseConfig } from './config.js';
import { parseNonce } from './nonce.js';
import { type ParsableProgram, programNameOf } from './programNames.js';
import { parseStake } from './stake.js';
import { parseSysvar } from './sysvar.js';
import { parseToken } from './token.js';
import { parseVote } from './vote.js';

const FUNCTION = 'parseAccountData';

/** Options of `parseAccountData`: what the node knows about an account besides its bytes. */
export interface ParseAccountDataOptions {
  /** The program that owns the account: it picks the parser, as the node's does. */
  owner: Address;
  /**
   * The account's address: sysvars are told apart by it, and a vote account stored in a version older than
   * the newest is shown with it as its reward collectors, as the node shows it.
   */
  address?: Address;
  /**
   * The mint's decimals, which a token account's amounts need (the node reads them from the mint). Not
   * needed when `mint` is given.
   */
  decimals?: number;
  /**
   * The bytes of a token account's mint. The decimals come from it, and so does the interest-bearing or
   * scaled-UI-amount configuration the node applies to `uiAmount` and `uiAmountString`.
   */
  mint?: ReadonlyUint8Array;
  /**
   * The cluster's clock (`unixTimestamp` of the Clock sysvar) at the read: an interest-bearing or
   * scaled-UI-amount mint's amounts depend on the time, as the node computes them at its bank's clock.
   */
  unixTimestamp?: number | bigint;
}

/**
 * Parses account bytes exactly as agave's `jsonParsed` encoding does: the same objects, the same keys, the
 * same value types (integers up to 2^53 as numbers, beyond as `bigint`, strings where agave writes
 * strings), for every program agave's account-decoder parses: spl-token and token-2022 (accounts, mints,
 * multisigs, every extension), stake, vote, nonce, address lookup tables, config (validator info),
 * sysvars (by `address`) and the upgradeable BPF loader.
 *
 * Returns `null` where agave has no parser (another owner, a sysvar or config account it does not parse):
 * there the node falls back to bytes. Throws `DecodeError` (naming the program, the field and the byte
 * offset) for bytes the program's parser refuses, and `InvalidInputError` for bad options, or for a token
 * account given neither `decimals` nor `mint`, or a sysvar account given no `address`.
 * @example
 * const { value } = await rpc.getAccountInfo(address);
 * const data = value && parseAccountData(value.data, { owner: value.owner, address });
 * if (data?.program === 'stake' && data.parsed.type === 'delegated') {
 *   console.log(data.parsed.info.stake.delegation.voter);
 * }
 */
export function parseAccountData(
  bytes: ReadonlyUint8Array,
  options: ParseAccountDataOptions,
): ParsedAccountData | null {
  if (!(bytes instanceof Uint8Array)) {
    throw new InvalidInputError({
      method: FUNCTION,
      param: 'bytes',
      problem: `expected a Uint8Array, got ${describe(bytes)}`,
    });
  }
  if (options === undefined) {
    throw new InvalidInputError({ method: FUNCTION, param: 'options.owner', problem: 'the owner program is needed' });
  }
  checkConfig(FUNCTION, 'options', options, ['owner', 'address', 'decimals', 'mint', 'unixTimestamp']);
  const owner = checkAddress(FUNCTION, 'options.owner', options.owner);
  const address =
    options.address === undefined ? undefined : checkAddress(FUNCTION, 'options.address', options.address);
  return parseAccountDataUnchecked(bytes, owner, address, options);
}

/**
 * `parseAccountData` without its checks of the options' shape, the owner and the address: for
 * `parseOnClient`, whose owners and addresses were read from the node's answer and checked by its schema
 * already (decoding two addresses' base58 for every account of a large read cost more than parsing it).
 * Not exported from the package.
 */
export function parseAccountDataUnchecked(
  bytes: Uint8Array,
  owner: Address,
  address: Address | undefined,
  options: ParseAccountDataOptions,
): ParsedAccountData | null {
  const program = programNameOf(owner);
  if (program === undefined) return null;
  const parsed = parseFor(program, bytes, address, options);
  return parsed === null ? null : ({ program, parsed, space: bytes.length } as ParsedAccountData);
}

function parseFor(
  program: ParsableProgram,
  bytes: Uint8Array,
  address: Address | undefined,
  options: ParseAccountDataOptions,
): unknown {
  switch (program) {
    case 'spl-token':
    case 'spl-token-2022': {
      // parseToken checks these options and names them; a token account needs decimals or the mint.
      const { decimals, mint, unixTimestamp } = options;
      return parseToken(bytes, { decimals, mint, unixTimestamp });
    }
    case 'stake':
      return parseStake(bytes);
    case 'vote':
      // Older vote states are shown as the newest, whose collectors default to the account's own address.
      return parseVote(bytes, { address });
    case 'nonce':
      return parseNonce(bytes);
    case 'address-lookup-table':
      return parseAddressLookupTable(bytes);
    case 'bpf-upgradeable-loader':
      return parseBpfUpgradeableLoader(bytes);
    case 'config':
      return parseConfig(bytes, address);
    case 'sysvar':
      if (address === undefined) return needsAddress('a sysvar is told apart by its address');
      return parseSysvar(bytes, address);
  }
}

function needsAddress(problem: string): never {
  throw new InvalidInputError({ method: FUNCTION, param: 'options.address', problem });
}
