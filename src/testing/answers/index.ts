/**
 * Every method the test cluster answers, each from its own module, registered here and nowhere else:
 * the one list the dispatcher reads (simulatedRpc.ts). A method is found by its wire name: its module is
 * answers/<method>.ts. Whether a node without `--full-rpc-api` serves it is on each entry (`minimal`).
 * What agave serves is in ANSWERS; the methods only providers serve are in PROVIDER_ANSWERS, answered
 * when the cluster is started with them in `providerMethods`.
 */
import type { MethodAnswer } from './answer.js';
import { getAccountInfo } from './getAccountInfo.js';
import { getBalance } from './getBalance.js';
import { getBlock } from './getBlock.js';
import { getBlockCommitment } from './getBlockCommitment.js';
import { getBlockHeight } from './getBlockHeight.js';
import { getBlockProduction } from './getBlockProduction.js';
import { getBlocks } from './getBlocks.js';
import { getBlocksWithLimit } from './getBlocksWithLimit.js';
import { getBlockTime } from './getBlockTime.js';
import { getClusterNodes } from './getClusterNodes.js';
import { getEpochInfo } from './getEpochInfo.js';
import { getEpochSchedule } from './getEpochSchedule.js';
import { getFeeForMessage } from './getFeeForMessage.js';
import { getFirstAvailableBlock } from './getFirstAvailableBlock.js';
import { getGenesisHash } from './getGenesisHash.js';
import { getHealth } from './getHealth.js';
import { getHighestSnapshotSlot } from './getHighestSnapshotSlot.js';
import { getIdentity } from './getIdentity.js';
import { getInflationGovernor } from './getInflationGovernor.js';
import { getInflationRate } from './getInflationRate.js';
import { getInflationReward } from './getInflationReward.js';
import { getLargestAccounts } from './getLargestAccounts.js';
import { getLatestBlockhash } from './getLatestBlockhash.js';
import { getLeaderSchedule } from './getLeaderSchedule.js';
import { getMaxRetransmitSlot } from './getMaxRetransmitSlot.js';
import { getMaxShredInsertSlot } from './getMaxShredInsertSlot.js';
import { getMinimumBalanceForRentExemption } from './getMinimumBalanceForRentExemption.js';
import { getMultipleAccounts } from './getMultipleAccounts.js';
import { getProgramAccounts } from './getProgramAccounts.js';
import { getProgramAccountsV2 } from './getProgramAccountsV2.js';
import { getRecentPerformanceSamples } from './getRecentPerformanceSamples.js';
import { getRecentPrioritizationFees } from './getRecentPrioritizationFees.js';
import { getSignatureStatuses } from './getSignatureStatuses.js';
import { getSignaturesForAddress } from './getSignaturesForAddress.js';
import { getSlot } from './getSlot.js';
import { getSlotLeader } from './getSlotLeader.js';
import { getSlotLeaders } from './getSlotLeaders.js';
import { getStakeMinimumDelegation } from './getStakeMinimumDelegation.js';
import { getSupply } from './getSupply.js';
import { getTokenAccountBalance } from './getTokenAccountBalance.js';
import { getTokenAccountsByDelegate } from './getTokenAccountsByDelegate.js';
import { getTokenAccountsByOwner } from './getTokenAccountsByOwner.js';
import { getTokenLargestAccounts } from './getTokenLargestAccounts.js';
import { getTokenSupply } from './getTokenSupply.js';
import { getTransaction } from './getTransaction.js';
import { getTransactionCount } from './getTransactionCount.js';
import { getVersion } from './getVersion.js';
import { getVoteAccounts } from './getVoteAccounts.js';
import { isBlockhashValid } from './isBlockhashValid.js';
import { minimumLedgerSlot } from './minimumLedgerSlot.js';
import { requestAirdrop } from './requestAirdrop.js';
import { sendTransaction } from './sendTransaction.js';
import { simulateTransaction } from './simulateTransaction.js';

/** The answers, by wire method name. */
export const ANSWERS: ReadonlyMap<string, MethodAnswer> = new Map(
  [
    getAccountInfo,
    getBalance,
    getBlock,
    getBlockCommitment,
    getBlockHeight,
    getBlockProduction,
    getBlocks,
    getBlocksWithLimit,
    getBlockTime,
    getClusterNodes,
    getEpochInfo,
    getEpochSchedule,
    getFeeForMessage,
    getFirstAvailableBlock,
    getGenesisHash,
    getHealth,
    getHighestSnapshotSlot,
    getIdentity,
    getInflationGovernor,
    getInflationRate,
    getInflationReward,
    getLargestAccounts,
    getLatestBlockhash,
    getLeaderSchedule,
    getMaxRetransmitSlot,
    getMaxShredInsertSlot,
    getMinimumBalanceForRentExemption,
    getMultipleAccounts,
    getProgramAccounts,
    getRecentPerformanceSamples,
    getRecentPrioritizationFees,
    getSignaturesForAddress,
    getSignatureStatuses,
    getSlot,
    getSlotLeader,
    getSlotLeaders,
    getStakeMinimumDelegation,
    getSupply,
    getTokenAccountBalance,
    getTokenAccountsByDelegate,
    getTokenAccountsByOwner,
    getTokenLargestAccounts,
    getTokenSupply,
    getTransaction,
    getTransactionCount,
    getVersion,
    getVoteAccounts,
    isBlockhashValid,
    minimumLedgerSlot,
    requestAirdrop,
    sendTransaction,
    simulateTransaction,
  ].map((answer) => [answer.method, answer]),
);

/**
 * The providers' extensions (Helius, Alchemy), by wire method name: no agave node serves them, so the
 * cluster answers them only when started with them in `providerMethods`, and -32601 otherwise.
 */
export const PROVIDER_ANSWERS: ReadonlyMap<string, MethodAnswer> = new Map(
  [getProgramAccountsV2].map((answer) => [answer.method, answer]),
);
