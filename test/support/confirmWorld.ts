/**
 * A small simulated cluster for the confirmation model tests: one chain whose slots follow the clock
 * (`Date.now()`, faked by the test), nodes that see it some slots behind, and a scripted client that
 * answers each confirmation method as such a node would, or misbehaves as told (silence, transient
 * errors, lying statuses). Optionally a durable nonce account, whose value each bank reads as of its own
 * slot, and a socket (`subscriptions`) that notifies whatever the test tells it, true or not. The truth (did the transaction land, can it still land) is read from here, so a
 * test can judge every outcome the client reaches.
 */
import { encodeBase58 } from '../../src/codecs/base58.js';
import { decodeBase58 } from '../../src/codecs/base58Text.js';
import {
  AbortError,
  type ConfirmSubscriptions,
  RpcError,
  type SendAndConfirmRpc,
  type SignatureStatusNotification,
  TimeoutError,
} from '../../src/index.js';

export const SLOT_MS = 400;
/** Blocks a blockhash stays usable for (agave's MAX_PROCESSING_AGE). */
export const BLOCKHASH_LIFE = 150;
const FIRST_SLOT = 300_000_000;
/** Block height = slot - this (one block per slot: no skipped slots in this world). */
const HEIGHT_OFFSET = 20_000_000;
/** How far each commitment's bank trails the processed one. */
const TRAIL = { processed: 0, confirmed: 1, finalized: 32 } as const;
/** What the client's transport would do with a request nobody answers: give up after its total timeout. */
const TRANSPORT_TOTAL_MS = 60_000;

export type Level = keyof typeof TRAIL;
/** A: at the tip. B: 60 slots behind. C: 60 slots behind and ignoring minContextSlot (some proxies do). */
export type NodeName = 'A' | 'B' | 'C';
export type Method =
  | 'getSignatureStatuses'
  | 'isBlockhashValid'
  | 'getBlockHeight'
  | 'getEpochInfo'
  | 'getAccountInfo'
  | 'sendTransaction';
/**
 * How a method misbehaves: `silent` never answers (until the request's signal aborts, or the transport's
 * own 60 s total), `transient` fails with -32005, `contradictory` reports success with `status: {Err}`,
 * `future` reports the transaction at a slot far beyond the node's own.
 */
export type Fault = 'silent' | 'transient' | 'contradictory' | 'future';

export const LAGGING_SLOTS = 60;

/**
 * A durable nonce the transaction may use instead of the blockhash: its account was created `createdAgo`
 * slots before the call, and set to the transaction's nonce value `setAgo` slots before it (so the
 * confirmed and finalized banks, trailing, and the lagging node may still hold the value before, or no
 * account at all).
 */
export interface NonceSetup {
  createdAgo: number;
  setAgo: number;
}
export interface World {
  /** The slot the blockhash was made at, and the last block height it can land at. */
  readonly blockhashSlot: number;
  readonly lastValidBlockHeight: number;
  readonly blockhash: string;
  landed: { slot: number; failed: boolean } | null;
  /** Which node answers the next requests. */
  route: NodeName;
  faults: Partial<Record<Method, Fault>>;
  /** Lies served so far (a lying status may end the call with a ValidationError). */
  liesServed: number;
  /** The durable nonce account and the value the transaction was signed on, in a nonce world. */
  readonly nonce: { account: string; value: string } | null;
  /** Another transaction advances the nonce now: this one can never land after. */
  advanceNonce(): void;
  /** The subscriptions client of this world's socket: it notifies what `notify` sends, true or not. */
  subscriptions: ConfirmSubscriptions;
  /** Sends a signatureSubscribe notification to every open subscription; returns how many got it. */
  notify(err: unknown): number;
  /** Requests answered or refused, by method. */
  requests: Record<string, number>;
  processedSlot(): number;
  heightAt(slot: number): number;
  /** The real chain: can a transaction on this blockhash still land (at the processed bank)? */
  canStillLand(): boolean;
  /** Lands the transaction now, if it still can and has not. */
  land(failed: boolean): boolean;
  rpc: SendAndConfirmRpc;
}

export function createWorld(startTime: number, nonceSetup?: NonceSetup): World {
  const blockhash = encodeBase58(new Uint8Array(32).fill(7));
  const slotAtTime = (time: number) => FIRST_SLOT + Math.floor((time - startTime) / SLOT_MS);
  const heightAt = (slot: number) => slot - HEIGHT_OFFSET;
  const blockhashSlot = slotAtTime(startTime);
  const lastValidBlockHeight = heightAt(blockhashSlot) + BLOCKHASH_LIFE;
  const lag = (node: NodeName) => (node === 'A' ? 0 : LAGGING_SLOTS);
  const nonceValue = encodeBase58(new Uint8Array(32).fill(9));
  /** The nonce account's values by slot, oldest first: `null` before it exists. */
  const nonceHistory: { slot: number; value: string }[] = nonceSetup
    ? [
        {
          slot: blockhashSlot - nonceSetup.createdAgo - nonceSetup.setAgo,
          value: encodeBase58(new Uint8Array(32).fill(8)),
        },
        { slot: blockhashSlot - nonceSetup.setAgo, value: nonceValue },
      ]
    : [];
  const nonceAt = (slot: number) => nonceHistory.filter((entry) => entry.slot <= slot).at(-1)?.value ?? null;
  let nextNonce = 10;
  const advance = (slot: number) =>
    nonceHistory.push({ slot, value: encodeBase58(new Uint8Array(32).fill(nextNonce++)) });
  const openSubscriptions = new Set<(notification: SignatureStatusNotification) => void>();

  const world: World = {
    blockhashSlot,
    lastValidBlockHeight,
    blockhash,
    landed: null,
    route: 'A',
    faults: {},
    liesServed: 0,
    requests: {},
    nonce: nonceSetup ? { account: encodeBase58(new Uint8Array(32).fill(21)), value: nonceValue } : null,
    processedSlot: () => slotAtTime(Date.now()),
    heightAt,
    canStillLand: () =>
      nonceSetup
        ? !world.landed && nonceAt(world.processedSlot()) === nonceValue
        : heightAt(slotAtTime(Date.now())) <= lastValidBlockHeight,
    land(failed) {
      if (world.landed || !world.canStillLand()) return false;
      world.landed = { slot: world.processedSlot(), failed };
      // A durable-nonce transaction advances its nonce, failed or not.
      if (nonceSetup) advance(world.landed.slot);
      return true;
    },
    advanceNonce() {
      if (nonceSetup) advance(world.processedSlot());
    },
    notify(err) {
      const notification = { context: { slot: world.processedSlot() }, value: { err } } as SignatureStatusNotification;
      for (const deliver of openSubscriptions) deliver(notification);
      return openSubscriptions.size;
    },
    subscriptions: undefined as unknown as ConfirmSubscriptions,
    rpc: undefined as unknown as SendAndConfirmRpc,
  };

  /** The slot of `node`'s bank at `level`, now. */
  const bankSlot = (node: NodeName, level: Level = 'processed') => world.processedSlot() - lag(node) - TRAIL[level];

  /**
   * Answers one request as the routed node, or misbehaves as the method's fault says. `minContextSlot`
   * is honoured as agave does: -32016 when the bank at the commitment asked has not reached it.
   */
  async function serve<T>(
    method: Method,
    config: { signal?: AbortSignal; commitment?: Level; minContextSlot?: number } | undefined,
    answer: (node: NodeName, slot: number) => T,
  ): Promise<T> {
    world.requests[method] = (world.requests[method] ?? 0) + 1;
    const node = world.route;
    const fault = world.faults[method];
    if (fault === 'silent') return silence(method, config?.signal);
    // An answer takes one turn of the event loop, as a loopback server would.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (config?.signal?.aborted) throw new AbortError({ method, reason: config.signal.reason });
    if (fault === 'transient') {
      throw new RpcError({ method, code: -32005, message: 'Node is behind by 42 slots', data: { numSlotsBehind: 42 } });
    }
    const slot = bankSlot(node, config?.commitment ?? (method === 'getSignatureStatuses' ? 'processed' : 'finalized'));
    if (node !== 'C' && config?.minContextSlot !== undefined && slot < config.minContextSlot) {
      throw new RpcError({
        method,
        code: -32016,
        message: 'Minimum context slot has not been reached',
        data: { contextSlot: slot },
      });
    }
    return answer(node, slot);
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

  const statusAt = (slot: number) => {
    const landed = world.landed;
    const fault = world.faults.getSignatureStatuses;
    if (fault === 'contradictory' || fault === 'future') {
      world.liesServed++;
      return {
        slot: fault === 'future' ? 999_999_999_999 : slot,
        confirmations: null,
        err: null,
        status: fault === 'contradictory' ? { Err: { InstructionError: [0, 'Custom'] } } : { Ok: null },
        confirmationStatus: 'finalized',
      };
    }
    if (!landed || landed.slot > slot) return null;
    const depth = slot - landed.slot;
    const err = landed.failed ? { InstructionError: [0, { Custom: 1 }] } : null;
    return {
      slot: landed.slot,
      confirmations: depth >= TRAIL.finalized ? null : depth,
      err,
      status: err ? { Err: err } : { Ok: null },
      confirmationStatus: depth >= TRAIL.finalized ? 'finalized' : depth >= 1 ? 'confirmed' : 'processed',
    };
  };

  const rpc = {
    getSignatureStatuses: (signatures: string[], config?: { signal?: AbortSignal }) =>
      serve('getSignatureStatuses', { ...config, commitment: 'processed' }, (_node, slot) => ({
        context: { slot },
        value: signatures.map(() => statusAt(slot)),
      })),
    getBlockHeight: (config?: { signal?: AbortSignal; commitment?: Level; minContextSlot?: number }) =>
      serve('getBlockHeight', config, (_node, slot) => heightAt(slot)),
    getEpochInfo: (config?: { signal?: AbortSignal; commitment?: Level; minContextSlot?: number }) =>
      serve('getEpochInfo', config, (_node, slot) => ({
        absoluteSlot: slot,
        blockHeight: heightAt(slot),
        epoch: 700,
        slotIndex: slot % 432_000,
        slotsInEpoch: 432_000,
        transactionCount: null,
      })),
    isBlockhashValid: (hash: string, config?: { signal?: AbortSignal; commitment?: Level; minContextSlot?: number }) =>
      serve('isBlockhashValid', config, (_node, slot) => ({
        context: { slot },
        // A bank knows the blockhash from its slot on, for BLOCKHASH_LIFE blocks; a node behind that slot never saw it.
        value: hash === blockhash && slot >= blockhashSlot && heightAt(slot) <= lastValidBlockHeight,
      })),
    getAccountInfo: (
      _account: string,
      config?: { signal?: AbortSignal; commitment?: Level; minContextSlot?: number },
    ) =>
      serve('getAccountInfo', config, (_node, slot) => {
        const value = nonceAt(slot);
        if (value === null) return { context: { slot }, value: null };
        // nonce::state::Versions: version 1, state 1 (initialized), authority, the nonce, fee calculator.
        const data = new Uint8Array(80);
        data.set([1, 0, 0, 0, 1, 0, 0, 0], 0);
        data.set(decodeBase58(value, 32) as Uint8Array, 40);
        return { context: { slot }, value: { data, lamports: 1_447_680n, owner: '11111111111111111111111111111111' } };
      }),
    getTransaction: async () => null,
    sendTransaction: (_bytes: Uint8Array, config?: { signal?: AbortSignal }) =>
      serve('sendTransaction', config, () => 'sent'),
  };
  world.rpc = rpc as unknown as SendAndConfirmRpc;
  // The socket: each subscription yields what `notify` sends until its signal aborts.
  world.subscriptions = {
    signatureSubscribe: ((_signature: string, config?: { signal?: AbortSignal }) => {
      const queue: SignatureStatusNotification[] = [];
      let wake: (() => void) | undefined;
      const deliver = (notification: SignatureStatusNotification) => {
        queue.push(notification);
        wake?.();
      };
      openSubscriptions.add(deliver);
      const signal = config?.signal;
      const closed = () => signal?.aborted === true;
      signal?.addEventListener('abort', () => {
        openSubscriptions.delete(deliver);
        wake?.();
      });
      return (async function* () {
        while (!closed()) {
          const next = queue.shift();
          if (next) yield next;
          else await new Promise<void>((resolve) => (wake = resolve));
        }
      })();
    }) as unknown as ConfirmSubscriptions['signatureSubscribe'],
  };
  return world;
}
