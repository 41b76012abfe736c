/**
 * `stakeActivation`: how much of a stake account's delegation is active, activating, deactivating and
 * inactive at an epoch, computed as the runtime computes it (solana-stake-interface `Delegation::
 * stake_activating_and_deactivating_v2`, and the older f64 `stake_activating_and_deactivating` on request),
 * from the account and the StakeHistory sysvar. It replaces the `getStakeActivation` method agave removed.
 *
 * The runtime walks epoch by epoch from the activation (then the deactivation) epoch, giving the account
 * its share of what the whole cluster may warm up (cool down) that epoch: the cluster's effective stake
 * times the rate (25%, or 9% from the reduce_stake_warmup_cooldown feature's epoch), shared in
 * proportion to the account's part of the cluster's activating (deactivating) stake, at least 1 lamport
 * an epoch. An epoch the history lacks ends the walk: a stake whose activation epoch is not in the
 * history counts as fully active, one whose deactivation epoch is not there as fully inactive.
 * @module
 */
import { ByteReader } from '../codecs/byteReader.js';
import { DecodeError } from '../errors/DecodeError.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import type { ReadonlyUint8Array } from '../types/index.js';
import type { ParsedStake, ParsedStakeData } from '../types/stake.js';
import { parseStake } from './stake.js';

/** Where a delegation stands at an epoch, as the removed `getStakeActivation` named it. */
export type StakeActivationState = 'active' | 'inactive' | 'activating' | 'deactivating';

/**
 * A delegation at one epoch, in lamports. `active + inactive` is the delegated stake (unless
 * `options.lamports` is given); `activating` is part of `inactive`, `deactivating` part of `active`.
 */
export interface StakeActivation {
  /** `deactivating` if any stake is cooling down, else `activating` if any is warming up, else `active` if any is effective, else `inactive`. */
  state: StakeActivationState;
  /** Effective stake (the runtime's `effective`, the CLI's "Active Stake"): deactivating stake included. */
  active: bigint;
  /**
   * The delegated stake that is not effective: still warming up, or cooled down (getStakeActivation's
   * `inactive` before it read the balance). With `options.lamports`, the balance-based figure its
   * last version gave: the activating stake, 0 when active, else the balance less the rent reserve
   * and any stake still effective.
   */
  inactive: bigint;
  /** Stake still warming up (the CLI's "Activating Stake"): part of `inactive`. */
  activating: bigint;
  /** The part of `active` cooling down (the CLI's "Deactivating Stake"). */
  deactivating: bigint;
}

/** How the runtime's rules are applied. */
export interface StakeActivationOptions {
  /**
   * The first epoch of the 9% rate (feature reduce_stake_warmup_cooldown). Default 565, mainnet's
   * (`MAINNET_NEW_RATE_ACTIVATION_EPOCH`); give your cluster's, or `null` for a cluster without the feature (25% always).
   */
  newRateActivationEpoch?: number | bigint | null;
  /**
   * `'fixedPoint'` (default): the integer math of stake program v5.1 (SIMD-0391, active on every cluster since 2026).
   * `'float'`: the f64 math the runtime used before it, to reproduce an older node's answers.
   */
  math?: 'fixedPoint' | 'float';
  /** The stake account's balance: when given, `inactive` is computed from it, as getStakeActivation last did. */
  lamports?: number | bigint;
}

/** The epoch mainnet-beta activated reduce_stake_warmup_cooldown in (its feature account: slot 244,080,000). */
export const MAINNET_NEW_RATE_ACTIVATION_EPOCH = 565;

const U64_MAX = 0xffff_ffff_ffff_ffffn;
const U128_MAX = (1n << 128n) - 1n;
const BASIS_POINTS_PER_UNIT = 10_000n;
const ORIGINAL_RATE_BPS = 2_500n;
const TOWER_RATE_BPS = 900n;
const ORIGINAL_RATE = 0.25;
const TOWER_RATE = 0.09;

interface Delegation {
  stake: bigint;
  activationEpoch: bigint;
  deactivationEpoch: bigint;
}

interface HistoryEntry {
  effective: bigint;
  activating: bigint;
  deactivating: bigint;
}

type History = Map<bigint, HistoryEntry>;

/** What the activation needs from the account: the delegation, and the rent reserve (null if uninitialized). */
interface StakeAccountFacts {
  delegation: Delegation | null;
  rentExemptReserve: bigint | null;
}

function invalid(param: string, problem: string): InvalidInputError {
  return new InvalidInputError({ param, problem });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A u64 given as a JSON integer (number or bigint) or, where agave writes strings, as decimal digits. */
function u64Of(value: unknown, param: string, strings: boolean): bigint {
  let n: bigint | undefined;
  if (typeof value === 'bigint') n = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) n = BigInt(value);
  else if (strings && typeof value === 'string' && /^[0-9]{1,20}$/.test(value)) n = BigInt(value);
  if (n === undefined || n < 0n || n > U64_MAX) {
    throw invalid(param, `expected an unsigned 64-bit integer${strings ? ' (or its decimal string)' : ''}`);
  }
  return n;
}

function factsOf(stakeAccount: unknown): StakeAccountFacts {
  let parsed: ParsedStake;
  if (stakeAccount instanceof Uint8Array) {
    try {
      parsed = parseStake(stakeAccount);
    } catch (error) {
      if (error instanceof DecodeError) throw invalid('stakeAccount', `not a stake account: ${error.message}`);
      throw error;
    }
  } else if (isRecord(stakeAccount) && isRecord(stakeAccount.parsed)) {
    if (stakeAccount.program !== undefined && stakeAccount.program !== 'stake') {
      throw invalid('stakeAccount.program', `expected 'stake', got ${String(stakeAccount.program)}`);
    }
    parsed = (stakeAccount as unknown as ParsedStakeData).parsed;
  } else if (isRecord(stakeAccount)) {
    parsed = stakeAccount as unknown as ParsedStake;
  } else {
    throw invalid('stakeAccount', 'expected the account data as bytes, or its jsonParsed value');
  }
  const type = (parsed as { type?: unknown }).type;
  if (type === 'uninitialized' || type === 'rewardsPool') return { delegation: null, rentExemptReserve: null };
  if (type !== 'initialized' && type !== 'delegated') {
    throw invalid('stakeAccount.type', `not a stake account type: ${String(type)}`);
  }
  const info = (parsed as { info?: unknown }).info;
  const meta = isRecord(info) ? info.meta : undefined;
  if (!isRecord(meta)) throw invalid('stakeAccount.info.meta', 'missing from an initialized account');
  const rentExemptReserve = u64Of(meta.rentExemptReserve, 'stakeAccount.info.meta.rentExemptReserve', true);
  if (type === 'initialized') return { delegation: null, rentExemptReserve };
  const stake = isRecord(info) ? info.stake : undefined;
  const delegation = isRecord(stake) ? stake.delegation : undefined;
  if (!isRecord(delegation)) throw invalid('stakeAccount.info.stake.delegation', 'missing from a delegated account');
  return {
    rentExemptReserve,
    delegation: {
      stake: u64Of(delegation.stake, 'stakeAccount.info.stake.delegation.stake', true),
      activationEpoch: u64Of(delegation.activationEpoch, 'stakeAccount.info.stake.delegation.activationEpoch', true),
      deactivationEpoch: u64Of(
        delegation.deactivationEpoch,
        'stakeAccount.info.stake.delegation.deactivationEpoch',
        true,
      ),
    },
  };
}

/**
 * The StakeHistory sysvar's bytes: bincode `Vec<(u64 epoch, StakeHistoryEntry)>`, a u64 count then 32
 * bytes an entry, newest first; the account is allocated at its 512-entry size, so bytes may follow.
 * The runtime looks epochs up by binary search in a list it keeps sorted with one entry an epoch; for a
 * list that is not (only hand-made bytes), the first entry of an epoch is the one used here.
 */
function historyFromBytes(bytes: Uint8Array): History {
  const history: History = new Map();
  try {
    const reader = new ByteReader(bytes, 'sysvar');
    const count = reader.u64('stakeHistory.length');
    if (count > BigInt(Math.floor(reader.remaining / 32))) {
      throw reader.error('stakeHistory', 8, `${count} entries need ${count * 32n} bytes, ${reader.remaining} remain`);
    }
    for (let i = 0; i < Number(count); i++) {
      const epoch = reader.u64(`stakeHistory.${i}.epoch`);
      const effective = reader.u64(`stakeHistory.${i}.effective`);
      const activating = reader.u64(`stakeHistory.${i}.activating`);
      const deactivating = reader.u64(`stakeHistory.${i}.deactivating`);
      if (!history.has(epoch)) history.set(epoch, { effective, activating, deactivating });
    }
  } catch (error) {
    if (error instanceof DecodeError) throw invalid('stakeHistory', `not the StakeHistory sysvar: ${error.message}`);
    throw error;
  }
  return history;
}

/** agave's sysvar parser: `{ type: 'stakeHistory', info: [{ epoch, stakeHistory: { effective, activating, deactivating } }] }`. */
function historyFromParsed(value: unknown): History {
  let parsed = value;
  if (isRecord(parsed) && isRecord(parsed.parsed)) parsed = parsed.parsed;
  let entries: unknown = parsed;
  if (isRecord(parsed)) {
    if (parsed.type !== 'stakeHistory') throw invalid('stakeHistory.type', "expected 'stakeHistory'");
    entries = parsed.info;
  }
  if (!Array.isArray(entries)) {
    throw invalid('stakeHistory', 'expected the sysvar as bytes, or its jsonParsed value');
  }
  const history: History = new Map();
  entries.forEach((entry: unknown, i) => {
    const at = `stakeHistory.info.${i}`;
    if (!isRecord(entry) || !isRecord(entry.stakeHistory)) throw invalid(at, 'expected { epoch, stakeHistory }');
    const stake = entry.stakeHistory;
    const epoch = u64Of(entry.epoch, `${at}.epoch`, false);
    const item = {
      effective: u64Of(stake.effective, `${at}.stakeHistory.effective`, false),
      activating: u64Of(stake.activating, `${at}.stakeHistory.activating`, false),
      deactivating: u64Of(stake.deactivating, `${at}.stakeHistory.deactivating`, false),
    };
    if (!history.has(epoch)) history.set(epoch, item);
  });
  return history;
}

function saturatingSub(a: bigint, b: bigint): bigint {
  return a > b ? a - b : 0n;
}

/** Rust's `f64 as u64`: toward zero, NaN and negatives to 0, and saturating at u64::MAX. */
function f64ToU64(value: number): bigint {
  if (!(value > 0)) return 0n;
  if (value >= 2 ** 64) return U64_MAX;
  return BigInt(Math.trunc(value));
}

interface Rules {
  newRateEpoch: bigint | null;
  fixedPoint: boolean;
}

function rateBps(epoch: bigint, rules: Rules): bigint {
  return rules.newRateEpoch !== null && epoch >= rules.newRateEpoch ? TOWER_RATE_BPS : ORIGINAL_RATE_BPS;
}

/**
 * The lamports of `account` (the account's activating or deactivating stake) that may change state in
 * `epoch`, given the cluster's `portion` (activating or deactivating) and `effective` stake at the epoch
 * before, before the runtime's 1-lamport floor.
 */
function allowance(epoch: bigint, account: bigint, portion: bigint, effective: bigint, rules: Rules): bigint {
  if (rules.fixedPoint) {
    // solana-stake-interface warmup_cooldown_allowance: u128 products that saturate, floor division.
    if (account === 0n || portion === 0n || effective === 0n) return 0n;
    let numerator = account * effective;
    numerator = numerator * rateBps(epoch, rules);
    if (numerator > U128_MAX) numerator = U128_MAX;
    const delta = numerator / (portion * BASIS_POINTS_PER_UNIT);
    return delta < account ? delta : account;
  }
  // The f64 path: each u64 becomes the nearest f64 (Number(bigint) rounds to nearest, ties to even, as
  // Rust's `as f64` does), the products and quotient are IEEE doubles in both languages, and the result
  // truncates back as `as u64`. `portion` is never 0 here: the callers stop first.
  const weight = Number(account) / Number(portion);
  const rate = rateBps(epoch, rules) === TOWER_RATE_BPS ? TOWER_RATE : ORIGINAL_RATE;
  const clusterShare = Number(effective) * rate;
  return f64ToU64(weight * clusterShare);
}

/** Returns [effective, activating]: the runtime's `stake_and_activating`. */
function effectiveAndActivating(d: Delegation, target: bigint, history: History, rules: Rules): [bigint, bigint] {
  if (d.activationEpoch === U64_MAX) return [d.stake, 0n]; // a genesis (bootstrap) stake
  if (d.activationEpoch === d.deactivationEpoch) return [0n, 0n]; // deactivated in the epoch it was delegated
  if (target === d.activationEpoch) return [0n, d.stake];
  if (target < d.activationEpoch) return [0n, 0n];
  let prev = history.get(d.activationEpoch);
  if (prev === undefined) return [d.stake, 0n]; // out of the history: taken as long since active
  let prevEpoch = d.activationEpoch;
  let effective = 0n;
  for (;;) {
    const epoch = prevEpoch + 1n;
    if (prev.activating === 0n) break;
    const newly = allowance(epoch, d.stake - effective, prev.activating, prev.effective, rules);
    // A u64 add, which agave's release build (no overflow checks) wraps. Only the f64 path can get
    // there, with a grant near u64::MAX from a history no cluster has; the integer grant never exceeds
    // what remains to activate.
    effective = (effective + (newly > 0n ? newly : 1n)) & U64_MAX;
    if (effective >= d.stake) {
      effective = d.stake;
      break;
    }
    if (epoch >= target || epoch >= d.deactivationEpoch) break;
    const next = history.get(epoch);
    if (next === undefined) break;
    prevEpoch = epoch;
    prev = next;
  }
  return [effective, d.stake - effective];
}

/** The runtime's `stake_activating_and_deactivating`: [effective, activating, deactivating]. */
function activationStatus(d: Delegation, target: bigint, history: History, rules: Rules): [bigint, bigint, bigint] {
  const [effective, activating] = effectiveAndActivating(d, target, history, rules);
  if (target < d.deactivationEpoch) return [effective, activating, 0n];
  // In its deactivation epoch a stake can only cool down what had warmed up; the rest is dropped.
  if (target === d.deactivationEpoch) return [effective, 0n, effective];
  let prev = history.get(d.deactivationEpoch);
  if (prev === undefined) return [0n, 0n, 0n]; // out of the history: taken as long since inactive
  let prevEpoch = d.deactivationEpoch;
  let remaining = effective;
  for (;;) {
    const epoch = prevEpoch + 1n;
    if (prev.deactivating === 0n) break;
    const newly = allowance(epoch, remaining, prev.deactivating, prev.effective, rules);
    const step = newly > 0n ? newly : 1n;
    remaining = remaining > step ? remaining - step : 0n;
    if (remaining === 0n) break;
    if (epoch >= target) break;
    const next = history.get(epoch);
    if (next === undefined) break;
    prevEpoch = epoch;
    prev = next;
  }
  return [remaining, 0n, remaining];
}

/**
 * How much of a stake account's delegation is active, activating, deactivating and inactive at `epoch`,
 * exactly as the runtime (and the CLI's `solana stake-account`) computes it.
 *
 * @param stakeAccount The stake account's data: its bytes, `parseStake`'s result, or the jsonParsed
 *   `{ program: 'stake', parsed, space }` a node returns.
 * @param stakeHistory The StakeHistory sysvar (`SysvarStakeHistory1111111111111111111111111`): its bytes
 *   or its jsonParsed value (`{ type: 'stakeHistory', info }`, with or without the `program` envelope).
 * @param epoch The epoch to evaluate at, usually the current one.
 * @throws InvalidInputError naming the parameter that is not what it claims to be.
 * @example
 * const { state, active } = stakeActivation(stakeData, historyData, epochInfo.epoch);
 */
export function stakeActivation(
  stakeAccount: ReadonlyUint8Array | ParsedStake | ParsedStakeData,
  stakeHistory: ReadonlyUint8Array | unknown,
  epoch: number | bigint,
  options: StakeActivationOptions = {},
): StakeActivation {
  const target = u64Of(epoch, 'epoch', false);
  if (!isRecord(options)) throw invalid('options', 'expected an object');
  const rate = options.newRateActivationEpoch;
  const newRateEpoch =
    rate === null
      ? null
      : u64Of(rate === undefined ? MAINNET_NEW_RATE_ACTIVATION_EPOCH : rate, 'options.newRateActivationEpoch', false);
  const math = options.math ?? 'fixedPoint';
  if (math !== 'fixedPoint' && math !== 'float') throw invalid('options.math', "expected 'fixedPoint' or 'float'");
  const lamports = options.lamports === undefined ? undefined : u64Of(options.lamports, 'options.lamports', false);
  const { delegation, rentExemptReserve } = factsOf(stakeAccount);
  const history = stakeHistory instanceof Uint8Array ? historyFromBytes(stakeHistory) : historyFromParsed(stakeHistory);
  if (delegation === null) {
    // getStakeActivation: an initialized account's whole balance above its reserve is inactive (it
    // refused uninitialized accounts and the rewards pool; here they have nothing).
    const inactive =
      lamports !== undefined && rentExemptReserve !== null ? saturatingSub(lamports, rentExemptReserve) : 0n;
    return { state: 'inactive', active: 0n, inactive, activating: 0n, deactivating: 0n };
  }
  const [effective, activating, deactivating] = activationStatus(delegation, target, history, {
    newRateEpoch,
    fixedPoint: math === 'fixedPoint',
  });
  // The order getStakeActivation used: cooling down wins, then warming up, then any effective stake.
  const state: StakeActivationState =
    deactivating > 0n ? 'deactivating' : activating > 0n ? 'activating' : effective > 0n ? 'active' : 'inactive';
  let inactive = delegation.stake - effective;
  if (lamports !== undefined) {
    const reserve = rentExemptReserve ?? 0n;
    if (state === 'activating') inactive = activating;
    else if (state === 'active') inactive = 0n;
    // `effective + rent_exempt_reserve` is a u64 add, wrapping in a release build.
    else if (state === 'deactivating') inactive = saturatingSub(lamports, (effective + reserve) & U64_MAX);
    else inactive = saturatingSub(lamports, reserve);
  }
  return { state, active: effective, inactive, activating, deactivating };
}
