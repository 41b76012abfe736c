// Reading the outcome from the cluster's ledger, not from what the clients say: every transaction that
// landed paying the recipient (getSignaturesForAddress, then getTransaction for its amount, slot and
// compute-unit price), and the market fee of every slot (getRecentPrioritizationFees with no account:
// while the market is on, each slot's lowest landed price is the market's own traffic's, the market fee).
import bs58 from 'bs58';
import { intentOf } from './transfer.mjs';

const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';

/** One JSON-RPC call over fetch, its result (u64s here stay below 2^53). */
export async function call(url, method, params = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = await response.json();
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** Samples the market fee every `everyMs` into `market` (slot to micro-lamports) until stopped. */
export function sampleMarket(url, everyMs) {
  const market = new Map();
  const sample = async () => {
    for (const { slot, prioritizationFee } of await call(url, 'getRecentPrioritizationFees', [])) {
      market.set(slot, prioritizationFee);
    }
  };
  const timer = setInterval(() => sample().catch(() => {}), everyMs);
  return {
    market,
    sample,
    async stop() {
      clearInterval(timer);
      await sample();
    },
  };
}

/** The compute-unit price a landed transaction (json encoding) set, micro-lamports; 0 without one. */
function unitPriceOf(transaction) {
  const { accountKeys, instructions } = transaction.message;
  for (const instruction of instructions) {
    if (accountKeys[instruction.programIdIndex] !== COMPUTE_BUDGET) continue;
    const data = bs58.decode(instruction.data);
    if (data[0] === 3 && data.length === 9) return new DataView(data.buffer, data.byteOffset).getBigUint64(1, true);
  }
  return 0n;
}

/** Every transaction that landed paying `recipient`, by intent: [{ signature, slot, unitPrice }]. */
export async function landedByIntent(url, recipient) {
  const signatures = [];
  let before;
  for (;;) {
    const page = await call(url, 'getSignaturesForAddress', [
      recipient,
      { commitment: 'confirmed', limit: 1000, ...(before ? { before } : {}) },
    ]);
    signatures.push(...page);
    if (page.length < 1000) break;
    before = page.at(-1).signature;
  }
  const byIntent = new Map();
  for (const { signature, err } of signatures) {
    if (err !== null) continue;
    const found = await call(url, 'getTransaction', [
      signature,
      { commitment: 'confirmed', encoding: 'json', maxSupportedTransactionVersion: 0 },
    ]);
    const at = found.transaction.message.accountKeys.indexOf(recipient);
    const lamports = BigInt(found.meta.postBalances[at]) - BigInt(found.meta.preBalances[at]);
    const intent = intentOf(lamports);
    const list = byIntent.get(intent) ?? [];
    list.push({ signature, slot: found.slot, unitPrice: unitPriceOf(found.transaction) });
    byIntent.set(intent, list);
  }
  return byIntent;
}

/** The p-th percentile (0-100) of numbers, nearest rank; undefined for none. */
export function percentile(values, p) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * The benchmark's measures for one client: each intent's outcome (what the client said) against the
 * ledger (what landed).
 */
export function measure(outcomes, byIntent, market) {
  let landed = 0;
  let doubles = 0;
  let falseOutcomes = 0;
  const slotsToLand = [];
  const feeRatios = [];
  let attempts = 0;
  outcomes.forEach((outcome, intent) => {
    const found = byIntent.get(intent) ?? [];
    attempts += outcome.attempts.length;
    if (found.length > 0) landed++;
    if (found.length > 1) doubles++;
    const landedSignatures = new Set(found.map((tx) => tx.signature));
    const falseLanded = outcome.claim === 'landed' && !landedSignatures.has(outcome.signature);
    const falseNotLanded = outcome.claim === 'not-landed' && found.length > 0;
    // An attempt reported expired (or failed) that landed all the same.
    const falseExpiry = outcome.attempts.some((a) => a.reported === 'expired' && landedSignatures.has(a.signature));
    if (falseLanded || falseNotLanded || falseExpiry) falseOutcomes++;
    const first = found.reduce((a, b) => (b.slot < a.slot ? b : a), found[0] ?? { slot: undefined });
    if (first.slot !== undefined && outcome.firstSendSlot !== undefined) {
      slotsToLand.push(first.slot - outcome.firstSendSlot);
      const fee = market.get(first.slot);
      if (fee !== undefined && fee > 0) feeRatios.push(Number(first.unitPrice) / fee);
    }
  });
  const n = outcomes.length;
  return {
    intents: n,
    landed,
    landedPercent: (100 * landed) / n,
    doubles,
    falseOutcomes,
    attemptsPerIntent: attempts / n,
    unknown: outcomes.filter((o) => o.claim === 'unknown' || o.claim === 'error').length,
    slotsToLand: { p50: percentile(slotsToLand, 50), p99: percentile(slotsToLand, 99) },
    feeRatio: { p50: percentile(feeRatios, 50), p99: percentile(feeRatios, 99), max: percentile(feeRatios, 100) },
    errors: [
      ...new Set(outcomes.filter((o) => o.error).map((o) => String(o.error?.message ?? o.error).split('\n')[0])),
    ].slice(0, 5),
  };
}
