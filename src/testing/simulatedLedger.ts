/**
 * The simulated cluster's mutable state (what it has been sent, the blockhashes it handed out) and the
 * JSON-RPC plumbing every answer shares: the failure a handler throws, the response context, the bank a
 * commitment reads, and base58 decoding of the simulation's own keys and of sent transactions.
 */
import type { DecodedTransaction } from '../index.js';
import type { AccountState, AccountStore } from './ledger/accountStore.js';
import type { Executed } from './ledger/execute.js';
import type { MarketSpan, SlotFees } from './ledger/market.js';
import type { Runtime } from './ledger/runtime.js';
import { BLOCKHASH_LIFETIME, confirmedAt, FIRST_BLOCK, rootAt, simulatedAddress } from './simulationCast.js';

export class RpcFailure extends Error {
  constructor(readonly body: { code: number; message: string; data?: unknown }) {
    super(body.message);
  }
}

export const context = (slot: number) => ({ apiVersion: '2.3.7', slot });

/** A transaction the cluster took: the slot it arrived in (it lands in the next), and what it did. */
export interface SentTransaction {
  slot: number;
  bytes: Uint8Array;
  transaction: DecodedTransaction;
  executed: Executed;
}

/** What this cluster has been sent, the accounts its transactions wrote, and the blockhashes it knows. */
export interface Ledger {
  sent: Map<string, SentTransaction>;
  /** The slot of every blockhash seen so far (each slot's is `simulatedAddress('blockhash/<slot>')`). */
  blockhashes: Map<string, number>;
  /** The highest slot whose blockhash is in `blockhashes`. */
  hashedUpTo: number;
  /** What transactions and airdrops wrote, slot by slot. */
  accounts: AccountStore;
  /** The accounts the cluster was started with (option `accounts`), over the fixed cast. */
  preloaded: Map<string, AccountState>;
  /** The market fees switched on (the `marketFee` fault), kept after they are off for the fee history. */
  market?: MarketSpan[];
  /** What each recent slot's landed transactions paid per compute unit, for getRecentPrioritizationFees. */
  fees?: Map<number, SlotFees>;
  /** What runs transactions: LiteSVM when asked for, the built-in runtime when left out. */
  runtime?: Runtime;
  /** Milliseconds a slot lasts (block times count back from the clock by it): 400 when left out. */
  slotMs?: number;
  /** The oldest block kept: the first of the simulation's epoch, or slot 0 for a cluster started before it. */
  firstBlock?: number;
  /**
   * Validator alpha's own node, `127.0.0.1:port`: the RPC address it advertises in gossip, so that what
   * asks a validator's node directly (`check`, `catchup`) reaches the simulation, never the documentation
   * addresses the validators otherwise use.
   */
  self: string;
}

/** The slot of the bank a commitment reads: the newest, the one before, or the root 32 slots back. */
export function bankSlot(slot: number, commitment: string | undefined): number {
  return commitment === 'processed' ? slot : commitment === 'confirmed' ? confirmedAt(slot) : rootAt(slot);
}

export function decodeAddress(address: string): Uint8Array {
  // The simulation only decodes addresses it made itself, so the alphabet is known to be valid.
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let value = 0n;
  for (const char of address) value = value * 58n + BigInt(alphabet.indexOf(char));
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(value & 0xffn);
    value >>= 8n;
  }
  return out;
}

/**
 * Whether the bank at `bankSlot` accepts a blockhash: one of its own or of the 150 blocks before it
 * (agave's MAX_PROCESSING_AGE), so a blockhash newer than that bank is unknown to it, as on a node.
 */
/** The oldest block the node keeps (getFirstAvailableBlock); older ones are cleaned up (-32001). */
export function firstBlockOf(ledger: Ledger): number {
  return ledger.firstBlock ?? FIRST_BLOCK;
}

export function blockhashValid(ledger: Ledger, blockhash: string, bankSlot: number): boolean {
  for (let slot = Math.max(ledger.hashedUpTo + 1, bankSlot - BLOCKHASH_LIFETIME); slot <= bankSlot; slot++) {
    ledger.blockhashes.set(simulatedAddress(`blockhash/${slot}`), slot);
  }
  ledger.hashedUpTo = Math.max(ledger.hashedUpTo, bankSlot);
  const issued = ledger.blockhashes.get(blockhash);
  return issued !== undefined && issued <= bankSlot && bankSlot - issued <= BLOCKHASH_LIFETIME;
}

/** Base58 text of any length to bytes (sendTransaction's default encoding). */
export function decodeAddressBytes(text: string): Uint8Array {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let value = 0n;
  for (const char of text) {
    const digit = alphabet.indexOf(char);
    if (digit < 0) throw new RpcFailure({ code: -32602, message: 'invalid transaction: invalid base58' });
    value = value * 58n + BigInt(digit);
  }
  const out: number[] = [];
  while (value > 0n) {
    out.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const char of text) {
    if (char !== '1') break;
    out.unshift(0);
  }
  return new Uint8Array(out);
}

/** `commitment` and `minContextSlot`, as agave's `RpcContextConfig`. */
export interface ContextOptions {
  commitment?: string;
  minContextSlot?: number;
}

/** The slot of the bank at a commitment (the tip, the one before it, or the root), -32016 below minContextSlot. */
export function contextBank(config: ContextOptions, currentSlot: number): number {
  const bank = bankSlot(currentSlot, config.commitment);
  if (config.minContextSlot !== undefined && bank < config.minContextSlot) {
    throw new RpcFailure({
      code: -32016,
      message: 'Minimum context slot has not been reached',
      data: { contextSlot: bank },
    });
  }
  return bank;
}
