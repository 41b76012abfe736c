/**
 * The library as the CLI uses it: the one door from src/cli/ into the rest of src/ (test/cli/imports.test.ts
 * holds every CLI file to it). Mostly the public API, as a user's program would import it; below it, the few
 * internal helpers the CLI shares with the library so that it words, cleans and shows things the same way.
 */

// Not public API. Base58 and base64 text, and base58's refusal worded as the library's address checks word it.
export { encodeBase58 } from '../codecs/base58.js';
export { base58Problem, decodeBase58 } from '../codecs/base58Text.js';
export { encodeBase64 } from '../codecs/base64.js';
// Account data as jsonParsed shows it, parsed here from the bytes (stake, nonce, lookup tables, validator
// info, sysvars): the commands read bytes, which cost the node and the wire a fraction of jsonParsed.
export { parseAddressLookupTable } from '../decoders/addressLookupTable.js';
export { parseConfig, VALIDATOR_INFO_KEY } from '../decoders/config.js';
export { parseNonce } from '../decoders/nonce.js';
export { parseSerdeJson, SerdeJsonRefusal } from '../decoders/serdeJson.js';
export { parseStake } from '../decoders/stake.js';
export { stakeActivation } from '../decoders/stakeActivation.js';
export { parseSysvar } from '../decoders/sysvar.js';
// The first line of an error, an endpoint shown by its origin only, and server text stripped of control
// characters: what the library's errors do, so the CLI's output keeps the same promises.
export { firstLine } from '../errors/firstLine.js';
export { displayOrigin } from '../errors/redact.js';
export { sanitizeText } from '../errors/sanitize.js';
export {
  type BlockRewards,
  type BytesBlock,
  type CheckValidatorOptions,
  type ClusterNode,
  type Commitment,
  type ConnectionEvent,
  checkValidator,
  confirmTransaction,
  createRpc,
  createRpcSubscriptionsWith,
  createRpcWith,
  type DecodedTransaction,
  decodeTransaction,
  decodeVoteAccount,
  type EpochSchedule,
  type GetBlocksWithLimitConfig,
  getIdentity,
  getSlot,
  isSolRpcError,
  type Levels,
  type LogsFilter,
  type LogsNotification,
  logsSubscribe,
  type Reward,
  type Rpc,
  type RpcSubscriptionsOptions,
  type RpcWith,
  type SignatureInfo,
  type SignatureStatus,
  streamProgramAccounts,
  type TransactionBytesResult,
  type TransactionError,
  type TransactionMeta,
  type ValidatorReport,
  type Verdict,
  type VoteAccountInfo,
  type VoteAccountState,
} from '../index.js';
// The validator check's default levels and its interruptible wait.
export { DEFAULT_SKIP_RATE, DEFAULT_SNAPSHOT_AGE } from '../operator/nodeChecks.js';
export { waitFor } from '../operator/wait.js';
// The wire predicates the vote account's jsonParsed form is checked with.
export { address } from '../schemas/address.js';
export { array, type Infer, nullable, number, optional, string, type } from '../schemas/struct.js';
export { COMPUTE_BUDGET_PROGRAM, MAX_COMPUTE_UNIT_LIMIT } from '../send/computeBudgetOf.js';
export type { ParsedStake } from '../types/stake.js';
