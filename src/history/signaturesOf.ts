/**
 * An address's whole history, page after page: `getSignaturesForAddress` called again with `before` set
 * to the last signature of the page before, until the history (or `until`, or `limit`) is reached. Built
 * only on the public method and taking the client as an argument, so an app that never pages carries
 * none of it.
 * @module
 */
import type { RpcWith } from '../createRpc.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { ValidationError } from '../errors/ValidationError.js';
import {
  type getSignaturesForAddress,
  MAX_SIGNATURES_PER_PAGE,
  type SignatureInfo,
} from '../methods/getSignaturesForAddress.js';
import { checkAddress, checkConfig, checkSignature, checkU64, describe } from '../options/check.js';
import { confirmedCommitment } from '../options/config.js';
import type { Address, Signature } from '../types/index.js';

/** The one method paging calls: a full `createRpc` client, or `createRpcWith` with just this one. */
export type SignaturesOfRpc = RpcWith<{
  /** Called once per page, with `before` set to the last signature of the page before. */
  getSignaturesForAddress: typeof getSignaturesForAddress;
}>;

/** Options of `signaturesOf`. */
export interface SignaturesOfOptions {
  /** Start after this signature (excluded); the newest signatures when left out. */
  before?: Signature;
  /** Stop at this signature (excluded): the newest one you already hold, to read only what is new. */
  until?: Signature;
  /** Signatures asked for per request, 1 to 1,000 (agave's maximum). Default 1,000. */
  pageSize?: number;
  /** Stop after yielding this many signatures (a positive integer). Default: the whole history. */
  limit?: number;
  /** `'confirmed'` or `'finalized'` (the node's default); agave refuses `'processed'` here. */
  commitment?: 'confirmed' | 'finalized';
  /** Every request fails with -32016 unless the node has reached this slot. */
  minContextSlot?: number | bigint;
  /** Cancels the paging: the request in flight rejects with `AbortError`, and so does the iteration. */
  signal?: AbortSignal;
}

const METHOD = 'signaturesOf';
const OPTIONS = ['before', 'until', 'pageSize', 'limit', 'commitment', 'minContextSlot', 'signal'];

/**
 * Yields every signature of the transactions that touched `address`, newest first, fetching pages of
 * `pageSize` with `getSignaturesForAddress` as the loop asks for more. It stops at the end of the
 * history (a page shorter than asked for), at `until`, or after `limit` signatures; breaking out of the
 * loop stops it too, with no request left running.
 *
 * The arguments are checked when it is called, before any request (`InvalidInputError`). Each page is
 * checked before any of it is yielded, and ends the iteration with a `ValidationError` naming the entry
 * if it is longer than asked for, repeats a signature (one sent before, the starting `before`, or one
 * twice in the page: a node that ignores `before` or cycles), or has a slot above the entry before it:
 * no signature is yielded twice and the loop never cycles. A page holding `until` (a server that ignored
 * it) ends the iteration there. Memory stays bounded: it holds the latest 100,000 signatures and those of
 * the lowest slot, and refuses more than 500,000 at one slot (`ValidationError`).
 * @example
 * for await (const { signature, slot, err } of signaturesOf(rpc, address, { limit: 5_000 })) {
 *   console.log(slot, signature, err ? 'failed' : 'ok');
 * }
 */
export function signaturesOf(
  rpc: SignaturesOfRpc,
  address: Address,
  options: SignaturesOfOptions = {},
): AsyncGenerator<SignatureInfo, void, undefined> {
  if (typeof rpc?.getSignaturesForAddress !== 'function') {
    throw new InvalidInputError({
      method: METHOD,
      param: 'rpc',
      problem: `expected a client with getSignaturesForAddress, got ${describe(rpc)}`,
    });
  }
  checkAddress(METHOD, 'address', address);
  const given: SignaturesOfOptions = checkConfig(METHOD, 'options', options, OPTIONS);
  const { signal } = given;
  if (signal !== undefined && (typeof signal !== 'object' || signal === null || !('aborted' in signal))) {
    throw new InvalidInputError({ method: METHOD, param: 'options.signal', problem: 'expected an AbortSignal' });
  }
  if (given.before !== undefined) checkSignature(METHOD, 'options.before', given.before);
  if (given.until !== undefined) checkSignature(METHOD, 'options.until', given.until);
  const pageSize = given.pageSize === undefined ? MAX_SIGNATURES_PER_PAGE : checkPageSize(given.pageSize);
  const limit = given.limit === undefined ? Number.POSITIVE_INFINITY : checkLimit(given.limit);
  if (given.commitment !== undefined) confirmedCommitment(METHOD, 'options.commitment', given.commitment);
  checkU64(METHOD, 'options.minContextSlot', given.minContextSlot);
  const { until, commitment, minContextSlot } = given;
  return pages(rpc, address, { before: given.before, until, commitment, minContextSlot, signal }, pageSize, limit);
}

async function* pages(
  rpc: SignaturesOfRpc,
  address: Address,
  fixed: Pick<SignaturesOfOptions, 'before' | 'until' | 'commitment' | 'minContextSlot' | 'signal'>,
  pageSize: number,
  limit: number,
): AsyncGenerator<SignatureInfo, void, undefined> {
  let { before, ...rest } = fixed;
  const seen = new SeenSignatures(fixed.before);
  let yielded = 0;
  while (yielded < limit) {
    const asked = Math.min(pageSize, limit - yielded);
    const page = await rpc.getSignaturesForAddress(address, { ...rest, before, limit: asked });
    // The whole page is checked before any of it is yielded: a bad page yields nothing.
    const kept = checkPage(page, asked, fixed.until, seen);
    for (const info of kept) {
      yield info;
      if (++yielded >= limit) return;
    }
    // A page cut at `until`, or shorter than asked for, is the end of the history.
    if (kept.length < asked) return;
    before = (kept[kept.length - 1] as SignatureInfo).signature;
  }
}

/**
 * Signatures held to catch one sent again: the latest this many, whatever their slot. A real history of
 * any length costs at most this many (about 14 MB).
 */
export const SIGNATURES_REMEMBERED = 100_000;

/**
 * The most signatures one slot may hold. All of the lowest slot so far are kept (a repeat at the same slot
 * is caught however far apart), so a server that claims more at one slot ends the loop with a
 * ValidationError rather than grow memory without end (about 70 MB at this bound). No block holds that
 * many: its 32,768 data shreds of at most 1,228 bytes hold about 300,000 of the smallest (134-byte)
 * transactions at most.
 */
export const SIGNATURES_PER_SLOT_MAX = 500_000;

/**
 * What the loop has yielded, in bounded memory. History goes back in time, so a signature sent again
 * either claims a slot above the lowest so far (caught by the slot rule) or the lowest slot itself (all of
 * that slot are kept), or it moved to a lower slot (caught while among the latest `SIGNATURES_REMEMBERED`).
 */
class SeenSignatures {
  /** Every signature held, with its slot. */
  private readonly slots = new Map<string, number>();
  /** The same signatures in the order yielded, oldest at `head`: the ones dropped first. */
  private order: string[] = [];
  private head = 0;
  /** The starting `before`, excluded, whose slot the loop never learns. */
  private readonly start: string | undefined;
  lowestSlot = Number.POSITIVE_INFINITY;
  private atLowestSlot = 0;

  constructor(start: string | undefined) {
    this.start = start;
  }

  has(signature: string): boolean {
    return signature === this.start || this.slots.has(signature);
  }

  /** True once the lowest slot holds as many as one slot may. */
  get full(): boolean {
    return this.atLowestSlot >= SIGNATURES_PER_SLOT_MAX;
  }

  /** Records an entry already checked: not seen, and at or below the lowest slot. */
  add(signature: string, slot: number): void {
    this.slots.set(signature, slot);
    this.order.push(signature);
    if (slot < this.lowestSlot) {
      this.lowestSlot = slot;
      this.atLowestSlot = 0;
    }
    this.atLowestSlot += 1;
    // Oldest first; the lowest slot's entries are the newest and are never dropped.
    while (this.slots.size > SIGNATURES_REMEMBERED) {
      const oldest = this.order[this.head] as string;
      if (this.slots.get(oldest) === this.lowestSlot) break;
      this.slots.delete(oldest);
      this.head += 1;
    }
    if (this.head > 1024 && this.head * 2 > this.order.length) {
      this.order = this.order.slice(this.head);
      this.head = 0;
    }
  }
}

/**
 * A page must hold at most what was asked for; it ends at `until` if it holds it (a server that ignored
 * `until`); and each of its entries must be new (not yielded before, not the starting `before`, not twice
 * in the page) and at or below the slot of the entry before it: history only goes back in time.
 * Returns the entries to yield; throws a ValidationError naming the first bad entry otherwise.
 */
function checkPage(page: SignatureInfo[], asked: number, until: string | undefined, seen: SeenSignatures) {
  if (page.length > asked) {
    throw new ValidationError({
      method: 'getSignaturesForAddress',
      path: 'result',
      expected: `at most ${asked} entries, the limit asked for`,
      received: `${page.length} entries`,
    });
  }
  const end = until === undefined ? -1 : page.findIndex((info) => info.signature === until);
  const kept = end === -1 ? page : page.slice(0, end);
  kept.forEach(({ signature, slot }, index) => {
    let expected: string | undefined;
    if (seen.has(signature)) {
      expected =
        'a signature not sent before: the node sent signatures it had sent already (it ignored before, or cycles)';
    } else if (slot > seen.lowestSlot) {
      expected = `at or below slot ${seen.lowestSlot}, the slot of the entry before it: history goes back in time`;
    } else if (seen.full && slot === seen.lowestSlot) {
      expected = `one of at most ${SIGNATURES_PER_SLOT_MAX} signatures at one slot, more than any block holds`;
    }
    if (expected !== undefined) {
      throw new ValidationError({
        method: 'getSignaturesForAddress',
        path: `result.${index}`,
        expected,
        received: `${signature} at slot ${slot}`,
      });
    }
    seen.add(signature, slot);
  });
  return kept;
}

function checkPageSize(value: unknown): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_SIGNATURES_PER_PAGE) {
    return value;
  }
  throw new InvalidInputError({
    method: METHOD,
    param: 'options.pageSize',
    problem: `expected an integer from 1 to ${MAX_SIGNATURES_PER_PAGE}, got ${describe(value)}`,
  });
}

function checkLimit(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1) return value;
  throw new InvalidInputError({
    method: METHOD,
    param: 'options.limit',
    problem: `expected a positive integer, got ${describe(value)}`,
  });
}
