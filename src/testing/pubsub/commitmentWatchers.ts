/**
 * The subscriptions agave calls commitment watchers (rpc_subscriptions.rs's notify_watchers): account,
 * program, signature and logs. Each reads the bank its commitment names (processed: the tip; confirmed:
 * the one before; finalized: the root) and is notified of what changed in each bank it has not seen yet,
 * `context.slot` that bank's slot:
 * - accountSubscribe: when the account's last-modified slot in the bank differs from the one last
 *   notified (its modified slot at subscribe time at first), with the account as the bank holds it;
 *   an account emptied to zero lamports is agave's default account (lamports 0, System, no data).
 * - programSubscribe: every account the program owns written in the bank that passes the filters.
 * - signatureSubscribe: `{ err }` once the bank holds the transaction (the subscription then ends),
 *   and, asked with enableReceivedNotification, `'receivedSignature'` when its slot is replayed first.
 *   A transaction that has already reached the commitment is notified at once: the simulation's
 *   convenience (a node notifies only banks it processes after the subscription).
 * - logsSubscribe: each transaction landed in the bank (all, or those whose keys hold the one address
 *   in `mentions`), with its logs as getTransaction has them.
 */
import { bankSlot } from '../simulatedLedger.js';
import type { LedgerReader } from './ledgerReader.js';
import { configOf } from './subscribeParams.js';

/** Where the watchers read: the ledger, signature statuses and landed transactions. */
export interface WatchSource {
  reader: LedgerReader;
  /** A signature's status at the cluster's tip, or null. */
  status(signature: string): { slot: number; err: unknown } | null;
  /** The transactions that landed after `fromSlot` and by `toSlot`, with their logs and account keys. */
  landedSince(
    fromSlot: number,
    toSlot: number,
  ): { signature: string; slot: number; err: unknown; logs: string[]; accounts: string[] }[];
}

/** A subscription's progress: the last bank whose changes it was notified of, and agave's last_notified_slot. */
export interface Watch {
  bank: number;
  lastNotified: number;
  /** The processed slot when it subscribed: a received notification is for a slot replayed after it. */
  subscribedAt: number;
  received: boolean;
}

export const WATCHERS: ReadonlySet<string> = new Set([
  'accountSubscribe',
  'programSubscribe',
  'signatureSubscribe',
  'logsSubscribe',
]);

/** A watcher subscription as the pubsub side holds it. */
export interface Watched {
  method: string;
  params: unknown[];
  watch?: Watch;
}

/** Where its config sits: second for all four. */
const config = (sub: Watched) => configOf(sub.params, 1);
const commitmentOf = (sub: Watched) => config(sub).commitment as string | undefined;

/**
 * Starts a subscription at the processed slot `tip`: it has seen the bank its commitment reads now.
 * Returns what to notify at once (a signature already at its commitment), or nothing.
 */
export function startWatch(sub: Watched, tip: number, source: WatchSource): unknown[] {
  const bank = bankSlot(tip, commitmentOf(sub));
  const lastNotified = sub.method === 'accountSubscribe' ? source.reader.modifiedSlot(String(sub.params[0]), bank) : 0;
  sub.watch = { bank, lastNotified, subscribedAt: tip, received: false };
  if (sub.method !== 'signatureSubscribe') return [];
  const status = source.status(String(sub.params[0]));
  return status && status.slot <= bank ? [signatureResult(status)] : [];
}

const signatureResult = (status: { slot: number; err: unknown }) => ({
  context: { slot: status.slot },
  value: { err: status.err },
});

/**
 * What a subscription is notified of now that the processed slot is `tip`, in order, and whether it
 * ends (a signature subscription ends with its status).
 */
export function watch(sub: Watched, tip: number, source: WatchSource): { results: unknown[]; done: boolean } {
  const state = sub.watch;
  if (!state) return { results: [], done: false };
  const bank = bankSlot(tip, commitmentOf(sub));
  const results: unknown[] = [];
  if (sub.method === 'signatureSubscribe') {
    const status = source.status(String(sub.params[0]));
    if (!status || status.slot > tip) return { results, done: false };
    if (config(sub).enableReceivedNotification === true && !state.received && status.slot > state.subscribedAt) {
      results.push({ context: { slot: status.slot }, value: 'receivedSignature' });
    }
    state.received = true;
    if (status.slot > bank) return { results, done: false };
    results.push(signatureResult(status));
    return { results, done: true };
  }
  if (bank <= state.bank) return { results, done: false };
  const from = state.bank;
  state.bank = bank;
  const address = String(sub.params[0]);
  if (sub.method === 'accountSubscribe') {
    for (const slot of source.reader.writeSlots(from, bank, address)) {
      const modified = source.reader.modifiedSlot(address, slot);
      if (modified === state.lastNotified) continue;
      state.lastNotified = modified;
      results.push({ context: { slot }, value: source.reader.accountValue(address, config(sub), slot) });
    }
  } else if (sub.method === 'programSubscribe') {
    for (const slot of source.reader.writeSlots(from, bank)) {
      for (const keyed of source.reader.programValues(address, config(sub), slot)) {
        results.push({ context: { slot }, value: keyed });
      }
    }
  } else if (sub.method === 'logsSubscribe') {
    const filter = sub.params[0] as string | { mentions: string[] };
    const mentioned = typeof filter === 'object' ? filter.mentions[0] : undefined;
    const landed = source.landedSince(from, bank).sort((a, b) => a.slot - b.slot);
    for (const tx of landed) {
      if (mentioned !== undefined && !tx.accounts.includes(mentioned)) continue;
      results.push({ context: { slot: tx.slot }, value: { signature: tx.signature, err: tx.err, logs: tx.logs } });
    }
  }
  return { results, done: false };
}
