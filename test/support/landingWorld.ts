/**
 * A small congested cluster for landTransaction's model tests: slots follow the clock (`Date.now()`,
 * faked by the test); a leader that each slot includes the transactions sent to it during the slot that
 * are still valid (blockhash within its 150 blocks) and pay at least the market price, and drops a share
 * of sends unseen; nodes that see the chain some slots behind; statuses that show a landing only some
 * slots late; methods that go silent, fail or lie as told. Every transaction the call builds is kept, so
 * a test can judge the call against the chain: how many of its transactions landed, whether one still can.
 */
import { encodeBase58 } from '../../src/codecs/base58.js';
import { AbortError, type LandRpc, RpcError, TimeoutError } from '../../src/index.js';
import { readCheckedTransaction } from '../../src/options/transactionReader.js';
import { computeBudgetOf } from '../../src/send/computeBudgetOf.js';

export const SLOT_MS = 400;
/** Blocks a blockhash stays usable for (agave's MAX_PROCESSING_AGE). */
export const BLOCKHASH_LIFE = 150;
const FIRST_SLOT = 300_000_000;
/** Block height = slot - this (one block per slot). */
const HEIGHT_OFFSET = 20_000_000;
const TRAIL = { processed: 0, confirmed: 1, finalized: 32 } as const;
const TRANSPORT_TOTAL_MS = 60_000;
/** What simulating the transaction consumes. */
export const UNITS_CONSUMED = 2_300;
export const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';

export type Level = keyof typeof TRAIL;
/** A: at the tip. B: 60 slots behind. C: 60 slots behind and ignoring minContextSlot. */
export type NodeName = 'A' | 'B' | 'C';
export const LAGGING_SLOTS = 60;
export type Method =
  | 'getSignatureStatuses'
  | 'isBlockhashValid'
  | 'getBlockHeight'
  | 'getLatestBlockhash'
  | 'simulateTransaction'
  | 'getRecentPrioritizationFees'
  | 'sendTransaction';
/** `silent` never answers; `transient` fails with -32005; `future` (statuses only) reports a landing at a slot far ahead. */
export type Fault = 'silent' | 'transient' | 'future';

/** One transaction the call sent, as the chain sees it. */
export interface Sent {
  signature: string;
  blockhashSlot: number;
  unitPrice: bigint;
  landedAt: number | null;
}

export interface LandingWorldSetup {
  /** Share of sends the leader never sees, 0 to 1. */
  dropShare: number;
  /** Slots after landing before a status shows it. */
  statusLag: number;
  /** The market price (micro-lamports per unit) by slot offset from the start: steps, oldest first. */
  market: readonly { after: number; price: number }[];
  /** A landed transaction fails on chain (its simulation succeeds). */
  failsOnChain: boolean;
  /** Seed of the drops. */
  seed: number;
}

export interface LandingWorld {
  route: NodeName;
  faults: Partial<Record<Method, Fault>>;
  liesServed: number;
  /** Every transaction sent at least once, by signature. */
  sent: Map<string, Sent>;
  /** Signatures the call's transactions landed with, oldest first. */
  landed(): Sent[];
  /** Whether a transaction sent (or one in the leader's hands) can still land: a blockhash within its life. */
  canStillLand(): boolean;
  processedSlot(): number;
  marketAt(slot: number): bigint;
  /** Moves the chain to now: the leader includes what it was sent. Called by every answer and by the test. */
  advance(): void;
  rpc: LandRpc;
}

const hashOf = (slot: number) => {
  const bytes = new Uint8Array(32);
  new DataView(bytes.buffer).setUint32(0, slot, true);
  bytes[31] = 0xbb;
  return encodeBase58(bytes);
};

export function createLandingWorld(startTime: number, setup: LandingWorldSetup): LandingWorld {
  const slotAtTime = (time: number) => FIRST_SLOT + Math.floor((time - startTime) / SLOT_MS);
  const heightAt = (slot: number) => slot - HEIGHT_OFFSET;
  const slotOfHash = new Map<string, number>();
  const blockhashAt = (slot: number) => {
    const hash = hashOf(slot);
    slotOfHash.set(hash, slot);
    return hash;
  };
  const valid = (blockhashSlot: number, slot: number) =>
    blockhashSlot <= slot && heightAt(slot) <= heightAt(blockhashSlot) + BLOCKHASH_LIFE;
  /** Sends the leader received, by the slot they arrived in. */
  const inbox = new Map<number, string[]>();
  let random = setup.seed >>> 0 || 1;
  const nextRandom = () => {
    random ^= random << 13;
    random ^= random >>> 17;
    random ^= random << 5;
    return (random >>> 0) / 2 ** 32;
  };
  let chainSlot = slotAtTime(startTime);
  const lag = (node: NodeName) => (node === 'A' ? 0 : LAGGING_SLOTS);

  const world: LandingWorld = {
    route: 'A',
    faults: {},
    liesServed: 0,
    sent: new Map(),
    landed: () => [...world.sent.values()].filter((tx) => tx.landedAt !== null),
    canStillLand() {
      world.advance();
      const tip = world.processedSlot();
      return [...world.sent.values()].some((tx) => tx.landedAt === null && valid(tx.blockhashSlot, tip + 1));
    },
    processedSlot: () => slotAtTime(Date.now()),
    marketAt(slot) {
      const offset = slot - slotAtTime(startTime);
      const step = setup.market.filter((entry) => entry.after <= offset).at(-1);
      return BigInt(step?.price ?? 0);
    },
    advance() {
      const now = world.processedSlot();
      // Each slot the leader includes what reached it in the slot before, when it may and it pays enough.
      for (; chainSlot < now; chainSlot++) {
        const arrived = inbox.get(chainSlot) ?? [];
        inbox.delete(chainSlot);
        const landingSlot = chainSlot + 1;
        for (const signature of arrived) {
          const tx = world.sent.get(signature) as Sent;
          if (tx.landedAt !== null) continue;
          if (!valid(tx.blockhashSlot, landingSlot)) continue;
          if (tx.unitPrice < world.marketAt(landingSlot)) continue;
          tx.landedAt = landingSlot;
        }
      }
    },
    rpc: undefined as unknown as LandRpc,
  };

  const bankSlot = (node: NodeName, level: Level) => world.processedSlot() - lag(node) - TRAIL[level];

  async function serve<T>(
    method: Method,
    config: { signal?: AbortSignal; commitment?: Level; minContextSlot?: number } | undefined,
    fallbackLevel: Level,
    answer: (slot: number) => T,
  ): Promise<T> {
    world.advance();
    const fault = world.faults[method];
    if (fault === 'silent') return silence(method, config?.signal);
    await new Promise((resolve) => setTimeout(resolve, 0));
    world.advance();
    if (config?.signal?.aborted) throw new AbortError({ method, reason: config.signal.reason });
    if (fault === 'transient') {
      throw new RpcError({ method, code: -32005, message: 'Node is behind by 42 slots', data: { numSlotsBehind: 42 } });
    }
    const node = world.route;
    const slot = bankSlot(node, config?.commitment ?? fallbackLevel);
    if (node !== 'C' && config?.minContextSlot !== undefined && slot < config.minContextSlot) {
      throw new RpcError({
        method,
        code: -32016,
        message: 'Minimum context slot has not been reached',
        data: { contextSlot: slot },
      });
    }
    return answer(slot);
  }

  function silence(method: string, signal: AbortSignal | undefined): Promise<never> {
    return new Promise((_, reject) => {
      const timer = setTimeout(
        () => reject(new TimeoutError({ method, timeoutMs: TRANSPORT_TOTAL_MS, origin: 'http://127.0.0.1' })),
        TRANSPORT_TOTAL_MS,
      );
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(new AbortError({ method, reason: signal.reason }));
        },
        { once: true },
      );
    });
  }

  /** The status of one signature as a bank at `slot` shows it (a landing shows `statusLag` slots late). */
  const statusAt = (signature: string, slot: number) => {
    if (world.faults.getSignatureStatuses === 'future') {
      world.liesServed++;
      return {
        slot: 999_999_999_999,
        confirmations: null,
        err: null,
        status: { Ok: null },
        confirmationStatus: 'finalized' as const,
      };
    }
    const tx = world.sent.get(signature);
    if (!tx || tx.landedAt === null || tx.landedAt + setup.statusLag > slot) return null;
    const depth = world.processedSlot() - tx.landedAt;
    const err = setup.failsOnChain ? { InstructionError: [0, { Custom: 1 }] } : null;
    return {
      slot: tx.landedAt,
      confirmations: depth >= TRAIL.finalized ? null : depth,
      err,
      status: err ? { Err: err } : { Ok: null },
      confirmationStatus:
        depth >= TRAIL.finalized
          ? ('finalized' as const)
          : depth >= 1
            ? ('confirmed' as const)
            : ('processed' as const),
    };
  };

  const read = (bytes: Uint8Array) => {
    const read = readCheckedTransaction(bytes, false);
    if (!('layout' in read)) throw new Error(read.problem);
    return read.layout;
  };

  const rpc = {
    getSignatureStatuses: (signatures: string[], config?: { signal?: AbortSignal }) =>
      serve('getSignatureStatuses', config, 'processed', (slot) => ({
        context: { slot },
        value: signatures.map((signature) => statusAt(signature, slot)),
      })),
    getBlockHeight: (config?: { signal?: AbortSignal; commitment?: Level; minContextSlot?: number }) =>
      serve('getBlockHeight', config, 'finalized', (slot) => heightAt(slot)),
    isBlockhashValid: (hash: string, config?: { signal?: AbortSignal; commitment?: Level; minContextSlot?: number }) =>
      serve('isBlockhashValid', config, 'finalized', (slot) => {
        const made = slotOfHash.get(hash);
        return { context: { slot }, value: made !== undefined && valid(made, slot) };
      }),
    getLatestBlockhash: (config?: { signal?: AbortSignal; commitment?: Level; minContextSlot?: number }) =>
      serve('getLatestBlockhash', config, 'finalized', (slot) => ({
        context: { slot },
        value: { blockhash: blockhashAt(slot), lastValidBlockHeight: BigInt(heightAt(slot) + BLOCKHASH_LIFE) },
      })),
    simulateTransaction: (bytes: Uint8Array, config?: { signal?: AbortSignal; commitment?: Level }) =>
      serve('simulateTransaction', config, 'finalized', (slot) => {
        read(bytes);
        return {
          context: { slot },
          value: {
            err: null,
            logs: ['Program log: simulated'],
            accounts: null,
            unitsConsumed: UNITS_CONSUMED,
            loadedAccountsDataSize: null,
            returnData: null,
            innerInstructions: null,
            replacementBlockhash: {
              blockhash: blockhashAt(slot),
              lastValidBlockHeight: heightAt(slot) + BLOCKHASH_LIFE,
            },
          },
        };
      }),
    getRecentPrioritizationFees: (_accounts?: readonly string[], config?: { signal?: AbortSignal }) =>
      serve('getRecentPrioritizationFees', config, 'processed', (slot) =>
        Array.from({ length: 150 }, (_, i) => ({
          slot: slot - 149 + i,
          prioritizationFee: world.marketAt(slot - 149 + i),
        })),
      ),
    getAccountInfo: async () => ({ context: { slot: world.processedSlot() }, value: null }),
    getTransaction: async () => null,
    sendTransaction: (
      bytes: Uint8Array,
      config?: { signal?: AbortSignal; skipPreflight?: boolean; preflightCommitment?: Level },
    ) =>
      serve('sendTransaction', config, 'processed', (tip) => {
        const layout = read(bytes);
        const signature = encodeBase58(layout.signatures[0] as Uint8Array);
        const blockhashSlot = slotOfHash.get(encodeBase58(layout.recentBlockhash));
        const preflightSlot = bankSlot(world.route, config?.preflightCommitment ?? 'finalized');
        if (!config?.skipPreflight && (blockhashSlot === undefined || !valid(blockhashSlot, preflightSlot))) {
          throw new RpcError({
            method: 'sendTransaction',
            code: -32002,
            message: 'Transaction simulation failed: Blockhash not found',
            data: { err: 'BlockhashNotFound', logs: [], accounts: null, unitsConsumed: 0 },
          });
        }
        if (blockhashSlot === undefined) return signature;
        if (!world.sent.has(signature)) {
          world.sent.set(signature, {
            signature,
            blockhashSlot,
            unitPrice: computeBudgetOf(layout)?.unitPrice ?? 0n,
            landedAt: null,
          });
        }
        // The leader sees it (or not) this slot; it lands, when it may, at the next.
        const arrivedAt = world.processedSlot();
        if (nextRandom() >= setup.dropShare) inbox.set(arrivedAt, [...(inbox.get(arrivedAt) ?? []), signature]);
        void tip;
        return signature;
      }),
  };
  world.rpc = rpc as unknown as LandRpc;
  return world;
}
