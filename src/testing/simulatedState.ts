/**
 * One test cluster's state as the servers read it: the cluster state (clusterState.ts: the ledger, the
 * clock, the answers, LiteSVM when asked for) and the answers of validator alpha's own node, which alpha
 * advertises in gossip (`check` and `catchup` ask it directly). The Node servers and the msw handlers
 * both answer from it.
 */
import { type ClusterState, type ClusterStateOptions, createClusterState, loadClusterState } from './clusterState.js';
import { bankSlot } from './simulatedLedger.js';
import { NODE } from './simulationCast.js';
import type { CheckedTestClusterOptions } from './testClusterOptions.js';

export interface SimulatedState extends ClusterState {
  /** Answers a call as validator alpha's own node does: its identity, its slot one behind, else as the cluster. */
  nodeAnswer(method: string, params: unknown[]): unknown;
}

/** The state for the Node servers: LiteSVM, when asked for, imported as an ES module first. */
export async function loadSimulatedState(options: CheckedTestClusterOptions): Promise<SimulatedState> {
  return withNode(await loadClusterState(stateOptions(options)));
}

/** The state for the msw handlers, which are made synchronously: LiteSVM, when asked for, required at once. */
export function createSimulatedState(options: CheckedTestClusterOptions): SimulatedState {
  return withNode(createClusterState(stateOptions(options)));
}

function stateOptions(options: CheckedTestClusterOptions): ClusterStateOptions {
  const { now, slotMs, startSlot, accounts, fullApi, litesvm } = options;
  return { now, slotMs, startSlot, accounts, fullApi, ...(litesvm ? { litesvm } : {}) };
}

function withNode(state: ClusterState): SimulatedState {
  return {
    ...state,
    nodeAnswer: (method, params) => {
      if (method === 'getIdentity') return { identity: NODE.identity };
      if (method === 'getSlot')
        return bankSlot(state.slot() - NODE.lag, (params.at(-1) as { commitment?: string })?.commitment);
      return state.answer(method, params);
    },
  };
}
