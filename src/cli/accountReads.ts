/**
 * Reading accounts for the commands that show one program's accounts (stake, nonce, lookup tables,
 * validator info, sysvars): the bytes are asked for (base64, a fraction of jsonParsed's cost to the node)
 * and parsed here by the library's parsers (those `parseAccountData` dispatches to), into exactly the
 * jsonParsed shape the node would send. Only the parsers of these programs are loaded, not the token ones.
 */
import { CliError, rpcRequestError } from './cliError.js';
import type { Context } from './context.js';
import { EXIT } from './io.js';
import {
  type EpochSchedule,
  isSolRpcError,
  parseAddressLookupTable,
  parseConfig,
  parseNonce,
  parseStake,
  parseSysvar,
} from './library.js';

export const STAKE_PROGRAM = 'Stake11111111111111111111111111111111111111';
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const CONFIG_PROGRAM = 'Config1111111111111111111111111111111111111';
export const LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';
export const SYSVAR_CLOCK = 'SysvarC1ock11111111111111111111111111111111';
export const SYSVAR_RENT = 'SysvarRent111111111111111111111111111111111';
export const SYSVAR_STAKE_HISTORY = 'SysvarStakeHistory1111111111111111111111111';
const SYSVAR_OWNER = 'Sysvar1111111111111111111111111111111111111';
const FEATURE_PROGRAM = 'Feature111111111111111111111111111111111111';

/** An account as read: its balance, owner and data bytes. */
export interface FetchedAccount {
  address: string;
  lamports: bigint;
  owner: string;
  bytes: Uint8Array;
}

/** One account's bytes, or `null` when none exists at the address. */
export async function fetchAccount(ctx: Context, address: string): Promise<FetchedAccount | null> {
  const { value } = await ctx.rpc.getAccountInfo(address, { ...ctx.call, encoding: 'base64' });
  return value === null ? null : { address, lamports: value.lamports, owner: value.owner, bytes: value.data };
}

/** One account's bytes; none is the Solana CLI's `RpcClient::get_account` error. */
export async function requireAccount(ctx: Context, address: string): Promise<FetchedAccount> {
  const account = await fetchAccount(ctx, address);
  if (account === null) throw new CliError(`AccountNotFound: pubkey=${address}`, EXIT.failed);
  return account;
}

/** Account data as jsonParsed shows it, for the programs these commands read. */
export type ParsedData =
  | { program: 'stake'; parsed: ReturnType<typeof parseStake> }
  | { program: 'nonce'; parsed: ReturnType<typeof parseNonce> }
  | { program: 'address-lookup-table'; parsed: ReturnType<typeof parseAddressLookupTable> }
  | { program: 'config'; parsed: NonNullable<ReturnType<typeof parseConfig>> }
  | { program: 'sysvar'; parsed: NonNullable<ReturnType<typeof parseSysvar>> };

/**
 * The account's data as jsonParsed shows it (by its owner, as the node picks the parser), or `null` where
 * the node has none. Bytes the program's parser refuses are `null` too: the node would send them as bytes,
 * and each command words that refusal as the Solana CLI does.
 */
export function parsedData(account: FetchedAccount): ParsedData | null {
  const { bytes, address } = account;
  try {
    switch (account.owner) {
      case STAKE_PROGRAM:
        return { program: 'stake', parsed: parseStake(bytes) };
      case SYSTEM_PROGRAM:
        return { program: 'nonce', parsed: parseNonce(bytes) };
      case LOOKUP_TABLE_PROGRAM:
        return { program: 'address-lookup-table', parsed: parseAddressLookupTable(bytes) };
      case CONFIG_PROGRAM: {
        const parsed = parseConfig(bytes, address);
        return parsed === null ? null : { program: 'config', parsed };
      }
      case SYSVAR_OWNER: {
        const parsed = parseSysvar(bytes, address);
        return parsed === null ? null : { program: 'sysvar', parsed };
      }
      default:
        return null;
    }
  } catch (error) {
    if (isSolRpcError(error, 'DecodeError')) return null;
    throw error;
  }
}

/** A sysvar's parsed `info`, or the Solana CLI's error (`Failed to deserialize …`) when it cannot be read. */
export async function sysvarInfo<T>(ctx: Context, address: string, type: string, what: string): Promise<T> {
  const account = await requireAccount(ctx, address);
  const data = parsedData(account);
  if (data?.program !== 'sysvar' || data.parsed.type !== type) throw rpcRequestError(`Failed to deserialize ${what}`);
  return data.parsed.info as T;
}

/** The clock sysvar: the epoch and time a stake's lockup and activation are judged at, as the Solana CLI judges them. */
export interface ClockNow {
  epoch: bigint;
  unixTimestamp: bigint;
}

export async function readClock(ctx: Context): Promise<ClockNow> {
  const info = await sysvarInfo<{ epoch: number | bigint; unixTimestamp: number | bigint }>(
    ctx,
    SYSVAR_CLOCK,
    'clock',
    'clock sysvar',
  );
  return { epoch: BigInt(info.epoch), unixTimestamp: BigInt(info.unixTimestamp) };
}

/**
 * The epoch a feature activated in, as the Solana CLI's `get_feature_activation_epoch` finds it: `null`
 * when the feature account is missing or pending; read errors end the command, as they do there.
 */
export async function featureActivationEpoch(ctx: Context, feature: string): Promise<bigint | null> {
  const account = await fetchAccount(ctx, feature);
  if (account === null || account.owner !== FEATURE_PROGRAM) return null;
  const bytes = account.bytes;
  // bincode Option<u64>: 0 = not activated; 1 then the activation slot, little-endian.
  if (bytes.length < 9 || bytes[0] !== 1) return null;
  const slot = new DataView(bytes.buffer, bytes.byteOffset + 1, 8).getBigUint64(0, true);
  const signal = ctx.io.signal;
  return epochOfSlot(await ctx.rpc.getEpochSchedule(signal ? { signal } : {}), slot);
}

const MINIMUM_SLOTS_PER_EPOCH = 32n;

/** `EpochSchedule::get_epoch`: the epoch a slot is in, warm-up epochs (32, 64, … slots) included. */
export function epochOfSlot(schedule: EpochSchedule, slot: bigint): bigint {
  const firstNormalSlot = BigInt(schedule.firstNormalSlot);
  if (schedule.warmup && slot < firstNormalSlot) {
    // The warm-up epoch n holds 32·2^n slots starting at 32·(2^n − 1).
    let epoch = 0n;
    while (MINIMUM_SLOTS_PER_EPOCH * ((1n << (epoch + 1n)) - 1n) <= slot) epoch++;
    return epoch;
  }
  const normalSlot = slot - firstNormalSlot;
  return BigInt(schedule.firstNormalEpoch) + normalSlot / BigInt(schedule.slotsPerEpoch);
}

/** A u64 jsonParsed field (a decimal string or a JSON number) as a bigint. */
export function u64(value: string | number | bigint): bigint {
  return BigInt(value);
}
