/**
 * The simulated cluster's JSON-RPC dispatch: which part of the simulation answers each method, and the
 * answers about the node itself (health, version, identity, fees, snapshots, performance samples).
 */
import { encodeBase58 } from '../../codecs/base58.js';
import {
  type AccountConfig,
  account,
  balanceOf,
  delegatedAccounts,
  largestLamportAccounts,
  largestTokenAccounts,
  ownedAccounts,
  type ProgramAccountsConfig,
  programAccounts,
  storedAccount,
  TOKEN_HOLDINGS,
  tokenAmount,
  uiAccount,
} from './simulatedAccounts.js';
import {
  type BlockProductionOptions,
  blockCommitment,
  blockProduction,
  blocks,
  blocksWithLimit,
  blockTime,
  getBlock,
  getTransaction,
} from './simulatedBlocks.js';
import { INFLATION, inflationRate, inflationReward, supply } from './simulatedInflation.js';
import {
  bankSlot,
  blockhashValid,
  type ContextOptions,
  context,
  contextBank,
  type Ledger,
  RpcFailure,
} from './simulatedLedger.js';
import { sendTransaction, signatureStatus, signaturesForAddress, simulate } from './simulatedTransactions.js';
import { clusterNode, leaderAt, leaderSchedule, slotLeaders, voteAccounts } from './simulatedValidators.js';
import {
  BLOCKHASH_LIFETIME,
  blockHeightAt,
  epochInfo,
  FIRST_BLOCK,
  NODE,
  RPC_NODE_IDENTITY,
  SIMULATION,
  SLOTS_PER_EPOCH,
  SLOTS_TO_ROOT,
  simulatedAddress,
} from './simulationCast.js';

export function answer(method: string, params: unknown[], slot: number, nowMs: number, ledger: Ledger): unknown {
  switch (method) {
    case 'getLatestBlockhash': {
      const blockhash = simulatedAddress(`blockhash/${slot}`);
      ledger.blockhashes.set(blockhash, slot);
      return {
        context: context(slot),
        value: { blockhash, lastValidBlockHeight: blockHeightAt(slot) + BLOCKHASH_LIFETIME },
      };
    }
    case 'getBlockHeight':
      return blockHeightAt(slot);
    case 'isBlockhashValid':
      return { context: context(slot), value: blockhashValid(ledger, String(params[0]), slot) };
    case 'sendTransaction':
      return sendTransaction(ledger, params, slot);
    case 'getSignatureStatuses':
      return {
        context: context(slot),
        value: (Array.isArray(params[0]) ? params[0] : []).map((s) => signatureStatus(ledger, String(s), slot)),
      };
    case 'getEpochInfo':
      return epochInfo(slot);
    case 'getClusterNodes':
      return SIMULATION.validators.map((v, i) => clusterNode(v, i, ledger.self));
    case 'getVoteAccounts':
      return voteAccounts(slot, (params[0] ?? {}) as { votePubkey?: string; keepUnstakedDelinquents?: boolean });
    case 'getLeaderSchedule':
      return leaderSchedule(params);
    case 'getBalance':
      return { context: context(slot), value: balanceOf(String(params[0])) };
    case 'getAccountInfo':
      return {
        context: context(slot),
        value: account(String(params[0]), (params[1] ?? {}) as AccountConfig, slot, nowMs),
      };
    case 'getMultipleAccounts': {
      // The same accounts getAccountInfo serves, in the order asked; agave refuses more than 100.
      const addresses = (params[0] ?? []) as unknown[];
      if (addresses.length > 100) throw new RpcFailure({ code: -32602, message: 'Too many inputs provided; max 100' });
      const config = (params[1] ?? {}) as AccountConfig;
      // In a list, agave writes a placeholder for base58 data over 128 bytes instead of refusing the call.
      const listed = (address: unknown) => {
        const stored = storedAccount(String(address), slot, nowMs);
        return stored === undefined ? null : uiAccount(stored, config, 'placeholder');
      };
      return { context: context(slot), value: addresses.map(listed) };
    }
    case 'getProgramAccounts': {
      const config = (params[1] ?? {}) as ProgramAccountsConfig;
      const value = programAccounts(String(params[0]), config, slot, nowMs);
      return config.withContext ? { context: context(slot), value } : value;
    }
    case 'getTransaction':
      return getTransaction(params, ledger, slot, nowMs);
    case 'getBlock':
      return getBlock(params, ledger, slot, nowMs);
    case 'getSupply':
      return {
        context: context(slot),
        value: supply(slot, (params[0] ?? {}) as { excludeNonCirculatingAccountsList?: boolean }),
      };
    case 'getLargestAccounts':
      return { context: context(slot), value: largestLamportAccounts((params[0] ?? {}) as { filter?: string }) };
    case 'getInflationReward':
      return inflationReward(params, slot);
    case 'getTokenAccountsByDelegate':
      return {
        context: context(slot),
        value: delegatedAccounts(String(params[0]), (params[2] ?? {}) as AccountConfig),
      };
    case 'getTokenAccountsByOwner':
      return { context: context(slot), value: ownedAccounts(params) };
    case 'getTokenLargestAccounts':
      return { context: context(slot), value: largestTokenAccounts(String(params[0])) };
    case 'getSignaturesForAddress':
      return signaturesForAddress(ledger, params, slot, nowMs);
    case 'getBlockCommitment':
      return blockCommitment(ledger, params, slot);
    case 'getBlocks':
      return blocks(ledger, params, slot);
    case 'getBlocksWithLimit':
      return blocksWithLimit(ledger, params, slot);
    case 'getBlockTime':
      return blockTime(ledger, params, slot, nowMs);
    case 'getSlotLeader':
      return leaderAt(contextBank((params[0] ?? {}) as ContextOptions, slot));
    case 'getSlotLeaders':
      return slotLeaders(params, slot);
    case 'getBlockProduction':
      return blockProduction(ledger, (params[0] ?? {}) as BlockProductionOptions, slot);
    case 'getRecentPerformanceSamples':
      return performanceSamples(params, slot);
    case 'getHighestSnapshotSlot':
      return highestSnapshots(slot);
    case 'getInflationGovernor':
      return { ...INFLATION };
    case 'getInflationRate':
      return inflationRate(slot);
    default:
      return nodeAnswer(method, params, slot, ledger);
  }
}

/**
 * The methods about the node itself and its bank, and the token balances: each as agave answers it, from
 * the same slot, holdings and blockhashes the rest of the simulation uses.
 */
function nodeAnswer(method: string, params: unknown[], slot: number, ledger: Ledger): unknown {
  const config = (params.at(-1) ?? {}) as { commitment?: string };
  switch (method) {
    case 'getHealth':
      return 'ok';
    case 'getVersion':
      return { 'feature-set': 2891131721, 'solana-core': NODE.version };
    case 'getIdentity':
      return { identity: RPC_NODE_IDENTITY };
    case 'getGenesisHash':
      // mainnet-beta's: the simulation mimics that cluster's numbers throughout.
      return '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d';
    case 'getSlot':
      return bankSlot(slot, config.commitment);
    case 'getTransactionCount':
      return epochInfo(bankSlot(slot, config.commitment)).transactionCount;
    case 'getMaxRetransmitSlot':
    case 'getMaxShredInsertSlot':
      return slot;
    case 'minimumLedgerSlot':
    case 'getFirstAvailableBlock':
      return FIRST_BLOCK;
    case 'getEpochSchedule':
      return {
        firstNormalEpoch: 0,
        firstNormalSlot: 0,
        leaderScheduleSlotOffset: SLOTS_PER_EPOCH,
        slotsPerEpoch: SLOTS_PER_EPOCH,
        warmup: false,
      };
    case 'getMinimumBalanceForRentExemption':
      // agave's Rent: (128 bytes of account overhead + the data) × 3,480 lamports a byte-year × 2 years.
      return (128 + Number(params[0] ?? 0)) * 3480 * 2;
    case 'getStakeMinimumDelegation':
      return { context: context(slot), value: 1_000_000_000 };
    case 'getRecentPrioritizationFees':
      // The last 150 slots; every seventh one with a busy write lock.
      return Array.from({ length: 150 }, (_, i) => ({
        prioritizationFee: (slot - 149 + i) % 7 === 0 ? 12_500 : 0,
        slot: slot - 149 + i,
      }));
    case 'getTokenAccountBalance': {
      const holding = TOKEN_HOLDINGS.find((h) => h.address === params[0]);
      if (!holding) throw new RpcFailure({ code: -32602, message: 'Invalid param: could not find account' });
      return { context: context(slot), value: tokenAmount(holding.amount) };
    }
    case 'getTokenSupply': {
      if (params[0] !== SIMULATION.mint) {
        throw new RpcFailure({ code: -32602, message: 'Invalid param: could not find mint' });
      }
      const supply = TOKEN_HOLDINGS.reduce((sum, h) => sum + h.amount, 0n);
      return { context: context(slot), value: tokenAmount(supply) };
    }
    case 'getFeeForMessage': {
      const message = Buffer.from(String(params[0]), 'base64');
      // A v0 message starts with its version byte (high bit set); the header's first byte follows.
      const at = (message[0] ?? 0) & 0x80 ? 1 : 0;
      const signers = message[at] ?? 0;
      // The key count is a compact-u16: one byte below 128, which covers every message that fits.
      const keys = message[at + 3] ?? 0;
      const blockhash = encodeBase58(message.subarray(at + 4 + 32 * keys, at + 4 + 32 * keys + 32));
      const valid = blockhashValid(ledger, blockhash, slot);
      return { context: context(slot), value: valid ? 5000 * signers : null };
    }
    case 'simulateTransaction':
      return simulate(ledger, params, slot);
    case 'requestAirdrop':
      // Like a mainnet node: no faucet.
      throw new RpcFailure({ code: -32600, message: 'Invalid request' });
    default:
      throw new RpcFailure({ code: -32601, message: 'Method not found' });
  }
}

/** One sample a minute (150 slots of 400 ms); the oldest 20 of the 720 kept predate `numNonVoteTransactions`. */
const SAMPLE_SLOTS = 150;

/**
 * getRecentPerformanceSamples as agave answers it, newest first: each sample's transactions are what
 * getEpochInfo's `transactionCount` grew by over its 150 slots (3,100 a slot), about a fifth of them not votes.
 */
function performanceSamples(params: unknown[], currentSlot: number) {
  const limit = params[0] === undefined || params[0] === null ? 720 : Number(params[0]);
  if (limit > 720) throw new RpcFailure({ code: -32602, message: 'Invalid limit; max 720' });
  const newest = Math.floor(currentSlot / SAMPLE_SLOTS) * SAMPLE_SLOTS;
  return Array.from({ length: limit }, (_, i) => {
    const slot = newest - i * SAMPLE_SLOTS;
    return {
      numNonVoteTransactions: i >= 700 ? null : 88_000 + ((slot / SAMPLE_SLOTS) % 13) * 1_100,
      numSlots: SAMPLE_SLOTS,
      numTransactions: 3_100 * SAMPLE_SLOTS,
      samplePeriodSecs: 60,
      slot,
    };
  });
}

/** A full snapshot every 25,000 rooted slots, an incremental one every 100 on top of it (agave's defaults). */
function highestSnapshots(currentSlot: number) {
  const root = currentSlot - SLOTS_TO_ROOT;
  const full = Math.floor(root / 25_000) * 25_000;
  const incremental = Math.floor(root / 100) * 100;
  return { full, incremental: incremental > full ? incremental : null };
}
