/**
 * A test cluster's state without its servers: the ledger (accounts, sent transactions, blockhashes), the
 * slot clock, and `answer(method, params)`, the JSON-RPC result of a call (or its RpcFailure). The HTTP and
 * WebSocket servers (simulatedCluster.ts) and the msw handlers answer from one of these, so every way in
 * sees the same cluster.
 */
import { looseBase64 } from './bytes.js';
import { type AccountState, AccountStore } from './ledger/accountStore.js';
import type { LiteSvmLike } from './ledger/litesvmRuntime.js';
import { type MarketOptions, openMarket } from './ledger/market.js';
import type { Runtime } from './ledger/runtime.js';
import { createLedgerReader, type LedgerReader } from './pubsub/ledgerReader.js';
import { decodeAddressBytes, type Ledger, RpcFailure } from './simulatedLedger.js';
import { dispatch, prepare } from './simulatedRpc.js';
import { landedSince, signatureStatus } from './simulatedTransactions.js';
import { FIRST_BLOCK, SIMULATION, SLOT_MS, SYSTEM_PROGRAM } from './simulationCast.js';

/**
 * An account to start the cluster with. `data` as bytes or base64 text; `owner` the System Program by default.
 *
 * @example
 * ```ts fragment
 * const cluster = await startTestCluster({ accounts: { [wallet]: { lamports: 2_000_000_000n } } });
 * ```
 */
export interface PreloadedAccount {
  /** Its balance in lamports (a u64). */
  lamports: number | bigint;
  /** The program that owns it, base58; the System Program when left out. */
  owner?: string;
  /** Its data, as bytes or base64 text; none when left out. */
  data?: Uint8Array | string;
  /** Whether it holds a program; false when left out. */
  executable?: boolean;
}

export interface ClusterStateOptions {
  /** Milliseconds since some fixed point; `Date.now` by default. Tests inject a clock. */
  now?: () => number;
  /** Milliseconds a slot lasts: 400 by default, as on mainnet-beta. */
  slotMs?: number;
  /** The slot at start: by default the simulation's, in epoch 824. */
  startSlot?: number;
  /** Accounts the cluster holds from the start, by address. */
  accounts?: Readonly<Record<string, PreloadedAccount>>;
  /** Serve the full API, as a node started with `--full-rpc-api` (default); false: the Minimal set only. */
  fullApi?: boolean;
  /**
   * Run transactions in LiteSVM (the optional peer dependency `litesvm`): `true` for a new one, or a
   * `LiteSVM` of the test's own (its programs added). The built-in runtime when left out.
   * loadSimulatedState.ts (Node only) makes the runtime; createClusterState takes the runtime made.
   */
  litesvm?: boolean | LiteSvmLike;
  /** What runs transactions, when already made (loadSimulatedState makes the LiteSVM one). */
  runtime?: Runtime;
  /** The providers' extensions it serves (`getProgramAccountsV2`); none by default, as agave. */
  providerMethods?: readonly string[];
}

/** How the node answering a call differs from the cluster: the faults that change what it answers. */
export interface NodeConditions {
  /** How many slots behind the cluster it is (the `behind` fault). */
  behindSlots?: number;
  /** How many slots after landing a status shows (the `statusLag` fault). */
  statusLagSlots?: number;
}

export interface ClusterState {
  /**
   * The JSON-RPC `result` of a call; rejects with RpcFailure (its `body` the JSON-RPC error) for an error.
   * `node` answers as a node behind the cluster, or whose statuses lag.
   */
  answer(method: string, params: unknown[], node?: NodeConditions): Promise<unknown>;
  /**
   * Switches a market fee on from the next slot (the `marketFee` fault); returns what switches it off, the
   * slots it held kept in the fee history.
   */
  openMarket(options: MarketOptions): () => void;
  /** The current (processed) slot. */
  slot(): number;
  /** Milliseconds a slot lasts. */
  readonly slotMs: number;
  /** A signature's status now, as getSignatureStatuses answers it, or null. */
  status(signature: string): { slot: number; err: unknown; confirmationStatus: string } | null;
  /** The transactions sent that landed after `fromSlot` and by `toSlot`, with their logs and accounts. */
  landedSince(
    fromSlot: number,
    toSlot: number,
  ): { signature: string; slot: number; err: unknown; logs: string[]; accounts: string[] }[];
  /** What the pubsub side reads of the ledger: accounts by bank, and what each slot wrote. */
  readonly reader: LedgerReader;
  /** The address validator alpha advertises as its RPC node in gossip (`127.0.0.1:port`). */
  setNodeAddress(address: string): void;
}

/** Creates a cluster's state; its clock starts at `now()`. */
export function createClusterState(options: ClusterStateOptions = {}): ClusterState {
  const now = options.now ?? Date.now;
  const slotMs = options.slotMs ?? SLOT_MS;
  if (!(slotMs > 0)) throw new RangeError(`slotMs must be a positive number of milliseconds, got ${slotMs}`);
  const startSlot = options.startSlot ?? SIMULATION.firstSlot;
  if (!Number.isSafeInteger(startSlot) || startSlot < 0) {
    throw new RangeError(`startSlot must be a non-negative integer, got ${startSlot}`);
  }
  const startedAt = now();
  const slot = () => startSlot + Math.floor((now() - startedAt) / slotMs);
  // A bank's clock is its slot's: what an answer takes from the time (block times, the Clock sysvar, vote
  // timestamps) is read at the moment its slot began, so two reads of one slot agree, as a node's do.
  const slotStartMs = (at: number) => startedAt + (at - startSlot) * slotMs;
  const ledger: Ledger = {
    sent: new Map(),
    blockhashes: new Map(),
    hashedUpTo: -1,
    accounts: new AccountStore(),
    preloaded: new Map(),
    self: '',
    slotMs,
    // A cluster started before the simulation's epoch keeps every block from slot 0, as a new test validator.
    firstBlock: startSlot < FIRST_BLOCK ? 0 : FIRST_BLOCK,
  };
  ledger.preloaded = preloadedAccounts(options);
  // LiteSVM is loaded only when asked for, by loadSimulatedState (Node only): this module runs in browsers.
  if (options.litesvm && !options.runtime)
    throw new Error('createClusterState: LiteSVM is loaded by loadSimulatedState');
  ledger.runtime = options.runtime;
  const fullApi = options.fullApi ?? true;
  const providerMethods = options.providerMethods ?? [];
  // A node behind the cluster reads an older bank; never one before genesis.
  const context = ({ behindSlots = 0, statusLagSlots = 0 }: NodeConditions) => {
    const tip = slot();
    const at = Math.max(0, tip - behindSlots);
    return { ledger, slot: at, nowMs: slotStartMs(at), slotMs, behindSlots: tip - at, statusLagSlots };
  };
  return {
    // The asynchronous step first (WebCrypto's Ed25519); then the call is checked and answered at once,
    // on the ledger as it is then: no other call's apply can come between the check and the apply.
    answer: async (method, params, node = {}) => {
      const prepared = await prepare(context(node), method, params);
      return dispatch({ ...context(node), prepared }, method, params, fullApi, providerMethods);
    },
    openMarket(options) {
      // The leader of the next slot is the first to ask it; the slots up to the tip when cleared held it.
      const close = openMarket(ledger, slot() + 1, options);
      return () => close(slot());
    },
    slot,
    slotMs,
    status: (signature) => signatureStatus(ledger, signature, slot()) as ReturnType<ClusterState['status']>,
    landedSince: (fromSlot, toSlot) => landedSince(ledger, fromSlot, toSlot),
    reader: createLedgerReader(ledger, () => {
      const at = slot();
      return { slot: at, nowMs: slotStartMs(at) };
    }),
    setNodeAddress(address) {
      ledger.self = address;
    },
  };
}

/** The accounts option, each checked and made a runtime account. */
export function preloadedAccounts(options: ClusterStateOptions): Map<string, AccountState> {
  const accounts = new Map<string, AccountState>();
  for (const [address, account] of Object.entries(options.accounts ?? {})) {
    accounts.set(address, preloaded(address, account));
  }
  return accounts;
}

/** A preloaded account checked and made a runtime account; a clear error names what is wrong. */
function preloaded(address: string, account: PreloadedAccount): AccountState {
  if (decodeAddressBytes(address).length !== 32) {
    throw new TypeError(`accounts: ${address} is not a base58 address of 32 bytes`);
  }
  const lamports = BigInt(account.lamports);
  if (lamports < 0n || lamports > 18_446_744_073_709_551_615n) {
    throw new RangeError(`accounts[${address}].lamports must be a u64, got ${account.lamports}`);
  }
  const data = typeof account.data === 'string' ? looseBase64(account.data) : (account.data ?? new Uint8Array(0));
  return { lamports, owner: account.owner ?? SYSTEM_PROGRAM, data, executable: account.executable ?? false };
}

export { RpcFailure };
