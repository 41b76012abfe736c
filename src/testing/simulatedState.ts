/**
 * One test cluster's state as the servers read it: the cluster state (clusterState.ts: the ledger, the
 * clock, the answers) and the answers of validator alpha's own node, which alpha
 * advertises in gossip (`check` and `catchup` ask it directly). The Node servers and the msw handlers
 * both answer from it.
 */
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { type ClusterState, type ClusterStateOptions, createClusterState } from './clusterState.js';
import type { Runtime } from './ledger/runtime.js';
import { bankSlot } from './simulatedLedger.js';
import { NODE } from './simulationCast.js';
import type { CheckedTestClusterOptions } from './testClusterOptions.js';

export interface SimulatedState extends ClusterState {
  /** Answers a call as validator alpha's own node does: its identity, its slot one behind, else as the cluster. */
  nodeAnswer(method: string, params: unknown[]): Promise<unknown>;
}

/**
 * The state, its transactions run by `runtime` (the LiteSVM one loadSimulatedState.ts makes, Node only)
 * or the built-in ledger. The msw handlers make theirs with no runtime: they run in browsers, where
 * LiteSVM (a native package) cannot load, so `options.litesvm` is refused there with the option named.
 */
export function createSimulatedState(options: CheckedTestClusterOptions, runtime?: Runtime): SimulatedState {
  if (options.litesvm && !runtime)
    throw new InvalidInputError({
      method: 'testClusterHandlers',
      param: 'options.litesvm',
      problem:
        'LiteSVM cannot run behind the msw handlers, which also run in browsers; use startTestCluster (Node) for LiteSVM',
    });
  return withNode(createClusterState({ ...stateOptions(options), ...(runtime ? { runtime } : {}) }));
}

export function stateOptions(options: CheckedTestClusterOptions): ClusterStateOptions {
  const { now, slotMs, startSlot, accounts, fullApi, litesvm, providerMethods } = options;
  return { now, slotMs, startSlot, accounts, fullApi, providerMethods, ...(litesvm ? { litesvm } : {}) };
}

function withNode(state: ClusterState): SimulatedState {
  return {
    ...state,
    nodeAnswer: async (method, params) => {
      if (method === 'getIdentity') return { identity: NODE.identity };
      if (method === 'getSlot')
        return bankSlot(state.slot() - NODE.lag, (params.at(-1) as { commitment?: string })?.commitment);
      return state.answer(method, params);
    },
  };
}
