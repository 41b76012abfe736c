/**
 * What the pubsub side reads from a cluster's ledger to notify account and program subscriptions as an
 * agave node does (rpc_subscriptions.rs): the slot an account was last written in a bank (its
 * `get_account_modified_slot`), what transactions wrote in one slot (`get_program_accounts_modified_since_parent`),
 * and accounts encoded by the HTTP side's own encoder, so a notification and a getAccountInfo agree. The
 * clock, slot hashes and recent blockhashes sysvars are written by every bank, so notified each block.
 */
import type { AccountState } from '../ledger/accountStore.js';
import {
  type AccountConfig,
  type ProgramAccountsConfig,
  passesFilters,
  type StoredAccount,
  storedAccount,
  storedFromState,
  uiAccount,
} from '../simulatedAccounts.js';
import { skipped } from '../simulatedBlocks.js';
import type { Ledger } from '../simulatedLedger.js';
import { SYSTEM_PROGRAM, SYSVARS } from '../simulationCast.js';

/** An account's modified slot when the bank holds none: agave's `unwrap_or_default()`, slot 0. */
export const ABSENT = 0;
/** The modified slot of an account held from the start (the cast's, or preloaded) and never written since. */
export const FROM_START = -1;

export interface LedgerReader {
  /** The slot of the account's last write in the bank at `bank`: ABSENT when it holds none, FROM_START if never written. */
  modifiedSlot(address: string, bank: number): number;
  /** The slots in (fromBank, toBank] in which transactions landed that wrote `address` (any account when left out). */
  writeSlots(fromBank: number, toBank: number, address?: string): number[];
  /** The account in the bank at `bank`, as an accountNotification's value (agave's default account when none). */
  accountValue(address: string, config: AccountConfig, bank: number): unknown;
  /** The accounts `program` owns that transactions landing in `bank` wrote and that pass the filters. */
  programValues(program: string, config: ProgramAccountsConfig, bank: number): { pubkey: string; account: unknown }[];
}

/**
 * A transaction the ledger took lands in the slot after the one it arrived in (ledger/send.ts's land()),
 * and its writes are recorded from there: what each landing slot wrote, the last write of a slot winning.
 */
function writesIn(ledger: Ledger, bank: number): Map<string, AccountState> {
  const writes = new Map<string, AccountState>();
  for (const sent of ledger.sent.values()) {
    if (sent.slot + 1 !== bank) continue;
    for (const [address, state] of sent.executed.writes) writes.set(address, state);
  }
  return writes;
}

/**
 * agave notifies with `encode_ui_account(pubkey, account, encoding, None, None)`: no dataSlice, and base58
 * over 128 bytes as the placeholder text rather than a refusal.
 */
function encode(stored: StoredAccount, config: AccountConfig): unknown {
  return uiAccount(stored, { encoding: config.encoding ?? 'binary' }, 'placeholder');
}

/** Sysvars every bank rewrites (its slot and time, its parent's hashes): a node notifies their subscribers each block. */
const PER_BANK_SYSVARS = new Set<string>([SYSVARS.clock, SYSVARS.slotHashes, SYSVARS.recentBlockhashes]);
/** At most this many of a per-bank sysvar's notifications at once, should the clock jump far ahead. */
const MAX_PER_BANK_NOTIFICATIONS = 100;

/** The reader of one ledger; `clock` gives the cluster's tip and time (what the HTTP side's answers read). */
export function createLedgerReader(ledger: Ledger, clock: () => { slot: number; nowMs: number }): LedgerReader {
  const stored = (address: string, bank: number) => {
    const { slot, nowMs } = clock();
    return storedAccount(address, Math.max(slot, bank), nowMs, ledger, bank);
  };
  const writeSlots = (fromBank: number, toBank: number, address?: string) => {
    if (address !== undefined && PER_BANK_SYSVARS.has(address)) return blocksIn(fromBank, toBank);
    const slots = new Set<number>();
    for (const sent of ledger.sent.values()) {
      const landedAt = sent.slot + 1;
      if (landedAt <= fromBank || landedAt > toBank) continue;
      if (address === undefined || sent.executed.writes.has(address)) slots.add(landedAt);
    }
    return [...slots].sort((a, b) => a - b);
  };
  // The banks (skipped slots have none) in (fromBank, toBank], the last MAX_PER_BANK_NOTIFICATIONS of them.
  const blocksIn = (fromBank: number, toBank: number) => {
    const slots: number[] = [];
    const first = Math.max(fromBank + 1, toBank - MAX_PER_BANK_NOTIFICATIONS + 1, 0);
    for (let slot = first; slot <= toBank; slot++) if (slot === 0 || !skipped(ledger, slot)) slots.push(slot);
    return slots;
  };
  return {
    modifiedSlot(address, bank) {
      // A per-bank sysvar was last written by the bank itself.
      if (PER_BANK_SYSVARS.has(address)) return bank;
      // Zero lamports is no account: the runtime drops it, and agave's load finds none.
      if (stored(address, bank) === undefined) return ABSENT;
      return writeSlots(Number.NEGATIVE_INFINITY, bank, address).at(-1) ?? FROM_START;
    },
    writeSlots,
    accountValue(address, config, bank) {
      const account = stored(address, bank);
      if (account) return encode(account, config);
      // agave's AccountSharedData::default(): no lamports, the System Program's, no data, rent epoch 0.
      const closed = { bytes: new Uint8Array(0), owner: SYSTEM_PROGRAM, lamports: 0n, executable: false };
      return { ...(encode(closed, config) as object), rentEpoch: 0 };
    },
    programValues(program, config, bank) {
      const found: { pubkey: string; account: unknown }[] = [];
      for (const [address, state] of writesIn(ledger, bank)) {
        // An account emptied in this slot is still in the slot's store, with zero lamports, and notified so.
        const account = stored(address, bank) ?? storedFromState(state);
        if (account.owner !== program || !passesFilters(account.bytes, config.filters)) continue;
        found.push({ pubkey: address, account: encode(account, config) });
      }
      return found;
    },
  };
}
