/**
 * The texts that complete an error the client throws: the names of JSON-RPC error codes and the hints for
 * RPC and HTTP errors. This module is loaded with the first such error (errors/withHint.ts), never up
 * front: an app whose calls succeed does not download it.
 */
import type { HttpError } from './HttpError.js';
import type { ResponseTooLargeError } from './ResponseTooLargeError.js';
import type { RpcError } from './RpcError.js';
import type { TimeoutError } from './TimeoutError.js';

/** Names of the JSON-RPC error codes an agave node sends, standard and agave-specific. */
const RPC_ERROR_NAMES: Readonly<Record<number, string>> = {
  [-32700]: 'PARSE_ERROR',
  [-32600]: 'INVALID_REQUEST',
  [-32601]: 'METHOD_NOT_FOUND',
  [-32602]: 'INVALID_PARAMS',
  [-32603]: 'INTERNAL_ERROR',
  [-32001]: 'BLOCK_CLEANED_UP',
  [-32002]: 'SEND_TRANSACTION_PREFLIGHT_FAILURE',
  [-32003]: 'TRANSACTION_SIGNATURE_VERIFICATION_FAILURE',
  [-32004]: 'BLOCK_NOT_AVAILABLE',
  [-32005]: 'NODE_UNHEALTHY',
  [-32006]: 'TRANSACTION_PRECOMPILE_VERIFICATION_FAILURE',
  [-32007]: 'SLOT_SKIPPED',
  [-32008]: 'NO_SNAPSHOT',
  [-32009]: 'LONG_TERM_STORAGE_SLOT_SKIPPED',
  [-32010]: 'KEY_EXCLUDED_FROM_SECONDARY_INDEX',
  [-32011]: 'TRANSACTION_HISTORY_NOT_AVAILABLE',
  [-32012]: 'SCAN_ERROR',
  [-32013]: 'TRANSACTION_SIGNATURE_LEN_MISMATCH',
  [-32014]: 'BLOCK_STATUS_NOT_AVAILABLE_YET',
  [-32015]: 'UNSUPPORTED_TRANSACTION_VERSION',
  [-32016]: 'MIN_CONTEXT_SLOT_NOT_REACHED',
  [-32017]: 'EPOCH_REWARDS_PERIOD_ACTIVE',
  [-32018]: 'SLOT_NOT_EPOCH_BOUNDARY',
  [-32019]: 'LONG_TERM_STORAGE_UNREACHABLE',
};

/**
 * The methods an agave node serves only when started with `--full-rpc-api`. agave's rpc/src/rpc.rs puts
 * its 52 HTTP methods in five traits; rpc/src/rpc_service.rs always serves `Minimal` and adds `BankData`,
 * `AccountsData`, `AccountsScan` and `Full` only when the node runs with the full API (anza-xyz/agave,
 * read at commit 4afe27140c0e). Every method outside this list is in `Minimal`, which every node serves.
 */
export const FULL_RPC_API_METHODS: ReadonlySet<string> = new Set([
  // BankData
  'getMinimumBalanceForRentExemption',
  'getInflationGovernor',
  'getInflationRate',
  'getEpochSchedule',
  'getSlotLeader',
  'getSlotLeaders',
  'getBlockProduction',
  // AccountsData
  'getAccountInfo',
  'getMultipleAccounts',
  'getBlockCommitment',
  'getTokenAccountBalance',
  'getTokenSupply',
  // AccountsScan
  'getProgramAccounts',
  'getLargestAccounts',
  'getSupply',
  'getTokenLargestAccounts',
  'getTokenAccountsByOwner',
  'getTokenAccountsByDelegate',
  // Full
  'getInflationReward',
  'getClusterNodes',
  'getRecentPerformanceSamples',
  'getSignatureStatuses',
  'getMaxRetransmitSlot',
  'getMaxShredInsertSlot',
  'requestAirdrop',
  'sendTransaction',
  'simulateTransaction',
  'minimumLedgerSlot',
  'getBlock',
  'getBlockTime',
  'getBlocks',
  'getBlocksWithLimit',
  'getTransaction',
  'getSignaturesForAddress',
  'getFirstAvailableBlock',
  'getLatestBlockhash',
  'isBlockhashValid',
  'getFeeForMessage',
  'getStakeMinimumDelegation',
  'getRecentPrioritizationFees',
]);

/** The methods of agave's `Minimal` trait: every node serves them, with or without `--full-rpc-api`. */
export const MINIMAL_RPC_API_METHODS: ReadonlySet<string> = new Set([
  'getBalance',
  'getEpochInfo',
  'getGenesisHash',
  'getHealth',
  'getIdentity',
  'getSlot',
  'getBlockHeight',
  'getHighestSnapshotSlot',
  'getTransactionCount',
  'getVersion',
  'getVoteAccounts',
  'getLeaderSchedule',
]);

/** What a -32601 "Method not found" means, depending on which method was asked for. */
function methodNotFoundHint(method: string | undefined): string {
  if (method === undefined || FULL_RPC_API_METHODS.has(method)) {
    return 'the node may not serve this method: full-API methods need a node started with --full-rpc-api; try another RPC URL.';
  }
  if (MINIMAL_RPC_API_METHODS.has(method)) {
    return `every agave node serves ${method}, so something in front of this one (a proxy, or a provider's plan) limits the methods it passes, or the server is not an agave node; try another RPC URL.`;
  }
  return `${method} is not an agave RPC method this node knows: it may be newer than the node's version, or not a method of this server; check the name and the node's version (getVersion).`;
}

function field(data: unknown, key: string): unknown {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;
}

/** What to do about a JSON-RPC error, when there is something useful to say. */
function rpcErrorHint(code: number, message: string, data: unknown, method: string | undefined): string | undefined {
  switch (code) {
    case -32601:
      return methodNotFoundHint(method);
    case -32002:
      return field(data, 'err') === 'BlockhashNotFound'
        ? 'the preflight bank does not know the blockhash: it expired, or is newer than preflightCommitment sees; sign again with a fresh blockhash, or match preflightCommitment to the commitment the blockhash was fetched at.'
        : 'the transaction failed its preflight simulation and was not sent; isPreflightFailure(error) gives error.data with err, logs and unitsConsumed.';
    case -32003:
      return 'a signature does not match the message: the bytes changed after signing, or a signer signed another message; sign the final transaction again.';
    case -32013:
      return 'the transaction carries a different number of signatures than its header requires: every required signer must sign.';
    case -32600:
      if (method === 'requestAirdrop') {
        return 'this node has no faucet: airdrops come from a test validator (solana-test-validator) or the devnet and testnet faucets, never mainnet-beta.';
      }
      if (/less than 128 bytes/i.test(message)) {
        return "base58 holds at most 128 bytes of account data: ask for encoding 'base64' (solrpc's default) or 'base64+zstd'.";
      }
      if (/sliced account data/i.test(message)) {
        return "this node cannot slice parsed data: drop dataSlice, or ask for encoding 'base64'.";
      }
      return undefined;
    case -32005: {
      const behind = field(data, 'numSlotsBehind');
      return typeof behind === 'number' || typeof behind === 'bigint'
        ? `the node is ${behind} slots behind the cluster; retry later or use another node.`
        : 'the node is unhealthy, behind the cluster by an unknown number of slots; retry later or use another node.';
    }
    case -32016: {
      const slot = field(data, 'contextSlot');
      return `the node has only reached slot ${typeof slot === 'number' || typeof slot === 'bigint' ? slot : '(unknown)'}; lower minContextSlot or retry once the node catches up.`;
    }
    case -32010:
      return 'this node excludes the key from its secondary indexes; use a node that indexes it.';
    case -32011:
      return 'this node keeps no transaction history (started without --enable-rpc-transaction-history); use an archive RPC node.';
    case -32015:
      return 'pass { maxSupportedTransactionVersion: 0 } to receive versioned transactions.';
    case -32004:
    case -32014:
      return 'the block is not available yet on this node; retry shortly.';
    case -32001:
      return 'the node no longer holds this block; ask an archive RPC node.';
    case -32007:
      return 'the slot has no block: it was skipped, or this node started from a later snapshot (an archive node can tell which).';
    case -32009:
      return 'long-term storage has no block for this slot either: it was most likely skipped.';
    case -32019:
      return 'the node could not reach its long-term storage; retry later.';
    default:
      return undefined;
  }
}

const REDIRECT =
  'the endpoint redirects, and solrpc does not follow redirects (they would carry API-key headers elsewhere): use the final URL.';

const HTTP_HINTS: Readonly<Record<number, string>> = {
  301: REDIRECT,
  302: REDIRECT,
  307: REDIRECT,
  308: REDIRECT,
  401: 'the endpoint wants credentials: check the API key in the URL or the headers option.',
  403: 'the endpoint refused the request: check the API key and whether your plan allows this method.',
  413: 'the request was too large for the endpoint.',
  429: 'the endpoint is rate-limiting this client: slow down, or use a provider with a higher limit.',
  502: 'a proxy in front of the node could not reach it.',
  503: 'the endpoint (or the proxy in front of it) has no healthy node right now.',
  504: 'a proxy in front of the node timed out waiting for it.',
};

/**
 * Gives a -32005 error the `data` agave always sends (`NodeUnhealthyData`): `numSlotsBehind` is `null`
 * when a proxy or an older server sent no `data`, or an object without it. A number stays as sent.
 */
function nodeUnhealthyData(error: RpcError): void {
  const data = error.data;
  if (data === undefined || data === null) {
    (error as { data: unknown }).data = { numSlotsBehind: null };
  } else if (typeof data === 'object' && !Array.isArray(data) && !Object.hasOwn(data, 'numSlotsBehind')) {
    (error as { data: unknown }).data = { ...data, numSlotsBehind: null };
  }
}

/** Errors already completed: one error can reach several callers (coalesced calls) and is completed once. */
const completed = new WeakSet<object>();

/** The errors `completeError` completes. */
export type CompletedError = RpcError | HttpError | TimeoutError | ResponseTooLargeError;

/**
 * Adds an `RpcError`'s code name, and the hint for an `RpcError`, `HttpError`, `TimeoutError` or
 * `ResponseTooLargeError` that has none, in their fields and in the message (the code name after the code
 * on line 1, the hint as line 2), as the constructors would have.
 */
export function completeError(error: CompletedError): void {
  if (completed.has(error)) return;
  completed.add(error);
  const before = error.message;
  let [first = '', ...rest] = before.split('\n');
  let hint: string | undefined;
  if (error.name === 'RpcError') {
    const codeName = RPC_ERROR_NAMES[error.code];
    if (codeName) {
      (error as { codeName: string | undefined }).codeName = codeName;
      first = first.replace(`RPC error ${error.code}:`, `RPC error ${error.code} (${codeName}):`);
    }
    if (error.code === -32005) nodeUnhealthyData(error);
    hint = rpcErrorHint(error.code, error.serverMessage, error.data, error.method);
  } else if (error.name === 'HttpError') {
    hint = HTTP_HINTS[error.status];
  } else if (error.name === 'TimeoutError') {
    hint = 'raise the timeoutMs option, or check that the node is reachable and not overloaded.';
  } else {
    hint = `raise the ${error.what === 'body' ? 'maxResponseBytes' : 'maxDecompressedBytes'} option if this size is expected.`;
  }
  if (hint && error.hint === undefined) {
    (error as { hint: string | undefined }).hint = hint;
    rest = [`Hint: ${hint}`, ...rest];
  }
  const after = [first, ...rest].join('\n');
  if (after === before) return;
  error.message = after;
  // The stack's first lines repeat the message as it was at construction.
  if (error.stack?.includes(before)) error.stack = error.stack.replace(before, after);
}
