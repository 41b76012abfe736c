/**
 * `solrpc/testing`: a local cluster to test code against. It speaks the node's wire format over HTTP and
 * WebSocket on 127.0.0.1, keeps a ledger, and misbehaves on request the way real providers do. Node only;
 * nothing here is part of the `solrpc` entry an app bundles.
 */
import { type SimulatedCluster, startSimulatedCluster } from './simulatedCluster.js';
import type { TestCluster } from './testCluster.js';
import type { TestClusterOptions } from './testClusterOptions.js';

export type { PreloadedAccount } from './clusterState.js';
export type {
  BehindFault,
  CutShortFault,
  DropSendsFault,
  FaultControls,
  FaultCount,
  FaultHandle,
  FaultKind,
  FaultOptions,
  MarketFeeFault,
  MarketPrice,
  MarketWalk,
  MethodScope,
  RateLimitedFault,
  ScanLimitFault,
  SilentFault,
  SlowFault,
  SocketClosedFault,
  SocketLostFault,
  StatusLagFault,
} from './faults/faultKinds.js';
export type { TestCluster } from './testCluster.js';
export type { TestClusterOptions } from './testClusterOptions.js';

/**
 * Starts a test cluster on 127.0.0.1 and resolves once it listens: HTTP JSON-RPC at `url`, pubsub at
 * `wsUrl`, the slot advancing every `slotMs`. Bad options are refused with an `InvalidInputError` naming
 * the option (`options.port`), a port already taken included. Close it when done.
 *
 * @example
 * ```ts
 * import { createRpc } from 'solrpc';
 * import { startTestCluster } from 'solrpc/testing';
 *
 * const cluster = await startTestCluster({ slotMs: 100 });
 * const rpc = createRpc(cluster.url);
 * console.log(await rpc.getSlot());
 * await cluster.close();
 * ```
 */
export async function startTestCluster(options?: TestClusterOptions): Promise<TestCluster> {
  const cluster: SimulatedCluster = await startSimulatedCluster(options);
  const { nodeUrl: _validatorNode, ...testCluster } = cluster;
  return testCluster;
}
