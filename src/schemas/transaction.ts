import type {
  InnerInstructions,
  LoadedAddresses,
  ParsedInnerInstructions,
  Reward,
  TokenBalance,
  TransactionError,
  TransactionStatus,
} from '../types/transaction.js';
import { address, signature } from './address.js';
import { memo } from './memo.js';
import { expected, i64, safeInteger, timestamp, u8, u64 } from './numbers.js';
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

export const compiledInstruction = /* @__PURE__ */ memo(() =>
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
export const parsedOrPartialInstruction = /* @__PURE__ */ memo(() =>
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

const parsedAccountKey = /* @__PURE__ */ memo(() =>
  type({
    pubkey: address(),
    writable: boolean(),
    signer: boolean(),
    source: nullable(enums(['transaction', 'lookupTable'])),
  }),
);

const parsedTransaction = /* @__PURE__ */ memo(() =>
  type({
    signatures: array(signature()),
    message: type({
      accountKeys: array(parsedAccountKey()),
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
export const transactionError = /* @__PURE__ */ memo(
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
export const transactionStatus = /* @__PURE__ */ memo(
  (): Schema<TransactionStatus> =>
    dynamic(
      (value): Schema<TransactionStatus> =>
        typeof value === 'object' && value !== null && 'Err' in value
          ? (statusErr() as Schema<TransactionStatus>)
          : (statusOk() as unknown as Schema<TransactionStatus>),
    ),
);

// Meta

export const tokenBalance = /* @__PURE__ */ memo(
  (): Schema<TokenBalance> =>
    type({
      accountIndex: u8(),
      mint: address(),
      owner: optional(address()),
      programId: optional(address()),
      uiTokenAmount: tokenAmount(),
    }) as Schema<TokenBalance>,
);

/** A reward: a transaction's, or a block's (`getBlock`'s `rewards`). */
export const reward = /* @__PURE__ */ memo(() =>
  type({
    pubkey: address(),
    lamports: i64(),
    postBalance: u64(),
    rewardType: nullable(enums(['Fee', 'Rent', 'Staking', 'Voting'])),
    commission: nullable(u8()),
    commissionBps: optional(safeInteger()),
  }),
);

export const loadedAddresses = /* @__PURE__ */ memo(
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

const VERSION = /* @__PURE__ */ memo(() => union([literal('legacy'), literal(0)]));

/**
 * The members a transaction with its meta has in one shape: what getTransaction returns beside its slot,
 * and what getBlock lists. `version` may be missing even when asked for: agave leaves it out of the very
 * old transactions it stored without meta (the decoder checks that pairing).
 */
function transactionWithMeta(shape: TransactionShape) {
  const transaction =
    shape.encoding === 'json'
      ? jsonTransaction()
      : shape.encoding === 'jsonParsed'
        ? parsedTransaction()
        : binaryTransaction();
  return {
    meta: nullable(metaOf(shape.encoding === 'jsonParsed', shape.versioned && shape.encoding !== 'jsonParsed')),
    transaction,
    version: optional(VERSION()),
  };
}

/** Schemas built once per shape and kind of result. */
const built = new Map<string, Schema<unknown>>();

/** The schema `key` names, built by `build` on first use. */
export function cached<T>(key: string, build: () => Schema<T>): Schema<T> {
  let schema = built.get(key);
  if (!schema) {
    schema = build() as Schema<unknown>;
    built.set(key, schema);
  }
  return schema as Schema<T>;
}

/** The schema of a `getTransaction` result for one shape; `null` (not found) passes. */
export function transactionResultSchema(shape: TransactionShape): Schema<WireTransactionResult | null | undefined> {
  return cached(
    `tx:${shape.encoding}:${shape.versioned}`,
    () =>
      nullable(
        type({
          slot: safeInteger(),
          blockTime: nullable(timestamp()),
          ...transactionWithMeta(shape),
          transactionIndex: optional(safeInteger()),
        }),
      ) as unknown as Schema<WireTransactionResult | null | undefined>,
  );
}

/** The schema of one transaction in a `getBlock` with `transactionDetails: 'full'`. */
export function blockTransactionSchema(shape: TransactionShape): Schema<WireTransactionWithMeta> {
  return cached(
    `blocktx:${shape.encoding}:${shape.versioned}`,
    () => type(transactionWithMeta(shape)) as unknown as Schema<WireTransactionWithMeta>,
  );
}

/** One transaction in a `getBlock` with `transactionDetails: 'accounts'`: keys, and the meta without logs. */
export const accountsTransactionSchema = /* @__PURE__ */ memo(
  (): Schema<WireTransactionWithAccounts> =>
    type({
      transaction: type({ signatures: array(signature()), accountKeys: array(parsedAccountKey()) }),
      meta: nullable(
        type({
          err: nullable(transactionError()),
          status: transactionStatus(),
          fee: u64(),
          preBalances: array(u64()),
          postBalances: array(u64()),
          preTokenBalances: nullable(array(tokenBalance())),
          postTokenBalances: nullable(array(tokenBalance())),
          rewards: nullable(array(reward())),
        }),
      ),
      version: optional(VERSION()),
    }) as unknown as Schema<WireTransactionWithAccounts>,
);

/** A validated transaction with its meta, as getBlock lists it, before decoding. */
export interface WireTransactionWithMeta {
  meta?: WireMeta | null;
  transaction: unknown;
  version?: 'legacy' | 0;
}

/** A validated `transactionDetails: 'accounts'` entry, before decoding. */
export interface WireTransactionWithAccounts {
  transaction: { signatures: string[]; accountKeys: { source?: unknown }[] };
  meta?: WireMeta | null;
  version?: 'legacy' | 0;
}

/** A validated `getTransaction` result, before decoding. */
export interface WireTransactionResult extends WireTransactionWithMeta {
  slot: number;
  blockTime?: number | null;
  transactionIndex?: number;
}

/** Validated transaction meta, before decoding. */
export interface WireMeta {
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

/** A validated reward, before decoding. */
export interface WireReward {
  pubkey: string;
  lamports: number | bigint;
  postBalance: number | bigint;
  rewardType?: Reward['rewardType'];
  commission?: number | null;
  commissionBps?: number;
}
