/**
 * Shared public types. Every type here describes a value that crosses the public API.
 * @module
 */

/** A base58-encoded 32-byte public key (an account address, program id, mint, validator identity). */
export type Address = string;

/** A base58-encoded 64-byte transaction signature. */
export type Signature = string;

/**
 * A blockhash as the node returns it: base58 text of 32 bytes. It is a `string` to solrpc (any string is
 * accepted where a blockhash is a parameter), and it carries the two markers of @solana/kit's `Blockhash`
 * brand (kit's nominal types are these read-only keys, present in types only), so a blockhash read by
 * solrpc goes into kit's `setTransactionMessageLifetimeUsingBlockhash` as it is, without solrpc depending
 * on kit. test/interop/kit.test-d.ts compiles that against kit.
 */
export type Blockhash = string & {
  /** kit's brand marker: a type, never a property at run time. */
  readonly '__brand:@solana/kit': 'Blockhash';
  /** kit's encoding marker: a type, never a property at run time. */
  readonly '__stringEncoding:@solana/kit': 'base58';
};

/**
 * Bytes solrpc only reads: any `Uint8Array`, or a read-only view of one such as @solana/kit's
 * `ReadonlyUint8Array` (the same type: a `Uint8Array` without the methods that write), which kit's
 * encoders return. Every parameter that takes bytes takes this.
 */
export interface ReadonlyUint8Array extends Omit<Uint8Array, 'copyWithin' | 'fill' | 'reverse' | 'set' | 'sort'> {
  readonly [index: number]: number;
}

/**
 * A blockhash and the last block height at which a transaction built on it can land: the shape of kit's
 * `BlockhashLifetimeConstraint`, which it can be passed as.
 */
export interface BlockhashLifetime {
  /** The blockhash, 32 bytes in base58: a transaction's `recentBlockhash`. */
  blockhash: Blockhash;
  /**
   * The last block height (not slot) at which a transaction using this blockhash can land: the bank's
   * block height plus 150 (agave's `MAX_PROCESSING_AGE`). Compare it with `getBlockHeight`. A `bigint`,
   * as kit's lifetime wants it; `Number(...)` is exact (block heights are far below 2^53).
   */
  lastValidBlockHeight: bigint;
}

/**
 * How settled the bank a request reads from must be. The server default is `finalized`.
 * See docs/methods.md for which methods accept which levels.
 */
export type Commitment = 'processed' | 'confirmed' | 'finalized';

/** The binary encodings the server can use for account data. All of them decode to `Uint8Array`. */
export type BinaryEncoding = 'base58' | 'base64' | 'base64+zstd';

/** Every account-data encoding this client sends. */
export type AccountEncoding = BinaryEncoding | 'jsonParsed';

/** The slot the server read at, and the server's version on current nodes. */
export interface RpcContext {
  /** The slot of the bank the result was read from. */
  slot: number;
  /** The server's software version (`"2.3.7"`); absent on older nodes. */
  apiVersion?: string;
}

/** A result wrapped with the context it was read at, as the server sends it for account methods. */
export interface RpcResult<T> {
  /** The slot the node read at, and its version. */
  context: RpcContext;
  /** The result itself. */
  value: T;
}

/** Limits the account data the server returns to `length` bytes starting at `offset`. */
export interface DataSlice {
  /** First byte to return (a non-negative integer). */
  offset: number;
  /** How many bytes to return (a non-negative integer). */
  length: number;
}

/** Per-call options every method takes as its last argument. */
export interface CallOptions {
  /** Cancels this call. The call rejects with an `AbortError`. */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call, in milliseconds. */
  timeoutMs?: number;
}

/** The config of a method that reads a bank at a chosen commitment. */
export interface CommitmentConfig extends CallOptions {
  /** The bank to read from. Default (server's) `finalized`. */
  commitment?: Commitment;
}

/**
 * The config of a method that reads a bank at a chosen commitment and can insist on a minimum slot
 * (agave's `RpcContextConfig`).
 */
export interface ContextConfig extends CommitmentConfig {
  /** Fail with -32016 unless the node has reached this slot. */
  minContextSlot?: number | bigint;
}

/** What a method's decoder knows about the call it decodes. */
export interface DecodeContext {
  /** The wire method name, for error messages. */
  method: string;
  /** The most bytes zstd-compressed account data may decompress to. */
  maxDecompressedBytes: number;
}

/**
 * An account as the server describes it, with `data` decoded.
 * @typeParam TData - `Uint8Array` for binary encodings; parsed data or bytes for `jsonParsed`.
 */
export interface Account<TData> {
  /** Balance in lamports, exact. */
  lamports: bigint;
  /** The program that owns the account. */
  owner: Address;
  /** The account's data, decoded. */
  data: TData;
  /** Whether the account holds a loaded program. */
  executable: boolean;
  /** The epoch rent is next due; `18446744073709551615n` (u64::MAX) for every rent-exempt account. */
  rentEpoch: bigint;
  /**
   * The full size of the account's data in bytes, even when `dataSlice` returned less; `null` when the
   * node did not say (agave's type is `Option<u64>`: nodes before 1.14 leave it out, and so do proxies
   * that pass their bodies on). Then, unless a `dataSlice` was asked for, binary `data.length` is the same
   * number, and parsed data carries its own `space`. Not derived here: with a slice, the length would be
   * the slice's, and a wrong size is worse than none.
   */
  space: number | null;
}

/** An account together with its address, as the program-account and token-account scans return it. */
export interface KeyedAccount<TData> {
  /** The account's address. */
  pubkey: Address;
  /** The account. */
  account: Account<TData>;
}

/**
 * Parsed data of a program other than the token programs, untyped: the shape every program's parsed
 * data shares. Integers keep their JSON type when safe and are exact `bigint` when not.
 * @deprecated Each program now has its own type in `ParsedAccountData` (`ParsedStakeData`,
 * `ParsedVoteData`…), narrowed by `program` and then `parsed.type`.
 */
export interface ParsedProgramData {
  /** The parser's name for the owner program. */
  program: 'address-lookup-table' | 'bpf-upgradeable-loader' | 'config' | 'nonce' | 'stake' | 'sysvar' | 'vote';
  /** What the parser made of the data. */
  parsed: {
    /** The kind of account (`initialized`, `delegated`, `vote`, `clock`…). */
    type: string;
    /** Its fields, as the node sent them. */
    info?: Record<string, unknown>;
  };
  /** The account's size in bytes. */
  space: number;
}

/** One JSON-RPC call as a transport receives it. */
export interface TransportRequest {
  /** The wire method name, e.g. `getAccountInfo`. */
  method: string;
  /** Positional params, ready to serialise (bigints are written as exact integers). */
  params: readonly unknown[];
  /** Cancels the call. */
  signal?: AbortSignal;
  /** Overrides the transport's timeout for this call, in milliseconds. */
  timeoutMs?: number;
  /**
   * How to read this method's JSON response body, when the method knows a faster way than reading every
   * integer exactly (its result holds integers above 2^53 in known places, or nowhere). Transports that
   * parse the body themselves should use it; absent, integers beyond 2^53 must come out as `bigint`.
   */
  parse?: (body: string) => unknown;
  /**
   * Reads the body from its bytes as they arrive, instead of as one string: a method whose answer is one
   * long list gives it (getProgramAccounts), so no body is too long for a string and parsing overlaps
   * the download. It returns what `parse` would of the whole text. Transports that parse the body
   * themselves may use it or `parse`.
   */
  read?: (body: ByteChunks) => Promise<unknown>;
  /**
   * Set by a call that hands on what it reads while it reads (streamProgramAccounts): it is never shared
   * with an identical call (coalescing) or put in a batch, and is retried only while `mayRetry()` says
   * nothing has been handed on.
   */
  stream?: {
    /** Whether another attempt may still be made: false once anything read was handed on. */
    mayRetry(): boolean;
  };
}

/** The next piece of a response body's bytes, or `undefined` at its end. */
export type ByteChunks = () => Promise<Uint8Array | undefined>;

/**
 * Sends one JSON-RPC call and resolves with its `result` (numbers beyond 2^53 as exact `bigint`), or
 * rejects with a solrpc error. `createHttpTransport` makes the standard one; tests and custom
 * networking can supply their own.
 */
export type Transport = (request: TransportRequest) => Promise<unknown>;

/** The subset of `fetch` the HTTP transport uses. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
