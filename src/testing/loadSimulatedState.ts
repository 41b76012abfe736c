/**
 * The cluster state for the Node servers: LiteSVM, when asked for, imported first (the optional peer
 * dependency, a native package). Kept apart from simulatedState.ts and clusterState.ts, which the msw
 * handlers import and which run in browsers.
 */
import { preloadedAccounts } from './clusterState.js';
import { createLiteSvmRuntime } from './ledger/litesvmRuntime.js';
import { createSimulatedState, type SimulatedState, stateOptions } from './simulatedState.js';
import type { CheckedTestClusterOptions } from './testClusterOptions.js';

/**
 * createSimulatedState, with LiteSVM imported first when `options.litesvm` asks for it (its executable
 * preloaded accounts owned by a BPF loader deployed in it as programs).
 */
export async function loadSimulatedState(options: CheckedTestClusterOptions): Promise<SimulatedState> {
  if (!options.litesvm) return createSimulatedState(options);
  const runtime = await createLiteSvmRuntime(options.litesvm, preloadedAccounts(stateOptions(options)));
  return createSimulatedState(options, runtime);
}
