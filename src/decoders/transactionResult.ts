/**
 * From a validated `getTransaction` result to the public one: lamport amounts as `bigint`, wire bytes
 * and return data decoded from their text, fields older nodes leave out set to `null`. It sits above
 * both the wire schemas and the byte codecs, so that neither of those imports the other.
 * @module
 */
import { decodeBase58 } from '../codecs/base58.js';
import { decodeBase64 } from '../codecs/base64.js';
import { DEFAULT_MAX_TRANSACTION_BYTES } from '../codecs/transaction.js';
import { ValidationError } from '../errors/ValidationError.js';
import { toBigInt } from '../schemas/numbers.js';
import type { WireMeta, WireReward, WireTransactionResult } from '../schemas/transaction.js';
import type { InnerInstructions, LegacyTransactionMeta, Reward, TokenBalance } from '../types/transaction.js';

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
