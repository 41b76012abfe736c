/**
 * Fresh reads: no call resolves with a view of the chain older than one the client has already returned
 * at the same commitment. The transport reads each answer's context slot, refuses one older than the
 * newest returned (StaleResponseError, retried elsewhere), and asks retries for at least that slot
 * (`minContextSlot`), so a node behind answers -32016 at once instead of old state.
 * @module
 */
import { StaleResponseError } from '../errors/StaleResponseError.js';
import type { Commitment } from '../types/index.js';

/** Options of fresh reads (`freshReads` in `createRpc`'s options). */
export interface FreshReadOptions {
  /**
   * With several endpoints: one whose view trails the best one's by more than this many slots is passed
   * over while another is healthy, and tried again once it has caught up (or `endpointCooldownMs` later
   * when its slot is not read). Default 20 (8 s of slots).
   */
  maxLagSlots?: number;
  /**
   * With several endpoints: how often each endpoint's slot is read (one `getSlot` at processed, sent beside
   * the calls, never holding one up) so that its lag is known before a call meets it, in ms. Default
   * 10 000; 0 never reads it, and lag is then learned from the calls' own answers only.
   */
  probeIntervalMs?: number;
}

/**
 * The reads whose answer carries the slot of the view it came from (`context.slot`; getSlot's result;
 * getEpochInfo's `absoluteSlot`): where the config object goes among the params, and whether agave takes
 * `minContextSlot` there. Only these are checked; an answer without a slot says nothing about its view.
 * Not getLatestBlockhash: a blockhash from an older view is still a valid one until its
 * lastValidBlockHeight (landing and confirmation judge that themselves), and refusing it would leave an
 * app whose provider serves blockhashes from a node behind with none at all.
 */
const CONTEXT_READS: Readonly<Record<string, readonly [configIndex: number, takesMinContextSlot: boolean]>> = {
  getAccountInfo: [1, true],
  getBalance: [1, true],
  getBlockProduction: [0, false],
  getEpochInfo: [0, true],
  getFeeForMessage: [1, true],
  getLargestAccounts: [0, false],
  getMultipleAccounts: [1, true],
  getProgramAccounts: [1, true],
  getSignatureStatuses: [1, false],
  getSlot: [0, true],
  getStakeMinimumDelegation: [0, true],
  getSupply: [0, false],
  getTokenAccountBalance: [1, false],
  getTokenAccountsByDelegate: [2, true],
  getTokenAccountsByOwner: [2, true],
  getTokenLargestAccounts: [1, false],
  getTokenSupply: [1, false],
  isBlockhashValid: [1, true],
  simulateTransaction: [1, true],
};

const COMMITMENTS: ReadonlySet<string> = new Set(['processed', 'confirmed', 'finalized']);

/** A read the transport checks: its commitment, and where `minContextSlot` goes when it takes one. */
export interface ContextRead {
  commitment: Commitment;
  configIndex: number;
  takesMinContextSlot: boolean;
}

/**
 * The check a call's answers get, or `undefined` for a call whose answer carries no slot. The commitment
 * is the config's, or the node's default (finalized); getSignatureStatuses reads the processed bank's
 * status cache, whatever it is asked.
 */
export function contextReadOf(method: string, params: readonly unknown[]): ContextRead | undefined {
  const known = CONTEXT_READS[method];
  if (!known) return undefined;
  const [configIndex, takesMinContextSlot] = known;
  const config = params[configIndex];
  let commitment: string = 'finalized';
  if (method === 'getSignatureStatuses') commitment = 'processed';
  else if (config !== undefined && config !== null) {
    if (typeof config !== 'object' || Array.isArray(config)) return undefined;
    const asked = (config as { commitment?: unknown }).commitment;
    if (asked !== undefined) {
      // A commitment the node may map its own way (a legacy name): not judged here.
      if (typeof asked !== 'string' || !COMMITMENTS.has(asked)) return undefined;
      commitment = asked;
    }
  }
  return { commitment: commitment as Commitment, configIndex, takesMinContextSlot };
}

/** The slot of the view an answer came from, or `undefined` when it carries none (getProgramAccounts without context). */
export function contextSlotOf(method: string, result: unknown): number | undefined {
  let slot: unknown;
  if (method === 'getSlot') slot = result;
  else if (typeof result === 'object' && result !== null) {
    slot =
      method === 'getEpochInfo'
        ? (result as { absoluteSlot?: unknown }).absoluteSlot
        : (result as { context?: { slot?: unknown } }).context?.slot;
  }
  if (typeof slot === 'bigint') return Number(slot);
  return typeof slot === 'number' && Number.isSafeInteger(slot) && slot >= 0 ? slot : undefined;
}

/**
 * How far past a slot an endpoint showed before its next answer may be and still be believed: a cluster
 * makes a slot in 400 ms; 128 slots plus one every 10 ms since is far beyond what an honest node moves, and
 * keeps one lying answer from raising the client's floor past every honest answer to come.
 */
export const FUTURE_SLOTS = 128;
export const FASTEST_MS_PER_SLOT = 10;

/** The newest context slot the client has returned, per commitment, and the check of each answer against it. */
export class FreshReads {
  private readonly newest: Record<Commitment, number> = { processed: 0, confirmed: 0, finalized: 0 };

  /** The newest slot returned at `commitment` (0 before any). */
  newestAt(commitment: Commitment): number {
    return this.newest[commitment];
  }

  /**
   * The params to send: as the caller gave them, or with `minContextSlot` raised to `floor` (the newest
   * slot returned before the call began; never lowered below the caller's own), when the read takes one.
   */
  paramsFor(read: ContextRead, params: readonly unknown[], floor: number): readonly unknown[] {
    if (!read.takesMinContextSlot || floor === 0) return params;
    const config = params[read.configIndex];
    const given = (config as { minContextSlot?: unknown } | undefined)?.minContextSlot;
    if ((typeof given === 'number' || typeof given === 'bigint') && BigInt(given) >= BigInt(floor)) return params;
    const sent = params.slice();
    // Optional positional params before the config (none among CONTEXT_READS today) would need a hole filled.
    while (sent.length < read.configIndex) sent.push(undefined);
    sent[read.configIndex] = { ...(config as object | undefined), minContextSlot: floor };
    return sent;
  }

  /**
   * Takes an answer's slot: raises the newest, or throws StaleResponseError when it is older than
   * `floor`, the newest returned at the read's commitment before the call began. Calls made together are
   * not ordered among themselves (a node may answer the later-sent first); a call made after another
   * returned never goes back past it.
   */
  accept(read: ContextRead, slot: number, trusted: number, method: string, origin: string, floor: number): void {
    if (slot < floor) {
      throw new StaleResponseError({
        method,
        origin,
        commitment: read.commitment,
        contextSlot: slot,
        newestSlot: floor,
      });
    }
    // Raised only as far as the slot is believed (a lie from the future raises it no further).
    this.newest[read.commitment] = Math.max(this.newest[read.commitment], trusted);
  }
}
