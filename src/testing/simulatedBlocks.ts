/**
 * The simulated cluster's blocks: which slots hold one (one in 23 skipped, never one with a transaction),
 * getBlock and getTransaction's encodings, block times, commitment, the block lists and block production.
 */
import { encodeBase58 } from '../codecs/base58.js';
import { encodeBase64 } from '../codecs/base64.js';
import type { DecodedTransaction } from '../index.js';
import { u64le } from './bytes.js';
import { encodeTransaction } from './encodeTransaction.js';
import { context, contextBank, decodeAddressBytes, firstBlockOf, type Ledger, RpcFailure } from './simulatedLedger.js';
import {
  blockTimeAt,
  FAILED_TRANSFER_SLOT,
  HISTORY_LENGTH,
  historicTransfer,
  type Landed,
  landed,
  simulatedFailedTransfer,
  simulatedTransfer,
  TRANSFER_SLOT,
} from './simulatedTransactions.js';
import { lastVote, leaderAt } from './simulatedValidators.js';
import {
  blockHeightAt,
  confirmedAt,
  rootAt,
  SIMULATION,
  type SimulatedValidator,
  SLOTS_PER_EPOCH,
  SLOTS_TO_ROOT,
  SYSTEM_PROGRAM,
  simulatedAddress,
} from './simulationCast.js';

/**
 * getTransaction as agave answers it: at `confirmed` or `finalized` (the default; `processed` is refused),
 * null until the transaction's block has reached that commitment.
 */
export function getTransaction(params: unknown[], ledger: Ledger, currentSlot: number, nowMs: number): unknown {
  const config = (typeof params[1] === 'string' ? { encoding: params[1] } : (params[1] ?? {})) as EncodingConfig & {
    commitment?: string;
  };
  if (config.commitment === 'processed') {
    throw new RpcFailure({ code: -32602, message: 'Method does not support commitment below `confirmed`' });
  }
  const found = landed(ledger, String(params[0]), currentSlot);
  const highest = config.commitment === 'confirmed' ? confirmedAt(currentSlot) : rootAt(currentSlot);
  if (!found || found.slot > highest) return null;
  return {
    blockTime: blockTimeAt(found.slot, currentSlot, nowMs, ledger.slotMs),
    slot: found.slot,
    ...encodeLanded(found, config),
  };
}

interface EncodingConfig {
  encoding?: string;
  maxSupportedTransactionVersion?: number;
}

const UNSUPPORTED_VERSION = () =>
  new RpcFailure({
    code: -32015,
    message:
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
  });

/** A landed transaction with its meta, as getTransaction and getBlock (`full`) encode it. */
function encodeLanded(found: Landed, config: EncodingConfig): Record<string, unknown> {
  const encoding = config.encoding ?? 'json';
  const versioned = config.maxSupportedTransactionVersion !== undefined;
  const { transaction } = found;
  if (transaction.version !== 'legacy' && !versioned) throw UNSUPPORTED_VERSION();
  const meta = {
    innerInstructions: [],
    postTokenBalances: [],
    preTokenBalances: [],
    rewards: [],
    ...found.meta,
    err: found.err,
    status: found.err === null ? { Ok: null } : { Err: found.err },
    ...(encoding === 'jsonParsed' ? {} : { loadedAddresses: { readonly: [], writable: [] } }),
  };
  const { message } = transaction;
  let wire: unknown;
  if (encoding === 'base64' || encoding === 'base58') {
    const bytes = found.bytes ?? encodeTransaction(transaction);
    wire = [encoding === 'base64' ? encodeBase64(bytes) : encodeBase58(bytes), encoding];
  } else if (encoding === 'jsonParsed') {
    wire = {
      message: {
        accountKeys: parsedAccountKeys(transaction),
        instructions: message.instructions.map((ix) => parsedInstruction(message.accountKeys, ix)),
        recentBlockhash: message.recentBlockhash,
      },
      signatures: transaction.signatures,
    };
  } else {
    wire = {
      ...transaction,
      message: { ...message, instructions: message.instructions.map((ix) => ({ ...ix, stackHeight: 1 })) },
    };
    delete (wire as { version?: unknown }).version;
  }
  return { meta, transaction: wire, ...(versioned ? { version: transaction.version } : {}) };
}

/** Every key of a (legacy) message with its role, as jsonParsed and getBlock's `accounts` list them. */
function parsedAccountKeys(transaction: DecodedTransaction) {
  const { header, accountKeys } = transaction.message;
  return accountKeys.map((pubkey, i) => ({
    pubkey,
    signer: i < header.numRequiredSignatures,
    source: 'transaction',
    writable:
      i < header.numRequiredSignatures
        ? i < header.numRequiredSignatures - header.numReadonlySignedAccounts
        : i < accountKeys.length - header.numReadonlyUnsignedAccounts,
  }));
}

/** The transactions the simulation holds in one slot, in the order they landed. */
function transactionsIn(ledger: Ledger, slot: number, currentSlot: number): Landed[] {
  const signatures: string[] = [];
  if (slot === TRANSFER_SLOT) signatures.push(simulatedTransfer(TRANSFER_SLOT).signature);
  if (slot === FAILED_TRANSFER_SLOT) signatures.push(simulatedFailedTransfer(FAILED_TRANSFER_SLOT).signature);
  const index = (TRANSFER_SLOT - 100 - slot) / 37;
  if (Number.isInteger(index) && index >= 0 && index < HISTORY_LENGTH)
    signatures.push(historicTransfer(index).signature);
  for (const [signature, sent] of ledger.sent) if (sent.slot + 1 === slot) signatures.push(signature);
  return signatures.map((signature) => landed(ledger, signature, currentSlot)).filter((tx) => tx !== undefined);
}

/**
 * getBlock as agave answers it: -32004 for a block not yet at the commitment asked for, -32007 for a
 * skipped slot, -32001 below the oldest block kept; the transactions at the detail asked for, and the
 * leader's fee reward (half of the fees, as agave burns the other half).
 */
export function getBlock(params: unknown[], ledger: Ledger, currentSlot: number, nowMs: number): unknown {
  const slot = Number(params[0]);
  const config = (typeof params[1] === 'string' ? { encoding: params[1] } : (params[1] ?? {})) as EncodingConfig & {
    transactionDetails?: string;
    rewards?: boolean;
    commitment?: string;
  };
  const commitment = config.commitment ?? 'finalized';
  if (commitment === 'processed') {
    throw new RpcFailure({ code: -32602, message: 'Method does not support commitment below `confirmed`' });
  }
  const highest = commitment === 'finalized' ? rootAt(currentSlot) : confirmedAt(currentSlot);
  if (slot > highest) throw new RpcFailure({ code: -32004, message: `Block not available for slot ${slot}` });
  if (slot < firstBlockOf(ledger)) {
    throw new RpcFailure({
      code: -32001,
      message: `Block ${slot} cleaned up, does not exist on node. First available block: ${firstBlockOf(ledger)}`,
    });
  }
  const transactions = transactionsIn(ledger, slot, currentSlot);
  if (skipped(ledger, slot)) {
    throw new RpcFailure({
      code: -32007,
      message: `Slot ${slot} was skipped, or missing due to ledger jump to recent snapshot`,
    });
  }
  // Genesis (slot 0) is its own parent, as agave writes it.
  const parentSlot = slot === 0 ? 0 : skipped(ledger, slot - 1) ? slot - 2 : slot - 1;
  const block: Record<string, unknown> = {
    blockHeight: blockHeightAt(slot),
    blockTime: blockTimeAt(slot, currentSlot, nowMs, ledger.slotMs),
    blockhash: simulatedAddress(`blockhash/${slot}`),
    parentSlot,
    previousBlockhash: simulatedAddress(`blockhash/${parentSlot}`),
  };
  if (config.rewards !== false) {
    const fees = transactions.reduce((sum, tx) => sum + BigInt(tx.meta.fee as bigint), 0n);
    const leader = SIMULATION.validators[slot % SIMULATION.validators.length] as SimulatedValidator;
    block.rewards =
      fees === 0n
        ? []
        : [
            {
              commission: null,
              lamports: fees / 2n,
              postBalance: 42_187_500_000n + BigInt(slot % 1_000_000) * 2_500n,
              pubkey: leader.identity,
              rewardType: 'Fee',
            },
          ];
  }
  const details = config.transactionDetails ?? 'full';
  const versioned = config.maxSupportedTransactionVersion !== undefined;
  if (details === 'full') {
    block.transactions = transactions.map((tx) => {
      const entry = encodeLanded(tx, config);
      // Without rewards, agave sends each meta's rewards as null.
      if (config.rewards === false) (entry.meta as { rewards: unknown }).rewards = null;
      return entry;
    });
  } else if (details === 'accounts') {
    block.transactions = transactions.map((tx) => {
      if (tx.transaction.version !== 'legacy' && !versioned) throw UNSUPPORTED_VERSION();
      const { fee, preBalances, postBalances } = tx.meta;
      return {
        meta: {
          err: tx.err,
          fee,
          postBalances,
          postTokenBalances: [],
          preBalances,
          preTokenBalances: [],
          ...(config.rewards === false ? {} : { rewards: [] }),
          status: tx.err === null ? { Ok: null } : { Err: tx.err },
        },
        transaction: { accountKeys: parsedAccountKeys(tx.transaction), signatures: tx.transaction.signatures },
        ...(versioned ? { version: tx.transaction.version } : {}),
      };
    });
  } else if (details === 'signatures') {
    block.signatures = transactions.map((tx) => tx.transaction.signatures[0]);
  }
  return block;
}

/** jsonParsed's view of an instruction: a System transfer parsed, anything else as its raw data. */
function parsedInstruction(keys: readonly string[], ix: DecodedTransaction['message']['instructions'][number]) {
  const programId = keys[ix.programIdIndex] as string;
  const data = decodeAddressBytes(ix.data);
  if (programId === SYSTEM_PROGRAM && data.length === 12 && data[0] === 2) {
    const lamports = u64le(data, 4);
    return {
      parsed: {
        info: {
          destination: keys[ix.accounts[1] as number],
          lamports: Number(lamports),
          source: keys[ix.accounts[0] as number],
        },
        type: 'transfer',
      },
      program: 'system',
      programId,
      stackHeight: 1,
    };
  }
  return { accounts: ix.accounts.map((i) => keys[i]), data: ix.data, programId, stackHeight: 1 };
}

function holdsTransaction(ledger: Ledger, slot: number): boolean {
  if (slot === TRANSFER_SLOT || slot === FAILED_TRANSFER_SLOT) return true;
  const back = TRANSFER_SLOT - 100 - slot;
  if (back >= 0 && back % 37 === 0 && back / 37 < HISTORY_LENGTH) return true;
  for (const sent of ledger.sent.values()) if (sent.slot + 1 === slot) return true;
  return false;
}

/** Whether a slot was skipped by its leader: one in 23, never one that holds a transaction. */
export function skipped(ledger: Ledger, slot: number): boolean {
  return slot % 23 === 5 && !holdsTransaction(ledger, slot);
}

/** getBlockTime as agave answers it: a time for a block, errors for what it cannot date. */
export function blockTime(ledger: Ledger, params: unknown[], currentSlot: number, nowMs: number): number | null {
  const slot = Number(params[0]);
  if (!Number.isSafeInteger(slot) || slot < 0) throw new RpcFailure({ code: -32602, message: 'Invalid params' });
  // No bank for it yet, or one whose leader skipped it and that is not rooted yet.
  if (slot >= currentSlot || (skipped(ledger, slot) && currentSlot - slot < SLOTS_TO_ROOT)) {
    throw new RpcFailure({ code: -32004, message: `Block not available for slot ${slot}` });
  }
  if (slot < firstBlockOf(ledger)) {
    throw new RpcFailure({
      code: -32001,
      message: `Block ${slot} cleaned up, does not exist on node. First available block: ${firstBlockOf(ledger)}`,
    });
  }
  if (skipped(ledger, slot)) {
    throw new RpcFailure({
      code: -32007,
      message: `Slot ${slot} was skipped, or missing due to ledger jump to recent snapshot`,
    });
  }
  return blockTimeAt(slot, currentSlot, nowMs, ledger.slotMs);
}

/**
 * getBlockCommitment as agave answers it: for a block between the root and the tip, each voting
 * validator's stake at its confirmation count (a vote a slot adds one), 32 entries; `null` for a block
 * rooted already, skipped or not reached. `totalStake` is the epoch's whole active stake.
 */
export function blockCommitment(ledger: Ledger, params: unknown[], currentSlot: number) {
  const slot = Number(params[0]);
  const totalStake = SIMULATION.validators.reduce((sum, v) => sum + v.stake, 0n);
  const tracked = slot < currentSlot && currentSlot - slot <= SLOTS_TO_ROOT && !skipped(ledger, slot);
  if (!tracked) return { commitment: null, totalStake };
  const commitment = Array.from({ length: SLOTS_TO_ROOT }, () => 0n);
  for (const v of SIMULATION.validators) {
    const votedUpTo = lastVote(v, currentSlot);
    if (v.stake === 0n || votedUpTo < slot) continue;
    const confirmations = Math.min(SLOTS_TO_ROOT, votedUpTo - slot + 1);
    commitment[confirmations - 1] = (commitment[confirmations - 1] as bigint) + v.stake;
  }
  return { commitment, totalStake };
}

/** The highest block a block-list call sees: `confirmed` or `finalized` (its minContextSlot is the dispatcher's). */
function blocksBank(config: { commitment?: string }, currentSlot: number): number {
  if (config.commitment === 'processed') {
    throw new RpcFailure({ code: -32602, message: 'Method does not support commitment below `confirmed`' });
  }
  // The highest block at that commitment: the root for finalized, the one before the tip for confirmed.
  return config.commitment === 'confirmed' ? confirmedAt(currentSlot) : rootAt(currentSlot);
}

/** getBlocks as agave answers it: [start], [start, end], [start, config] or [start, end, config]. */
export function blocks(ledger: Ledger, params: unknown[], currentSlot: number): number[] {
  const start = Number(params[0]);
  const end = typeof params[1] === 'number' ? params[1] : undefined;
  const config = (params.find((p) => typeof p === 'object' && p !== null) ?? {}) as { commitment?: string };
  const last = Math.min(end ?? start + 500_000, blocksBank(config, currentSlot));
  if (last < start) return [];
  if (last - start > 500_000) throw new RpcFailure({ code: -32602, message: 'Slot range too large; max 500000' });
  const out: number[] = [];
  for (let slot = Math.max(start, firstBlockOf(ledger)); slot <= last; slot++)
    if (!skipped(ledger, slot)) out.push(slot);
  return out;
}

/** getBlocksWithLimit as agave answers it: up to `limit` blocks from the start, the tip permitting. */
export function blocksWithLimit(ledger: Ledger, params: unknown[], currentSlot: number): number[] {
  const limit = Number(params[1]);
  if (limit > 500_000) throw new RpcFailure({ code: -32602, message: 'Limit too large; max 500000' });
  const highest = blocksBank((params[2] ?? {}) as { commitment?: string }, currentSlot);
  const out: number[] = [];
  for (let slot = Math.max(Number(params[0]), firstBlockOf(ledger)); slot <= highest && out.length < limit; slot++) {
    if (!skipped(ledger, slot)) out.push(slot);
  }
  return out;
}

export interface BlockProductionOptions {
  identity?: string;
  range?: { firstSlot: number; lastSlot?: number };
  commitment?: string;
}

/** The slot history a bank keeps (agave's `SlotHistory`): about 1 M slots back from it. */
const SLOT_HISTORY_LENGTH = 1_048_576;

/**
 * getBlockProduction as agave answers it: each leader's slots in the range and the blocks among them, a
 * block being what getBlocks lists (the same skipped slots), by the bank's slot history.
 */
export function blockProduction(ledger: Ledger, config: BlockProductionOptions, currentSlot: number) {
  const bank = contextBank({ commitment: config.commitment }, currentSlot);
  const firstSlot = config.range?.firstSlot ?? Math.floor(bank / SLOTS_PER_EPOCH) * SLOTS_PER_EPOCH;
  const lastSlot = config.range?.lastSlot ?? bank;
  if (lastSlot < firstSlot) {
    throw new RpcFailure({
      code: -32602,
      message: `lastSlot, ${lastSlot}, cannot be less than firstSlot, ${firstSlot}`,
    });
  }
  const oldest = Math.max(0, bank - SLOT_HISTORY_LENGTH + 1);
  if (firstSlot < oldest) {
    throw new RpcFailure({ code: -32602, message: `firstSlot, ${firstSlot}, is too small; min ${oldest}` });
  }
  if (lastSlot > bank)
    throw new RpcFailure({ code: -32602, message: `lastSlot, ${lastSlot}, is too large; max ${bank}` });
  const byIdentity: Record<string, [number, number]> = {};
  for (let slot = firstSlot; slot <= lastSlot; slot++) {
    const leader = leaderAt(slot);
    if (config.identity !== undefined && config.identity !== leader) continue;
    const counts = byIdentity[leader] ?? [0, 0];
    counts[0] += 1;
    if (!skipped(ledger, slot)) counts[1] += 1;
    byIdentity[leader] = counts;
  }
  return { context: context(bank), value: { byIdentity, range: { firstSlot, lastSlot } } };
}
