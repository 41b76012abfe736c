/**
 * The simulated cluster's fixed cast and clock: its validators, wallet, mint and reserves, the program ids
 * it knows, and the epoch and block-height arithmetic every other part of the simulation reads. Kept apart
 * so each part (accounts, transactions, blocks, validators) starts from the same numbers.
 */

import { encodeBase58 } from '../codecs/base58.js';
import { sha256 } from './hash.js';

export const SLOTS_PER_EPOCH = 432_000;
export const SLOT_MS = 400;
export const VOTE_PROGRAM = 'Vote111111111111111111111111111111111111111';
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
export const FEATURE_PROGRAM = 'Feature111111111111111111111111111111111111';
export const TIMELY_VOTE_CREDITS = 'tvcF6b1TRz353zKuhBjinZkKzjmihXmBAHJdjNYw1sQ';
export const STAKE_PROGRAM = 'Stake11111111111111111111111111111111111111';
export const CONFIG_PROGRAM = 'Config1111111111111111111111111111111111111';
export const ADDRESS_LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';
export const BPF_UPGRADEABLE_LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111';
export const SYSVAR_OWNER = 'Sysvar1111111111111111111111111111111111111';
/** The deprecated stake config account (Config program) every cluster still holds. */
export const STAKE_CONFIG = 'StakeConfig11111111111111111111111111111111';

/** The sysvar accounts the cluster holds, by the `type` jsonParsed gives each. */
export const SYSVARS = {
  clock: 'SysvarC1ock11111111111111111111111111111111',
  epochSchedule: 'SysvarEpochSchedu1e111111111111111111111111',
  fees: 'SysvarFees111111111111111111111111111111111',
  recentBlockhashes: 'SysvarRecentB1ockHashes11111111111111111111',
  rent: 'SysvarRent111111111111111111111111111111111',
  slotHashes: 'SysvarS1otHashes111111111111111111111111111',
  stakeHistory: 'SysvarStakeHistory1111111111111111111111111',
  lastRestartSlot: 'SysvarLastRestartS1ot1111111111111111111111',
  epochRewards: 'SysvarEpochRewards1111111111111111111111111',
} as const;

/** A deterministic address from a label, so every run (and every test) sees the same keys. */
export function simulatedAddress(label: string): string {
  return encodeBase58(sha256(`solrpc-simulation:${label}`));
}

export interface SimulatedValidator {
  name: string;
  identity: string;
  vote: string;
  withdrawer: string;
  stake: bigint;
  commission: number;
  /** Its validator-info account (Config program), as `solana validator-info publish` creates it. */
  info: string;
  /** How far behind the tip its votes are; past 128 it is delinquent. */
  lag: number;
  version: string;
  /** The client its gossip version record names, as agave's getClusterNodes writes it (`clientId`). */
  client: string;
  ip: string;
  rpc: boolean;
}

/** The cluster's cast, fixed. */
export const SIMULATION = {
  validators: [
    {
      name: 'alpha',
      stake: 13_822_119_736_540_281n,
      commission: 5,
      lag: 1,
      version: '2.3.7',
      client: 'Agave',
      ip: '198.51.100.17',
      rpc: true,
    },
    {
      name: 'beta',
      stake: 8_617_029_373_399_950n,
      commission: 7,
      lag: 2,
      version: '2.3.7',
      client: 'JitoLabs',
      ip: '203.0.113.44',
      rpc: false,
    },
    {
      name: 'gamma',
      stake: 266_769_518n,
      commission: 10,
      lag: 3,
      version: '2.2.20',
      client: 'Agave',
      ip: '192.0.2.201',
      rpc: false,
    },
    {
      name: 'delta',
      stake: 5_689_282_263_096_734n,
      commission: 8,
      lag: 900,
      version: '2.3.6',
      client: 'JitoLabs',
      ip: '198.51.100.90',
      rpc: false,
    },
    {
      name: 'epsilon',
      stake: 0n,
      commission: 100,
      lag: 1,
      version: '2.3.7',
      client: 'AgaveBam',
      ip: '203.0.113.9',
      rpc: false,
    },
  ].map(
    (v): SimulatedValidator => ({
      ...v,
      identity: simulatedAddress(`${v.name}/identity`),
      vote: simulatedAddress(`${v.name}/vote`),
      withdrawer: simulatedAddress(`${v.name}/withdrawer`),
      info: simulatedAddress(`${v.name}/info`),
    }),
  ),
  /** A wallet whose balance (about 10.3 M SOL) is beyond 2^53 lamports. */
  wallet: { address: simulatedAddress('wallet'), lamports: 10_293_847_561_029_385n },
  delegate: simulatedAddress('delegate'),
  mint: simulatedAddress('mint'),
  tokenAccount: simulatedAddress('token-account'),
  /** Locked reserves the node counts as non-circulating (about 63 M SOL), each beyond 2^53 lamports. */
  nonCirculating: [
    { address: simulatedAddress('reserve/foundation'), lamports: 40_112_887_003_317_441n },
    { address: simulatedAddress('reserve/locked-stake'), lamports: 15_004_220_981_116_007n },
    { address: simulatedAddress('reserve/grants'), lamports: 7_902_175_762_068_480n },
  ],
  firstSlot: 824 * SLOTS_PER_EPOCH + 171_456,
  /**
   * Stake accounts (Stake program, 200 bytes), the wallet their staker and withdrawer: one in each state
   * a delegation goes through, relative to the epoch of the bank read (docs/testing.md lists them).
   */
  stakes: {
    /** 500 SOL delegated to alpha, active for 60 epochs, no lockup. */
    active: simulatedAddress('stake/active'),
    /** 1,250 SOL delegated to beta, active, under a lockup with a custodian. */
    lockedUp: simulatedAddress('stake/locked-up'),
    /** 42 SOL delegated to gamma this epoch: activating. */
    activating: simulatedAddress('stake/activating'),
    /** 300 SOL delegated to beta, deactivated this epoch: deactivating. */
    deactivating: simulatedAddress('stake/deactivating'),
    /** 75 SOL once delegated to delta, deactivated three epochs ago: inactive, withdrawable. */
    deactivated: simulatedAddress('stake/deactivated'),
    /** 10 SOL initialized, never delegated, under a lockup. */
    initialized: simulatedAddress('stake/initialized'),
  },
  /** The custodian of the locked-up stake accounts' lockups. */
  stakeCustodian: simulatedAddress('stake/custodian'),
  /** A durable nonce account (System program, 80 bytes), the wallet its authority. */
  nonce: simulatedAddress('nonce'),
  /** An address lookup table, the wallet its authority, holding the cast's main addresses. */
  lookupTable: simulatedAddress('lookup-table'),
  /** An upgradeable program (BPF upgradeable loader): the program, its program data, its upgrade authority. */
  program: {
    address: simulatedAddress('program'),
    programData: simulatedAddress('program/data'),
    authority: simulatedAddress('program/authority'),
  },
};

/** How many blocks a blockhash stays valid for, as on a real cluster. */
export const BLOCKHASH_LIFETIME = 150;
/** Slots after which a transaction counts as rooted (finalized). */
export const SLOTS_TO_ROOT = 32;

/**
 * The confirmed bank at the tip `slot`: the one before it. A young cluster's banks sit at slot 0 together,
 * as on a node just started from genesis (slots are u64: none is below 0).
 */
export const confirmedAt = (slot: number) => Math.max(0, slot - 1);
/** The root (finalized bank) at the tip `slot`: 32 slots back, slot 0 for a cluster younger than that. */
export const rootAt = (slot: number) => Math.max(0, slot - SLOTS_TO_ROOT);

/** Blocks a cluster was short of slots by the simulation's epoch: its skipped slots since genesis. */
const HEIGHT_BEHIND_SLOT = 21_852_343;
/** Below this slot (ten epochs before the simulation's), heights grow in proportion, from 0 at slot 0. */
const PROPORTIONAL_BELOW = SIMULATION.firstSlot - 10 * SLOTS_PER_EPOCH;

/** The block height at a slot: mainnet-like near the simulation's epoch, never negative, never going back. */
export const blockHeightAt = (slot: number) =>
  slot >= PROPORTIONAL_BELOW
    ? slot - HEIGHT_BEHIND_SLOT
    : Math.floor((slot * (PROPORTIONAL_BELOW - HEIGHT_BEHIND_SLOT)) / PROPORTIONAL_BELOW);

/** The validator with a node of its own in the simulation: alpha, which advertises it as its RPC in gossip. */
export const NODE = SIMULATION.validators[0] as SimulatedValidator;

/** The RPC node's own identity: an RPC node that votes for nothing and leads no slot, as RPC nodes do. */
export const RPC_NODE_IDENTITY = simulatedAddress('rpc-node/identity');

/**
 * Transactions processed up to a slot: mainnet's count near the simulation's epoch, 3,100 a slot; a
 * cluster younger than that counts from 0 at genesis in proportion (as block heights do), never going back.
 */
export function transactionCountAt(slot: number): number {
  const mainnet = (at: number) => 418_273_992_151 + (at - SIMULATION.firstSlot) * 3_100;
  return slot >= PROPORTIONAL_BELOW
    ? mainnet(slot)
    : Number((BigInt(slot) * BigInt(mainnet(PROPORTIONAL_BELOW))) / BigInt(PROPORTIONAL_BELOW));
}

export function epochInfo(slot: number) {
  return {
    absoluteSlot: slot,
    blockHeight: blockHeightAt(slot),
    epoch: Math.floor(slot / SLOTS_PER_EPOCH),
    slotIndex: slot % SLOTS_PER_EPOCH,
    slotsInEpoch: SLOTS_PER_EPOCH,
    transactionCount: transactionCountAt(slot),
  };
}

/**
 * The blocks this cluster holds (getBlock, getBlocks, getBlockTime): every slot from FIRST_BLOCK, the first
 * slot of the epoch the simulation starts in (so the block that paid the last epoch's rewards is there for
 * getInflationReward and its block time), below which they were cleaned up (-32001), up to the one before the current slot, except one in 23 that its
 * leader skipped. A slot that holds one of the simulation's transactions is
 * never skipped, so getBlocks, getBlockTime and getTransaction tell one story.
 */
export const FIRST_BLOCK = Math.floor(SIMULATION.firstSlot / SLOTS_PER_EPOCH) * SLOTS_PER_EPOCH;
