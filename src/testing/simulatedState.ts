/**
 * One test cluster's state as the servers read it: the cluster state (clusterState.ts: the ledger, the
 * clock, the answers) and the answers of validator alpha's own node, which alpha advertises in gossip
 * (`check` and `catchup` ask it directly). The Node servers and the msw handlers both answer from it.
 */
import { type ClusterState, type ClusterStateOptions, createClusterState } from './clusterState.js';
import { bankSlot } from './simulatedLedger.js';
import { NODE } from './simulationCast.js';
import type { checkTestClusterOptions } from './testClusterOptions.js';

export interface SimulatedState extends ClusterState {
  /** Answers a call as validator alpha's own node does: its identity, its slot one behind, else as the cluster. */
  nodeAnswer(method: string, params: unknown[]): unknown;
}

export function createSimulatedState(options: ReturnType<typeof checkTestClusterOptions>): SimulatedState {
  const { now, slotMs, startSlot, accounts, fullApi, litesvm } = options;
  // `litesvm` reaches the state as given: the state decides how transactions execute.
  const state = createClusterState({ now, slotMs, startSlot, accounts, fullApi, litesvm } as ClusterStateOptions);
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
