/**
 * The node's own numbers that no other part of the simulation reads: its performance samples and its
 * snapshots, each as agave computes them from the slot.
 */
import { RpcFailure } from './simulatedLedger.js';
import { rootAt } from './simulationCast.js';

/** One sample a minute (150 slots of 400 ms); the oldest 20 of the 720 kept predate `numNonVoteTransactions`. */
const SAMPLE_SLOTS = 150;

/**
 * getRecentPerformanceSamples as agave answers it, newest first: each sample's transactions are what
 * getEpochInfo's `transactionCount` grew by over its 150 slots (3,100 a slot), about a fifth of them not votes.
 */
export function performanceSamples(params: unknown[], currentSlot: number) {
  const limit = params[0] === undefined || params[0] === null ? 720 : Number(params[0]);
  if (limit > 720) throw new RpcFailure({ code: -32602, message: 'Invalid limit; max 720' });
  const newest = Math.floor(currentSlot / SAMPLE_SLOTS) * SAMPLE_SLOTS;
  // A sample is taken each time 150 slots have passed: a cluster younger than `limit` minutes has fewer.
  const taken = Math.floor(currentSlot / SAMPLE_SLOTS);
  return Array.from({ length: Math.min(limit, taken) }, (_, i) => {
    const slot = newest - i * SAMPLE_SLOTS;
    return {
      numNonVoteTransactions: i >= 700 ? null : 88_000 + ((slot / SAMPLE_SLOTS) % 13) * 1_100,
      numSlots: SAMPLE_SLOTS,
      numTransactions: 3_100 * SAMPLE_SLOTS,
      samplePeriodSecs: 60,
      slot,
    };
  });
}

/** A full snapshot every 25,000 rooted slots, an incremental one every 100 on top of it (agave's defaults). */
export function highestSnapshots(currentSlot: number) {
  const root = rootAt(currentSlot);
  const full = Math.floor(root / 25_000) * 25_000;
  // None taken before the first 25,000 rooted slots: agave answers -32008 "No snapshot".
  if (full === 0) throw new RpcFailure({ code: -32008, message: 'No snapshot' });
  const incremental = Math.floor(root / 100) * 100;
  return { full, incremental: incremental > full ? incremental : null };
}
