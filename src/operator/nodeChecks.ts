/**
 * The checks of `checkValidator` that read more than the vote account: the validator's skip rate this
 * epoch (getBlockProduction on the RPC node asked), and, where the validator advertises a public RPC
 * address in gossip, its own node's health, version and newest snapshot, asked of that node directly.
 */

import { createRpcWith, type RpcWith } from '../createRpc.js';
import { firstLine } from '../errors/firstLine.js';
import { isSolRpcError } from '../errors/isSolRpcError.js';
import type { BlockProductionResult } from '../methods/getBlockProduction.js';
import { getHealth } from '../methods/getHealth.js';
import { getHighestSnapshotSlot, type SnapshotSlots } from '../methods/getHighestSnapshotSlot.js';
import { getVersion } from '../methods/getVersion.js';
import type { Address } from '../types/index.js';

/** A warning and a critical level: a value at or above `critical` is critical, else at or above `warning` a warning. */
export interface Levels {
  /** From this value on, a warning. */
  warning: number;
  /** From this value on, critical. */
  critical: number;
}

/** Defaults: mainnet validators skip a few percent of their slots; a full snapshot comes every 25,000 slots. */
export const DEFAULT_SKIP_RATE: Levels = { warning: 10, critical: 25 };
export const DEFAULT_SNAPSHOT_AGE: Levels = { warning: 30_000, critical: 100_000 };

/** What the check asks of the validator's own node. */
export type NodeRpc = RpcWith<{
  /** Answers `node-health`. */
  getHealth: typeof getHealth;
  /** Gives the version in its reason. */
  getVersion: typeof getVersion;
  /** Answers `snapshot`. */
  getHighestSnapshotSlot: typeof getHighestSnapshotSlot;
}>;

/** The default way to reach a node's advertised `ip:port`: plain HTTP, one attempt, 5 s. */
export function connectNode(address: string): NodeRpc {
  return createRpcWith(`http://${address}`, { getHealth, getVersion, getHighestSnapshotSlot }, { timeoutMs: 5_000 });
}

/** A finding of these checks (the type is checkValidator's). */
interface NodeFinding {
  check: 'skip-rate' | 'node-health' | 'snapshot';
  verdict: 'ok' | 'warning' | 'critical' | 'unknown';
  reason: string;
}

const judge = (value: number, levels: Levels) =>
  value >= levels.critical ? 'critical' : value >= levels.warning ? 'warning' : 'ok';

/** Skip rate this epoch so far: the leader slots that hold no block, in percent of those led. */
export function skipRate(
  identity: Address,
  production: PromiseSettledResult<BlockProductionResult>,
  levels: Levels,
): { finding: NodeFinding; leaderSlots?: number; blocksProduced?: number } {
  const check = 'skip-rate';
  if (production.status === 'rejected') {
    return {
      finding: {
        check,
        verdict: 'unknown',
        reason: `could not check block production: ${firstLine(production.reason)}`,
      },
    };
  }
  const { byIdentity, range } = production.value.value;
  const [leaderSlots, blocksProduced] = byIdentity[identity] ?? [0, 0];
  const span = `slots ${range.firstSlot}..${range.lastSlot}`;
  if (leaderSlots === 0) {
    return {
      finding: { check, verdict: 'ok', reason: `no leader slots yet this epoch (${span})` },
      leaderSlots,
      blocksProduced,
    };
  }
  const skipped = leaderSlots - blocksProduced;
  const percent = (skipped / leaderSlots) * 100;
  return {
    finding: {
      check,
      verdict: judge(percent, levels),
      reason: `${percent.toFixed(2)}% skipped: ${skipped} of ${leaderSlots} leader slots without a block (${span}; warning at ${levels.warning}%, critical at ${levels.critical}%)`,
    },
    leaderSlots,
    blocksProduced,
  };
}

/** What the validator's own node said, for the report. */
export interface NodeStatus {
  /** The address asked, `ip:port` from gossip. */
  rpc: string;
  /** `'ok'`, `'behind'` (with how far, when the node knows) or `'unreachable'`. */
  health: 'ok' | 'behind' | 'unreachable';
  /** Slots behind, when the node says. */
  slotsBehind?: number | null;
  /** Its `solana-core` version, when it answered. */
  version?: string;
  /** Its newest full and incremental snapshot slots, when it has any. */
  snapshot?: SnapshotSlots | null;
}

/**
 * Asks the validator's node for its health, version and newest snapshot, and judges them. `rpc` is the
 * address it advertises (`null`: none, so nothing is asked); `clusterSlot` the slot the RPC node asked
 * reached, to measure the snapshot's age against.
 */
export async function nodeChecks(
  rpc: string | null | undefined | 'not-in-gossip',
  connect: (address: string) => NodeRpc,
  clusterSlot: number | undefined,
  snapshotLevels: Levels,
  signal: AbortSignal | undefined,
): Promise<{ findings: NodeFinding[]; status?: NodeStatus }> {
  if (rpc === undefined || rpc === 'not-in-gossip') {
    const reason =
      rpc === undefined
        ? 'gossip could not be read, so the node was not asked'
        : 'the node is not in gossip, so its RPC address is unknown';
    return {
      findings: [
        { check: 'node-health', verdict: 'unknown', reason },
        { check: 'snapshot', verdict: 'unknown', reason },
      ],
    };
  }
  if (rpc === null) {
    const reason = 'not checked: the node advertises no public RPC';
    return {
      findings: [
        { check: 'node-health', verdict: 'ok', reason },
        { check: 'snapshot', verdict: 'ok', reason },
      ],
    };
  }
  const node = connect(rpc);
  const [health, version, snapshot] = await Promise.allSettled([
    node.getHealth({ signal }),
    node.getVersion({ signal }),
    node.getHighestSnapshotSlot({ signal }),
  ]);
  const status: NodeStatus = { rpc, health: 'ok' };
  if (version.status === 'fulfilled') status.version = version.value['solana-core'];
  const versionText = status.version ? `, version ${status.version}` : '';
  let healthFinding: NodeFinding;
  if (health.status === 'fulfilled') {
    healthFinding = { check: 'node-health', verdict: 'ok', reason: `its RPC at ${rpc} reports healthy${versionText}` };
  } else if (isSolRpcError(health.reason, 'RpcError') && health.reason.code === -32005) {
    const data = health.reason.data as { numSlotsBehind?: unknown } | undefined;
    const behind = typeof data?.numSlotsBehind === 'number' ? data.numSlotsBehind : null;
    status.health = 'behind';
    status.slotsBehind = behind;
    healthFinding = {
      check: 'node-health',
      verdict: 'critical',
      reason: `its RPC at ${rpc} reports unhealthy${behind === null ? '' : `: ${behind} slots behind`}${versionText}`,
    };
  } else {
    status.health = 'unreachable';
    healthFinding = {
      check: 'node-health',
      verdict: 'unknown',
      reason: `could not ask its RPC at ${rpc}: ${firstLine(health.reason)}`,
    };
  }
  return { findings: [healthFinding, snapshotFinding(rpc, snapshot, clusterSlot, snapshotLevels, status)], status };
}

function snapshotFinding(
  rpc: string,
  snapshot: PromiseSettledResult<SnapshotSlots>,
  clusterSlot: number | undefined,
  levels: Levels,
  status: NodeStatus,
): NodeFinding {
  const check = 'snapshot';
  if (snapshot.status === 'rejected') {
    if (isSolRpcError(snapshot.reason, 'RpcError') && snapshot.reason.code === -32008) {
      status.snapshot = null;
      return { check, verdict: 'warning', reason: 'the node has no snapshot' };
    }
    return { check, verdict: 'unknown', reason: `could not ask its RPC at ${rpc}: ${firstLine(snapshot.reason)}` };
  }
  status.snapshot = snapshot.value;
  const { full, incremental } = snapshot.value;
  const newest = Math.max(full, incremental ?? full);
  const which =
    incremental === null
      ? `full snapshot at slot ${full}`
      : `incremental snapshot at slot ${incremental} (full at ${full})`;
  if (clusterSlot === undefined)
    return { check, verdict: 'unknown', reason: `${which}; the cluster's slot is unknown` };
  const age = Math.max(0, clusterSlot - newest);
  return {
    check,
    verdict: judge(age, levels),
    reason: `${which}, ${age} slots old (warning at ${levels.warning}, critical at ${levels.critical})`,
  };
}
