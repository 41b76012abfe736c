/**
 * A stake account as the Solana CLI shows it (agave cli-output `CliStakeState`, built by cli/src/stake.rs
 * `build_stake_state`): the report `--output json` prints, key for key in serde's order, and its text,
 * line for line. Shared by `stake-account` and `stakes`.
 */
import type { ClockNow } from './accountReads.js';
import { formatLamports, rfc3339, solAsBalanceMessage } from './format.js';
import { type ParsedStake, stakeActivation } from './library.js';

const U64_MAX = 0xffff_ffff_ffff_ffffn;
const DEFAULT_PUBKEY = '11111111111111111111111111111111';

/** The jsonParsed stake value (`parseStake`'s result). */
export type ParsedStakeValue = ParsedStake;

/** `CliStakeState` as serde writes it: absent keys are the `None`s it skips. */
export interface StakeReport {
  stakeType: 'Stake' | 'RewardsPool' | 'Uninitialized' | 'Initialized';
  accountBalance: bigint;
  creditsObserved?: bigint;
  delegatedStake?: bigint;
  delegatedVoteAccountAddress?: string;
  activationEpoch?: bigint;
  deactivationEpoch?: bigint;
  staker?: string;
  withdrawer?: string;
  unixTimestamp?: bigint;
  epoch?: bigint;
  custodian?: string;
  rentExemptReserve?: bigint;
  activeStake?: bigint;
  activatingStake?: bigint;
  deactivatingStake?: bigint;
}

/** What a report is judged against: the clock (lockups, activation) and the stake history. */
export interface StakeContext {
  clock: ClockNow;
  /** The StakeHistory sysvar as jsonParsed shows it. */
  stakeHistory: unknown;
  /** The reduce_stake_warmup_cooldown feature's epoch, or `null` where it is not active. */
  newRateActivationEpoch: bigint | null;
}

function someIfNotZero(n: bigint): bigint | undefined {
  return n > 0n ? n : undefined;
}

/** `build_stake_state`: the report of one stake account. */
export function buildStakeState(balance: bigint, parsed: ParsedStakeValue, at: StakeContext): StakeReport {
  if (parsed.type === 'rewardsPool') return { stakeType: 'RewardsPool', accountBalance: balance };
  if (parsed.type === 'uninitialized') return { stakeType: 'Uninitialized', accountBalance: balance };
  const { meta, stake } = parsed.info;
  const unixTimestamp = BigInt(meta.lockup.unixTimestamp);
  const lockupEpoch = BigInt(meta.lockup.epoch);
  // `Lockup::is_in_force(clock, None)`: only a lockup still binding is shown.
  const lockup =
    unixTimestamp > at.clock.unixTimestamp || lockupEpoch > at.clock.epoch
      ? { unixTimestamp, epoch: lockupEpoch, custodian: meta.lockup.custodian }
      : {};
  const authorized = { staker: meta.authorized.staker, withdrawer: meta.authorized.withdrawer };
  const rentExemptReserve = BigInt(meta.rentExemptReserve);
  if (parsed.type === 'initialized' || stake === null) {
    return {
      stakeType: 'Initialized',
      accountBalance: balance,
      creditsObserved: 0n,
      ...authorized,
      ...lockup,
      rentExemptReserve,
    };
  }
  const { delegation } = stake;
  const activation = stakeActivation(parsed, at.stakeHistory, at.clock.epoch, {
    newRateActivationEpoch: at.newRateActivationEpoch,
  });
  const activationEpoch = BigInt(delegation.activationEpoch);
  const deactivationEpoch = BigInt(delegation.deactivationEpoch);
  return {
    stakeType: 'Stake',
    accountBalance: balance,
    creditsObserved: BigInt(stake.creditsObserved),
    delegatedStake: BigInt(delegation.stake),
    ...(delegation.voter === DEFAULT_PUBKEY ? {} : { delegatedVoteAccountAddress: delegation.voter }),
    // A genesis stake (activation epoch u64::MAX) shows epoch 0, as the Solana CLI shows it.
    activationEpoch: activationEpoch < U64_MAX ? activationEpoch : 0n,
    ...(deactivationEpoch < U64_MAX ? { deactivationEpoch } : {}),
    ...authorized,
    ...lockup,
    rentExemptReserve,
    activeStake: someIfNotZero(activation.active),
    activatingStake: someIfNotZero(activation.activating),
    deactivatingStake: someIfNotZero(activation.deactivating),
  };
}

/** How the text is written: the unit, `--verbose` (credits observed) and bold labels on a terminal. */
export interface StakeTextOptions {
  currentEpoch: bigint;
  inLamports: boolean;
  verbose: boolean;
}

/** `build_balance_message(lamports, use_lamports_unit, true)`. */
export function balanceText(lamports: bigint, inLamports: boolean): string {
  return inLamports ? formatLamports(lamports) : `${solAsBalanceMessage(lamports)} SOL`;
}

/** chrono's first and last second (years -262143 and 262142): `DateTime::from_timestamp` has no date outside. */
const CHRONO_FIRST_SECOND = -8_334_601_228_800n;
const CHRONO_LAST_SECOND = 8_210_266_876_799n;

/**
 * display.rs `unix_timestamp_to_string`: RFC 3339 where chrono has the date, else `UnixTimestamp N` with the
 * i64's every digit (a lockup "forever" is i64::MAX, which a JavaScript Date neither holds nor rejects).
 */
function lockupTime(seconds: bigint): string {
  if (seconds < CHRONO_FIRST_SECOND || seconds > CHRONO_LAST_SECOND) return `UnixTimestamp ${seconds}`;
  return rfc3339(Number(seconds));
}

/** `CliStakeState`'s Display (and VerboseDisplay with `verbose`), one entry a line. */
export function stakeStateLines(report: StakeReport, options: StakeTextOptions): string[] {
  const { currentEpoch, inLamports } = options;
  const money = (lamports: bigint) => balanceText(lamports, inLamports);
  const lines = [`Balance: ${money(report.accountBalance)}`];
  if (report.rentExemptReserve !== undefined) lines.push(`Rent Exempt Reserve: ${money(report.rentExemptReserve)}`);
  const authorized = () => {
    lines.push(`Stake Authority: ${report.staker}`, `Withdraw Authority: ${report.withdrawer}`);
  };
  const lockup = () => {
    if (report.custodian === undefined) return;
    if (report.unixTimestamp !== undefined && report.unixTimestamp !== 0n) {
      lines.push(`Lockup Timestamp: ${lockupTime(report.unixTimestamp)}`);
    }
    if (report.epoch !== undefined && report.epoch !== 0n) lines.push(`Lockup Epoch: ${report.epoch}`);
    lines.push(`Lockup Custodian: ${report.custodian}`);
  };
  switch (report.stakeType) {
    case 'RewardsPool':
      lines.push('Stake account is a rewards pool');
      break;
    case 'Uninitialized':
      lines.push('Stake account is uninitialized');
      break;
    case 'Initialized':
      lines.push('Stake account is undelegated');
      authorized();
      lockup();
      break;
    case 'Stake': {
      const { activeStake, activatingStake, deactivatingStake, deactivationEpoch } = report;
      const delegated = report.delegatedStake ?? 0n;
      const showDelegation =
        activeStake !== undefined ||
        activatingStake !== undefined ||
        deactivatingStake !== undefined ||
        deactivationEpoch === undefined ||
        deactivationEpoch > currentEpoch;
      if (showDelegation) {
        lines.push(`Delegated Stake: ${money(delegated)}`);
        // show_active_stake
        if (deactivationEpoch === undefined || currentEpoch <= deactivationEpoch) {
          lines.push(`Active Stake: ${money(activeStake ?? 0n)}`);
          const activating = activatingStake ?? (activeStake === undefined ? delegated : undefined);
          if (activating !== undefined) {
            lines.push(
              `Activating Stake: ${money(activating)}`,
              `Stake activates starting from epoch: ${report.activationEpoch}`,
            );
          }
        }
        // show_inactive_stake
        if (deactivationEpoch !== undefined) {
          if (currentEpoch > deactivationEpoch) {
            const deactivating = deactivatingStake ?? activeStake;
            if (deactivating !== undefined) {
              lines.push(
                // u64 subtraction in the Solana CLI; an effective stake above the delegation cannot occur.
                `Inactive Stake: ${money(delegated - deactivating)}`,
                `Deactivating Stake: ${money(deactivating)}`,
              );
            }
          }
          lines.push(`Stake deactivates starting from epoch: ${deactivationEpoch}`);
        }
        if (report.delegatedVoteAccountAddress !== undefined) {
          lines.push(`Delegated Vote Account Address: ${report.delegatedVoteAccountAddress}`);
        }
      } else {
        lines.push('Stake account is undelegated');
      }
      authorized();
      lockup();
      break;
    }
  }
  if (options.verbose && report.creditsObserved !== undefined) {
    lines.push(`Credits Observed: ${report.creditsObserved}`);
  }
  return lines;
}
