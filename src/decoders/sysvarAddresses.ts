/**
 * The addresses of the sysvar accounts, owned by `SYSVAR_PROGRAM_ADDRESS`. The ones agave's `jsonParsed`
 * reads are listed in decoders/sysvar.ts; instructions is here because it is a sysvar agave leaves unparsed.
 * @module
 */
import type { Address } from '../types/index.js';

/** The owner of every sysvar account. */
export const SYSVAR_PROGRAM_ADDRESS: Address = 'Sysvar1111111111111111111111111111111111111';
/** The clock: slot, epoch and the cluster's Unix time. */
export const SYSVAR_CLOCK_ADDRESS: Address = 'SysvarC1ock11111111111111111111111111111111';
/** The epoch schedule: epoch lengths and the warm-up. */
export const SYSVAR_EPOCH_SCHEDULE_ADDRESS: Address = 'SysvarEpochSchedu1e111111111111111111111111';
/** The fees sysvar (deprecated by the runtime; still parsed). */
export const SYSVAR_FEES_ADDRESS: Address = 'SysvarFees111111111111111111111111111111111';
/** The recent blockhashes sysvar (deprecated by the runtime; still parsed). */
export const SYSVAR_RECENT_BLOCKHASHES_ADDRESS: Address = 'SysvarRecentB1ockHashes11111111111111111111';
/** The rent parameters. */
export const SYSVAR_RENT_ADDRESS: Address = 'SysvarRent111111111111111111111111111111111';
/** The rewards sysvar (no longer written by the runtime; still parsed). */
export const SYSVAR_REWARDS_ADDRESS: Address = 'SysvarRewards111111111111111111111111111111';
/** The most recent slots and their bank hashes. */
export const SYSVAR_SLOT_HASHES_ADDRESS: Address = 'SysvarS1otHashes111111111111111111111111111';
/** Which of the last 1,048,576 slots were rooted. */
export const SYSVAR_SLOT_HISTORY_ADDRESS: Address = 'SysvarS1otHistory11111111111111111111111111';
/** Stake activated, activating and deactivating per past epoch. */
export const SYSVAR_STAKE_HISTORY_ADDRESS: Address = 'SysvarStakeHistory1111111111111111111111111';
/** The current epoch's partitioned rewards distribution. */
export const SYSVAR_EPOCH_REWARDS_ADDRESS: Address = 'SysvarEpochRewards1111111111111111111111111';
/** The slot of the last cluster restart. */
export const SYSVAR_LAST_RESTART_SLOT_ADDRESS: Address = 'SysvarLastRestartS1ot1111111111111111111111';
/** The instructions of the running transaction: exists only inside one, and agave does not parse it. */
export const SYSVAR_INSTRUCTIONS_ADDRESS: Address = 'Sysvar1nstructions1111111111111111111111111';
