/**
 * Every RPC method the client has, registered here: one line in each of the three lists below (what the
 * package exports of it, its import, its entry in `allMethods`), in alphabetical order. What is known of a
 * method lives in its own file, on its definition; the test cluster's answers (src/testing/answers/) are
 * held to this list by test/testing/registry.test.ts. docs/adding-a-method.md lists what else a new method
 * brings.
 * @module
 */
export * from './getAccountInfo.js';
export * from './getBalance.js';
export * from './getBlock.js';
export * from './getBlockCommitment.js';
export * from './getBlockHeight.js';
export * from './getBlockProduction.js';
export * from './getBlocks.js';
export * from './getBlocksWithLimit.js';
export * from './getBlockTime.js';
export * from './getClusterNodes.js';
export * from './getEpochInfo.js';
export * from './getEpochSchedule.js';
export * from './getFeeForMessage.js';
export * from './getFirstAvailableBlock.js';
export * from './getGenesisHash.js';
export * from './getHealth.js';
export * from './getHighestSnapshotSlot.js';
export * from './getIdentity.js';
export * from './getInflationGovernor.js';
export * from './getInflationRate.js';
export * from './getInflationReward.js';
export * from './getLargestAccounts.js';
export * from './getLatestBlockhash.js';
export * from './getLeaderSchedule.js';
export * from './getMaxRetransmitSlot.js';
export * from './getMaxShredInsertSlot.js';
export * from './getMinimumBalanceForRentExemption.js';
export * from './getMultipleAccounts.js';
export * from './getProgramAccounts.js';
export * from './getRecentPerformanceSamples.js';
export * from './getRecentPrioritizationFees.js';
export * from './getSignatureStatuses.js';
export * from './getSignaturesForAddress.js';
export * from './getSlot.js';
export * from './getSlotLeader.js';
export * from './getSlotLeaders.js';
export * from './getStakeMinimumDelegation.js';
export * from './getSupply.js';
export * from './getTokenAccountBalance.js';
export * from './getTokenAccountsByDelegate.js';
export * from './getTokenAccountsByOwner.js';
export * from './getTokenLargestAccounts.js';
export * from './getTokenSupply.js';
export * from './getTransaction.js';
export * from './getTransactionCount.js';
export * from './getVersion.js';
export * from './getVoteAccounts.js';
export * from './isBlockhashValid.js';
export * from './minimumLedgerSlot.js';
export * from './requestAirdrop.js';
export * from './sendTransaction.js';
export * from './simulateTransaction.js';

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

/**
 * Every method definition, by wire name: what `createRpc` binds. An object, not `import * as`: a module
 * namespace used as a value makes bundlers emit a helper to build it, in a chunk of its own that the full
 * client's apps then load up front (docs/tree-shaking.md).
 */
export const allMethods = {
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
};
