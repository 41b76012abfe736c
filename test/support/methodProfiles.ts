/**
 * The test profile of every RPC method solrpc implements: the one table the cross-cutting suites read
 * (the fault suites, the conformance test in Node and in the browser, the package test, the type test of
 * the client). Adding a method adds its entry here and nothing else in those suites.
 *
 * The table is checked against `allMethods` both ways: a method missing from it, or an entry for a method
 * that does not exist, fails `tsc`. Pure data: no node: modules, so the browser suite can import it.
 */
import type { allMethods } from '../../src/methods/index.js';

/** A wire method solrpc implements. */
export type MethodName = keyof typeof allMethods;

/** What the cross-cutting suites need to know about one method. */
export interface MethodProfile {
  /**
   * A case under test/fixtures/conformance/ whose recorded call (its `params`) the fault suites make, and
   * whose recorded result they serve and break. Pick one that succeeds with a non-empty result.
   */
  fixture: string;
  /**
   * One leaf of that result set to a value of the wrong type: `path` from the result (`'*'` is the first
   * key of a server-keyed map; `[]` is a bare result, replaced whole), and the field name the
   * `ValidationError`'s path must contain (`'result'` for a bare result).
   */
  deepWrong: { path: readonly (string | number)[]; value: unknown; names: string };
  /** Position of the config object in the wire params. */
  configIndex: number;
  /**
   * agave reads a `minContextSlot` in this method's config, and answers -32016 while its bank is below it:
   * the config types that carry `min_context_slot` (RpcContextConfig, RpcAccountInfoConfig and
   * RpcProgramAccountsConfig, RpcEpochConfig, RpcSignaturesForAddressConfig, RpcSendTransactionConfig,
   * RpcSimulateTransactionConfig in rpc-client-types/src/config.rs), as rpc/src/rpc.rs's traits take
   * them (anza-xyz/agave, read at commit 00018991225c). Every other method refuses the option.
   */
  minContextSlot?: true;
  /** The encoding solrpc writes into the config when the caller gives none; absent if it sends none. */
  defaultEncoding?: string;
  /** The result is a map keyed by server data (addresses), so an unknown key is not a field but an entry. */
  keyedResult?: boolean;
  /**
   * The path of a map keyed by server data inside the result (getBlockProduction's `value.byIdentity`): the
   * suites that add keys to every object leave that one alone, as they leave a `keyedResult` alone.
   */
  keyedAt?: readonly string[];
  /**
   * The first param is a wire transaction, which solrpc always sends as base64 (agave's default is
   * base58): a case written in base58 is called with `encoding: 'base58'` and expects base64 on the wire.
   */
  wireTransaction?: boolean;
  /** `null` is a valid whole result for the fixture's call (a not-found answer), not a refusal. */
  nullResult?: boolean;
}

export const PROFILES = {
  getAccountInfo: {
    fixture: 'getAccountInfo.base64.token-account.json',
    deepWrong: { path: ['value', 'lamports'], value: 'lots', names: 'lamports' },
    configIndex: 1,
    minContextSlot: true,
    defaultEncoding: 'base64',
  },
  getBalance: {
    fixture: 'getBalance.basic.json',
    deepWrong: { path: ['value'], value: 'lots', names: 'value' },
    configIndex: 1,
    minContextSlot: true,
  },
  getBlock: {
    // No failed transaction: the fault suites add keys to every object, and a TransactionError is a one-key object.
    fixture: 'getBlock.json.full-v0.json',
    deepWrong: { path: ['transactions', 1, 'meta', 'preBalances', 0], value: '1.5', names: 'preBalances' },
    configIndex: 1,
    defaultEncoding: 'json',
    nullResult: true,
  },
  getBlockCommitment: {
    fixture: 'getBlockCommitment.recent.json',
    deepWrong: { path: ['commitment', 31], value: 'lots', names: '31' },
    // No config on the wire: after the slot.
    configIndex: 1,
  },
  getBlockHeight: {
    fixture: 'getBlockHeight.basic.json',
    // A bare result: the empty path stands for the whole result, so the error names `result`.
    deepWrong: { path: [], value: '334287172', names: 'result' },
    configIndex: 0,
    minContextSlot: true,
  },
  getBlocks: {
    fixture: 'getBlocks.range-with-skipped-slots.json',
    deepWrong: { path: [0], value: 'first', names: '0' },
    // [start, end, config]: the fixture gives both slots.
    configIndex: 2,
    minContextSlot: true,
  },
  getBlocksWithLimit: {
    fixture: 'getBlocksWithLimit.five-from-slot.json',
    deepWrong: { path: [4], value: 356139495.5, names: '4' },
    configIndex: 2,
    minContextSlot: true,
  },
  getBlockProduction: {
    fixture: 'getBlockProduction.current-epoch.json',
    deepWrong: { path: ['value', 'byIdentity', '*', 1], value: '1830', names: '1' },
    configIndex: 0,
    keyedAt: ['value', 'byIdentity'],
  },
  getBlockTime: {
    fixture: 'getBlockTime.basic.json',
    deepWrong: { path: [], value: '1754901251', names: 'result' },
    // No config on the wire: after the slot.
    configIndex: 1,
    nullResult: true,
  },
  getClusterNodes: {
    fixture: 'getClusterNodes.current-shape.json',
    deepWrong: { path: [0, 'pubkey'], value: 42, names: 'pubkey' },
    configIndex: 0,
  },
  getEpochInfo: {
    fixture: 'getEpochInfo.t0.json',
    deepWrong: { path: ['epoch'], value: 'current', names: 'epoch' },
    configIndex: 0,
    minContextSlot: true,
  },
  getFeeForMessage: {
    fixture: 'getFeeForMessage.fee-5000.json',
    deepWrong: { path: ['value'], value: '5000', names: 'value' },
    configIndex: 1,
    minContextSlot: true,
  },
  getGenesisHash: {
    fixture: 'getGenesisHash.mainnet-beta.json',
    deepWrong: { path: [], value: 42, names: 'result' },
    configIndex: 0,
  },
  getHealth: {
    fixture: 'getHealth.ok.json',
    deepWrong: { path: [], value: true, names: 'result' },
    configIndex: 0,
  },
  getHighestSnapshotSlot: {
    fixture: 'getHighestSnapshotSlot.full-and-incremental.json',
    deepWrong: { path: ['full'], value: '356112000', names: 'full' },
    configIndex: 0,
  },
  getIdentity: {
    fixture: 'getIdentity.basic.json',
    deepWrong: { path: ['identity'], value: 42, names: 'identity' },
    configIndex: 0,
  },
  getEpochSchedule: {
    fixture: 'getEpochSchedule.mainnet.json',
    deepWrong: { path: ['warmup'], value: 'no', names: 'warmup' },
    configIndex: 0,
  },
  getFirstAvailableBlock: {
    fixture: 'getFirstAvailableBlock.basic.json',
    deepWrong: { path: [], value: 'recent', names: 'result' },
    configIndex: 0,
  },
  getInflationGovernor: {
    fixture: 'getInflationGovernor.mainnet.json',
    deepWrong: { path: ['taper'], value: '0.15', names: 'taper' },
    configIndex: 0,
  },
  getInflationRate: {
    fixture: 'getInflationRate.epoch-824.json',
    deepWrong: { path: ['epoch'], value: 824.5, names: 'epoch' },
    configIndex: 0,
  },
  getInflationReward: {
    fixture: 'getInflationReward.commission-bps.json',
    deepWrong: { path: [0, 'amount'], value: 'lots', names: 'amount' },
    configIndex: 1,
    minContextSlot: true,
  },
  getLargestAccounts: {
    fixture: 'getLargestAccounts.circulating.json',
    deepWrong: { path: ['value', 0, 'lamports'], value: 'lots', names: 'lamports' },
    configIndex: 0,
  },
  getLatestBlockhash: {
    fixture: 'getLatestBlockhash.confirmed.json',
    deepWrong: { path: ['value', 'lastValidBlockHeight'], value: '334287307', names: 'lastValidBlockHeight' },
    configIndex: 0,
    minContextSlot: true,
  },
  getLeaderSchedule: {
    fixture: 'getLeaderSchedule.current-epoch.json',
    deepWrong: { path: ['*', 0], value: 'first', names: '0' },
    configIndex: 1,
    keyedResult: true,
  },
  getRecentPerformanceSamples: {
    fixture: 'getRecentPerformanceSamples.limit-3-old-sample.json',
    deepWrong: { path: [0, 'numTransactions'], value: '236211', names: 'numTransactions' },
    // No config on the wire: after the limit.
    configIndex: 1,
  },
  getRecentPrioritizationFees: {
    fixture: 'getRecentPrioritizationFees.accounts-u64.json',
    deepWrong: { path: [0, 'prioritizationFee'], value: 'high', names: 'prioritizationFee' },
    // No config on the wire: after the address list.
    configIndex: 1,
  },
  getSignaturesForAddress: {
    // No err objects: the fault suites add keys to every object, and a TransactionError is a one-key object.
    fixture: 'getSignaturesForAddress.agave4-transaction-index.json',
    deepWrong: { path: [0, 'slot'], value: 'recent', names: 'slot' },
    configIndex: 1,
    minContextSlot: true,
  },
  getSignatureStatuses: {
    // No err objects: the fault suites add keys to every object, and a TransactionError is a one-key object.
    fixture: 'getSignatureStatuses.all-succeeded.json',
    deepWrong: { path: ['value', 0, 'slot'], value: 'recent', names: 'slot' },
    configIndex: 1,
  },
  getSlot: {
    fixture: 'getSlot.basic.json',
    deepWrong: { path: [], value: '356139512', names: 'result' },
    configIndex: 0,
    minContextSlot: true,
  },
  getSlotLeader: {
    fixture: 'getSlotLeader.basic.json',
    deepWrong: { path: [], value: 42, names: 'result' },
    configIndex: 0,
    minContextSlot: true,
  },
  getSlotLeaders: {
    fixture: 'getSlotLeaders.ten-from-slot.json',
    deepWrong: { path: [3], value: 42, names: '3' },
    // No config on the wire: after the start slot and the limit.
    configIndex: 2,
  },
  getMaxRetransmitSlot: {
    fixture: 'getMaxRetransmitSlot.basic.json',
    deepWrong: { path: [], value: 'recent', names: 'result' },
    configIndex: 0,
  },
  getMaxShredInsertSlot: {
    fixture: 'getMaxShredInsertSlot.basic.json',
    deepWrong: { path: [], value: 'recent', names: 'result' },
    configIndex: 0,
  },
  getMinimumBalanceForRentExemption: {
    fixture: 'getMinimumBalanceForRentExemption.token-account.json',
    deepWrong: { path: [], value: 'lots', names: 'result' },
    configIndex: 1,
  },
  getMultipleAccounts: {
    fixture: 'getMultipleAccounts.base64.dataSlice-amounts.json',
    deepWrong: { path: ['value', 1, 'lamports'], value: 'lots', names: 'lamports' },
    configIndex: 1,
    minContextSlot: true,
    defaultEncoding: 'base64',
  },
  getProgramAccounts: {
    fixture: 'getProgramAccounts.base64.memcmp-dataSize.json',
    deepWrong: { path: [1, 'account', 'lamports'], value: 'lots', names: 'lamports' },
    configIndex: 1,
    minContextSlot: true,
    defaultEncoding: 'base64',
  },
  getStakeMinimumDelegation: {
    fixture: 'getStakeMinimumDelegation.basic.json',
    deepWrong: { path: ['value'], value: 'lots', names: 'value' },
    configIndex: 0,
    minContextSlot: true,
  },
  getSupply: {
    fixture: 'getSupply.with-accounts-list.json',
    deepWrong: { path: ['value', 'total'], value: 'lots', names: 'total' },
    configIndex: 0,
  },
  getTokenAccountBalance: {
    fixture: 'getTokenAccountBalance.usdc.json',
    deepWrong: { path: ['value', 'decimals'], value: '6', names: 'decimals' },
    configIndex: 1,
  },
  getTokenAccountsByDelegate: {
    fixture: 'getTokenAccountsByDelegate.base64.programId-filter.json',
    deepWrong: { path: ['value', 0, 'account', 'lamports'], value: 'lots', names: 'lamports' },
    configIndex: 2,
    minContextSlot: true,
    defaultEncoding: 'base64',
  },
  getTokenAccountsByOwner: {
    fixture: 'getTokenAccountsByOwner.base64.mint.json',
    deepWrong: { path: ['value', 0, 'account', 'lamports'], value: 'lots', names: 'lamports' },
    configIndex: 2,
    minContextSlot: true,
    defaultEncoding: 'base64',
  },
  getTokenLargestAccounts: {
    fixture: 'getTokenLargestAccounts.usdc.json',
    deepWrong: { path: ['value', 0, 'amount'], value: 112233, names: 'amount' },
    configIndex: 1,
  },
  getTokenSupply: {
    fixture: 'getTokenSupply.bonk-large.json',
    deepWrong: { path: ['value', 'amount'], value: 8855791229, names: 'amount' },
    configIndex: 1,
  },
  getTransaction: {
    fixture: 'getTransaction.base64.legacy.json',
    deepWrong: { path: ['slot'], value: 'recent', names: 'slot' },
    configIndex: 1,
    defaultEncoding: 'json',
    nullResult: true,
  },
  getTransactionCount: {
    fixture: 'getTransactionCount.basic.json',
    deepWrong: { path: [], value: '418274016502', names: 'result' },
    configIndex: 0,
    minContextSlot: true,
  },
  getVersion: {
    fixture: 'getVersion.agave-2.3.json',
    deepWrong: { path: ['feature-set'], value: '3294202862', names: 'feature-set' },
    configIndex: 0,
  },
  getVoteAccounts: {
    fixture: 'getVoteAccounts.filtered-by-votePubkey.json',
    deepWrong: { path: ['current', 0, 'activatedStake'], value: 'lots', names: 'activatedStake' },
    configIndex: 0,
  },
  minimumLedgerSlot: {
    fixture: 'minimumLedgerSlot.basic.json',
    deepWrong: { path: [], value: 'recent', names: 'result' },
    configIndex: 0,
  },
  isBlockhashValid: {
    fixture: 'isBlockhashValid.processed-valid.json',
    deepWrong: { path: ['value'], value: 'yes', names: 'value' },
    configIndex: 1,
    minContextSlot: true,
  },
  requestAirdrop: {
    fixture: 'requestAirdrop.signature.json',
    deepWrong: { path: [], value: 42, names: 'result' },
    configIndex: 2,
  },
  sendTransaction: {
    fixture: 'sendTransaction.base64.transfer.json',
    deepWrong: { path: [], value: 42, names: 'result' },
    configIndex: 1,
    minContextSlot: true,
    defaultEncoding: 'base64',
    wireTransaction: true,
  },
  simulateTransaction: {
    fixture: 'simulateTransaction.base64.accounts-base64.json',
    deepWrong: { path: ['value', 'unitsConsumed'], value: 'many', names: 'unitsConsumed' },
    configIndex: 1,
    minContextSlot: true,
    defaultEncoding: 'base64',
    wireTransaction: true,
  },
} as const satisfies { readonly [K in MethodName]: MethodProfile };

// `satisfies` above refuses a missing method and an unknown key; this states both directions outright.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const profilesCoverAllMethods: SameKeys<keyof typeof PROFILES, MethodName> = true;
void profilesCoverAllMethods;

/** Every method's profile, typed as the general shape (optional fields readable). */
export function profileOf(method: MethodName): MethodProfile {
  return PROFILES[method];
}

/** The method names, in the table's (alphabetical) order. */
export const METHOD_NAMES = Object.keys(PROFILES) as MethodName[];

/** Whether `name` is a method solrpc implements. */
export function isMethodName(name: string): name is MethodName {
  return Object.hasOwn(PROFILES, name);
}
