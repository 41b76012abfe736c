/** What `startTestCluster` resolves to: the cluster's addresses, its clock, its faults and its close(). */
import type { FaultControls } from './faults/faultKinds.js';

/**
 * A test cluster running on 127.0.0.1: HTTP JSON-RPC at `url`, pubsub at `wsUrl`, with faults a test
 * switches on and off.
 *
 * @example
 * ```ts
 * import { startTestCluster } from 'solrpc/testing';
 *
 * const cluster = await startTestCluster();
 * console.log(cluster.url, cluster.wsUrl, cluster.slot());
 * await cluster.close();
 * ```
 */
export interface TestCluster extends FaultControls {
  /** The HTTP JSON-RPC address, `http://127.0.0.1:<port>`. */
  url: string;
  /**
   * The WebSocket (pubsub) address: `ws://127.0.0.1:<port + 1>` as on an agave node, or the HTTP port
   * itself when port + 1 is taken; the HTTP port takes WebSocket upgrades either way.
   */
  wsUrl: string;
  /** The cluster's current slot (the newest, processed). */
  slot(): number;
  /**
   * Stops the cluster: WebSockets get a close frame (1001, going away), calls held by a fault are ended,
   * and it resolves within a second whatever the clients do.
   */
  close(): Promise<void>;
}
