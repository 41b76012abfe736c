/**
 * A transaction's lifetime and the look at it: the blockhash or durable nonce read from its bytes, and
 * whether the node says it is over, from a view no older than any the call has seen.
 * @module
 */
import { encodeBase58 } from '../codecs/base58.js';
import type { TransactionLayout } from '../codecs/transactionLayout.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import type { Commitment } from '../types/index.js';
import type { ConfirmRpc } from './confirmOptions.js';

/** How a transaction's lifetime ends: what the loop checks once the signature is not found. */
export type Lifetime =
  | { kind: 'blockhash'; blockhash: string | null; lastValidBlockHeight: number | null }
  | { kind: 'nonce'; nonceAccount: string; nonceValue: string };

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
/** The System program's `AdvanceNonceAccount`: instruction index 4, a u32 little-endian tag. */
const ADVANCE_NONCE = 4;
/**
 * A nonce account's data (bincode `nonce::state::Versions`): u32 version, u32 state (1 = initialized),
 * the authority (32 bytes), the durable nonce (32 bytes), then the fee calculator (u64).
 */
const NONCE_STATE_OFFSET = 4;
const NONCE_VALUE_OFFSET = 40;
const NONCE_INITIALIZED = 1;
/**
 * A blockhash's life: agave's MAX_PROCESSING_AGE, 150 blocks. As slots it is at least that many (skipped
 * slots make no block), so a view this many slots on from another has passed any blockhash that view held.
 */
const BLOCKHASH_LIFE_SLOTS = 150;

/**
 * The lifetime written in a signed transaction, read by `readTransactionLayout`: a durable nonce when its
 * first instruction is the System program's AdvanceNonceAccount (the nonce account is that instruction's
 * first account), its blockhash otherwise.
 */
export function lifetimeOf(
  method: string,
  layout: TransactionLayout,
  lastValidBlockHeight?: number | bigint,
): Lifetime {
  const { accountKeys, instructions, recentBlockhash } = layout;
  const first = instructions[0];
  const program = first && accountKeys[first.programIdIndex];
  if (first && program && encodeBase58(program) === SYSTEM_PROGRAM) {
    const { data } = first;
    if (data.length >= 4 && data[0] === ADVANCE_NONCE && data[1] === 0 && data[2] === 0 && data[3] === 0) {
      const nonceAccount = accountKeys[first.accounts[0] ?? -1];
      if (nonceAccount === undefined) {
        throw new InvalidInputError({
          method,
          param: 'transaction',
          problem:
            'its AdvanceNonceAccount names the nonce account through a lookup table; confirm it with options.nonceAccount',
        });
      }
      return { kind: 'nonce', nonceAccount: encodeBase58(nonceAccount), nonceValue: encodeBase58(recentBlockhash) };
    }
  }
  return {
    kind: 'blockhash',
    blockhash: encodeBase58(recentBlockhash),
    // A bigint as getLatestBlockhash gives it (checked to be below 2^53), a number from here on.
    lastValidBlockHeight: lastValidBlockHeight === undefined ? null : Number(lastValidBlockHeight),
  };
}

/**
 * The newest context slot this call has seen at each commitment. An answer from an older view (another
 * node, behind) proves nothing, and the expiry questions ask for at least this slot (`minContextSlot`), so
 * a node behind answers -32016 instead of a `false` about a blockhash it has not seen yet.
 */
export type NewestSlots = Record<Commitment, number>;

/** What one look at the lifetime found: whether it is over, and as of which slot. */
export interface ExpiryCheck {
  expired: boolean;
  /** The block height seen, when one was read. */
  blockHeight: number | null;
  /** The slot of the view that said it is over. */
  contextSlot: number;
}

/** What the expiry check keeps between polls. */
export interface ExpiryState {
  newest: NewestSlots;
  /**
   * The `lastValidBlockHeight` given proved wrong: lower than the blockhash's own (ask `isBlockhashValid`
   * alone from then on), or higher (expired below it). The expiry error then does not claim it.
   */
  heightStale: boolean;
  /** The last block height read, for the error's `blockHeight`. */
  blockHeight: number | null;
  /** The first processed slot the call saw: where its view of the chain begins. */
  firstSlot: number | null;
  /** The newest processed slot at which the node called the blockhash valid. */
  validAt: number | null;
  /**
   * The first processed slot, from a fresh view, at which the lifetime was believed over (the blockhash
   * invalid, the nonce another value, by the rules of `checkExpiry`): where the wait for a late status
   * (STATUS_GRACE_SLOTS) counts from.
   */
  overSince: number | null;
  /** For a durable nonce: the first slot, at each commitment, whose bank held the transaction's nonce. */
  heldAt: Record<Commitment, number | null>;
  onStale(lastValidBlockHeight: number, blockHeight: number): void;
}

/**
 * One look at the lifetime. A blockhash is over only when the node says so (`isBlockhashValid` false) from
 * a view no older than any this call has seen, first of the processed bank (the newest, where a blockhash
 * too new for an older bank is known), then, when the commitment awaited is higher, of that bank too, so
 * the verdict holds at the commitment awaited. `lastValidBlockHeight` only says when to start asking.
 */
export async function checkExpiry(
  rpc: ConfirmRpc,
  lifetime: Lifetime,
  commitment: Commitment,
  state: ExpiryState,
  signal: AbortSignal,
): Promise<ExpiryCheck> {
  const { newest } = state;
  const notOver = { expired: false, blockHeight: null, contextSlot: 0 };
  const atLeast = (level: Commitment) => (newest[level] > 0 ? newest[level] : undefined);
  /** Takes an answer's slot at `level`; true when no answer at that level came from a newer view. */
  const fresh = (level: Commitment, slot: number) => {
    const isFresh = slot >= newest[level];
    newest[level] = Math.max(newest[level], slot);
    return isFresh;
  };
  if (lifetime.kind === 'nonce') return checkNonce(rpc, lifetime, commitment, state, signal, fresh);
  const { blockhash, lastValidBlockHeight } = lifetime;
  if (blockhash === null) return notOver;
  // The height only schedules the question once the node has called the blockhash valid: that first
  // answer is what lets a later `false` be believed at once (below), not 150 slots on.
  if (lastValidBlockHeight !== null && !state.heightStale && state.validAt !== null) {
    const height = await rpc.getBlockHeight({ commitment: 'processed', minContextSlot: atLeast('processed'), signal });
    state.blockHeight = height;
    // A height above the blockhash's own (one kept from a newer blockhash) would leave the call to
    // timeoutMs: once the view is a blockhash's life past the call's first, the blockhash it was signed on
    // (before the call) is past its life unless the node is that far behind, so the node is asked anyway.
    const pastLife = state.firstSlot !== null && newest.processed >= state.firstSlot + BLOCKHASH_LIFE_SLOTS;
    if (height <= lastValidBlockHeight && !pastLife) return notOver;
  }
  const processed = await rpc.isBlockhashValid(blockhash, {
    commitment: 'processed',
    minContextSlot: atLeast('processed'),
    signal,
  });
  const isFresh = fresh('processed', processed.context.slot);
  if (processed.value) {
    // Valid again (a "false" before it came from a view that had not seen it yet): not over since then.
    state.overSince = null;
    state.validAt = Math.max(state.validAt ?? 0, processed.context.slot);
    const height = state.blockHeight;
    if (lastValidBlockHeight !== null && !state.heightStale && height !== null && height > lastValidBlockHeight) {
      state.heightStale = true;
      state.onStale(lastValidBlockHeight, height);
    }
    return notOver;
  }
  if (!isFresh) return notOver;
  // `false` also means "never seen": from a node behind the blockhash (all this call may have heard from).
  // Believed once the node called it valid before, or once its view is a blockhash's life past the call's
  // first one: the blockhash was in use by then, so a node that far on has seen it, unless it is more than
  // that far behind the cluster.
  const firstSlot = state.firstSlot ?? processed.context.slot;
  if (state.validAt === null && processed.context.slot < firstSlot + BLOCKHASH_LIFE_SLOTS) return notOver;
  // Only a `false` believed starts the wait for a late status: one from a view that had not seen the
  // blockhash yet is older than any landing, and the wait counted from it would be over before it began.
  state.overSince ??= processed.context.slot;
  if (commitment !== 'processed') {
    const atLevel = await rpc.isBlockhashValid(blockhash, { commitment, minContextSlot: atLeast(commitment), signal });
    if (!fresh(commitment, atLevel.context.slot) || atLevel.value) return notOver;
  }
  // Expired at or below the height given: that height was wrong (too high), as a stale one is.
  if (lastValidBlockHeight !== null && state.blockHeight !== null && state.blockHeight <= lastValidBlockHeight) {
    state.heightStale = true;
  }
  return { expired: true, blockHeight: state.blockHeight, contextSlot: processed.context.slot };
}

/**
 * One look at a durable nonce: over once the account no longer holds the transaction's nonce value, read
 * from the processed bank, then from the bank at the commitment awaited. Another value also comes from a
 * view behind that nonce (a bank before its latest advance is confirmed, a node behind the account's
 * creation), so at each bank it is believed only from a view no older than one that held the nonce, or a
 * blockhash's life (150 slots) past the call's first view: the signer read the nonce before the call
 * began, so a view that far on has it, unless the node is that far behind the cluster.
 */
async function checkNonce(
  rpc: ConfirmRpc,
  lifetime: Extract<Lifetime, { kind: 'nonce' }>,
  commitment: Commitment,
  state: ExpiryState,
  signal: AbortSignal,
  fresh: (level: Commitment, slot: number) => boolean,
): Promise<ExpiryCheck> {
  const notOver = { expired: false, blockHeight: null, contextSlot: 0 };
  const levels: Commitment[] = commitment === 'processed' ? ['processed'] : ['processed', commitment];
  let contextSlot = 0;
  for (const level of levels) {
    const { context, value } = await rpc.getAccountInfo(lifetime.nonceAccount, {
      commitment: level,
      encoding: 'base64',
      minContextSlot: state.newest[level] > 0 ? state.newest[level] : undefined,
      signal,
    });
    if (!fresh(level, context.slot)) return notOver;
    const data = value?.data;
    // A closed or uninitialized account holds no nonce: nothing can land on it any more.
    const stored =
      data && data.length >= NONCE_VALUE_OFFSET + 32 && readU32(data, NONCE_STATE_OFFSET) === NONCE_INITIALIZED
        ? encodeBase58(data.subarray(NONCE_VALUE_OFFSET, NONCE_VALUE_OFFSET + 32))
        : null;
    if (stored === lifetime.nonceValue) {
      if (level === 'processed') state.overSince = null;
      state.heldAt[level] ??= context.slot;
      return notOver;
    }
    // A bank at or past a slot where the processed bank held the nonce has seen it too: a different value
    // there is an advance (or the nonce was set on a fork that is gone, where it can never be again).
    const held = [state.heldAt[level], state.heldAt.processed].some((slot) => slot !== null && slot <= context.slot);
    const firstSlot = state.firstSlot ?? context.slot;
    if (!held && context.slot < firstSlot + BLOCKHASH_LIFE_SLOTS) return notOver;
    if (level === 'processed') {
      // Only a value believed to be an advance starts the wait for a late status: the value from before
      // the nonce was set (a view behind it) is older than any landing. Counted from there, a call whose
      // first view was 140 slots behind ended as expired 15 slots after its transaction landed (its status
      // shown 29 slots late).
      state.overSince ??= context.slot;
      contextSlot = context.slot;
    }
  }
  return { expired: true, blockHeight: null, contextSlot };
}

function readU32(data: Uint8Array, offset: number): number {
  return (
    ((data[offset] ?? 0) | ((data[offset + 1] ?? 0) << 8) | ((data[offset + 2] ?? 0) << 16)) +
    (data[offset + 3] ?? 0) * 2 ** 24
  );
}
