/**
 * The transactions the simulated cluster holds: the wallet's fixed transfers and long history, what it is
 * sent (signature-checked) and where each lands, with its status and getSignaturesForAddress pages. Kept
 * together so history, statuses and landing tell one story.
 */

import { encodeBase58 } from '../codecs/base58.js';
import type { DecodedTransaction } from '../index.js';
import { putU32le, putU64le, utf8Bytes, utf8Text } from './bytes.js';
import { sha512 } from './hash.js';
import { decodeAddressBytes, type Ledger, RpcFailure } from './simulatedLedger.js';
import {
  confirmedAt,
  MEMO_PROGRAM,
  rootAt,
  SIMULATION,
  SLOT_MS,
  SLOTS_TO_ROOT,
  SYSTEM_PROGRAM,
  simulatedAddress,
} from './simulationCast.js';

/** The transactions sent to the cluster that landed after `fromSlot` and by `toSlot`, for logsSubscribe. */
export function landedSince(ledger: Ledger, fromSlot: number, toSlot: number) {
  const out: { signature: string; slot: number; err: unknown; logs: string[]; accounts: string[] }[] = [];
  for (const signature of ledger.sent.keys()) {
    const found = landed(ledger, signature, toSlot);
    if (!found || found.slot <= fromSlot || found.slot > toSlot) continue;
    out.push({
      signature,
      slot: found.slot,
      err: found.err,
      logs: found.meta.logMessages as string[],
      accounts: found.transaction.message.accountKeys,
    });
  }
  return out;
}

/** A System Program transfer's instruction data: instruction 2, then the u64 amount little-endian. */
function transferData(lamports: bigint): string {
  const data = new Uint8Array(12);
  putU32le(data, 2, 0);
  putU64le(data, lamports, 4);
  return encodeBase58(data);
}

/** The signatures of the cast's transfers by label: the pure SHA-512 is slower than Node's, and a history walk asks again. */
const labelSignatures = new Map<string, string>();

/** A transfer from the simulated wallet to the delegate, made deterministic by its label. */
function walletTransfer(label: string, lamports: bigint, slot: number) {
  let signature = labelSignatures.get(label);
  if (signature === undefined) {
    signature = encodeBase58(sha512(`solrpc-simulation:${label}`));
    labelSignatures.set(label, signature);
  }
  const transaction: DecodedTransaction = {
    signatures: [signature],
    message: {
      header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 },
      accountKeys: [SIMULATION.wallet.address, SIMULATION.delegate, SYSTEM_PROGRAM],
      recentBlockhash: simulatedAddress(`blockhash/${slot}`),
      instructions: [{ programIdIndex: 2, accounts: [0, 1], data: transferData(lamports) }],
    },
    version: 'legacy',
  };
  return { signature, transaction };
}

/** The simulated wallet's transfer of 0.25 SOL to the delegate: a transaction the simulation holds, finalized. */
export function simulatedTransfer(slot: number): { signature: string; transaction: DecodedTransaction } {
  return walletTransfer('transfer', 250_000_000n, slot);
}

/**
 * A transfer the delegate could not pay for: finalized, failed with the System Program's custom error 1
 * (insufficient funds). Its fee was charged all the same.
 */
export function simulatedFailedTransfer(slot: number): { signature: string; transaction: DecodedTransaction } {
  const { signature, transaction } = walletTransfer('failed-transfer', 0n, slot);
  const message = {
    ...transaction.message,
    accountKeys: [SIMULATION.delegate, SIMULATION.wallet.address, SYSTEM_PROGRAM],
    instructions: [{ programIdIndex: 2, accounts: [0, 1], data: transferData(5_000_000_000n) }],
  };
  return { signature, transaction: { ...transaction, message } };
}

/** The slots of the two transactions every simulated cluster holds. */
export const TRANSFER_SLOT = SIMULATION.firstSlot - 40;
export const FAILED_TRANSFER_SLOT = SIMULATION.firstSlot - 30;

/**
 * Older transfers from the wallet to the delegate, one every 37 slots before the two above: enough that
 * reading the wallet's whole history with getSignaturesForAddress takes three pages of 1,000. Every 25th
 * carries a memo; the oldest few have no block time, as blocks from before a node recorded times.
 */
export const HISTORY_LENGTH = 2_400;
const historySlot = (index: number) => TRANSFER_SLOT - 100 - index * 37;
/** The slots whose blocks have no time: the 1,000 before the oldest three transfers, and theirs. */
const UNTIMED_FROM_SLOT = historySlot(HISTORY_LENGTH - 1) - 1_000;
const UNTIMED_BEFORE_SLOT = historySlot(HISTORY_LENGTH - 3) + 1;

export function historicTransfer(index: number): { signature: string; transaction: DecodedTransaction } {
  const slot = historySlot(index);
  const transfer = walletTransfer(`history/${index}`, BigInt(1_000_000 * (1 + (index % 50))), slot);
  if (index % 25 !== 0) return transfer;
  const { message } = transfer.transaction;
  const memo = {
    programIdIndex: 3,
    accounts: [],
    data: encodeBase58(utf8Bytes(`invoice ${HISTORY_LENGTH - index}`)),
  };
  const withMemo = {
    ...message,
    header: { ...message.header, numReadonlyUnsignedAccounts: 2 },
    accountKeys: [...message.accountKeys, MEMO_PROGRAM],
    instructions: [...message.instructions, memo],
  };
  return { signature: transfer.signature, transaction: { ...transfer.transaction, message: withMemo } };
}

let historyIndex: Map<string, number> | undefined;
/** The index of a historic transfer by its signature, built on first use. */
function historicIndexOf(signature: string): number | undefined {
  historyIndex ??= new Map(Array.from({ length: HISTORY_LENGTH }, (_, i) => [historicTransfer(i).signature, i]));
  return historyIndex.get(signature);
}

/** The memos of a transaction as agave formats them (`[length] text`, joined by `; `), or `null`. */
function memoOf(transaction: DecodedTransaction): string | null {
  const { accountKeys, instructions } = transaction.message;
  const memos = instructions
    .filter((ix) => accountKeys[ix.programIdIndex] === MEMO_PROGRAM)
    .map((ix) => {
      const data = decodeAddressBytes(ix.data);
      return `[${data.length}] ${utf8Text(data)}`;
    });
  return memos.length > 0 ? memos.join('; ') : null;
}

/**
 * The second a slot began: the clock at `currentSlot`'s start (`nowMs`), counted back `slotMs` a slot. One
 * floor of the slot's own start, not two, so a slot's time stays the same as later slots come.
 */
export function slotStartSecond(slot: number, currentSlot: number, nowMs: number, slotMs: number): number {
  return Math.floor((nowMs - (currentSlot - slot) * slotMs) / 1000);
}

/** A block's time: before the simulation, a fixed history; then its slot's start; `null` for the untimed stretch. */
export function blockTimeAt(slot: number, currentSlot: number, nowMs: number, slotMs: number = SLOT_MS): number | null {
  if (slot >= UNTIMED_FROM_SLOT && slot < UNTIMED_BEFORE_SLOT) return null;
  return slot < SIMULATION.firstSlot
    ? 1754900754 + Math.floor((slot - 356138256) * 0.4)
    : slotStartSecond(slot, currentSlot, nowMs, slotMs);
}

/**
 * getSignaturesForAddress as agave answers it: newest first, `before` and `until` excluded, `limit` 1 to
 * 1,000, `confirmed` or `finalized` only. The transactions sent to this cluster count once they land.
 */
export function signaturesForAddress(ledger: Ledger, params: unknown[], currentSlot: number, nowMs: number): unknown[] {
  const address = String(params[0]);
  const config = (params[1] ?? {}) as {
    before?: string;
    until?: string;
    limit?: number;
    commitment?: string;
    minContextSlot?: number;
  };
  const limit = config.limit ?? 1000;
  if (limit === 0 || limit > 1000) throw new RpcFailure({ code: -32602, message: 'Invalid limit; max 1000' });
  const commitment = config.commitment ?? 'finalized';
  if (commitment === 'processed') {
    throw new RpcFailure({ code: -32602, message: 'Method does not support commitment below `confirmed`' });
  }
  const highest = commitment === 'finalized' ? rootAt(currentSlot) : confirmedAt(currentSlot);
  const found: { signature: string; slot: number; transaction: DecodedTransaction; err: unknown }[] = [];
  for (const [signature, sent] of ledger.sent) {
    const slot = sent.slot + 1;
    found.push({ signature, slot, transaction: sent.transaction, err: sent.executed.err });
  }
  found.sort((a, b) => b.slot - a.slot);
  const failed = simulatedFailedTransfer(FAILED_TRANSFER_SLOT);
  const transfer = simulatedTransfer(TRANSFER_SLOT);
  found.push(
    { ...failed, slot: FAILED_TRANSFER_SLOT, err: { InstructionError: [0, { Custom: 1 }] } },
    { ...transfer, slot: TRANSFER_SLOT, err: null },
  );
  // Only what the commitment asked for has reached: `finalized` leaves out the newest 32 slots.
  const own = found.filter((entry) => entry.slot <= highest && entry.transaction.message.accountKeys.includes(address));
  const hasHistory = address === SIMULATION.wallet.address || address === SIMULATION.delegate;
  const total = own.length + (hasHistory ? HISTORY_LENGTH : 0);
  const at = (i: number) =>
    i < own.length ? own[i] : { ...historicTransfer(i - own.length), err: null, slot: historySlot(i - own.length) };
  const indexOf = (signature: string) => {
    const i = own.findIndex((entry) => entry.signature === signature);
    if (i >= 0) return i;
    const historic = hasHistory ? historicIndexOf(signature) : undefined;
    return historic === undefined ? -1 : own.length + historic;
  };
  let start = 0;
  if (config.before !== undefined) {
    const i = indexOf(config.before);
    if (i < 0) return [];
    start = i + 1;
  }
  const untilIndex = config.until === undefined ? -1 : indexOf(config.until);
  const end = Math.min(total, untilIndex >= start ? untilIndex : total, start + limit);
  const out: unknown[] = [];
  for (let i = start; i < end; i++) {
    const entry = at(i) as { signature: string; slot: number; transaction: DecodedTransaction; err: unknown };
    out.push({
      blockTime: blockTimeAt(entry.slot, currentSlot, nowMs, ledger.slotMs),
      confirmationStatus: currentSlot - entry.slot >= SLOTS_TO_ROOT ? 'finalized' : 'confirmed',
      err: entry.err,
      memo: memoOf(entry.transaction),
      signature: entry.signature,
      slot: entry.slot,
    });
  }
  return out;
}

/** The outcome of a transaction the simulation holds: where it landed, its error and its metadata. */
export interface Landed {
  slot: number;
  transaction: DecodedTransaction;
  bytes?: Uint8Array;
  err: unknown;
  meta: Record<string, unknown>;
}

export function landed(ledger: Ledger, signature: string, currentSlot: number): Landed | undefined {
  const transfer = simulatedTransfer(TRANSFER_SLOT);
  if (signature === transfer.signature) {
    return {
      slot: TRANSFER_SLOT,
      transaction: transfer.transaction,
      err: null,
      meta: {
        computeUnitsConsumed: 150,
        fee: 5000n,
        logMessages: [`Program ${SYSTEM_PROGRAM} invoke [1]`, `Program ${SYSTEM_PROGRAM} success`],
        postBalances: [SIMULATION.wallet.lamports, 250_000_000n, 1n],
        preBalances: [SIMULATION.wallet.lamports + 250_005_000n, 0n, 1n],
      },
    };
  }
  const failed = simulatedFailedTransfer(FAILED_TRANSFER_SLOT);
  if (signature === failed.signature) {
    return {
      slot: FAILED_TRANSFER_SLOT,
      transaction: failed.transaction,
      err: { InstructionError: [0, { Custom: 1 }] },
      meta: {
        computeUnitsConsumed: 150,
        fee: 5000n,
        logMessages: [
          `Program ${SYSTEM_PROGRAM} invoke [1]`,
          'Transfer: insufficient lamports 250000000, need 5000000000',
          `Program ${SYSTEM_PROGRAM} failed: custom program error: 0x1`,
        ],
        postBalances: [249_995_000n, SIMULATION.wallet.lamports, 1n],
        preBalances: [250_000_000n, SIMULATION.wallet.lamports, 1n],
      },
    };
  }
  const historic = historicIndexOf(signature);
  if (historic !== undefined) {
    const { transaction } = historicTransfer(historic);
    const lamports = BigInt(1_000_000 * (1 + (historic % 50)));
    const memo = memoOf(transaction);
    return {
      slot: historySlot(historic),
      transaction,
      err: null,
      meta: {
        computeUnitsConsumed: memo ? 150 + 6_000 : 150,
        fee: 5000n,
        logMessages: [
          `Program ${SYSTEM_PROGRAM} invoke [1]`,
          `Program ${SYSTEM_PROGRAM} success`,
          ...(memo ? [`Program ${MEMO_PROGRAM} invoke [1]`, `Program ${MEMO_PROGRAM} success`] : []),
        ],
        postBalances: [SIMULATION.wallet.lamports, lamports, 1n, ...(memo ? [521_498_880n] : [])],
        preBalances: [SIMULATION.wallet.lamports + lamports + 5000n, 0n, 1n, ...(memo ? [521_498_880n] : [])],
      },
    };
  }
  const sent = ledger.sent.get(signature);
  // A sent transaction lands in the slot after the one it arrived in.
  if (!sent || currentSlot <= sent.slot) return undefined;
  const { executed } = sent;
  return {
    slot: sent.slot + 1,
    transaction: sent.transaction,
    bytes: sent.bytes,
    err: executed.err,
    meta: {
      computeUnitsConsumed: executed.unitsConsumed,
      fee: executed.fee,
      logMessages: executed.logs,
      postBalances: executed.postBalances,
      preBalances: executed.preBalances,
    },
  };
}

/** A signature's status at `currentSlot`; null until `lagSlots` slots after it landed (a lagging status index). */
export function signatureStatus(ledger: Ledger, signature: string, currentSlot: number, lagSlots = 0): unknown {
  const found = landed(ledger, signature, currentSlot);
  if (!found || currentSlot - found.slot < lagSlots) return null;
  const depth = currentSlot - found.slot;
  const rooted = depth >= SLOTS_TO_ROOT;
  return {
    confirmationStatus: rooted ? 'finalized' : depth >= 1 ? 'confirmed' : 'processed',
    confirmations: rooted ? null : depth,
    err: found.err,
    slot: found.slot,
    status: found.err === null ? { Ok: null } : { Err: found.err },
  };
}
