/**
 * The options of a test cluster, checked before anything listens, and the slot it starts at: by default
 * one read off the wall clock, so that a cluster started again (a restarted `solrpc demo --serve`)
 * continues forward from where the last one was and a client that reconnects never sees slots go back.
 */
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { PROVIDER_ANSWERS } from './answers/index.js';
import type { PreloadedAccount } from './clusterState.js';
import type { LiteSvmLike } from './ledger/litesvmRuntime.js';
import { decodeAddressBytes } from './simulatedLedger.js';
import { SIMULATION, SLOT_MS } from './simulationCast.js';
import { didYouMean } from './suggest.js';

/**
 * How to start a test cluster. Every field is optional.
 *
 * @example
 * ```ts fragment
 * const cluster = await startTestCluster({ port: 8899, slotMs: 100, startSlot: 1_000 });
 * ```
 */
export interface TestClusterOptions {
  /** The HTTP port on 127.0.0.1 (WebSockets at port + 1 when free, as on a node); a free port when left out. A port taken is refused with an `InvalidInputError` naming `options.port`. */
  port?: number;
  /** How many milliseconds a slot lasts: 400 when left out, as on mainnet. */
  slotMs?: number;
  /** The slot the cluster starts at; when left out, a slot read off the wall clock, so that restarts continue forward. */
  startSlot?: number;
  /** Accounts the cluster holds from its start, by address: `{ [address]: { lamports, owner?, data?, executable? } }`. */
  accounts?: Readonly<Record<string, PreloadedAccount>>;
  /** Serve the full API, as a node started with `--full-rpc-api` (true when left out); false serves the minimal set. */
  fullApi?: boolean;
  /**
   * Execute transactions in LiteSVM (the optional peer dependency `litesvm` must be installed): `true` for a
   * new one, or a `LiteSVM` of the test's own with its programs added. The built-in ledger when left out.
   */
  litesvm?: boolean | LiteSvmLike;
  /** Milliseconds since the epoch, `Date.now` when left out: a test injects a clock to hold the slot still or move it at will. */
  now?: () => number;
  /**
   * Methods some providers serve and agave does not, to serve too: `['getProgramAccountsV2']`
   * (getProgramAccounts in pages, as Helius and Alchemy serve it). None when left out, so that they
   * answer -32601 as on an agave node.
   */
  providerMethods?: readonly 'getProgramAccountsV2'[];
}

/** Where the wall-clock slot is measured from: the simulation's first slot at 2025-08-11T08:25:54Z. */
export const SLOT_ORIGIN = { ms: 1_754_900_754_000, slot: SIMULATION.firstSlot };

/**
 * The slot a cluster started at `nowMs` begins at when no `startSlot` is given: the origin's slot plus the
 * slots elapsed since, never below the origin's. Two clusters started one after the other with the same
 * slot time thus never count backward.
 */
export function wallClockSlot(nowMs: number, slotMs: number): number {
  return SLOT_ORIGIN.slot + Math.max(0, Math.floor((nowMs - SLOT_ORIGIN.ms) / slotMs));
}

const fail = (param: string, problem: string) => new InvalidInputError({ method: 'startTestCluster', param, problem });
const describe = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

/** The options with their defaults, as the servers read them. */
export interface CheckedTestClusterOptions
  extends Required<Pick<TestClusterOptions, 'slotMs' | 'now' | 'fullApi'>>,
    Pick<TestClusterOptions, 'port' | 'accounts'> {
  startSlot: number;
  litesvm: boolean | LiteSvmLike;
  providerMethods: readonly string[];
}

/** Every option startTestCluster reads: another key is a typo, refused rather than silently ignored. */
const OPTION_KEYS = ['port', 'slotMs', 'startSlot', 'accounts', 'fullApi', 'litesvm', 'now', 'providerMethods'];
const ACCOUNT_KEYS = ['lamports', 'owner', 'data', 'executable'];

/** Refuses a key of `value` that is not one of `known`, naming it under `at` and the known key it resembles. */
export function refuseUnknownKeys(value: object, known: readonly string[], at: string): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    throw fail(`${at}.${key}`, `unknown option${didYouMean(key, known)}; the options are ${known.join(', ')}`);
  }
}

/** Whether `text` is a base58 address: 32 bytes. */
function isAddress(text: unknown): boolean {
  if (typeof text !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text)) return false;
  return decodeAddressBytes(text).length === 32;
}

/** Standard padded base64, as agave writes account data. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function checkAccount(address: string, account: unknown): void {
  const at = `options.accounts[${JSON.stringify(address)}]`;
  if (!isAddress(address))
    throw fail('options.accounts', `expected base58 addresses of 32 bytes as keys, got ${JSON.stringify(address)}`);
  if (typeof account !== 'object' || account === null || Array.isArray(account))
    throw fail(at, `expected an account { lamports, owner?, data?, executable? }, got ${describe(account)}`);
  refuseUnknownKeys(account, ACCOUNT_KEYS, at);
  const { lamports, owner, data, executable } = account as PreloadedAccount;
  const ok =
    (typeof lamports === 'bigint' && lamports >= 0n && lamports < 2n ** 64n) ||
    (typeof lamports === 'number' && Number.isSafeInteger(lamports) && lamports >= 0);
  if (!ok) throw fail(`${at}.lamports`, `expected a u64 amount of lamports, got ${describe(lamports)}`);
  if (owner !== undefined && !isAddress(owner))
    throw fail(`${at}.owner`, `expected a program's base58 address (32 bytes), got ${describe(owner)}`);
  if (data !== undefined && !(data instanceof Uint8Array) && !(typeof data === 'string' && BASE64.test(data)))
    throw fail(`${at}.data`, `expected bytes (a Uint8Array) or base64 text, got ${describe(data)}`);
  if (executable !== undefined && typeof executable !== 'boolean')
    throw fail(`${at}.executable`, `expected true or false, got ${describe(executable)}`);
}

/** The options with their defaults, each bad one refused with the parameter named. */
export function checkTestClusterOptions(options: unknown): CheckedTestClusterOptions {
  if (options === undefined) options = {};
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw fail('options', `expected an object, got ${describe(options)}`);
  refuseUnknownKeys(options, OPTION_KEYS, 'options');
  const o = options as TestClusterOptions;
  if (o.port !== undefined && !(Number.isInteger(o.port) && o.port >= 1 && o.port <= 65_535))
    throw fail('options.port', `expected a port from 1 to 65535, got ${describe(o.port)}`);
  if (o.slotMs !== undefined && !(Number.isInteger(o.slotMs) && o.slotMs >= 1))
    throw fail('options.slotMs', `expected a whole number of milliseconds of at least 1, got ${describe(o.slotMs)}`);
  if (o.startSlot !== undefined && !(Number.isSafeInteger(o.startSlot) && o.startSlot >= 0))
    throw fail('options.startSlot', `expected a slot (a whole number from 0), got ${describe(o.startSlot)}`);
  if (o.now !== undefined && typeof o.now !== 'function')
    throw fail('options.now', `expected a function returning milliseconds, got ${describe(o.now)}`);
  if (o.fullApi !== undefined && typeof o.fullApi !== 'boolean')
    throw fail('options.fullApi', `expected true or false, got ${describe(o.fullApi)}`);
  if (o.litesvm !== undefined && typeof o.litesvm !== 'boolean' && typeof o.litesvm?.sendTransaction !== 'function')
    throw fail('options.litesvm', `expected true, false or a LiteSVM, got ${describe(o.litesvm)}`);
  if (o.accounts !== undefined) {
    if (typeof o.accounts !== 'object' || o.accounts === null || Array.isArray(o.accounts))
      throw fail('options.accounts', 'expected an object of accounts by address');
    for (const [address, account] of Object.entries(o.accounts)) checkAccount(address, account);
  }
  if (o.providerMethods !== undefined) checkProviderMethods(o.providerMethods);
  const now = o.now ?? Date.now;
  const slotMs = o.slotMs ?? SLOT_MS;
  return {
    port: o.port,
    slotMs,
    now,
    startSlot: o.startSlot ?? wallClockSlot(now(), slotMs),
    accounts: o.accounts,
    fullApi: o.fullApi ?? true,
    litesvm: o.litesvm ?? false,
    providerMethods: [...(o.providerMethods ?? [])],
  };
}

/** Each name one of the extensions the cluster can serve, the one it resembles named when not. */
function checkProviderMethods(methods: unknown): void {
  const known = [...PROVIDER_ANSWERS.keys()];
  if (!Array.isArray(methods))
    throw fail('options.providerMethods', `expected an array of method names (${known.join(', ')})`);
  for (const [index, method] of methods.entries()) {
    if (!known.includes(method))
      throw fail(
        `options.providerMethods[${index}]`,
        `${describe(method)} is no provider method the cluster serves${didYouMean(String(method), known)}; it serves ${known.join(', ')}`,
      );
  }
}
