/**
 * The simulated cluster of `solrpc demo`, started once for a test file at a fixed clock (so its slots and
 * times never move), with a client for it that does not retry: each answer is judged as the server sent it.
 */
import { afterAll, beforeAll } from 'vitest';
import { createRpc, type Rpc } from '../../src/index.js';
import { type SimulatedCluster, startSimulatedCluster } from '../../src/testing/simulatedCluster.js';

/** The fixed clock: 2025-08-11T08:25:54Z. */
export const SIMULATION_NOW = 1_754_900_754_000;

/** Starts the cluster before the file's tests and closes it after; read `cluster` and `rpc` inside tests. */
export function useSimulatedCluster(): { cluster: SimulatedCluster; rpc: Rpc } {
  const sim = {} as { cluster: SimulatedCluster; rpc: Rpc };
  beforeAll(async () => {
    sim.cluster = await startSimulatedCluster({ now: () => SIMULATION_NOW });
    sim.rpc = createRpc(sim.cluster.url, { timeoutMs: 10_000, retry: false });
  });
  afterAll(async () => {
    await sim.cluster.close();
  });
  return sim;
}
