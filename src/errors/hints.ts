/**
 * The texts that complete an error the client throws: the names of JSON-RPC error codes and the hints for
 * RPC and HTTP errors. This module is loaded with the first such error (errors/withHint.ts), never up
 * front: an app whose calls succeed does not download it.
 */
import type { HttpError } from './HttpError.js';
import type { NetworkError } from './NetworkError.js';
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
 * What the hints read of the call an error ended, passed by the code that made it (`callMethod`, the
 * subscriptions' connection): facts from the method's definition, and the params it sent.
 */
/** What the hints read of the call that failed: `callMethod`'s prepared call. */
export interface HintCall {
  /** The params sent. */
  readonly params: readonly unknown[];
  /** The method sent, when the call names it rather than its definition (`request`). */
  readonly method?: string;
}

export interface HintFacts {
  /** `MethodDefinition.fullApi`: false if every agave node serves it; left out or true if only full-API nodes do. */
  readonly fullApi?: boolean;
  /** `SubscriptionDefinition.nodeFlag`: the flag a node must be started with to serve it. */
  readonly nodeFlag?: string;
}

/**
 * What a -32601 "Method not found" means, from the facts on the method's definition. Without them (a raw
 * transport) or for `request` (its call names the method it sends), nothing is known of the method, so
 * every cause is named.
 */
function methodNotFoundHint(
  method: string | undefined,
  facts: HintFacts | undefined,
  call: HintCall | undefined,
): string {
  const name = method ?? 'this method';
  if (facts?.nodeFlag) {
    return `a node serves ${name} only when started with ${facts.nodeFlag} (it is off by default); use a node that enables it.`;
  }
  // Every pubsub method's name ends so, no HTTP method's; --full-rpc-api has no say over the WebSocket.
  if (name.endsWith('Subscribe')) {
    return `the node does not serve ${name} on its WebSocket: a proxy or a provider's plan may limit the subscriptions it passes, or the server does not know this one; check the name, or try another WebSocket URL.`;
  }
  if (!facts || call?.method !== undefined) {
    return `the node does not serve ${name}: an agave method may need a node started with --full-rpc-api, or be newer than the node's version (getVersion); a proxy or a provider's plan may limit the methods it passes; check the name, or try another RPC URL.`;
  }
  if (facts.fullApi === false) {
    return `every agave node serves ${name}, so something in front of this one (a proxy, or a provider's plan) limits the methods it passes, or the server is not an agave node; try another RPC URL.`;
  }
  return 'the node may not serve this method: full-API methods need a node started with --full-rpc-api; try another RPC URL.';
}

/**
 * Whether the call asked at commitment finalized: its config says so, or says no commitment (the node's
 * default). A call that sent no config object (getBlockTime) takes no commitment: false.
 */
function askedFinalized(params: readonly unknown[] | undefined): boolean {
  const config = params?.find((param) => typeof param === 'object' && param !== null && !Array.isArray(param));
  const commitment = config && (config as { commitment?: unknown }).commitment;
  return config !== undefined && commitment !== 'confirmed' && commitment !== 'processed';
}

function field(data: unknown, key: string): unknown {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;
}

/** What to do about a JSON-RPC error, when there is something useful to say. */
function rpcErrorHint(
  code: number,
  message: string,
  data: unknown,
  method: string | undefined,
  facts: HintFacts | undefined,
  call: HintCall | undefined,
): string | undefined {
  switch (code) {
    case -32601:
      return methodNotFoundHint(method, facts, call);
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
      // agave answers it at finalized for a slot past its finalized root: one seen at confirmed often is.
      if (askedFinalized(call?.params)) {
        return "the block may not be finalized yet: this call asked at commitment finalized (the default), and a slot seen at confirmed or processed is finalized some 32 slots (about 13 s) later; ask with commitment 'confirmed', or retry once it is finalized.";
      }
      return 'the block is not available yet on this node; retry shortly.';
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

/**
 * The errors already completed, each with the hint this module gave it (undefined for none, or for a hint
 * of the error's own). One error can reach several callers (coalesced calls) and is named once. The
 * transport completes an error before the method's call sees it; that call then passes its facts, and
 * the hint given without them is replaced by the one they make (a -32601 naming the API set, a -32004
 * naming the commitment). A pass without facts never replaces a hint.
 */
const given = new WeakMap<object, string | undefined>();

/**
 * https:// to a server that answers plain HTTP (a node's own RPC port is plain): the TLS handshake reads an
 * HTTP answer, "wrong version number" (node:https's EPROTO, fetch's ERR_SSL_WRONG_VERSION_NUMBER). The
 * http:// origin to use keeps the port, 443 when the https:// origin named none.
 */
function plainHttpHint(error: NetworkError): string | undefined {
  let text = String(error.code);
  for (let e: unknown = error.cause, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    text += ` ${e.message}`;
  }
  if (!error.origin.startsWith('https:') || !/wrong.version.number/i.test(text)) return undefined;
  const origin = error.origin.replace(
    /^https(:\/\/.*?)(:\d+)?$/,
    (_m, host: string, port?: string) => `http${host}${port ?? ':443'}`,
  );
  return `the server spoke plain HTTP, not TLS; use ${origin}`;
}

/** The errors `completeError` completes. */
export type CompletedError = RpcError | HttpError | TimeoutError | ResponseTooLargeError | NetworkError;

/**
 * Adds an `RpcError`'s code name, and the hint for an `RpcError`, `HttpError`, `TimeoutError` or
 * `ResponseTooLargeError` that has none, in their fields and in the message (the code name after the code
 * on line 1, the hint as line 2), as the constructors would have. `facts` and `call` describe the call
 * that failed, when the caller knows it (see `HintFacts`, `HintCall`).
 */
export function completeError(error: CompletedError, facts?: HintFacts, call?: HintCall): void {
  const again = given.has(error);
  if (again && !facts) return;
  const before = error.message;
  let [first = '', ...rest] = before.split('\n');
  let hint: string | undefined;
  if (error.name === 'RpcError') {
    const codeName = RPC_ERROR_NAMES[error.code];
    if (codeName && !again) {
      (error as { codeName: string | undefined }).codeName = codeName;
      first = first.replace(`RPC error ${error.code}:`, `RPC error ${error.code} (${codeName}):`);
    }
    if (error.code === -32005) nodeUnhealthyData(error);
    hint = rpcErrorHint(error.code, error.serverMessage, error.data, error.method, facts, call);
  } else if (again) {
    return;
  } else if (error.name === 'HttpError') {
    hint = HTTP_HINTS[error.status];
  } else if (error.name === 'NetworkError') {
    hint = plainHttpHint(error);
  } else if (error.name === 'TimeoutError') {
    hint = 'raise the timeoutMs option, or check that the node is reachable and not overloaded.';
  } else if (error.limit === 0x1fffffe8) {
    // The longest string V8 makes (transport/endpoint.ts MAX_STRING_LENGTH; written out, since a value
    // imported from the up-front code would split it into a chunk of its own in browser bundles).
    hint =
      "the method reads its answer as one string, which JavaScript caps at about 512 MiB: narrow the request (filters, dataSlice), or read a program's accounts with streamProgramAccounts.";
  } else {
    hint = `raise the ${error.what === 'body' ? 'maxResponseBytes' : 'maxDecompressedBytes'} option if this size is expected.`;
  }
  const old = error.hint;
  if (hint && (old === undefined || (old === given.get(error) && old !== hint))) {
    (error as { hint: string | undefined }).hint = hint;
    rest =
      old === undefined
        ? [`Hint: ${hint}`, ...rest]
        : rest.map((line) => (line === `Hint: ${old}` ? `Hint: ${hint}` : line));
    given.set(error, hint);
  } else if (!again) {
    given.set(error, undefined);
  }
  const after = [first, ...rest].join('\n');
  if (after === before) return;
  error.message = after;
  // The stack's first lines repeat the message as it was at construction.
  if (error.stack?.includes(before)) error.stack = error.stack.replace(before, after);
}
