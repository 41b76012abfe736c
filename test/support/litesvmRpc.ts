/**
 * A JSON-RPC 2.0 server over a real Solana runtime (litesvm), answering in agave's wire format, for tests
 * that send real signed transactions: signatures, fees, logs and errors come from the SVM, not a fixture.
 *
 * Methods: sendTransaction, simulateTransaction, getSignatureStatuses, getLatestBlockhash, isBlockhashValid,
 * getBlockHeight, getEpochInfo, getSlot, getTransaction, getBalance, requestAirdrop. Results are written as agave writes
 * them (keys sorted, u64s as plain JSON numbers, `{ context: { apiVersion, slot }, value }` where agave wraps).
 *
 * The chain model (litesvm has no blocks, so the server keeps them):
 * - Blocks. `advance(n)` produces n blocks: each takes the next slot (plus `skippedSlots` before it, so block
 *   height and slot part as on a real cluster), expires litesvm's blockhash (the new block's blockhash is
 *   litesvm's new latestBlockhash) and warps the SVM clock to the slot (unixTimestamp: 400 ms a slot). Nothing
 *   moves on its own: heights and slots change only through `advance`. At start the server produces
 *   `finalizationDepth` blocks so that every commitment level has a block.
 * - Commitment. A transaction lands in the newest block (processed). With the newest block at height H, the
 *   confirmed block is the one at H - confirmationDepth (default 1) and the finalized (rooted) one at
 *   H - finalizationDepth (default 32). A status is `finalized` with `confirmations: null` once its slot is at
 *   or below the finalized slot, `confirmed` at or below the confirmed slot, else `processed`;
 *   `confirmations` counts the blocks built on top of it (0 when processed).
 * - Blockhash validity (agave's MAX_PROCESSING_AGE = 150). The blockhash of the block at height h has
 *   `lastValidBlockHeight` h + 150. It is valid at a commitment whose block is at height c when h <= c and
 *   c - h <= 150, so a processed blockhash is unknown to the finalized bank, as on agave. The SVM's own check
 *   (only its latest blockhash) is switched off and this model decides instead: a transaction lands only if
 *   its blockhash is valid at the processed height; preflight checks it at the preflight commitment
 *   (finalized by default, processed with skipPreflight, as agave) and answers BlockhashNotFound.
 * - Status cache. Without searchTransactionHistory a status is found while its blockhash is at most 300
 *   blocks old (agave's MAX_RECENT_BLOCKHASHES status cache); with it, finalized transactions are found
 *   whatever their age, as agave's ledger search. getTransaction finds a transaction at `confirmed` or
 *   `finalized` (the default), never below confirmed (-32602, as agave).
 * - Duplicates. A signature that already landed is never executed again: with preflight it is refused as
 *   AlreadyProcessed when its status is visible at the preflight commitment; otherwise the signature is
 *   returned and nothing happens, as a leader drops it.
 *
 * What litesvm cannot do, and the workaround here: it has a single bank, so account state (balances,
 * simulations) is always the newest state whatever the commitment asked (only statuses, blockhashes and
 * getTransaction follow the commitment); it reports no fee and no pre/post balances, so the server reads
 * every account's balance before and after and computes the fee as agave does (5,000 lamports a signature
 * plus the compute-unit price times the limit, rounded up); address-lookup-table loading is not resolved
 * (v0 transactions without lookups work); simulations of a preflight do not record inner instructions.
 *
 * Fault hooks: `dropSends` (answer the signature, never execute), `holdSends` + `releaseHeld()` (execute
 * later, e.g. at the last valid height; a held transaction whose blockhash expired never lands),
 * `lagStatuses(n)` (the next n getSignatureStatuses answers are as of the slot when the lag began),
 * `markUnhealthy(n)` (the next n requests answer -32005), `rateLimit(n)` (the next n requests answer HTTP
 * 429 with a plain-text body), and `requests` (every call received, in order).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Address,
  address,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  lamports,
  type Transaction,
} from '@solana/kit';
import bs58 from 'bs58';
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm';
import * as internal from 'litesvm/dist/internal.js';
import { TRANSACTION_ERRORS } from '../../src/testing/ledger/litesvmErrorNames.js';
import { errorJson } from '../../src/testing/ledger/litesvmRuntime.js';

export const MAX_PROCESSING_AGE = 150;
export const MAX_RECENT_BLOCKHASHES = 300;
export const MAX_GET_SIGNATURE_STATUSES_QUERY_ITEMS = 256;
const LAMPORTS_PER_SIGNATURE = 5_000n;
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';

export interface LitesvmRpcOptions {
  /** The runtime to serve; a new `LiteSVM()` (builtins, SPL and memo programs) by default. */
  svm?: LiteSVM;
  /** Blocks between the newest block and the confirmed one (default 1). */
  confirmationDepth?: number;
  /** Blocks between the newest block and the finalized (rooted) one (default 32). */
  finalizationDepth?: number;
  /** Block height of the block before the first one produced (default 400,000,000). */
  startBlockHeight?: bigint;
  /** `context.apiVersion` (default '2.3.7'). */
  apiVersion?: string;
}

export interface LitesvmRpcServer {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  readonly svm: LiteSVM;
  /** Slot and block height of the newest (processed) block. */
  readonly slot: bigint;
  readonly blockHeight: bigint;
  /** Slot of the newest block at a commitment level. */
  slotAt(commitment: Commitment): bigint;
  /** Produces `blocks` blocks; `skippedSlots` slots are skipped before the first. */
  advance(blocks?: number, options?: { skippedSlots?: number }): void;
  /** Credits lamports directly (no transaction, no signature). */
  fund(owner: Address, amount: bigint): void;
  /** Answer sendTransaction with the signature but never execute (a send lost on the way to the leader). */
  dropSends: boolean;
  /** Accept sends but execute them only at `releaseHeld()`. */
  holdSends: boolean;
  /** Executes the held sends at the current height; returns the signatures that landed. */
  releaseHeld(): string[];
  /** The next `polls` getSignatureStatuses answers show the chain as it was when this was called: later
   * transactions are null, earlier ones keep the commitment they had then. */
  lagStatuses(polls: number): void;
  /** The next `requests` requests answer -32005 (Node is behind by N slots, or Node is unhealthy). */
  markUnhealthy(requests: number, numSlotsBehind?: number | null): void;
  /** The next `requests` requests answer HTTP 429 `error code: 1015`, with Retry-After if given. */
  rateLimit(requests: number, retryAfterSeconds?: number): void;
  /** Every JSON-RPC call received, in order. */
  readonly requests: ReadonlyArray<{ method: string; params: unknown }>;
  close(): Promise<void>;
}

export type Commitment = 'processed' | 'confirmed' | 'finalized';

interface Block {
  slot: bigint;
  height: bigint;
  blockhash: string;
  blockTime: bigint;
}

interface Landed {
  signature: string;
  slot: bigint;
  height: bigint;
  blockTime: bigint;
  blockhashHeight: bigint;
  wire: Uint8Array;
  version: 'legacy' | 0;
  err: unknown;
  fee: bigint;
  preBalances: bigint[];
  postBalances: bigint[];
  logs: string[];
  computeUnits: bigint;
  inner: unknown[];
  returnData: unknown;
  message: DecodedMessage;
}

interface DecodedMessage {
  version: 'legacy' | 0;
  header: { numRequiredSignatures: number; numReadonlySignedAccounts: number; numReadonlyUnsignedAccounts: number };
  accountKeys: string[];
  recentBlockhash: string;
  instructions: { programIdIndex: number; accounts: number[]; data: Uint8Array }[];
  addressTableLookups: { accountKey: string; writableIndexes: number[]; readonlyIndexes: number[] }[];
  signatures: string[];
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

const invalidParams = (message: string) => new RpcError(-32602, message);

export async function startLitesvmRpc(options: LitesvmRpcOptions = {}): Promise<LitesvmRpcServer> {
  const svm = (options.svm ?? new LiteSVM()).withBlockhashCheck(false);
  const confirmationDepth = BigInt(options.confirmationDepth ?? 1);
  const finalizationDepth = BigInt(options.finalizationDepth ?? 32);
  const apiVersion = options.apiVersion ?? '2.3.7';
  const genesisTime = 1_750_000_000n;
  const firstSlot = svm.getClock().slot;

  const blocks: Block[] = [];
  const byHash = new Map<string, Block>();
  const landed = new Map<string, Landed>();
  const held: { tx: Transaction; wire: Uint8Array; message: DecodedMessage }[] = [];
  const requests: { method: string; params: unknown }[] = [];
  let nextSlot = firstSlot;
  let nextHeight = options.startBlockHeight ?? 400_000_000n;
  let lag: { slot: bigint; known: Set<string>; polls: number } | undefined;
  let unhealthy: { requests: number; numSlotsBehind: number | null } | undefined;
  let limited: { requests: number; retryAfter: number | undefined } | undefined;

  const newest = (): Block => blocks[blocks.length - 1]!;
  const blockAt = (commitment: Commitment, asOfSlot?: bigint): Block => {
    let top = blocks.length - 1;
    if (asOfSlot !== undefined) while (top > 0 && blocks[top]!.slot > asOfSlot) top--;
    const back = commitment === 'processed' ? 0n : commitment === 'confirmed' ? confirmationDepth : finalizationDepth;
    return blocks[Math.max(0, top - Number(back))]!;
  };

  function advance(count = 1, opts: { skippedSlots?: number } = {}): void {
    nextSlot += BigInt(opts.skippedSlots ?? 0);
    for (let i = 0; i < count; i++) {
      nextSlot += 1n;
      nextHeight += 1n;
      svm.expireBlockhash();
      const blockTime = genesisTime + ((nextSlot - firstSlot) * 400n) / 1000n;
      const clock = svm.getClock();
      clock.slot = nextSlot;
      clock.unixTimestamp = blockTime;
      svm.setClock(clock);
      const block = { slot: nextSlot, height: nextHeight, blockhash: svm.latestBlockhash(), blockTime };
      blocks.push(block);
      byHash.set(block.blockhash, block);
    }
  }
  advance(Number(finalizationDepth) + 1);

  const hashValidAt = (blockhash: string, at: Block): boolean => {
    const block = byHash.get(blockhash);
    return block !== undefined && block.height <= at.height && at.height - block.height <= MAX_PROCESSING_AGE;
  };

  function execute(tx: Transaction, wire: Uint8Array, message: DecodedMessage): Landed | undefined {
    const signature = message.signatures[0]!;
    if (landed.has(signature)) return undefined; // a duplicate: the leader drops it
    const at = newest();
    if (!hashValidAt(message.recentBlockhash, at)) return undefined; // expired: never lands
    const keys = message.accountKeys.map((key) => address(key));
    const preBalances = keys.map((key) => svm.getBalance(key) ?? 0n);
    const result = svm.sendTransaction(tx);
    const failed = result instanceof FailedTransactionMetadata;
    const err = failed ? errorJson(internal, result.err()) : null;
    // Errors before execution (signature, fee payer, duplicate) leave no record and charge nothing.
    if (failed && typeof err === 'string' && NOT_RECORDED.has(err)) return undefined;
    const meta: TransactionMetadata = failed ? result.meta() : (result as TransactionMetadata);
    const record: Landed = {
      signature,
      slot: at.slot,
      height: at.height,
      blockTime: at.blockTime,
      blockhashHeight: byHash.get(message.recentBlockhash)!.height,
      wire,
      version: message.version,
      err,
      fee: feeOf(message),
      preBalances,
      postBalances: keys.map((key) => svm.getBalance(key) ?? 0n),
      logs: meta.logs(),
      computeUnits: meta.computeUnitsConsumed(),
      inner: innerInstructionsJson(meta),
      returnData: returnDataJson(meta),
      message,
    };
    landed.set(signature, record);
    return record;
  }

  function statusOf(record: Landed, asOfSlot: bigint | undefined, searchHistory: boolean): unknown {
    const top = blockAt('processed', asOfSlot);
    if (record.slot > top.slot) return null;
    const finalized = record.slot <= blockAt('finalized', asOfSlot).slot;
    const inStatusCache = top.height - record.blockhashHeight <= MAX_RECENT_BLOCKHASHES;
    if (!inStatusCache && !(searchHistory && finalized)) return null;
    const confirmed = record.slot <= blockAt('confirmed', asOfSlot).slot;
    return {
      confirmationStatus: finalized ? 'finalized' : confirmed ? 'confirmed' : 'processed',
      confirmations: finalized ? null : top.height - record.height,
      err: record.err,
      slot: record.slot,
      status: record.err === null ? { Ok: null } : { Err: record.err },
    };
  }

  function simulate(
    tx: Transaction,
    message: DecodedMessage,
    at: Block,
    sigVerify: boolean,
  ): { err: unknown; logs: string[]; units: bigint; returnData: unknown; inner: unknown[] | null; post?: unknown[] } {
    if (landed.has(message.signatures[0]!) && landed.get(message.signatures[0]!)!.slot <= at.slot)
      return { err: 'AlreadyProcessed', logs: [], units: 0n, returnData: null, inner: null };
    if (!hashValidAt(message.recentBlockhash, at))
      return { err: 'BlockhashNotFound', logs: [], units: 0n, returnData: null, inner: null };
    svm.withSigverify(sigVerify);
    try {
      const result = svm.simulateTransaction(tx);
      if (result instanceof FailedTransactionMetadata) {
        const meta = result.meta();
        return {
          err: errorJson(internal, result.err()),
          logs: meta.logs(),
          units: meta.computeUnitsConsumed(),
          returnData: returnDataJson(meta),
          inner: innerInstructionsJson(meta),
        };
      }
      const meta = result.meta();
      return {
        err: null,
        logs: meta.logs(),
        units: meta.computeUnitsConsumed(),
        returnData: returnDataJson(meta),
        inner: innerInstructionsJson(meta),
        post: result.postAccounts(),
      };
    } finally {
      svm.withSigverify(true);
    }
  }

  function decodeWire(
    data: unknown,
    encoding: unknown,
  ): { tx: Transaction; wire: Uint8Array; message: DecodedMessage } {
    if (typeof data !== 'string') throw invalidParams('Invalid params: invalid type: expected a string.');
    const enc = encoding ?? 'base58';
    let wire: Uint8Array;
    if (enc === 'base58') {
      try {
        wire = bs58.decode(data);
      } catch {
        throw invalidParams('invalid base58 encoding: InvalidCharacter');
      }
    } else if (enc === 'base64') {
      wire = Uint8Array.from(Buffer.from(data, 'base64'));
    } else {
      throw invalidParams(`unsupported encoding: ${String(enc)}. Supported encodings: base58, base64`);
    }
    try {
      const tx = getTransactionDecoder().decode(wire);
      return { tx, wire, message: decodeMessage(tx) };
    } catch (error) {
      throw invalidParams(
        `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${String(error)}`,
      );
    }
  }

  const commitmentOf = (config: unknown, fallback: Commitment = 'finalized'): Commitment => {
    const value = (config as { commitment?: unknown } | undefined)?.commitment;
    if (value === undefined || value === null) return fallback;
    if (value === 'processed' || value === 'confirmed' || value === 'finalized') return value;
    throw invalidParams(`Invalid params: unknown variant \`${String(value)}\`.`);
  };
  const context = (block: Block) => ({ apiVersion, slot: block.slot });
  const checkSignature = (value: unknown): string => {
    if (typeof value !== 'string') throw invalidParams('Invalid params: invalid type: expected a string.');
    let bytes: Uint8Array;
    try {
      bytes = bs58.decode(value);
    } catch {
      throw invalidParams('Invalid param: Invalid');
    }
    if (bytes.length !== 64) throw invalidParams('Invalid param: WrongSize');
    return value;
  };
  const checkAddress = (value: unknown): Address => {
    if (typeof value !== 'string') throw invalidParams('Invalid params: invalid type: expected a string.');
    try {
      if (bs58.decode(value).length !== 32) throw new Error();
    } catch {
      throw invalidParams('Invalid param: Invalid');
    }
    return address(value);
  };

  const handlers: Record<string, (params: unknown[]) => unknown> = {
    getSlot: ([config]) => blockAt(commitmentOf(config)).slot,
    getBlockHeight: ([config]) => blockAt(commitmentOf(config)).height,
    getEpochInfo: ([config]) => {
      const block = blockAt(commitmentOf(config));
      // One epoch of agave's 432,000 slots from the first slot served: enough for the height and the slot.
      return {
        absoluteSlot: block.slot,
        blockHeight: block.height,
        epoch: 0n,
        slotIndex: block.slot - firstSlot,
        slotsInEpoch: 432_000n,
        transactionCount: BigInt(landed.size),
      };
    },
    getBalance: ([key, config]) => ({
      context: context(blockAt(commitmentOf(config))),
      value: svm.getBalance(checkAddress(key)) ?? 0n,
    }),
    getLatestBlockhash: ([config]) => {
      const block = blockAt(commitmentOf(config));
      return {
        context: context(block),
        value: { blockhash: block.blockhash, lastValidBlockHeight: block.height + BigInt(MAX_PROCESSING_AGE) },
      };
    },
    isBlockhashValid: ([hash, config]) => {
      if (typeof hash !== 'string') throw invalidParams('Invalid params: invalid type: expected a string.');
      try {
        if (bs58.decode(hash).length !== 32) throw new Error();
      } catch {
        throw invalidParams('WrongSize');
      }
      const block = blockAt(commitmentOf(config));
      return { context: context(block), value: hashValidAt(hash, block) };
    },
    requestAirdrop: ([key, amount]) => {
      const owner = checkAddress(key);
      if (typeof amount !== 'number' && typeof amount !== 'bigint')
        throw invalidParams('Invalid params: invalid type.');
      const result = svm.airdrop(owner, lamports(BigInt(amount)));
      if (!result || result instanceof FailedTransactionMetadata) throw new RpcError(-32603, 'Internal error');
      return bs58.encode(result.signature());
    },
    getSignatureStatuses: ([list, config]) => {
      if (!Array.isArray(list)) throw invalidParams('Invalid params: invalid type: expected a sequence.');
      if (list.length > MAX_GET_SIGNATURE_STATUSES_QUERY_ITEMS)
        throw invalidParams(`Too many inputs provided; max ${MAX_GET_SIGNATURE_STATUSES_QUERY_ITEMS}`);
      const signatures = list.map(checkSignature);
      const search = (config as { searchTransactionHistory?: unknown } | undefined)?.searchTransactionHistory === true;
      let asOf: bigint | undefined;
      let known: Set<string> | undefined;
      if (lag && lag.polls > 0) {
        asOf = lag.slot;
        known = lag.known;
        lag.polls--;
      }
      return {
        context: context(blockAt('processed', asOf)),
        value: signatures.map((signature) => {
          const record = landed.get(signature);
          return record && (!known || known.has(signature)) ? statusOf(record, asOf, search) : null;
        }),
      };
    },
    sendTransaction: ([data, rawConfig]) => {
      const config = (rawConfig ?? {}) as {
        encoding?: unknown;
        skipPreflight?: boolean;
        preflightCommitment?: unknown;
      };
      const { tx, wire, message } = decodeWire(data, config.encoding);
      const signature = message.signatures[0]!;
      if (!config.skipPreflight) {
        if (!verifySignatures(svm, tx, message))
          throw new RpcError(-32003, 'Transaction signature verification failure');
        const at = blockAt(commitmentOf({ commitment: config.preflightCommitment }));
        const landedRecord = landed.get(signature);
        if (!landedRecord || landedRecord.slot <= at.slot) {
          const sim = simulate(tx, message, at, true);
          if (sim.err !== null)
            throw new RpcError(-32002, `Transaction simulation failed: ${transactionErrorText(sim.err)}`, {
              accounts: null,
              err: sim.err,
              innerInstructions: null,
              loadedAccountsDataSize: 0,
              logs: sim.logs,
              replacementBlockhash: null,
              returnData: sim.returnData,
              unitsConsumed: sim.units,
            });
        }
      }
      if (server.dropSends) return signature;
      if (server.holdSends) held.push({ tx, wire, message });
      else execute(tx, wire, message);
      return signature;
    },
    simulateTransaction: ([data, rawConfig]) => {
      const config = (rawConfig ?? {}) as {
        encoding?: unknown;
        sigVerify?: boolean;
        replaceRecentBlockhash?: boolean;
        accounts?: { addresses?: unknown; encoding?: unknown };
        innerInstructions?: boolean;
      };
      let { tx, message } = decodeWire(data, config.encoding);
      const at = blockAt(commitmentOf(config));
      let replacement: unknown = null;
      if (config.replaceRecentBlockhash) {
        if (config.sigVerify) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
        const messageBytes = new Uint8Array(tx.messageBytes);
        const offset = blockhashOffset(messageBytes);
        messageBytes.set(bs58.decode(at.blockhash), offset);
        tx = { ...tx, messageBytes: messageBytes as unknown as Transaction['messageBytes'] };
        message = { ...message, recentBlockhash: at.blockhash };
        replacement = { blockhash: at.blockhash, lastValidBlockHeight: at.height + BigInt(MAX_PROCESSING_AGE) };
      }
      if (config.sigVerify && !verifySignatures(svm, tx, message))
        throw new RpcError(-32003, 'Transaction signature verification failure');
      let addresses: string[] | undefined;
      if (config.accounts) {
        const encoding = config.accounts.encoding ?? 'base64';
        if (encoding === 'binary' || encoding === 'base58') throw invalidParams('base58 encoding not supported');
        if (!Array.isArray(config.accounts.addresses))
          throw invalidParams('Invalid params: missing field `addresses`.');
        addresses = config.accounts.addresses.map((key) => checkAddress(key));
        if (addresses.length > message.accountKeys.length)
          throw invalidParams(`Too many accounts provided; max ${message.accountKeys.length}`);
      }
      const sim = simulate(tx, message, at, false);
      let accounts: unknown = null;
      if (addresses) {
        const post = new Map(
          ((sim.post ?? []) as { address: string }[]).map((account) => [account.address, account] as const),
        );
        accounts =
          sim.err !== null
            ? addresses.map(() => null)
            : addresses.map((key) => accountJson(post.get(key) ?? svm.getAccount(address(key))));
      }
      return {
        context: context(at),
        value: {
          accounts,
          err: sim.err,
          innerInstructions: config.innerInstructions ? sim.inner : null,
          loadedAccountsDataSize: 0,
          logs: sim.logs,
          replacementBlockhash: replacement,
          returnData: sim.returnData,
          unitsConsumed: sim.units,
        },
      };
    },
    getTransaction: ([sig, rawConfig]) => {
      const signature = checkSignature(sig);
      const config = (typeof rawConfig === 'string' ? { encoding: rawConfig } : (rawConfig ?? {})) as {
        encoding?: unknown;
        commitment?: unknown;
        maxSupportedTransactionVersion?: unknown;
      };
      const commitment = commitmentOf(config);
      if (commitment === 'processed') throw invalidParams('Method does not support commitment below `confirmed`');
      const encoding = config.encoding ?? 'json';
      if (encoding !== 'json' && encoding !== 'base64' && encoding !== 'base58')
        throw invalidParams(`Invalid params: unknown variant \`${String(encoding)}\`.`);
      const record = landed.get(signature);
      if (!record || record.slot > blockAt(commitment).slot) return null;
      const max = config.maxSupportedTransactionVersion;
      if (record.version === 0 && (max === undefined || max === null))
        throw new RpcError(
          -32015,
          'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
        );
      const result: Record<string, unknown> = {
        blockTime: record.blockTime,
        meta: {
          computeUnitsConsumed: record.computeUnits,
          err: record.err,
          fee: record.fee,
          innerInstructions: record.inner,
          loadedAddresses: { readonly: [], writable: [] },
          logMessages: record.logs,
          postBalances: record.postBalances,
          postTokenBalances: [],
          preBalances: record.preBalances,
          preTokenBalances: [],
          ...(record.returnData === null ? {} : { returnData: record.returnData }),
          rewards: [],
          status: record.err === null ? { Ok: null } : { Err: record.err },
        },
        slot: record.slot,
        transaction:
          encoding === 'json'
            ? transactionJson(record.message)
            : [
                encoding === 'base64' ? Buffer.from(record.wire).toString('base64') : bs58.encode(record.wire),
                encoding,
              ],
      };
      if (max !== undefined && max !== null) result.version = record.version;
      return result;
    },
  };

  function answer(body: unknown): unknown {
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      return { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id: null };
    const { method, params, id } = body as { method?: unknown; params?: unknown; id?: unknown };
    const reply = (payload: object) => ({ jsonrpc: '2.0', ...payload, id: id ?? null });
    if (typeof method !== 'string') return reply({ error: { code: -32600, message: 'Invalid request' } });
    requests.push({ method, params });
    if (unhealthy && unhealthy.requests > 0) {
      unhealthy.requests--;
      const n = unhealthy.numSlotsBehind;
      return reply({
        error: {
          code: -32005,
          message: n === null ? 'Node is unhealthy' : `Node is behind by ${n} slots`,
          data: { numSlotsBehind: n },
        },
      });
    }
    const handler = handlers[method];
    if (!handler) return reply({ error: { code: -32601, message: 'Method not found' } });
    if (params !== undefined && !Array.isArray(params))
      return reply({ error: { code: -32602, message: '`params` should be an array' } });
    try {
      return reply({ result: handler(params ?? []) });
    } catch (error) {
      if (error instanceof RpcError)
        return reply({
          error: {
            code: error.code,
            message: error.message,
            ...(error.data === undefined ? {} : { data: error.data }),
          },
        });
      return reply({ error: { code: -32603, message: 'Internal error' } });
    }
  }

  async function onRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (limited && limited.requests > 0) {
      limited.requests--;
      response.writeHead(429, {
        'content-type': 'text/plain; charset=UTF-8',
        ...(limited.retryAfter === undefined ? {} : { 'retry-after': String(limited.retryAfter) }),
      });
      response.end('error code: 1015');
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      body = undefined;
    }
    const out =
      body === undefined
        ? { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }
        : Array.isArray(body)
          ? body.map(answer)
          : answer(body);
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(`${Array.isArray(out) ? `[${out.map(envelopeJson).join(',')}]` : envelopeJson(out)}\n`);
  }

  const http: Server = createServer((request, response) => {
    onRequest(request, response).catch(() => {
      response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;

  const server: LitesvmRpcServer = {
    url: `http://127.0.0.1:${port}/`,
    svm,
    get slot() {
      return newest().slot;
    },
    get blockHeight() {
      return newest().height;
    },
    slotAt: (commitment) => blockAt(commitment).slot,
    advance,
    fund(owner, amount) {
      const account = svm.getAccount(owner);
      const base = account.exists
        ? account
        : {
            address: owner,
            data: new Uint8Array(),
            executable: false,
            programAddress: address('11111111111111111111111111111111'),
            space: 0n,
          };
      svm.setAccount({ ...base, lamports: lamports((account.exists ? account.lamports : 0n) + amount) } as never);
    },
    dropSends: false,
    holdSends: false,
    releaseHeld() {
      const out: string[] = [];
      for (const { tx, wire, message } of held.splice(0)) {
        const record = execute(tx, wire, message);
        if (record) out.push(record.signature);
      }
      return out;
    },
    lagStatuses(polls) {
      lag = { slot: newest().slot, known: new Set(landed.keys()), polls };
    },
    markUnhealthy(count, numSlotsBehind = null) {
      unhealthy = { requests: count, numSlotsBehind };
    },
    rateLimit(count, retryAfter) {
      limited = { requests: count, retryAfter };
    },
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        http.closeAllConnections();
        http.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return server;
}

// Which transaction errors agave does not record in a block (nothing lands, no fee).
const NOT_RECORDED = new Set([
  'SignatureFailure',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'InsufficientFundsForFee',
  'AccountNotFound',
  'InvalidAccountForFee',
  'SanitizeFailure',
]);

function decodeMessage(tx: Transaction): DecodedMessage {
  const compiled = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
  if (compiled.version === 1) throw new Error('v1 transactions are not served');
  const version = compiled.version === 'legacy' ? 'legacy' : 0;
  return {
    version,
    header: {
      numRequiredSignatures: compiled.header.numSignerAccounts,
      numReadonlySignedAccounts: compiled.header.numReadonlySignerAccounts,
      numReadonlyUnsignedAccounts: compiled.header.numReadonlyNonSignerAccounts,
    },
    accountKeys: [...compiled.staticAccounts],
    recentBlockhash: compiled.lifetimeToken,
    instructions: compiled.instructions.map((ix) => ({
      programIdIndex: ix.programAddressIndex,
      accounts: [...(ix.accountIndices ?? [])],
      data: new Uint8Array(ix.data ?? new Uint8Array()),
    })),
    addressTableLookups: ((compiled as { addressTableLookups?: unknown[] }).addressTableLookups ?? []).map((lookup) => {
      const l = lookup as { lookupTableAddress: string; writableIndexes: number[]; readonlyIndexes: number[] };
      return {
        accountKey: l.lookupTableAddress,
        writableIndexes: [...l.writableIndexes],
        readonlyIndexes: [...l.readonlyIndexes],
      };
    }),
    signatures: Object.values(tx.signatures).map((bytes) => (bytes ? bs58.encode(bytes) : '1'.repeat(64))),
  };
}

/** The offset of the recent blockhash in a message: after the version byte, the header and the keys. */
function blockhashOffset(messageBytes: Uint8Array): number {
  let offset = (messageBytes[0]! & 0x80) !== 0 ? 1 : 0;
  offset += 3;
  let count = 0;
  let shift = 0;
  for (;;) {
    const byte = messageBytes[offset++]!;
    count |= (byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) break;
    shift += 7;
  }
  return offset + count * 32;
}

/** Ed25519 checks of every required signature, through the SVM (a simulation with sigverify on). */
function verifySignatures(svm: LiteSVM, tx: Transaction, message: DecodedMessage): boolean {
  if (message.signatures.length < message.header.numRequiredSignatures) return false;
  svm.withSigverify(true);
  const result = svm.simulateTransaction(tx);
  return !(
    result instanceof FailedTransactionMetadata && result.err() === TRANSACTION_ERRORS.indexOf('SignatureFailure')
  );
}

/** Agave's fee: 5,000 lamports a signature plus ceil(compute-unit price x limit / 10^6). */
function feeOf(message: DecodedMessage): bigint {
  let price = 0n;
  let limit: bigint | undefined;
  let others = 0n;
  for (const ix of message.instructions) {
    if (message.accountKeys[ix.programIdIndex] !== COMPUTE_BUDGET) {
      others++;
      continue;
    }
    const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
    if (ix.data[0] === 2 && ix.data.length >= 5) limit = BigInt(view.getUint32(1, true));
    if (ix.data[0] === 3 && ix.data.length >= 9) price = view.getBigUint64(1, true);
  }
  const units = limit ?? (others * 200_000n > 1_400_000n ? 1_400_000n : others * 200_000n);
  const priority = (price * units + 999_999n) / 1_000_000n;
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numRequiredSignatures) + priority;
}

function transactionJson(message: DecodedMessage): unknown {
  return {
    message: {
      accountKeys: message.accountKeys,
      ...(message.version === 0 ? { addressTableLookups: message.addressTableLookups } : {}),
      header: message.header,
      instructions: message.instructions.map((ix) => ({
        accounts: ix.accounts,
        data: bs58.encode(ix.data),
        programIdIndex: ix.programIdIndex,
        stackHeight: 1,
      })),
      recentBlockhash: message.recentBlockhash,
    },
    signatures: message.signatures,
  };
}

function innerInstructionsJson(meta: TransactionMetadata): unknown[] {
  return meta
    .innerInstructions()
    .map((list, index) => ({
      index,
      instructions: list.map((inner) => {
        const ix = inner.instruction();
        return {
          accounts: [...ix.accounts()],
          data: bs58.encode(ix.data()),
          programIdIndex: ix.programIdIndex(),
          stackHeight: inner.stackHeight(),
        };
      }),
    }))
    .filter((entry) => entry.instructions.length > 0);
}

function returnDataJson(meta: TransactionMetadata): unknown {
  const data = meta.returnData();
  const programId = bs58.encode(data.programId());
  if (data.data().length === 0 && programId === '11111111111111111111111111111111') return null;
  return { data: [Buffer.from(data.data()).toString('base64'), 'base64'], programId };
}

function accountJson(account: unknown): unknown {
  const a = account as {
    exists?: boolean;
    lamports: bigint;
    data: Uint8Array;
    programAddress: string;
    executable: boolean;
    space?: bigint;
  };
  if (a.exists === false) return null;
  return {
    data: [Buffer.from(a.data).toString('base64'), 'base64'],
    executable: a.executable,
    lamports: a.lamports,
    owner: a.programAddress,
    rentEpoch: 18446744073709551615n,
    space: BigInt(a.data.length),
  };
}

// Display texts of agave's TransactionError and InstructionError (solana-transaction-error), for the
// -32002 message; a variant not listed here prints its name.
const TRANSACTION_ERROR_TEXT: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
};
const INSTRUCTION_ERROR_TEXT: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  ProgramFailedToComplete: 'Program failed to complete',
};

function transactionErrorText(err: unknown): string {
  if (typeof err === 'string') return TRANSACTION_ERROR_TEXT[err] ?? err;
  const rent = (err as { InsufficientFundsForRent?: { account_index: number } }).InsufficientFundsForRent;
  if (rent) return `Transaction results in an account (${rent.account_index}) with insufficient funds for rent`;
  const ix = (err as { InstructionError?: [number, unknown] }).InstructionError;
  if (ix) {
    const [index, inner] = ix;
    const text =
      typeof inner === 'string'
        ? (INSTRUCTION_ERROR_TEXT[inner] ?? inner)
        : `custom program error: 0x${(inner as { Custom: number }).Custom.toString(16)}`;
    return `Error processing Instruction ${index}: ${text}`;
  }
  return JSON.stringify(err);
}

/** The envelope in jsonrpc-core's field order; the result and error data as serde_json::Value (sorted). */
function envelopeJson(reply: unknown): string {
  const { result, error, id } = reply as {
    result?: unknown;
    error?: { code: number; message: string; data?: unknown };
    id: unknown;
  };
  const body = error
    ? `"error":{"code":${error.code},"message":${JSON.stringify(error.message)}${
        error.data === undefined ? '' : `,"data":${toJson(error.data)}`
      }}`
    : `"result":${toJson(result)}`;
  return `{"jsonrpc":"2.0",${body},"id":${toJson(id)}}`;
}

/** JSON as agave writes it: object keys sorted (serde_json::Value), u64s as plain numbers. */
function toJson(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${toJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}
