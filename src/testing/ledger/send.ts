/**
 * Taking transactions in, as agave's sendTransaction, simulateTransaction and requestAirdrop do: decode,
 * then, unless preflight is skipped, verify every signature (-32003), refuse while the node is unhealthy
 * (-32005), run the transaction against the preflight bank (its status cache included: one that landed
 * already is AlreadyProcessed) and refuse a failure (-32002 with the simulation's result), in the order of
 * agave 2.3's rpc.rs, the version the cluster reports. A transaction taken lands in
 * the next slot: run against the accounts as they will be then, its writes recorded from that slot on.
 * One whose fee payer cannot pay is taken and never lands, as a leader drops it; so is one whose
 * compute-unit price is below the market fee of the slot it would land in (the `marketFee` fault), as a
 * congested leader never schedules it.
 */
import { type DecodedTransaction, decodeTransaction } from '../../index.js';
import { unhealthy } from '../nodeHealth.js';
import { accountState, storedAccount } from '../simulatedAccounts.js';
import { bankSlot, blockhashValid, decodeAddress, type Ledger, RpcFailure } from '../simulatedLedger.js';
import type { AccountState } from './accountStore.js';
import type { Executed, Refused } from './execute.js';
import { computeBudgetOf } from './fees.js';
import { marketPriceAt, recordFees } from './market.js';
import { BUILTIN_RUNTIME } from './runtime.js';
import { describeTransactionError, type TransactionErr } from './transactionError.js';
import { notDeserialized, VERSIONED_TRANSACTION, wireBytes } from './wireText.js';

/** Where and when a transaction is taken: the ledger, the tip and the clock. */
export interface SendContext {
  ledger: Ledger;
  slot: number;
  nowMs: number;
}

/** Wire text (base58 by default, or base64) to bytes and the decoded transaction; -32602 when it is neither. */
export function decodeWire(
  text: unknown,
  encoding: string | undefined,
): { bytes: Uint8Array; transaction: DecodedTransaction } {
  const bytes = wireBytes(String(text), encoding === 'base64' ? 'base64' : 'base58', VERSIONED_TRANSACTION);
  try {
    return { bytes, transaction: decodeTransaction(new Uint8Array(bytes)) };
  } catch {
    throw notDeserialized(VERSIONED_TRANSACTION);
  }
}

/**
 * Whether each signer's Ed25519 signature over the message bytes holds, checked with WebCrypto (Node 20
 * and browsers alike; asynchronous, so answers check it in their `prepare` step). A key WebCrypto will not
 * import fails, as agave's verify fails for bytes that are no point on the curve.
 */
export async function signaturesValid(bytes: Uint8Array, transaction: DecodedTransaction): Promise<boolean> {
  const count = transaction.message.header.numRequiredSignatures;
  // The signature count is a compact-u16: one byte below 128, which covers every transaction that fits.
  const message = bytes.slice(1 + 64 * count);
  for (let i = 0; i < count; i++) {
    try {
      const key = await crypto.subtle.importKey(
        'raw',
        new Uint8Array(decodeAddress(transaction.message.accountKeys[i] as string)),
        { name: 'Ed25519' },
        false,
        ['verify'],
      );
      const signature = bytes.slice(1 + 64 * i, 1 + 64 * (i + 1));
      if (!(await crypto.subtle.verify({ name: 'Ed25519' }, key, signature, message))) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** The `prepare` step of the answers that verify: the wire text's signatures checked (undefined: not decodable). */
export async function prepareVerified(text: unknown, encoding: string | undefined): Promise<boolean> {
  const { bytes, transaction } = decodeWire(text, encoding);
  return signaturesValid(bytes, transaction);
}

/** -32003 unless `prepareVerified` found every signature good. */
export function verifySignatures(verified: unknown): void {
  if (verified !== true) throw new RpcFailure({ code: -32003, message: 'Transaction signature verification failure' });
}

/** The accounts of the bank at `slot`, as the runtime reads them. */
export function bankReader(context: SendContext, slot: number): (address: string) => AccountState | undefined {
  return (address) => accountState(storedAccount(address, context.slot, context.nowMs, context.ledger, slot));
}

/** A transaction the bank's checks stop before it runs: no logs, no units (agave's TransactionSimulationResult::new_error). */
export interface Unchecked {
  unchecked: 'BlockhashNotFound' | 'AlreadyProcessed';
}

/** A simulation's result as agave writes it (RpcSimulateTransactionResult). */
export function simulationResult(outcome: Executed | Refused | Unchecked) {
  const executed = 'err' in outcome ? outcome : undefined;
  let err: TransactionErr | null;
  if ('err' in outcome) err = outcome.err;
  else if ('refused' in outcome) err = outcome.refused;
  else err = outcome.unchecked;
  return {
    accounts: null,
    err,
    innerInstructions: null,
    loadedAccountsDataSize: 0,
    logs: executed?.logs ?? [],
    replacementBlockhash: null,
    returnData: null,
    unitsConsumed: executed?.unitsConsumed ?? 0,
  };
}

/**
 * Runs a transaction against a bank without keeping anything, after the bank's checks in agave's order: its
 * blockhash one the bank knows, then its status cache (a transaction that landed in that bank or before is
 * AlreadyProcessed). With `checkBlockhash` false (replaceRecentBlockhash) the message is another, unseen one.
 */
export function simulateAt(
  context: SendContext,
  transaction: DecodedTransaction,
  bytes: Uint8Array,
  slot: number,
  checkBlockhash = true,
): Executed | Refused | Unchecked {
  if (checkBlockhash) {
    if (!blockhashValid(context.ledger, transaction.message.recentBlockhash, slot)) {
      return { unchecked: 'BlockhashNotFound' };
    }
    const sent = context.ledger.sent.get(transaction.signatures[0] as string);
    // It lands in the slot after the one it arrived in.
    if (sent && sent.slot + 1 <= slot) return { unchecked: 'AlreadyProcessed' };
  }
  return runtimeOf(context).run(transaction, bytes, bankReader(context, slot), slot, false);
}

const runtimeOf = (context: SendContext) => context.ledger.runtime ?? BUILTIN_RUNTIME;

/** Takes a transaction for the next slot: runs it there and records what it wrote. Returns its signature. */
export function land(context: SendContext, bytes: Uint8Array, transaction: DecodedTransaction): string {
  const signature = transaction.signatures[0] as string;
  const landsAt = context.slot + 1;
  const outcome = runtimeOf(context).run(transaction, bytes, bankReader(context, landsAt), landsAt, true);
  if ('refused' in outcome) return signature;
  context.ledger.sent.set(signature, { slot: context.slot, bytes, transaction, executed: outcome });
  for (const [address, state] of outcome.writes) context.ledger.accounts.set(address, state, landsAt);
  return signature;
}

interface SendConfig {
  encoding?: string;
  skipPreflight?: boolean;
  preflightCommitment?: string;
}

/**
 * sendTransaction as agave answers it; `verified` is what `prepareVerified` found of its signatures and
 * `behindSlots` how far the node is behind the cluster. With skipPreflight nothing is checked: the
 * signature is answered, and a transaction whose signatures fail never lands (the leader's sigverify drops it).
 */
export function sendTransaction(context: SendContext, params: unknown[], verified: unknown, behindSlots = 0): string {
  const config = (params[1] ?? {}) as SendConfig;
  const { bytes, transaction } = decodeWire(params[0], config.encoding);
  const signature = transaction.signatures[0] as string;
  const preflightSlot = bankSlot(context.slot, config.preflightCommitment);
  if (!config.skipPreflight) {
    verifySignatures(verified);
    const health = unhealthy(behindSlots);
    if (health) throw health;
    const outcome = simulateAt(context, transaction, bytes, preflightSlot);
    if (!('err' in outcome) || outcome.err !== null) throw preflightFailure(outcome);
  }
  if (verified !== true) return signature;
  // Sent again without preflight, or before the preflight bank holds it: the leader drops the duplicate.
  if (context.ledger.sent.has(signature)) return signature;
  // A blockhash the bank it would land in (the next slot's) does not take: taken, and never landing, as on
  // a cluster. That bank's, not the tip's: a blockhash lands at most 150 blocks on, at its lastValidBlockHeight.
  if (!blockhashValid(context.ledger, transaction.message.recentBlockhash, context.slot + 1)) return signature;
  // Below the market fee: taken, and never scheduled. Sent again when the market is lower, it lands.
  const market = marketPriceAt(context.ledger, context.slot + 1);
  if (market !== undefined && computeBudgetOf(transaction).unitPrice < market) return signature;
  land(context, new Uint8Array(bytes), transaction);
  if (context.ledger.sent.has(signature)) recordFees(context.ledger, context.slot + 1, transaction);
  return signature;
}

/** -32002 with the failed simulation, its message agave's: "Transaction simulation failed: <error>". */
function preflightFailure(outcome: Executed | Refused | Unchecked) {
  const result = simulationResult(outcome);
  return new RpcFailure({
    code: -32002,
    message: `Transaction simulation failed: ${describeTransactionError(result.err as TransactionErr)}`,
    data: result,
  });
}
