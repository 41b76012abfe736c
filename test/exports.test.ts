/**
 * Every public name of each entry, written out: a name added, removed or renamed fails here with the
 * difference shown, so the public API changes only on purpose (as viem's src/index.test.ts does). Values
 * are read from the module as an app imports it; types with the TypeScript compiler (the entry's exports
 * less its values), from the sources the declaration files are built from.
 *
 * Budget: one compiler program over src/ (about 8 s), a 60 s deadline for the hang it guards against.
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** src/index.ts: its values. */
const MAIN_VALUES = words(`
  AbortError CONFIG_PROGRAM_ADDRESS ConnectionLostError DEFAULT_CONFIRM_TIMEOUT_MS
  DEFAULT_MAX_DECOMPRESSED_BYTES DEFAULT_MAX_RESPONSE_BYTES DEFAULT_MAX_TRANSACTION_BYTES DEFAULT_TIMEOUT_MS
  DEFAULT_TOTAL_TIMEOUT_MS DecodeError HttpError InvalidInputError InvalidResponseError
  MAINNET_NEW_RATE_ACTIVATION_EPOCH MAX_SIGNATURES_PER_PAGE MAX_TRANSACTION_BYTES NetworkError
  PRIORITY_FEE_LEVELS PRIORITY_FEE_PERCENTILES RateLimitedError ResponseTooLargeError RpcError
  SYSVAR_CLOCK_ADDRESS SYSVAR_EPOCH_REWARDS_ADDRESS SYSVAR_EPOCH_SCHEDULE_ADDRESS SYSVAR_FEES_ADDRESS
  SYSVAR_INSTRUCTIONS_ADDRESS SYSVAR_LAST_RESTART_SLOT_ADDRESS SYSVAR_PROGRAM_ADDRESS
  SYSVAR_RECENT_BLOCKHASHES_ADDRESS SYSVAR_RENT_ADDRESS SYSVAR_REWARDS_ADDRESS SYSVAR_SLOT_HASHES_ADDRESS
  SYSVAR_SLOT_HISTORY_ADDRESS SYSVAR_STAKE_HISTORY_ADDRESS SimulationFailedError SolRpcError
  StaleResponseError SubscriptionOverflowError TimeoutError TransactionExpiredError TransactionFailedError
  TransactionNotLandedError VALIDATOR_INFO_KEY ValidationError accountSubscribe allMethods blockSubscribe
  checkSignatureStatus checkValidator confirmTransaction createBasicTransport createHttpTransport
  createRateLimiter createRpc createRpcSubscriptions createRpcSubscriptionsWith createRpcWith decodeMint
  decodeTokenAccount decodeTransaction decodeVoteAccount endpointHealth estimateComputeUnits
  estimatePriorityFee estimatePriorityFeeLevels getAccountInfo getBalance getBlock getBlockCommitment
  getBlockHeight getBlockProduction getBlockTime getBlocks getBlocksWithLimit getClusterNodes getEpochInfo
  getEpochSchedule getFeeForMessage getFirstAvailableBlock getGenesisHash getHealth getHighestSnapshotSlot
  getIdentity getInflationGovernor getInflationRate getInflationReward getLargestAccounts getLatestBlockhash
  getLeaderSchedule getMaxRetransmitSlot getMaxShredInsertSlot getMinimumBalanceForRentExemption
  getMultipleAccounts getProgramAccounts getRecentPerformanceSamples getRecentPrioritizationFees
  getSignatureStatuses getSignaturesForAddress getSlot getSlotLeader getSlotLeaders getStakeMinimumDelegation
  getSupply getTokenAccountBalance getTokenAccountsByDelegate getTokenAccountsByOwner getTokenLargestAccounts
  getTokenSupply getTransaction getTransactionCount getVersion getVoteAccounts isBlockhashValid
  isPreflightFailure isSolRpcError isTokenExtension landTransaction logsSubscribe minimumLedgerSlot
  parseAccountData parseAddressLookupTable parseBpfUpgradeableLoader parseConfig parseNonce parseStake
  parseSysvar parseToken parseVote programSubscribe request requestAirdrop rootSubscribe
  sendAndConfirmTransaction sendTransaction setComputeBudget signatureSubscribe signaturesOf
  simulateTransaction slotSubscribe slotsUpdatesSubscribe stakeActivation streamProgramAccounts voteSubscribe
`);

/** src/index.ts: its types. */
const MAIN_TYPES = words(`
  Account AccountBalance AccountConfig AccountEncoding AccountInfoResult AccountNotification AccountShape
  AccountSubscribe AccountSubscribeBinaryConfig AccountSubscribeConfig AccountSubscribeParsedConfig
  AccountsBlock Address AddressTableLookup AnyBlock AnyTransactionResult AuthorizedVoter BalanceResult
  Base64Data BasicTransportOptions BatchOptions BinaryEncoding BlockCommitment BlockFilter BlockHeader
  BlockNotification BlockProduction BlockProductionByIdentity BlockProductionRange BlockProductionResult
  BlockProductionSlots BlockRewards BlockSubscribe BlockSubscribeConfig Blockhash BlockhashLifetime
  BlockhashValidResult BodyReader BpfBuffer BpfProgram BpfProgramData BpfUninitialized ByteChunks BytesBlock
  CallOptions CheckName CheckValidatorOptions CheckValidatorRpc ClientParsingConfig ClientParsingWire ClusterNode Commitment
  CommitmentConfig CompiledInstruction ComputeUnitEstimate ConfidentialTransferAccountState ConfigKey
  ConfirmClock ConfirmOptionsBase ConfirmProgress ConfirmRpc ConfirmSubscriptions ConfirmTransactionOptions
  ConfirmedTransaction ConnectionEvent ContextConfig DataSizeFilter DataSlice DecodeContext DecodeOptions
  DecodeTokenAccountOptions DecodeTransactionOptions DecodedInstruction DecodedMessage DecodedTransaction
  DelegatedStakeAccountInfo EndpointConfig EndpointHealth EpochCredits EpochInfo EpochSchedule
  EstimateComputeUnitsOptions EstimateComputeUnitsRpc EstimatePriorityFeeLevelsOptions
  EstimatePriorityFeeOptions EstimatePriorityFeeRpc FeeForMessageResult FetchLike Finding FreshReadOptions
  GetAccountInfo GetAccountInfoBinaryConfig GetAccountInfoConfig GetAccountInfoParsedConfig GetBalance
  GetBalanceConfig GetBlock GetBlockAccountsConfig GetBlockBytesConfig GetBlockCommitment
  GetBlockCommitmentConfig GetBlockCommonConfig GetBlockConfig GetBlockHeaderConfig GetBlockHeight
  GetBlockHeightConfig GetBlockJsonConfig GetBlockParsedConfig GetBlockProduction GetBlockProductionConfig
  GetBlockSignaturesConfig GetBlockTime GetBlockTimeConfig GetBlocks GetBlocksConfig GetBlocksWithLimit
  GetBlocksWithLimitConfig GetClusterNodes GetClusterNodesConfig GetEpochInfo GetEpochInfoConfig
  GetEpochSchedule GetEpochScheduleConfig GetFeeForMessage GetFeeForMessageConfig GetFirstAvailableBlock
  GetFirstAvailableBlockConfig GetGenesisHash GetGenesisHashConfig GetHealth GetHealthConfig
  GetHighestSnapshotSlot GetHighestSnapshotSlotConfig GetIdentity GetIdentityConfig GetInflationGovernor
  GetInflationGovernorConfig GetInflationRate GetInflationRateConfig GetInflationReward
  GetInflationRewardConfig GetLargestAccounts GetLargestAccountsConfig GetLatestBlockhash
  GetLatestBlockhashConfig GetLeaderSchedule GetLeaderScheduleConfig GetLegacyBlockAccountsConfig
  GetLegacyBlockBytesConfig GetLegacyBlockJsonConfig GetLegacyBlockParsedConfig
  GetLegacyTransactionBytesConfig GetLegacyTransactionJsonConfig GetLegacyTransactionParsedConfig
  GetMaxRetransmitSlot GetMaxRetransmitSlotConfig GetMaxShredInsertSlot GetMaxShredInsertSlotConfig
  GetMinimumBalanceForRentExemption GetMinimumBalanceForRentExemptionConfig GetMultipleAccounts
  GetMultipleAccountsBinaryConfig GetMultipleAccountsConfig GetMultipleAccountsParsedConfig
  GetProgramAccounts GetProgramAccountsBinaryConfig GetProgramAccountsConfig GetProgramAccountsParsedConfig
  GetRecentPerformanceSamples GetRecentPerformanceSamplesConfig GetRecentPrioritizationFees
  GetRecentPrioritizationFeesConfig GetSignatureStatuses GetSignatureStatusesConfig GetSignaturesForAddress
  GetSignaturesForAddressConfig GetSlot GetSlotConfig GetSlotLeader GetSlotLeaderConfig GetSlotLeaders
  GetSlotLeadersConfig GetStakeMinimumDelegation GetStakeMinimumDelegationConfig GetSupply GetSupplyConfig
  GetTokenAccountBalance GetTokenAccountBalanceConfig GetTokenAccountsByDelegate
  GetTokenAccountsByDelegateBinaryConfig GetTokenAccountsByDelegateConfig
  GetTokenAccountsByDelegateParsedConfig GetTokenAccountsByOwner GetTokenAccountsByOwnerBinaryConfig
  GetTokenAccountsByOwnerConfig GetTokenAccountsByOwnerParsedConfig GetTokenLargestAccounts
  GetTokenLargestAccountsConfig GetTokenSupply GetTokenSupplyConfig GetTransaction GetTransactionBytesConfig
  GetTransactionConfig GetTransactionCount GetTransactionCountConfig GetTransactionJsonConfig
  GetTransactionParsedConfig GetVersion GetVersionConfig GetVoteAccounts GetVoteAccountsConfig
  HttpTransportOptions InflationGovernor InflationRate InflationReward InnerInstructions InstructionError
  InstructionErrorName InterestBearingConfigState InvalidResponseReason IsBlockhashValid
  IsBlockhashValidConfig JsonBlock JsonValue KeyedAccount KnownTokenExtension LandRpc LandTransactionOptions
  LandedTransaction LandingAttempt LandingBuildInput LandingProgress LargestAccountsResult LatestBlockhash
  LatestBlockhashResult LeaderSchedule LegacyAccountsBlock LegacyBytesBlock LegacyJsonBlock LegacyMessage
  LegacyParsedBlock LegacyParsedMessage LegacyParsedTransaction LegacyTransactionBytesResult
  LegacyTransactionJson LegacyTransactionJsonResult LegacyTransactionMeta LegacyTransactionParsedResult
  LegacyTransactionWithAccounts LegacyTransactionWithMetaBytes LegacyTransactionWithMetaJson
  LegacyTransactionWithMetaParsed Levels ListStream LoadedAddresses LogsFilter LogsNotification LogsSubscribe
  LogsSubscribeConfig LookupTable LookupTableUninitialized MemcmpFilter MessageHeader MethodDefinition
  MethodSet MinimumLedgerSlot MinimumLedgerSlotConfig MintInfo MultipleAccountsResult MultisigInfo
  NewerTokenExtension NodeIdentity NodeRpc NodeStatus NodeUnhealthyData NonceInitialized NonceUninitialized
  NotLandedReason NotificationIterator OpenWebSocket ParsableProgram ParseAccountDataOptions
  ParseTokenOptions ParseVoteOptions ParsedAccountData ParsedAccountInfoResult ParsedAccountKey
  ParsedAccountNotification ParsedAddressLookupTable ParsedAddressLookupTableData ParsedAuthorizedVoter
  ParsedBlock ParsedBpfUpgradeableLoader ParsedBpfUpgradeableLoaderData ParsedConfig ParsedConfigData
  ParsedEpochCredits ParsedInnerInstructions ParsedInstruction ParsedInstructionData ParsedMessage
  ParsedMintData ParsedMultipleAccountsResult ParsedMultisigData ParsedNonce ParsedNonceData ParsedPriorVoter
  ParsedProgramAccounts ParsedProgramAccountsResult ParsedProgramData ParsedProgramNotification
  ParsedSimulateTransactionResult ParsedStake ParsedStakeData ParsedStakeDelegated ParsedStakeInitialized
  ParsedStakeRewardsPool ParsedStakeUninitialized ParsedSysvar ParsedSysvarClock ParsedSysvarData
  ParsedSysvarEpochRewards ParsedSysvarEpochSchedule ParsedSysvarFees ParsedSysvarLastRestartSlot
  ParsedSysvarRecentBlockhashes ParsedSysvarRent ParsedSysvarRewards ParsedSysvarSlotHashes
  ParsedSysvarSlotHistory ParsedSysvarStakeHistory ParsedToken ParsedTokenAccountData
  ParsedTokenAccountsResult ParsedTokenProgramData ParsedTransaction ParsedTransactionMeta ParsedVote
  ParsedVoteData ParsedVoteInfo ParsedVoteLockout ParsedVoteTimestamp PartiallyDecodedInstruction
  PerformanceSample PreflightFailure PreflightFailureError PreparedCall PreparedSubscription PriorVoter
  PrioritizationFee PriorityFeeLevel PriorityFeeLevels PriorityFeeSourceOptions ProgramAccounts
  ProgramAccountsFilter ProgramAccountsPaging ProgramAccountsResult ProgramNotification ProgramSubscribe
  ProgramSubscribeBinaryConfig ProgramSubscribeConfig ProgramSubscribeParsedConfig QueuePolicy
  RateLimitOptions RateLimiter RawTokenAccountInfo RawTokenAmount ReadonlyUint8Array ReconnectOptions
  ReplacementBlockhash Request RequestAirdrop RequestAirdropConfig RequestEvent ResponseEvent RetryOptions
  ReturnData Reward RootSubscribe RootSubscribeConfig Rpc RpcContext RpcOptions RpcResult RpcSubscriptions
  RpcSubscriptionsConnection RpcSubscriptionsOptions RpcSubscriptionsWith RpcWith RpcWithOptions
  ScaledUiAmountConfigState SendAndConfirmOptions SendAndConfirmRpc SendTransaction SendTransactionConfig
  SendTransactionOptions SetComputeBudgetOptions Signature SignatureInfo SignatureReceivedNotification
  SignatureStatus SignatureStatusNotification SignatureStatusesResult SignatureSubscribe
  SignatureSubscribeConfig SignaturesBlock SignaturesOfOptions SignaturesOfRpc SimulateAccountsConfig
  SimulateBinaryAccountsConfig SimulateParsedAccountsConfig SimulateTransaction
  SimulateTransactionBinaryConfig SimulateTransactionConfig SimulateTransactionParsedConfig
  SimulateTransactionResult SimulatedInnerInstructions SimulationOutcome SimulationValue SlotNotification
  SlotSubscribe SlotSubscribeConfig SlotTransactionStats SlotUpdate SlotUpdateBase SlotsUpdatesSubscribe
  SlotsUpdatesSubscribeConfig SnapshotSlots SolRpcErrorFields SolRpcErrorName StakeAccountInfo
  StakeActivation StakeActivationOptions StakeActivationState StakeAuthorized StakeConfig StakeDelegation
  StakeHistoryAmounts StakeInfo StakeLockup StakeMeta StakeMinimumDelegationResult
  StreamProgramAccountsConfig StreamProgramAccountsRpc SubscriptionDefinition SubscriptionSet Supply
  SupplyResult SysvarClockInfo SysvarEpochRewardsInfo SysvarEpochScheduleInfo SysvarFeeCalculator
  SysvarFeesInfo SysvarLastRestartSlotInfo SysvarLegacyRentInfo SysvarRecentBlockhashesEntry SysvarRentInfo
  SysvarRewardsInfo SysvarSlotHashEntry SysvarSlotHistoryInfo SysvarStakeHistoryEntry TokenAccountBalance
  TokenAccountInfo TokenAccountsFilter TokenAccountsResult TokenAmount TokenAmountResult TokenBalance
  TokenExtension TokenExtensionName TokenExtensionStates TokenLargestAccountsResult TokenMetadataState
  TransactionAccounts TransactionBalancesMeta TransactionBytesResult TransactionDetails TransactionEncoding
  TransactionError TransactionErrorName TransactionJson TransactionJsonResult TransactionMeta
  TransactionMetaBase TransactionParsedResult TransactionResultBase TransactionStatus TransactionTextEncoding
  TransactionVersion TransactionWithAccounts TransactionWithMetaBytes TransactionWithMetaJson
  TransactionWithMetaParsed TransferFee TransferFeeConfigState Transport TransportHooks TransportRequest
  UnitTokenExtensionName ValidatorInfo ValidatorReport Verdict VersionInfo VersionedMessage VoteAccountInfo
  VoteAccountState VoteAccounts VoteEpochCredits VoteLockout VoteNotification VoteSubscribe
  VoteSubscribeConfig VoteTimestamp WebSocketConstructor WebSocketLike WithBlockRewards WithoutBlockRewards
`);

/** src/node.ts: its values. */
const NODE_VALUES = words(`
  createNodeFetch
`);

/** src/node.ts: its types. */
const NODE_TYPES = words(`
  NodeFetch NodeFetchOptions
`);

/** src/testing/index.ts: its values. */
const TESTING_VALUES = words(`
  startTestCluster
`);

/** src/testing/index.ts: its types. */
const TESTING_TYPES = words(`
  BehindFault CutShortFault DropSendsFault FaultControls FaultCount FaultHandle FaultKind FaultOptions
  MarketFeeFault MarketPrice MarketWalk MethodScope PreloadedAccount RateLimitedFault ScanLimitFault
  SilentFault SlowFault SocketClosedFault SocketLostFault StatusLagFault TestCluster TestClusterOptions
`);

const ENTRIES = [
  { entry: 'src/index.ts', load: () => import('../src/index.js'), values: MAIN_VALUES, types: MAIN_TYPES },
  { entry: 'src/node.ts', load: () => import('../src/node.js'), values: NODE_VALUES, types: NODE_TYPES },
  {
    entry: 'src/testing/index.ts',
    load: () => import('../src/testing/index.js'),
    values: TESTING_VALUES,
    types: TESTING_TYPES,
  },
];

/** Every name each entry exports, types and values, as the compiler sees them. */
function exportedNames(): Map<string, string[]> {
  const root = fileURLToPath(new URL('../', import.meta.url));
  const config = ts.parseJsonConfigFileContent(
    ts.readConfigFile(`${root}tsconfig.json`, ts.sys.readFile).config,
    ts.sys,
    root,
  );
  const program = ts.createProgram(
    ENTRIES.map(({ entry }) => `${root}${entry}`),
    { ...config.options, noEmit: true },
  );
  const checker = program.getTypeChecker();
  return new Map(
    ENTRIES.map(({ entry }) => {
      const source = program.getSourceFile(`${root}${entry}`);
      const module = source && checker.getSymbolAtLocation(source);
      if (!module) throw new Error(`the compiler did not read ${entry}`);
      return [entry, checker.getExportsOfModule(module).map((symbol) => symbol.name)];
    }),
  );
}

describe('the public names', () => {
  it.each(ENTRIES)('$entry: its values are these', async ({ load, values }) => {
    expect(Object.keys(await load()).sort()).toStrictEqual(values);
  });

  it('each entry: its types are these', { timeout: 60_000 }, () => {
    const names = exportedNames();
    for (const { entry, values, types } of ENTRIES) {
      const all = names.get(entry) ?? [];
      expect(
        values.filter((value) => !all.includes(value)),
        `${entry}: values the compiler does not see`,
      ).toEqual([]);
      expect(all.filter((name) => !values.includes(name)).sort(), `${entry}: its types`).toStrictEqual(types);
    }
    // About 500 names in the main entry: the list is read whole, not cut short.
    expect(MAIN_VALUES.length + MAIN_TYPES.length).toBeGreaterThan(450);
  });

  it('keeps internal what no user needs', () => {
    for (const internal of ['MAX_ACCOUNTS_PER_REQUEST', 'ProgramAccountsShape', 'callMethod']) {
      expect([...MAIN_VALUES, ...MAIN_TYPES]).not.toContain(internal);
    }
  });
});
