/**
 * From a validated `getTransaction` result to the public one: lamport amounts as `bigint`, wire bytes
 * and return data decoded from their text, fields older nodes leave out set to `null`. It sits above
 * both the wire schemas and the byte codecs, so that neither of those imports the other.
 * @module
 */
import { decodeBase58 } from '../codecs/base58Text.js';
import { decodeBase64 } from '../codecs/base64.js';
import { DEFAULT_MAX_TRANSACTION_BYTES } from '../codecs/transactionSize.js';
import { ValidationError } from '../errors/ValidationError.js';
import { toBigInt } from '../schemas/numbers.js';
import type {
  WireMeta,
  WireReward,
  WireTransactionResult,
  WireTransactionWithAccounts,
  WireTransactionWithMeta,
} from '../schemas/transaction.js';
import type {
  AddressTableLookup,
  CompiledInstruction,
  LegacyTransactionMeta,
  MessageHeader,
  ParsedAccountKey,
  Reward,
  TokenBalance,
  TransactionBalancesMeta,
} from '../types/transaction.js';

/**
 * Builds the public result from a validated one: lamport amounts as `bigint`, wire bytes and return
 * data decoded, every nullable field a node left out set to `null`.
 */
export function decodeTransactionResult(
  method: string,
  wire: WireTransactionResult | null | undefined,
  versioned: boolean,
): unknown {
  if (wire == null) return null;
  const result: Record<string, unknown> = {
    slot: wire.slot,
    blockTime: wire.blockTime ?? null,
    ...decodeTransactionWithMeta(method, wire, versioned, 'result'),
  };
  if (wire.transactionIndex !== undefined) result.transactionIndex = wire.transactionIndex;
  return result;
}

/** One transaction with its meta (getTransaction's, or one of getBlock's), `path` naming it in errors. */
export function decodeTransactionWithMeta(
  method: string,
  wire: WireTransactionWithMeta,
  versioned: boolean,
  path: string,
): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    meta: wire.meta == null ? null : decodeMeta(method, wire.meta, path),
    transaction: decodeWireTransaction(method, wire.transaction, path),
  };
  if (versioned) entry.version = versionOf(method, wire, path);
  return entry;
}

/** A `transactionDetails: 'accounts'` entry of getBlock: signatures, keys, and the meta without logs. */
export function decodeTransactionWithAccounts(
  method: string,
  wire: WireTransactionWithAccounts,
  versioned: boolean,
  path: string,
): Record<string, unknown> {
  const { signatures, accountKeys } = wire.transaction;
  const entry: Record<string, unknown> = {
    transaction: { signatures, accountKeys: rebuildAccountKeys(accountKeys) },
    meta: wire.meta == null ? null : decodeBalances(wire.meta),
  };
  if (versioned) entry.version = versionOf(method, wire, path);
  return entry;
}

/**
 * The version a node reports when asked. It leaves it out only for the very old transactions it stored
 * without meta, which are legacy ones; anywhere else a missing version is a broken answer.
 */
function versionOf(method: string, wire: { meta?: unknown; version?: 'legacy' | 0 }, path: string): 'legacy' | 0 {
  if (wire.version !== undefined) return wire.version;
  if (wire.meta == null) return 'legacy';
  throw new ValidationError({
    method,
    path: `${path}.version`,
    expected: "'legacy' or 0",
    received: 'nothing (the field is missing)',
  });
}

/** Base58 decoding is quadratic: transactions longer than decodeTransaction accepts are refused unread. */
const BASE58_TX = `base58 text of at most ${DEFAULT_MAX_TRANSACTION_BYTES} bytes`;

function decodeWireTransaction(method: string, transaction: unknown, path: string): unknown {
  if (typeof transaction === 'string')
    return bytesOrFail(
      method,
      decodeBase58(transaction, DEFAULT_MAX_TRANSACTION_BYTES),
      BASE58_TX,
      `${path}.transaction`,
    );
  if (!Array.isArray(transaction)) return rebuildTransaction(transaction as WireJsonTransaction);
  const [text, encoding] = transaction as [string, 'base58' | 'base64'];
  const bytes = encoding === 'base64' ? decodeBase64(text) : decodeBase58(text, DEFAULT_MAX_TRANSACTION_BYTES);
  return bytesOrFail(method, bytes, encoding === 'base64' ? 'base64 text' : BASE58_TX, `${path}.transaction.0`);
}

// json and jsonParsed transactions are rebuilt from the keys the types name, like the rest of the
// result: extra keys a server sent, own `__proto__` keys included, do not reach the caller. Arrays of
// strings and numbers (keys, signatures, account indexes) are kept as parsed; they hold nothing else.

interface WireJsonTransaction {
  signatures: string[];
  message: {
    header?: MessageHeader;
    accountKeys: (string | WireParsedAccountKey)[];
    recentBlockhash: string;
    instructions: WireInstruction[];
    addressTableLookups?: AddressTableLookup[];
  };
}
interface WireParsedAccountKey {
  pubkey: string;
  writable: boolean;
  signer: boolean;
  source?: 'transaction' | 'lookupTable' | null;
}
interface WireInstruction {
  programIdIndex?: number;
  programId?: string;
  program?: string;
  parsed?: unknown;
  accounts?: (number | string)[];
  data?: string;
  stackHeight?: number | null;
}

function rebuildTransaction(wire: WireJsonTransaction): object {
  const { header, accountKeys, recentBlockhash, instructions, addressTableLookups } = wire.message;
  const message: Record<string, unknown> = {};
  if (header) {
    message.header = {
      numRequiredSignatures: header.numRequiredSignatures,
      numReadonlySignedAccounts: header.numReadonlySignedAccounts,
      numReadonlyUnsignedAccounts: header.numReadonlyUnsignedAccounts,
    };
  }
  message.accountKeys = typeof accountKeys[0] === 'object' ? rebuildAccountKeys(accountKeys) : accountKeys;
  message.recentBlockhash = recentBlockhash;
  message.instructions = instructions.map(rebuildInstruction);
  if (addressTableLookups) {
    message.addressTableLookups = addressTableLookups.map((lookup) => ({
      accountKey: lookup.accountKey,
      writableIndexes: lookup.writableIndexes,
      readonlyIndexes: lookup.readonlyIndexes,
    }));
  }
  return { signatures: wire.signatures, message };
}

/** Parsed account keys, with `source: null` where a node did not send it. */
function rebuildAccountKeys(keys: unknown[]): ParsedAccountKey[] {
  return (keys as WireParsedAccountKey[]).map((key) => ({
    pubkey: key.pubkey,
    writable: key.writable,
    signer: key.signer,
    source: key.source ?? null,
  }));
}

/**
 * A compiled, parsed or partially decoded instruction, `stackHeight: null` where a node did not record
 * it. What a parsed one's `parsed` holds is the node's parser's to define, so it is kept as sent.
 */
function rebuildInstruction(wire: WireInstruction): object {
  const stackHeight = wire.stackHeight ?? null;
  if (wire.programIdIndex !== undefined) {
    return { programIdIndex: wire.programIdIndex, accounts: wire.accounts, data: wire.data, stackHeight };
  }
  if (wire.parsed !== undefined) {
    return { program: wire.program, programId: wire.programId, parsed: wire.parsed, stackHeight };
  }
  return { programId: wire.programId, accounts: wire.accounts, data: wire.data, stackHeight };
}

/** The meta every detail level has: error, fee, balances, token balances, rewards. */
function decodeBalances(wire: WireMeta): TransactionBalancesMeta {
  return {
    err: wire.err ?? null,
    // Rebuilt from the known keys, like the rest of the result: extra keys the server sent, own
    // `__proto__` keys included, do not reach the caller.
    status: 'Err' in wire.status ? { Err: wire.status.Err } : { Ok: null },
    fee: toBigInt(wire.fee),
    preBalances: wire.preBalances.map(toBigInt),
    postBalances: wire.postBalances.map(toBigInt),
    preTokenBalances: rebuildTokenBalances(wire.preTokenBalances),
    postTokenBalances: rebuildTokenBalances(wire.postTokenBalances),
    rewards: wire.rewards ? wire.rewards.map(decodeReward) : null,
  };
}

function decodeMeta(method: string, wire: WireMeta, path: string): LegacyTransactionMeta & Record<string, unknown> {
  // Grown from the balances' object rather than spread into a new one: a block decodes thousands.
  const meta = decodeBalances(wire) as LegacyTransactionMeta & Record<string, unknown>;
  meta.innerInstructions = wire.innerInstructions
    ? wire.innerInstructions.map((inner) => ({
        index: inner.index,
        instructions: (inner.instructions as WireInstruction[]).map(rebuildInstruction) as CompiledInstruction[],
      }))
    : null;
  meta.logMessages = wire.logMessages ?? null;
  if (wire.loadedAddresses) {
    meta.loadedAddresses = { writable: wire.loadedAddresses.writable, readonly: wire.loadedAddresses.readonly };
  }
  if (wire.returnData) {
    const { programId, data } = wire.returnData;
    meta.returnData = {
      programId,
      data: bytesOrFail(method, decodeBase64(data[0]), 'base64 text', `${path}.meta.returnData.data.0`),
    };
  }
  if (wire.computeUnitsConsumed !== undefined) meta.computeUnitsConsumed = wire.computeUnitsConsumed;
  if (wire.costUnits !== undefined) meta.costUnits = wire.costUnits;
  return meta;
}

/** Token balances rebuilt, `uiAmount: null` where a node left it out; `null` when there are none. */
function rebuildTokenBalances(balances: TokenBalance[] | null | undefined): TokenBalance[] | null {
  if (!balances) return null;
  return balances.map((wire) => {
    const { amount, decimals, uiAmount, uiAmountString } = wire.uiTokenAmount;
    const balance: TokenBalance = {
      accountIndex: wire.accountIndex,
      mint: wire.mint,
      uiTokenAmount: { amount, decimals, uiAmount: uiAmount ?? null, uiAmountString },
    };
    if (wire.owner !== undefined) balance.owner = wire.owner;
    if (wire.programId !== undefined) balance.programId = wire.programId;
    return balance;
  });
}

/** A reward with its lamport amounts as `bigint` (a transaction's, or a block's). */
export function decodeReward(wire: WireReward): Reward {
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
