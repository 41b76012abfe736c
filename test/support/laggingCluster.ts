/**
 * A simulated cluster behind three HTTP endpoints, served in-process by a `fetch` that routes by URL, for
 * confirmation across a failover list (issue 34): slots follow the clock (`Date.now()`, faked by the
 * test), some slots are skipped (no block, no height), and each endpoint sees the chain from its own
 * view: at the tip, or `LAG_SLOTS` (or `lagSlots`) behind (honouring `minContextSlot` with -32016 or ignoring it), or
 * flapping between the two. The lagging endpoint also shows statuses some slots late. Endpoints fail for
 * a while as told (HTTP 503, -32005, silence). Transactions land as the test plans them, in the last
 * valid slot of their blockhash too, but only once an endpoint has accepted them and while they are
 * still valid; durable nonces advance when their transaction lands or when another transaction advances
 * them. The truth (landed where, can it still land) is read from here to judge every outcome.
 */
import { encodeBase58 } from '../../src/codecs/base58.js';
import { decodeBase58 } from '../../src/codecs/base58Text.js';
import { decodeBase64, encodeBase64 } from '../../src/codecs/base64.js';
import type { FetchLike } from '../../src/index.js';
import { seededRandom } from '../../src/testing/seededRandom.js';

/** The model test draws its own numbers from the same generator. */
export { seededRandom };

export const SLOT_MS = 400;
/** How far behind the lagging endpoint is by default (the target's 50 slots). */
export const LAG_SLOTS = 50;
/** Blocks a blockhash stays usable for (agave's MAX_PROCESSING_AGE). */
export const BLOCKHASH_LIFE = 150;
const FIRST_SLOT = 310_000_000;
const HEIGHT_OFFSET = 20_000_000;
const TRAIL = { processed: 0, confirmed: 1, finalized: 32 } as const;
type Level = keyof typeof TRAIL;

export const SYSTEM = '11111111111111111111111111111111';
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const RECENT_BLOCKHASHES = 'SysvarRecentB1ockHashes11111111111111111111';

/** How the lagging endpoint lags: always, or flapping between the tip and LAG_SLOTS behind. */
export type LagMode = 'honours' | 'ignores' | 'flaps';
export type FaultKind = 'http503' | 'behind' | 'silent';

export interface ClusterSetup {
  /** Where the lagging endpoint stands in the list given to createRpc (0: the primary). */
  laggingAt: 0 | 1 | 2;
  /** How far behind it is, in slots (LAG_SLOTS when left out). */
  lagSlots?: number;
  mode: LagMode;
  /** A flapping endpoint: whether it honours minContextSlot (the others: as `mode` says). */
  flapHonours: boolean;
  /** A flapping endpoint's half period, in slots. */
  flapSlots: number;
  /** Slots after its own view's slot before the lagging endpoint shows a status (0-32). */
  statusLag: number;
  /** Share of slots skipped (no block), in percent. */
  skipPercent: number;
  /** Endpoints failing for a while: from `fromSlot` to `toSlot` after the first slot, endpoint `node`. */
  faults: readonly { node: 0 | 1 | 2; fromSlot: number; toSlot: number; kind: FaultKind }[];
}

/** A transaction the cluster knows of: its lifetime, the plan, and what happened. */
export interface Tx {
  signature: string;
  /** The blockhash's slot (blockhash lifetime), or null (durable nonce). */
  blockhashSlot: number | null;
  nonce: { account: string; value: string } | null;
  /** The first slot it may land in (null: never). */
  landFrom: number | null;
  /** The slot it was first accepted by an endpoint, +1 (it lands in a later slot). */
  acceptedFrom: number | null;
  landedAt: number | null;
}

export interface Cluster {
  urls: [string, string, string];
  fetch: FetchLike;
  /** The tip's slot now (processes landings up to it). */
  tip(): number;
  heightAt(slot: number): number;
  /** The latest produced slot at or before `slot`. */
  produced(slot: number): number;
  blockhashOf(slot: number): string;
  /** The last produced slot a transaction on the blockhash of `slot` can land in. */
  lastValidSlotOf(blockhashSlot: number): number;
  /** Registers a transaction the test built. */
  add(tx: Omit<Tx, 'acceptedFrom' | 'landedAt'>): Tx;
  /** A durable nonce account holding a fresh value since `setAt`; another transaction advances it at `advanceAt`. */
  addNonce(setAt: number, advanceAt: number | null): { account: string; value: string };
  byBlockhash(): Map<string, number>;
  /** Can `tx` still land, as of the tip? */
  canStillLand(tx: Tx): boolean;
  /** The first slot `tx` can no longer land in (its blockhash's life over, its nonce advanced), or null. */
  overAt(tx: Tx): number | null;
  txs: Map<string, Tx>;
  requests: number[];
}

export function createCluster(setup: ClusterSetup, seed: number, startTime: number): Cluster {
  const random = seededRandom(seed);
  // Heights by slot from FIRST_SLOT - 400 (blockhashes and nonces set before the start), grown on demand.
  const base = FIRST_SLOT - 400;
  const heights: number[] = [];
  const skipped: boolean[] = [];
  const grow = (slot: number) => {
    while (base + heights.length <= slot) {
      const i = heights.length;
      // Never two skipped in a row at the start: slot `base` is produced.
      const skip = i > 0 && random() * 100 < setup.skipPercent;
      skipped.push(skip);
      heights.push((i === 0 ? HEIGHT_OFFSET : (heights[i - 1] as number)) + (skip ? 0 : 1));
    }
  };
  const heightAt = (slot: number) => {
    grow(slot);
    return heights[slot - base] as number;
  };
  const isProduced = (slot: number) => {
    grow(slot);
    return !skipped[slot - base];
  };
  const produced = (slot: number) => {
    let s = slot;
    while (!isProduced(s)) s--;
    return s;
  };
  const blockhashes = new Map<string, number>();
  const blockhashOf = (slot: number) => {
    const bytes = new Uint8Array(32).fill(0x5a);
    new DataView(bytes.buffer).setUint32(0, slot, true);
    const text = encodeBase58(bytes);
    blockhashes.set(text, slot);
    return text;
  };
  const lastValidSlotOf = (b: number) => {
    const last = heightAt(b) + BLOCKHASH_LIFE;
    let s = b + BLOCKHASH_LIFE;
    while (heightAt(s + 1) <= last) s++;
    return produced(s);
  };
  const txs = new Map<string, Tx>();
  /** Nonce accounts: their values by slot, oldest first, and when another transaction advances them. */
  const nonces = new Map<string, { history: { slot: number; value: string }[]; advanceAt: number | null }>();
  let nextNonce = 1;
  const newValue = () => {
    const bytes = new Uint8Array(32).fill(0x3c);
    new DataView(bytes.buffer).setUint32(0, nextNonce++, true);
    return encodeBase58(bytes);
  };
  const nonceAt = (account: string, slot: number) =>
    nonces
      .get(account)
      ?.history.filter((entry) => entry.slot <= slot)
      .at(-1)?.value ?? null;

  let processedUpTo = FIRST_SLOT;
  /** Lands what is planned, slot by slot up to the tip, in order. */
  const tip = () => {
    const now = FIRST_SLOT + Math.floor((Date.now() - startTime) / SLOT_MS);
    for (let slot = processedUpTo + 1; slot <= now; slot++) {
      processedUpTo = slot;
      if (!isProduced(slot)) continue;
      for (const tx of txs.values()) {
        if (tx.landedAt !== null || tx.landFrom === null || tx.acceptedFrom === null) continue;
        if (slot < tx.landFrom || slot < tx.acceptedFrom || !validAt(tx, slot - 1, slot)) continue;
        tx.landedAt = slot;
        if (tx.nonce) nonces.get(tx.nonce.account)?.history.push({ slot, value: newValue() });
      }
      for (const [account, nonce] of nonces) {
        if (nonce.advanceAt === slot && nonceAt(account, slot) === nonce.history[1]?.value) {
          nonce.history.push({ slot, value: newValue() });
        }
      }
    }
    return now;
  };
  /** Whether `tx` may be processed in a bank at `bank` (the nonce read as of `nonceSlot`). */
  const validAt = (tx: Tx, nonceSlot: number, bank: number) => {
    if (tx.nonce) return nonceAt(tx.nonce.account, nonceSlot) === tx.nonce.value;
    const b = tx.blockhashSlot as number;
    return b < bank && heightAt(bank) <= heightAt(b) + BLOCKHASH_LIFE;
  };

  const lag = setup.lagSlots ?? LAG_SLOTS;
  const lagOf = (node: number, now: number) => {
    if (node !== setup.laggingAt) return 0;
    if (setup.mode !== 'flaps') return lag;
    return Math.floor((now - FIRST_SLOT) / setup.flapSlots) % 2 === 1 ? lag : 0;
  };
  const honours = (node: number) =>
    node !== setup.laggingAt || (setup.mode === 'flaps' ? setup.flapHonours : setup.mode === 'honours');
  const statusLagOf = (node: number) => (node === setup.laggingAt ? setup.statusLag : 0);

  const urls: [string, string, string] = [
    'https://a.rpc.test/key-a',
    'https://b.rpc.test/key-b',
    'https://c.rpc.test/key-c',
  ];
  const requests = [0, 0, 0];

  const statusOf = (signature: string, view: number, node: number) => {
    const tx = txs.get(signature);
    if (!tx || tx.landedAt === null || tx.landedAt > view - statusLagOf(node)) return null;
    const depth = view - tx.landedAt;
    return {
      slot: tx.landedAt,
      confirmations: depth >= TRAIL.finalized ? null : depth,
      err: null,
      status: { Ok: null },
      confirmationStatus: depth >= TRAIL.finalized ? 'finalized' : depth >= TRAIL.confirmed ? 'confirmed' : 'processed',
    };
  };

  type Answer = { result: unknown } | { error: { code: number; message: string; data?: unknown } };
  const behind = (contextSlot: number): Answer => ({
    error: { code: -32016, message: 'Minimum context slot has not been reached', data: { contextSlot } },
  });

  /** One JSON-RPC call answered by endpoint `node`. */
  function answer(node: number, method: string, params: unknown[]): Answer {
    const now = tip();
    const view = produced(now - lagOf(node, now));
    const config = (params.at(-1) ?? {}) as { commitment?: Level; minContextSlot?: number };
    const bank = (level: Level) => produced(view - TRAIL[level]);
    const atLevel = (fallback: Level) => {
      const slot = bank(config.commitment ?? fallback);
      return { slot, refused: honours(node) && config.minContextSlot !== undefined && slot < config.minContextSlot };
    };
    const context = (slot: number) => ({ apiVersion: '2.3.7', slot });
    switch (method) {
      case 'getSignatureStatuses': {
        const slot = bank('processed');
        const signatures = params[0] as string[];
        return { result: { context: context(slot), value: signatures.map((s) => statusOf(s, slot, node)) } };
      }
      case 'isBlockhashValid': {
        const { slot, refused } = atLevel('finalized');
        if (refused) return behind(slot);
        const b = blockhashes.get(params[0] as string);
        const valid = b !== undefined && b <= slot && heightAt(slot) <= heightAt(b) + BLOCKHASH_LIFE;
        return { result: { context: context(slot), value: valid } };
      }
      case 'getBlockHeight': {
        const { slot, refused } = atLevel('finalized');
        return refused ? behind(slot) : { result: heightAt(slot) };
      }
      case 'getAccountInfo': {
        const { slot, refused } = atLevel('finalized');
        if (refused) return behind(slot);
        const value = nonceAt(params[0] as string, slot);
        if (value === null) return { result: { context: context(slot), value: null } };
        // nonce::state::Versions: version 1, state 1 (initialized), authority, the nonce, fee calculator.
        const data = new Uint8Array(80);
        data.set([1, 0, 0, 0, 1, 0, 0, 0], 0);
        data.set(decodeBase58(value, 32) as Uint8Array, 40);
        return {
          result: {
            context: context(slot),
            value: {
              data: [encodeBase64(data), 'base64'],
              executable: false,
              lamports: 1_447_680,
              owner: SYSTEM,
              rentEpoch: 0,
              space: 80,
            },
          },
        };
      }
      case 'getLatestBlockhash': {
        const { slot, refused } = atLevel('finalized');
        if (refused) return behind(slot);
        const value = { blockhash: blockhashOf(slot), lastValidBlockHeight: heightAt(slot) + BLOCKHASH_LIFE };
        return { result: { context: context(slot), value } };
      }
      case 'getRecentPrioritizationFees': {
        const fees = [];
        for (let slot = view - 19; slot <= view; slot++) fees.push({ slot, prioritizationFee: 0 });
        return { result: fees };
      }
      case 'sendTransaction': {
        const bytes = decodeBase64(params[0] as string) as Uint8Array;
        const signature = encodeBase58(bytes.subarray(1, 65));
        const tx = txs.get(signature);
        if (!tx) return { error: { code: -32602, message: 'unknown transaction' } };
        const options = params[1] as { skipPreflight?: boolean; preflightCommitment?: Level };
        if (!options.skipPreflight) {
          const slot = bank(options.preflightCommitment ?? 'finalized');
          const err =
            tx.landedAt !== null && tx.landedAt <= slot
              ? 'AlreadyProcessed'
              : !validAt(tx, slot, slot + 1)
                ? 'BlockhashNotFound'
                : null;
          if (err) {
            return {
              error: {
                code: -32002,
                message: `Transaction simulation failed: ${err === 'AlreadyProcessed' ? 'This transaction has already been processed' : 'Blockhash not found'}`,
                data: { err, logs: [], accounts: null, unitsConsumed: 0, returnData: null },
              },
            };
          }
        }
        tx.acceptedFrom ??= now + 1;
        return { result: signature };
      }
      case 'getTransaction':
        return { result: null };
      default:
        return { error: { code: -32601, message: 'Method not found' } };
    }
  }

  const json = (status: number, text: string, headers: Record<string, string> = {}) =>
    ({
      type: 'basic',
      status,
      statusText: status === 200 ? 'OK' : 'Service Unavailable',
      ok: status === 200,
      headers: { get: (name: string) => (name === 'content-type' ? 'application/json' : (headers[name] ?? null)) },
      body: null,
      text: async () => text,
    }) as unknown as Response;

  const fetch: FetchLike = async (url, init) => {
    const node = urls.indexOf(url as (typeof urls)[number]);
    if (node < 0) throw new Error(`no endpoint at ${url}`);
    requests[node] = (requests[node] ?? 0) + 1;
    const slot = tip() - FIRST_SLOT;
    const fault = setup.faults.find((f) => f.node === node && f.fromSlot <= slot && slot < f.toSlot)?.kind;
    if (fault === 'silent') {
      // Accepted and never answered: only the attempt's own timeout (its signal) ends it.
      return new Promise<Response>((_, reject) => {
        const signal = init.signal as AbortSignal;
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    }
    if (fault === 'http503') return json(503, 'upstream unavailable');
    const { id, method, params } = JSON.parse(String(init.body)) as { id: number; method: string; params?: unknown[] };
    const reply: Answer =
      fault === 'behind'
        ? { error: { code: -32005, message: 'Node is behind by 42 slots', data: { numSlotsBehind: 42 } } }
        : answer(node, method, params ?? []);
    return json(200, JSON.stringify({ jsonrpc: '2.0', id, ...reply }));
  };

  const cluster: Cluster = {
    urls,
    fetch,
    tip,
    heightAt,
    produced,
    blockhashOf,
    lastValidSlotOf,
    add(tx) {
      const full: Tx = { ...tx, acceptedFrom: null, landedAt: null };
      txs.set(tx.signature, full);
      return full;
    },
    addNonce(setAt, advanceAt) {
      const bytes = new Uint8Array(32).fill(0x77);
      new DataView(bytes.buffer).setUint32(0, nonces.size + 1, true);
      const account = encodeBase58(bytes);
      const before = newValue();
      const value = newValue();
      nonces.set(account, {
        history: [
          { slot: base, value: before },
          { slot: setAt, value },
        ],
        advanceAt,
      });
      return { account, value };
    },
    byBlockhash: () => blockhashes,
    canStillLand(tx) {
      const now = tip();
      if (tx.landedAt !== null) return false;
      if (tx.nonce) return nonceAt(tx.nonce.account, now) === tx.nonce.value;
      // The next block is one higher: it is valid there only while the tip is below the last valid height.
      return heightAt(now) < heightAt(tx.blockhashSlot as number) + BLOCKHASH_LIFE;
    },
    overAt(tx) {
      if (!tx.nonce) return cluster.lastValidSlotOf(tx.blockhashSlot as number) + 1;
      const history = nonces.get(tx.nonce.account)?.history ?? [];
      const held = history.findIndex((entry) => entry.value === tx.nonce?.value);
      return history[held + 1]?.slot ?? null;
    },
    txs,
    requests,
  };
  return cluster;
}

const compactLength = (n: number) => (n < 0x80 ? [n] : [(n & 0x7f) | 0x80, n >> 7]);
const key = (text: string) => decodeBase58(text, 32) as Uint8Array;

/**
 * A legacy transaction's wire bytes, with `signature`'s 64 bytes in place of a real signature (nothing
 * in the client verifies one): a transfer on `recentBlockhash`, after an AdvanceNonceAccount of
 * `nonceAccount` when given, or after SetComputeUnitLimit and SetComputeUnitPrice when `budget` is given.
 */
export function wireTransaction(options: {
  signature: Uint8Array;
  payer: string;
  recentBlockhash: string;
  nonceAccount?: string;
  budget?: { unitLimit: number; unitPrice: bigint };
}): Uint8Array {
  const recipient = encodeBase58(new Uint8Array(32).fill(0x42));
  const keys = [options.payer, recipient];
  if (options.nonceAccount) keys.push(options.nonceAccount);
  const readonly = [SYSTEM];
  if (options.nonceAccount) readonly.push(RECENT_BLOCKHASHES);
  if (options.budget) readonly.push(COMPUTE_BUDGET);
  const all = [...keys, ...readonly];
  const index = (k: string) => all.indexOf(k);
  const instructions: { program: number; accounts: number[]; data: number[] }[] = [];
  if (options.nonceAccount) {
    instructions.push({
      program: index(SYSTEM),
      accounts: [index(options.nonceAccount), index(RECENT_BLOCKHASHES), 0],
      data: [4, 0, 0, 0],
    });
  }
  if (options.budget) {
    const limit = new Uint8Array(5);
    limit[0] = 2;
    new DataView(limit.buffer).setUint32(1, options.budget.unitLimit, true);
    const price = new Uint8Array(9);
    price[0] = 3;
    new DataView(price.buffer).setBigUint64(1, options.budget.unitPrice, true);
    instructions.push({ program: index(COMPUTE_BUDGET), accounts: [], data: [...limit] });
    instructions.push({ program: index(COMPUTE_BUDGET), accounts: [], data: [...price] });
  }
  instructions.push({ program: index(SYSTEM), accounts: [0, 1], data: [2, 0, 0, 0, 64, 66, 15, 0, 0, 0, 0, 0] });
  const bytes: number[] = [1, ...options.signature, 1, 0, readonly.length, ...compactLength(all.length)];
  for (const k of all) bytes.push(...key(k));
  bytes.push(...key(options.recentBlockhash), ...compactLength(instructions.length));
  for (const ix of instructions) {
    bytes.push(ix.program, ...compactLength(ix.accounts.length), ...ix.accounts);
    bytes.push(...compactLength(ix.data.length), ...ix.data);
  }
  return Uint8Array.from(bytes);
}
