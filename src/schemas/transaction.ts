import { decodeBase58 } from '../codecs/base58.js';
import { decodeBase64 } from '../codecs/base64.js';
import { DEFAULT_MAX_TRANSACTION_BYTES } from '../codecs/transaction.js';
import { ValidationError } from '../errors/ValidationError.js';
import type {
  InnerInstructions,
  LegacyTransactionMeta,
  LoadedAddresses,
  ParsedInnerInstructions,
  Reward,
  TokenBalance,
  TransactionError,
  TransactionStatus,
} from '../transactionTypes.js';
import { address, signature } from './address.js';
import { memo } from './memo.js';
import { expected, i64, safeInteger, timestamp, toBigInt, u8, u64 } from './numbers.js';
import {
  array,
  boolean,
  define,
  dynamic,
  enums,
  literal,
  nullable,
  optional,
  type Schema,
  string,
  tuple,
  type,
  union,
} from './struct.js';
import { tokenAmount } from './token.js';

// Instructions and messages

const stackHeight = /* @__PURE__ */ memo(() => nullable(safeInteger()));

const compiledInstruction = /* @__PURE__ */ memo(() =>
  type({ programIdIndex: u8(), accounts: array(u8()), data: string(), stackHeight: stackHeight() }),
);

const addressTableLookup = /* @__PURE__ */ memo(() =>
  type({ accountKey: address(), writableIndexes: array(u8()), readonlyIndexes: array(u8()) }),
);

const header = /* @__PURE__ */ memo(() =>
  type({ numRequiredSignatures: u8(), numReadonlySignedAccounts: u8(), numReadonlyUnsignedAccounts: u8() }),
);

/** A parsed instruction (`parsed` is an object, or a bare string for spl-memo) or a partially decoded one. */
const parsedInstruction = /* @__PURE__ */ memo(() =>
  type({
    program: string(),
    programId: address(),
    parsed: union([string(), type({ type: string() })]),
    stackHeight: stackHeight(),
  }),
);
const partiallyDecodedInstruction = /* @__PURE__ */ memo(() =>
  type({ programId: address(), accounts: array(address()), data: string(), stackHeight: stackHeight() }),
);
const parsedOrPartialInstruction = /* @__PURE__ */ memo(() =>
  dynamic(
    (value): Schema<unknown> =>
      typeof value === 'object' && value !== null && 'parsed' in value
        ? parsedInstruction()
        : partiallyDecodedInstruction(),
  ),
);

const jsonTransaction = /* @__PURE__ */ memo(() =>
  type({
    signatures: array(signature()),
    message: type({
      header: header(),
      accountKeys: array(address()),
      recentBlockhash: address(),
      instructions: array(compiledInstruction()),
      addressTableLookups: optional(array(addressTableLookup())),
    }),
  }),
);

const parsedTransaction = /* @__PURE__ */ memo(() =>
  type({
    signatures: array(signature()),
    message: type({
      accountKeys: array(
        type({
          pubkey: address(),
          writable: boolean(),
          signer: boolean(),
          source: nullable(enums(['transaction', 'lookupTable'])),
        }),
      ),
      recentBlockhash: address(),
      instructions: array(parsedOrPartialInstruction()),
      addressTableLookups: optional(array(addressTableLookup())),
    }),
  }),
);

/** Wire bytes: `[text, 'base64' | 'base58']`, or the legacy bare base58 string. */
const binaryTransaction = /* @__PURE__ */ memo(() => union([string(), tuple([string(), enums(['base58', 'base64'])])]));

// Errors

/**
 * agave's `TransactionError`: a unit variant's name, or an object with exactly one variant key.
 * `InstructionError` must be `[index, error]` with the error a string or a one-key object.
 */
const transactionError = /* @__PURE__ */ memo(
  (): Schema<TransactionError> =>
    define('transactionError', (value) => {
      if (typeof value === 'string') return true;
      if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length !== 1) {
        return expected('a TransactionError (a variant name or a one-key object)', value);
      }
      const instruction = (value as { InstructionError?: unknown }).InstructionError;
      if (instruction === undefined) return true;
      const [index, error] = Array.isArray(instruction) ? instruction : [];
      const ok =
        Array.isArray(instruction) &&
        instruction.length === 2 &&
        typeof index === 'number' &&
        Number.isInteger(index) &&
        index >= 0 &&
        index <= 255 &&
        (typeof error === 'string' ||
          (typeof error === 'object' && error !== null && !Array.isArray(error) && Object.keys(error).length === 1));
      return ok ? true : expected('InstructionError as [instruction index, error]', value);
    }),
);

const statusErr = /* @__PURE__ */ memo(() => type({ Err: transactionError() }));
const statusOk = /* @__PURE__ */ memo(() => type({ Ok: literal(null) }));
const transactionStatus = /* @__PURE__ */ memo(
  (): Schema<TransactionStatus> =>
    dynamic(
      (value): Schema<TransactionStatus> =>
        typeof value === 'object' && value !== null && 'Err' in value
          ? (statusErr() as Schema<TransactionStatus>)
          : (statusOk() as unknown as Schema<TransactionStatus>),
    ),
);

// Meta

const tokenBalance = /* @__PURE__ */ memo(
  (): Schema<TokenBalance> =>
    type({
      accountIndex: u8(),
      mint: address(),
      owner: optional(address()),
      programId: optional(address()),
      uiTokenAmount: tokenAmount(),
    }) as Schema<TokenBalance>,
);

const reward = /* @__PURE__ */ memo(() =>
  type({
    pubkey: address(),
    lamports: i64(),
    postBalance: u64(),
    rewardType: nullable(enums(['Fee', 'Rent', 'Staking', 'Voting'])),
    commission: nullable(u8()),
    commissionBps: optional(safeInteger()),
  }),
);

const loadedAddresses = /* @__PURE__ */ memo(
  (): Schema<LoadedAddresses> =>
    type({ writable: array(address()), readonly: array(address()) }) as Schema<LoadedAddresses>,
);

function metaOf(parsed: boolean, withLoadedAddresses: boolean) {
  const instruction = parsed ? parsedOrPartialInstruction() : compiledInstruction();
  return type({
    err: nullable(transactionError()),
    status: transactionStatus(),
    fee: u64(),
    preBalances: array(u64()),
    postBalances: array(u64()),
    innerInstructions: nullable(array(type({ index: u8(), instructions: array(instruction) }))),
    logMessages: nullable(array(string())),
    preTokenBalances: nullable(array(tokenBalance())),
    postTokenBalances: nullable(array(tokenBalance())),
    rewards: nullable(array(reward())),
    // Current nodes build it for every non-parsed encoding; it is required where the type promises it.
    loadedAddresses: withLoadedAddresses ? loadedAddresses() : optional(loadedAddresses()),
    returnData: optional(type({ programId: address(), data: tuple([string(), literal('base64')]) })),
    computeUnitsConsumed: optional(safeInteger()),
    costUnits: optional(safeInteger()),
  });
}

/** Which result the request asked for: the encoding, and whether versioned transactions were allowed. */
export interface TransactionShape {
  encoding: 'json' | 'jsonParsed' | 'base64' | 'base58';
  versioned: boolean;
}

const resultSchemas = new Map<string, Schema<WireTransactionResult | null | undefined>>();

/** The schema of a `getTransaction` result for one shape, built once per shape; `null` (not found) passes. */
export function transactionResultSchema(shape: TransactionShape): Schema<WireTransactionResult | null | undefined> {
  const key = `${shape.encoding}:${shape.versioned}`;
  let schema = resultSchemas.get(key);
  if (!schema) {
    schema = buildResultSchema(shape);
    resultSchemas.set(key, schema);
  }
  return schema;
}

function buildResultSchema(shape: TransactionShape): Schema<WireTransactionResult | null | undefined> {
  const transaction =
    shape.encoding === 'json'
      ? jsonTransaction()
      : shape.encoding === 'jsonParsed'
        ? parsedTransaction()
        : binaryTransaction();
  const version = union([literal('legacy'), literal(0)]);
  return nullable(
    type({
      slot: safeInteger(),
      blockTime: nullable(timestamp()),
      meta: nullable(metaOf(shape.encoding === 'jsonParsed', shape.versioned && shape.encoding !== 'jsonParsed')),
      transaction,
      // Sent exactly when maxSupportedTransactionVersion was.
      version: shape.versioned ? version : optional(version),
      transactionIndex: optional(safeInteger()),
    }),
  ) as unknown as Schema<WireTransactionResult | null | undefined>;
}

/** A validated `getTransaction` result, before decoding. */
export interface WireTransactionResult {
  slot: number;
  blockTime?: number | null;
  meta?: WireMeta | null;
  transaction: unknown;
  version?: 'legacy' | 0;
  transactionIndex?: number;
}

interface WireMeta {
  err?: TransactionError | null;
  status: TransactionStatus;
  fee: number | bigint;
  preBalances: (number | bigint)[];
  postBalances: (number | bigint)[];
  innerInstructions?: (InnerInstructions | ParsedInnerInstructions)[] | null;
  logMessages?: string[] | null;
  preTokenBalances?: TokenBalance[] | null;
  postTokenBalances?: TokenBalance[] | null;
  rewards?: WireReward[] | null;
  loadedAddresses?: LoadedAddresses;
  returnData?: { programId: string; data: [string, 'base64'] };
  computeUnitsConsumed?: number;
  costUnits?: number;
}

interface WireReward {
  pubkey: string;
  lamports: number | bigint;
  postBalance: number | bigint;
  rewardType?: Reward['rewardType'];
  commission?: number | null;
  commissionBps?: number;
}

/**
 * Builds the public result from a validated one: lamport amounts as `bigint`, wire bytes and return
 * data decoded, every nullable field a node left out set to `null`.
 */
export function decodeTransactionResult(method: string, wire: WireTransactionResult | null | undefined): unknown {
  if (wire == null) return null;
  const result: Record<string, unknown> = {
    slot: wire.slot,
    blockTime: wire.blockTime ?? null,
    meta: wire.meta == null ? null : decodeMeta(method, wire.meta),
    transaction: decodeWireTransaction(method, wire.transaction),
  };
  if (wire.version !== undefined) result.version = wire.version;
  if (wire.transactionIndex !== undefined) result.transactionIndex = wire.transactionIndex;
  return result;
}

/** Base58 decoding is quadratic: transactions longer than decodeTransaction accepts are refused unread. */
const BASE58_TX = `base58 text of at most ${DEFAULT_MAX_TRANSACTION_BYTES} bytes`;

function decodeWireTransaction(method: string, transaction: unknown): unknown {
  if (typeof transaction === 'string')
    return bytesOrFail(
      method,
      decodeBase58(transaction, DEFAULT_MAX_TRANSACTION_BYTES),
      BASE58_TX,
      'result.transaction',
    );
  if (!Array.isArray(transaction)) {
    // json and jsonParsed come through as validated (the parser built these objects for this call),
    // with fields older nodes leave out set to the null the types promise.
    const message = (transaction as { message: { instructions: object[]; accountKeys: unknown[] } }).message;
    nullStackHeights(message.instructions);
    for (const key of message.accountKeys) {
      if (typeof key === 'object' && key !== null && (key as { source?: unknown }).source === undefined) {
        (key as { source: null }).source = null;
      }
    }
    return transaction;
  }
  const [text, encoding] = transaction as [string, 'base58' | 'base64'];
  const bytes = encoding === 'base64' ? decodeBase64(text) : decodeBase58(text, DEFAULT_MAX_TRANSACTION_BYTES);
  return bytesOrFail(method, bytes, encoding === 'base64' ? 'base64 text' : BASE58_TX, 'result.transaction.0');
}

/** Sets `stackHeight: null` where a node did not record it, as the instruction types promise. */
function nullStackHeights(instructions: object[]): void {
  for (const instruction of instructions) {
    const typed = instruction as { stackHeight?: unknown };
    if (typed.stackHeight === undefined) typed.stackHeight = null;
  }
}

function decodeMeta(method: string, wire: WireMeta): LegacyTransactionMeta & Record<string, unknown> {
  const meta: LegacyTransactionMeta & Record<string, unknown> = {
    err: wire.err ?? null,
    // Rebuilt from the known keys, like the rest of the result: extra keys the server sent, own
    // `__proto__` keys included, do not reach the caller.
    status: 'Err' in wire.status ? { Err: wire.status.Err } : { Ok: null },
    fee: toBigInt(wire.fee),
    preBalances: wire.preBalances.map(toBigInt),
    postBalances: wire.postBalances.map(toBigInt),
    innerInstructions: (wire.innerInstructions ?? null) as InnerInstructions[] | null,
    logMessages: wire.logMessages ?? null,
    preTokenBalances: nullUiAmounts(wire.preTokenBalances),
    postTokenBalances: nullUiAmounts(wire.postTokenBalances),
    rewards: wire.rewards ? wire.rewards.map(decodeReward) : null,
  };
  for (const inner of meta.innerInstructions ?? []) nullStackHeights(inner.instructions);
  if (wire.loadedAddresses) {
    meta.loadedAddresses = { writable: wire.loadedAddresses.writable, readonly: wire.loadedAddresses.readonly };
  }
  if (wire.returnData) {
    const { programId, data } = wire.returnData;
    meta.returnData = {
      programId,
      data: bytesOrFail(method, decodeBase64(data[0]), 'base64 text', 'result.meta.returnData.data.0'),
    };
  }
  if (wire.computeUnitsConsumed !== undefined) meta.computeUnitsConsumed = wire.computeUnitsConsumed;
  if (wire.costUnits !== undefined) meta.costUnits = wire.costUnits;
  return meta;
}

/** Token balances as validated, with `uiAmount: null` where a node left it out; `null` when there are none. */
function nullUiAmounts(balances: TokenBalance[] | null | undefined): TokenBalance[] | null {
  if (!balances) return null;
  for (const balance of balances) {
    const amount = balance.uiTokenAmount as { uiAmount?: number | null };
    if (amount.uiAmount === undefined) amount.uiAmount = null;
  }
  return balances;
}

function decodeReward(wire: WireReward): Reward {
  const reward: Reward = {
    pubkey: wire.pubkey,
    lamports: toBigInt(wire.lamports),
    postBalance: toBigInt(wire.postBalance),
    rewardType: wire.rewardType ?? null,
    commission: wire.commission ?? null,
  };
  if (wire.commissionBps !== undefined) reward.commissionBps = wire.commissionBps;
  return reward;
}

function bytesOrFail(method: string, bytes: Uint8Array | undefined, what: string, path: string): Uint8Array {
  if (bytes) return bytes;
  throw new ValidationError({ method, path, expected: what, received: `text that is not ${what}` });
}
