/**
 * solrpc: a typed client for the Solana-style JSON-RPC API that agave validators serve.
 * @packageDocumentation
 */
export type { BodyReader, ListStream } from './codecs/listReader.js';
export {
  DEFAULT_MAX_TRANSACTION_BYTES,
  type DecodeTransactionOptions,
  decodeTransaction,
} from './codecs/transaction.js';
export {
  createRpc,
  createRpcWith,
  type DecodeOptions,
  type MethodSet,
  type Rpc,
  type RpcOptions,
  type RpcWith,
  type RpcWithOptions,
} from './createRpc.js';
export { parseAddressLookupTable } from './decoders/addressLookupTable.js';
export { parseBpfUpgradeableLoader } from './decoders/bpfUpgradeableLoader.js';
export { CONFIG_PROGRAM_ADDRESS, parseConfig, VALIDATOR_INFO_KEY } from './decoders/config.js';
export { decodeMint } from './decoders/mint.js';
export { parseNonce } from './decoders/nonce.js';
export { type ParseAccountDataOptions, parseAccountData } from './decoders/parseAccountData.js';
export type { ParsableProgram } from './decoders/programNames.js';
export { parseStake } from './decoders/stake.js';
export {
  MAINNET_NEW_RATE_ACTIVATION_EPOCH,
  type StakeActivation,
  type StakeActivationOptions,
  type StakeActivationState,
  stakeActivation,
} from './decoders/stakeActivation.js';
export { parseSysvar } from './decoders/sysvar.js';
export {
  SYSVAR_CLOCK_ADDRESS,
  SYSVAR_EPOCH_REWARDS_ADDRESS,
  SYSVAR_EPOCH_SCHEDULE_ADDRESS,
  SYSVAR_FEES_ADDRESS,
  SYSVAR_INSTRUCTIONS_ADDRESS,
  SYSVAR_LAST_RESTART_SLOT_ADDRESS,
  SYSVAR_PROGRAM_ADDRESS,
  SYSVAR_RECENT_BLOCKHASHES_ADDRESS,
  SYSVAR_RENT_ADDRESS,
  SYSVAR_REWARDS_ADDRESS,
  SYSVAR_SLOT_HASHES_ADDRESS,
  SYSVAR_SLOT_HISTORY_ADDRESS,
  SYSVAR_STAKE_HISTORY_ADDRESS,
} from './decoders/sysvarAddresses.js';
export { type ParseTokenOptions, parseToken } from './decoders/token.js';
export {
  type DecodeTokenAccountOptions,
  decodeTokenAccount,
  type RawTokenAccountInfo,
  type RawTokenAmount,
} from './decoders/tokenAccount.js';
export { isTokenExtension } from './decoders/tokenExtensions.js';
export { type ParseVoteOptions, parseVote } from './decoders/vote.js';
export {
  type AuthorizedVoter,
  decodeVoteAccount,
  type PriorVoter,
  type VoteAccountState,
  type VoteEpochCredits,
  type VoteLockout,
  type VoteTimestamp,
} from './decoders/voteAccount.js';
export type { MethodDefinition, PreparedCall } from './defineMethod.js';
export { AbortError } from './errors/AbortError.js';
export { ConnectionLostError } from './errors/ConnectionLostError.js';
export { DecodeError } from './errors/DecodeError.js';
export { HttpError } from './errors/HttpError.js';
export { InvalidInputError } from './errors/InvalidInputError.js';
export { InvalidResponseError, type InvalidResponseReason } from './errors/InvalidResponseError.js';
export { isSolRpcError, type SolRpcErrorName } from './errors/isSolRpcError.js';
export { NetworkError } from './errors/NetworkError.js';
export { RateLimitedError } from './errors/RateLimitedError.js';
export { ResponseTooLargeError } from './errors/ResponseTooLargeError.js';
export { RpcError } from './errors/RpcError.js';
export { SimulationFailedError } from './errors/SimulationFailedError.js';
export { SolRpcError, type SolRpcErrorFields } from './errors/SolRpcError.js';
export { StaleResponseError } from './errors/StaleResponseError.js';
export { SubscriptionOverflowError } from './errors/SubscriptionOverflowError.js';
export { TimeoutError } from './errors/TimeoutError.js';
export { TransactionExpiredError } from './errors/TransactionExpiredError.js';
export { TransactionFailedError } from './errors/TransactionFailedError.js';
export {
  type LandingAttempt,
  type NotLandedReason,
  TransactionNotLandedError,
} from './errors/TransactionNotLandedError.js';
export { ValidationError } from './errors/ValidationError.js';
export {
  type SignaturesOfOptions,
  type SignaturesOfRpc,
  signaturesOf,
} from './history/signaturesOf.js';
// Every method with its config, result and signature types, listed in methods/index.ts.
export * from './methods/index.js';
export { type Request, request } from './methods/request.js';
export {
  type CheckName,
  type CheckValidatorOptions,
  type CheckValidatorRpc,
  checkValidator,
  type Finding,
  type Levels,
  type NodeRpc,
  type NodeStatus,
  type ValidatorReport,
  type Verdict,
} from './operator/checkValidator.js';
export type { AccountConfig, AccountShape, ClientParsingConfig, ClientParsingWire } from './options/accountConfig.js';
export { DEFAULT_MAX_DECOMPRESSED_BYTES, DEFAULT_MAX_RESPONSE_BYTES } from './options/limits.js';
export type { DataSizeFilter, MemcmpFilter, ProgramAccountsFilter } from './options/programFilters.js';
export { MAX_TRANSACTION_BYTES, type TransactionTextEncoding } from './options/wireTransaction.js';
export {
  type ProgramAccountsPaging,
  type StreamProgramAccountsConfig,
  type StreamProgramAccountsRpc,
  streamProgramAccounts,
} from './reads/streamProgramAccounts.js';
export {
  type ConfirmClock,
  type ConfirmedTransaction,
  type ConfirmOptionsBase,
  type ConfirmProgress,
  type ConfirmRpc,
  type ConfirmSubscriptions,
  type ConfirmTransactionOptions,
  confirmTransaction,
  DEFAULT_CONFIRM_TIMEOUT_MS,
} from './send/confirmTransaction.js';
export {
  type ComputeUnitEstimate,
  type EstimateComputeUnitsOptions,
  type EstimateComputeUnitsRpc,
  estimateComputeUnits,
} from './send/estimateComputeUnits.js';
export {
  type EstimatePriorityFeeLevelsOptions,
  type EstimatePriorityFeeOptions,
  type EstimatePriorityFeeRpc,
  estimatePriorityFee,
  estimatePriorityFeeLevels,
  type PriorityFeeSourceOptions,
} from './send/estimatePriorityFee.js';
export {
  type LandedTransaction,
  type LandingBuildInput,
  type LandingProgress,
  type LandRpc,
  type LandTransactionOptions,
  landTransaction,
} from './send/landTransaction.js';
export {
  PRIORITY_FEE_LEVELS,
  PRIORITY_FEE_PERCENTILES,
  type PriorityFeeLevel,
  type PriorityFeeLevels,
} from './send/priorityFeeLevels.js';
export {
  type SendAndConfirmOptions,
  type SendAndConfirmRpc,
  type SendTransactionOptions,
  sendAndConfirmTransaction,
} from './send/sendAndConfirmTransaction.js';
export { type SetComputeBudgetOptions, setComputeBudget } from './send/setComputeBudget.js';
export type { ConnectionEvent, ReconnectOptions } from './subscriptions/connectionOptions.js';
export {
  createRpcSubscriptions,
  createRpcSubscriptionsWith,
  type RpcSubscriptions,
  type RpcSubscriptionsConnection,
  type RpcSubscriptionsOptions,
  type RpcSubscriptionsWith,
  type SubscriptionSet,
} from './subscriptions/createRpcSubscriptions.js';
export type {
  PreparedSubscription,
  QueuePolicy,
  SubscriptionDefinition,
} from './subscriptions/defineSubscription.js';
export {
  type AccountNotification,
  type AccountSubscribe,
  type AccountSubscribeBinaryConfig,
  type AccountSubscribeConfig,
  type AccountSubscribeParsedConfig,
  accountSubscribe,
  type ParsedAccountNotification,
} from './subscriptions/methods/accountSubscribe.js';
export {
  type BlockFilter,
  type BlockNotification,
  type BlockSubscribe,
  type BlockSubscribeConfig,
  blockSubscribe,
} from './subscriptions/methods/blockSubscribe.js';
export {
  type LogsFilter,
  type LogsNotification,
  type LogsSubscribe,
  type LogsSubscribeConfig,
  logsSubscribe,
} from './subscriptions/methods/logsSubscribe.js';
export {
  type ParsedProgramNotification,
  type ProgramNotification,
  type ProgramSubscribe,
  type ProgramSubscribeBinaryConfig,
  type ProgramSubscribeConfig,
  type ProgramSubscribeParsedConfig,
  programSubscribe,
} from './subscriptions/methods/programSubscribe.js';
export { type RootSubscribe, type RootSubscribeConfig, rootSubscribe } from './subscriptions/methods/rootSubscribe.js';
export {
  type SignatureReceivedNotification,
  type SignatureStatusNotification,
  type SignatureSubscribe,
  type SignatureSubscribeConfig,
  signatureSubscribe,
} from './subscriptions/methods/signatureSubscribe.js';
export {
  type SlotNotification,
  type SlotSubscribe,
  type SlotSubscribeConfig,
  slotSubscribe,
} from './subscriptions/methods/slotSubscribe.js';
export {
  type SlotsUpdatesSubscribe,
  type SlotsUpdatesSubscribeConfig,
  type SlotTransactionStats,
  type SlotUpdate,
  type SlotUpdateBase,
  slotsUpdatesSubscribe,
} from './subscriptions/methods/slotsUpdatesSubscribe.js';
export {
  type VoteNotification,
  type VoteSubscribe,
  type VoteSubscribeConfig,
  voteSubscribe,
} from './subscriptions/methods/voteSubscribe.js';
export type { NotificationIterator } from './subscriptions/stream.js';
export type { OpenWebSocket, WebSocketConstructor, WebSocketLike } from './subscriptions/webSocket.js';
export { type BasicTransportOptions, createBasicTransport } from './transport/basic.js';
export type { BatchOptions } from './transport/batch.js';
export type { FreshReadOptions } from './transport/freshness.js';
export { type EndpointHealth, endpointHealth } from './transport/health.js';
export type { RequestEvent, ResponseEvent, TransportHooks } from './transport/hooks.js';
export {
  createHttpTransport,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_TOTAL_TIMEOUT_MS,
  type EndpointConfig,
  type HttpTransportOptions,
} from './transport/http.js';
export { createRateLimiter, type RateLimiter, type RateLimitOptions } from './transport/rateLimit.js';
export type { RetryOptions } from './transport/retry.js';
export type {
  LookupTable,
  LookupTableUninitialized,
  ParsedAddressLookupTable,
  ParsedAddressLookupTableData,
} from './types/addressLookupTable.js';
export type {
  Base64Data,
  BpfBuffer,
  BpfProgram,
  BpfProgramData,
  BpfUninitialized,
  ParsedBpfUpgradeableLoader,
  ParsedBpfUpgradeableLoaderData,
} from './types/bpfUpgradeableLoader.js';
export type {
  ConfigKey,
  JsonValue,
  ParsedConfig,
  ParsedConfigData,
  StakeConfig,
  ValidatorInfo,
} from './types/config.js';
export type {
  Account,
  AccountEncoding,
  Address,
  BinaryEncoding,
  Blockhash,
  BlockhashLifetime,
  ByteChunks,
  CallOptions,
  Commitment,
  CommitmentConfig,
  ContextConfig,
  DataSlice,
  DecodeContext,
  FetchLike,
  KeyedAccount,
  ParsedProgramData,
  ReadonlyUint8Array,
  RpcContext,
  RpcResult,
  Signature,
  Transport,
  TransportRequest,
} from './types/index.js';
export type { NonceInitialized, NonceUninitialized, ParsedNonce, ParsedNonceData } from './types/nonce.js';
export type { ParsedAccountData } from './types/parsedAccount.js';
export type {
  PreflightFailure,
  ReplacementBlockhash,
  SimulatedInnerInstructions,
  SimulationOutcome,
  SimulationValue,
} from './types/simulation.js';
export type {
  DelegatedStakeAccountInfo,
  ParsedStake,
  ParsedStakeData,
  ParsedStakeDelegated,
  ParsedStakeInitialized,
  ParsedStakeRewardsPool,
  ParsedStakeUninitialized,
  StakeAccountInfo,
  StakeAuthorized,
  StakeDelegation,
  StakeInfo,
  StakeLockup,
  StakeMeta,
} from './types/stake.js';
export type {
  ParsedSysvar,
  ParsedSysvarClock,
  ParsedSysvarData,
  ParsedSysvarEpochRewards,
  ParsedSysvarEpochSchedule,
  ParsedSysvarFees,
  ParsedSysvarLastRestartSlot,
  ParsedSysvarRecentBlockhashes,
  ParsedSysvarRent,
  ParsedSysvarRewards,
  ParsedSysvarSlotHashes,
  ParsedSysvarSlotHistory,
  ParsedSysvarStakeHistory,
  StakeHistoryAmounts,
  SysvarClockInfo,
  SysvarEpochRewardsInfo,
  SysvarEpochScheduleInfo,
  SysvarFeeCalculator,
  SysvarFeesInfo,
  SysvarLastRestartSlotInfo,
  SysvarLegacyRentInfo,
  SysvarRecentBlockhashesEntry,
  SysvarRentInfo,
  SysvarRewardsInfo,
  SysvarSlotHashEntry,
  SysvarSlotHistoryInfo,
  SysvarStakeHistoryEntry,
} from './types/sysvar.js';
export type {
  ConfidentialTransferAccountState,
  InterestBearingConfigState,
  KnownTokenExtension,
  MintInfo,
  MultisigInfo,
  NewerTokenExtension,
  ParsedMintData,
  ParsedMultisigData,
  ParsedToken,
  ParsedTokenAccountData,
  ParsedTokenProgramData,
  ScaledUiAmountConfigState,
  TokenAccountInfo,
  TokenAmount,
  TokenAmountResult,
  TokenExtension,
  TokenExtensionName,
  TokenExtensionStates,
  TokenMetadataState,
  TransferFee,
  TransferFeeConfigState,
  UnitTokenExtensionName,
} from './types/token.js';
export type {
  AddressTableLookup,
  CompiledInstruction,
  DecodedInstruction,
  DecodedMessage,
  DecodedTransaction,
  InnerInstructions,
  InstructionError,
  InstructionErrorName,
  LegacyMessage,
  LegacyParsedMessage,
  LegacyParsedTransaction,
  LegacyTransactionJson,
  LegacyTransactionMeta,
  LegacyTransactionWithAccounts,
  LegacyTransactionWithMetaBytes,
  LegacyTransactionWithMetaJson,
  LegacyTransactionWithMetaParsed,
  LoadedAddresses,
  MessageHeader,
  ParsedAccountKey,
  ParsedInnerInstructions,
  ParsedInstruction,
  ParsedInstructionData,
  ParsedMessage,
  ParsedTransaction,
  ParsedTransactionMeta,
  PartiallyDecodedInstruction,
  ReturnData,
  Reward,
  TokenBalance,
  TransactionAccounts,
  TransactionBalancesMeta,
  TransactionError,
  TransactionErrorName,
  TransactionJson,
  TransactionMeta,
  TransactionMetaBase,
  TransactionStatus,
  TransactionVersion,
  TransactionWithAccounts,
  TransactionWithMetaBytes,
  TransactionWithMetaJson,
  TransactionWithMetaParsed,
  VersionedMessage,
} from './types/transaction.js';
export type {
  ParsedAuthorizedVoter,
  ParsedEpochCredits,
  ParsedPriorVoter,
  ParsedVote,
  ParsedVoteData,
  ParsedVoteInfo,
  ParsedVoteLockout,
  ParsedVoteTimestamp,
} from './types/vote.js';
