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
 * The arguments are checked when it is called, before any request (`InvalidInputError`). Each page must
 * move back in time: a page that ends on a signature already used as a cursor (a node that ignores
 * `before` and sends the same page again), or on a slot above the page before, ends the iteration with a
 * `ValidationError` rather than loop forever.
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
  let cursorSlot = Number.POSITIVE_INFINITY;
  // Every signature used as `before` so far: a page that ends on one of them would start a cycle.
  const cursors = new Set<string>(before === undefined ? [] : [before]);
  let yielded = 0;
  while (yielded < limit) {
    const asked = Math.min(pageSize, limit - yielded);
    const page = await rpc.getSignaturesForAddress(address, { ...rest, before, limit: asked });
    // Checked before any of the page is yielded, so a page sent again is never yielded twice.
    checkProgress(page, before, cursors, cursorSlot);
    for (const info of page) {
      yield info;
      if (++yielded >= limit) return;
    }
    if (page.length < asked) return;
    const last = page[page.length - 1] as SignatureInfo;
    cursors.add(last.signature);
    before = last.signature;
    cursorSlot = last.slot;
  }
}

/**
 * A page after `before` must hold neither `before` itself nor end on an earlier cursor (the node ignored
 * `before`, or is cycling), and start at or below the slot of `before`: history only goes back.
 */
function checkProgress(page: SignatureInfo[], before: string | undefined, cursors: Set<string>, cursorSlot: number) {
  const index = page.findIndex(
    (info, i) =>
      info.signature === before || info.slot > cursorSlot || (i === page.length - 1 && cursors.has(info.signature)),
  );
  if (index === -1) return;
  const { signature, slot } = page[index] as SignatureInfo;
  throw new ValidationError({
    method: 'getSignaturesForAddress',
    path: `result.${index}`,
    expected: `older than the page's before, ${before}: the node sent signatures it had sent already (it ignored before, or cycles)`,
    received: `${signature} at slot ${slot}`,
  });
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
