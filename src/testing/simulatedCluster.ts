/**
 * A simulated cluster: a JSON-RPC server on 127.0.0.1 that answers the methods solrpc implements with
 * realistic, internally consistent data and a slot clock that advances in real (or injected) time, with
 * faults a test switches on. It is what `solrpc/testing`'s startTestCluster, `solrpc demo` and the
 * project's tests run. Nothing here is a real cluster.
 */

import { createServer, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { answerWithFaults, connectMarket } from './faults/answerFaults.js';
import type { FaultHandle, FaultKind, FaultOptions } from './faults/faultKinds.js';
import { FaultSet } from './faults/faultSet.js';
import { loadSimulatedState } from './loadSimulatedState.js';
import { unhealthy } from './nodeHealth.js';
import { listen, startRpcServer } from './rpcServer.js';
import { attachPubsub } from './simulatedPubsub.js';
import { SLOTS_TO_ROOT } from './simulationCast.js';
import type { TestCluster } from './testCluster.js';
import { checkTestClusterOptions, type TestClusterOptions } from './testClusterOptions.js';

export { simulatedFailedTransfer, simulatedTransfer } from './simulatedTransactions.js';
export { SIMULATION, type SimulatedValidator, simulatedAddress } from './simulationCast.js';

/** The options of startSimulatedCluster: those of startTestCluster. */
export type SimulatedClusterOptions = TestClusterOptions;

export interface SimulatedCluster extends TestCluster {
  /** Validator alpha's own node, `http://127.0.0.1:<port>`: the RPC address alpha advertises in gossip. */
  nodeUrl: string;
}

/** Starts the simulated cluster on 127.0.0.1 (a free port unless `port` is given). */
export async function startSimulatedCluster(options: SimulatedClusterOptions = {}): Promise<SimulatedCluster> {
  const checked = checkTestClusterOptions(options);
  const state = await loadSimulatedState(checked);
  const faults = new FaultSet();
  connectMarket(faults, state.openMarket);
  const pubsub = attachPubsub({ ...state, slotsToRoot: SLOTS_TO_ROOT }, faults);
  const server = await startRpcServer({
    respond: answerWithFaults(faults, state.answer),
    faults,
    // Behind past agave's health-check distance while the `behind` fault (as getHealth sees it) is on.
    health: () => {
      const behind = faults.peek('behind', ['getHealth']);
      return behind && unhealthy(Math.min(behind.options.slots, state.slot())) ? 'behind' : 'ok';
    },
    upgrade: pubsub.upgrade,
    port: checked.port,
  }).catch(async (error: unknown) => {
    await pubsub.close();
    throw error;
  });
  // Validator alpha's own node, which alpha advertises in gossip: `check` and `catchup` ask it directly.
  const node = await startRpcServer({ respond: state.nodeAnswer, faults: new FaultSet() });
  state.setNodeAddress(node.address);
  const nextPort = await listenForUpgrades(server.port + 1, pubsub.upgrade);
  let closing: Promise<void> | undefined;
  return {
    url: `http://${server.address}`,
    nodeUrl: `http://${node.address}`,
    wsUrl: nextPort ? `ws://127.0.0.1:${nextPort.port}` : `ws://${server.address}`,
    slot: state.slot,
    fault: <K extends FaultKind>(kind: K, faultOptions?: FaultOptions[K]): FaultHandle =>
      faults.add(kind, faultOptions),
    clearFaults: () => faults.clearAll(),
    close() {
      closing ??= (async () => {
        // The close frames first, while the servers still hold the sockets; then every connection ends.
        await pubsub.close();
        faults.clearAll();
        await Promise.all([server.close(), node.close(), nextPort?.close()]);
        // One turn of the event loop, in which a client of this process reads the end of its pooled
        // keep-alive sockets: a cluster started again on the port must not meet them (ECONNRESET).
        await new Promise((resolve) => setTimeout(resolve, 0));
      })();
      return closing;
    },
  } as SimulatedCluster;
}

/** A server on `port` that only takes WebSocket upgrades, or `undefined` when the port is taken. */
async function listenForUpgrades(
  port: number,
  upgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => void,
): Promise<{ port: number; close(): Promise<void> } | undefined> {
  if (port > 65_535) return undefined;
  const server = createServer((_request, response) => {
    response.statusCode = 426;
    response.end();
  });
  server.on('upgrade', upgrade);
  const listening = await listen(server, port).then(
    () => true,
    () => false,
  );
  if (!listening) return undefined;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
