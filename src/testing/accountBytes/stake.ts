/**
 * Stake accounts in the stake program's layout (StakeStateV2, bincode, 200 bytes): a u32 variant, then
 * Meta (rent-exempt reserve, staker and withdrawer, lockup) and, for a delegated account, the Stake
 * (delegation and credits observed) and its flags byte. The account is allocated at 200 bytes whatever
 * its variant, so an initialized-only account is zero past its Meta.
 */
import { ByteWriter } from './byteWriter.js';

/** StakeStateV2::size_of(): what the stake program allocates. */
export const STAKE_ACCOUNT_SPACE = 200;
/** u64::MAX: a delegation not deactivated (and, as an activation epoch, a bootstrap stake). */
export const NO_EPOCH = 18_446_744_073_709_551_615n;
/** The warmup/cooldown rate a delegation records (deprecated field, still written as 0.25). */
const WARMUP_COOLDOWN_RATE = 0.25;

export interface StakeLockup {
  unixTimestamp: bigint;
  epoch: bigint;
  custodian: string;
}

export interface StakeMeta {
  rentExemptReserve: bigint;
  staker: string;
  withdrawer: string;
  /** No lockup is written as zeros (timestamp 0, epoch 0, the all-zero custodian), as the program does. */
  lockup?: StakeLockup;
}

export interface StakeDelegation {
  voter: string;
  stake: bigint;
  activationEpoch: bigint;
  /** NO_EPOCH while not deactivated. */
  deactivationEpoch: bigint;
  creditsObserved: bigint;
}

const ZERO_KEY = '11111111111111111111111111111111';

function writeMeta(w: ByteWriter, meta: StakeMeta): void {
  w.u64(meta.rentExemptReserve).key(meta.staker).key(meta.withdrawer);
  w.i64(meta.lockup?.unixTimestamp ?? 0n)
    .u64(meta.lockup?.epoch ?? 0n)
    .key(meta.lockup?.custodian ?? ZERO_KEY);
}

/** An Initialized stake account (variant 1): Meta only. */
export function initializedStakeBytes(meta: StakeMeta): Uint8Array {
  const w = new ByteWriter().u32(1);
  writeMeta(w, meta);
  return w.finish(STAKE_ACCOUNT_SPACE);
}

/** A delegated stake account (variant 2): Meta, Stake, then StakeFlags (empty). */
export function delegatedStakeBytes(meta: StakeMeta, delegation: StakeDelegation): Uint8Array {
  const w = new ByteWriter().u32(2);
  writeMeta(w, meta);
  w.key(delegation.voter)
    .u64(delegation.stake)
    .u64(delegation.activationEpoch)
    .u64(delegation.deactivationEpoch)
    .f64(WARMUP_COOLDOWN_RATE)
    .u64(delegation.creditsObserved)
    .u8(0);
  return w.finish(STAKE_ACCOUNT_SPACE);
}
