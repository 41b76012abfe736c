/**
 * A simulated cluster: a JSON-RPC server on 127.0.0.1 that answers the methods solrpc implements with
 * realistic, internally consistent data and a slot clock that advances in real (or injected) time.
 * It is what `solrpc demo` runs and what the CLI's tests run against. Nothing here is a real cluster.
 */

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { toJson } from '../format.js';
import { bankSlot, type Ledger, RpcFailure } from './simulatedLedger.js';
import { attachPubsub } from './simulatedPubsub.js';
import { answer } from './simulatedRpc.js';
import { landedSince, signatureStatus } from './simulatedTransactions.js';
import { NODE, SIMULATION, SLOT_MS, SLOTS_TO_ROOT } from './simulationCast.js';

export { simulatedFailedTransfer, simulatedTransfer } from './simulatedTransactions.js';
export { SIMULATION, type SimulatedValidator, simulatedAddress } from './simulationCast.js';

export interface SimulatedClusterOptions {
  /** Milliseconds since some fixed point; `Date.now` by default. Tests inject a clock. */
  now?: () => number;
}

export interface SimulatedCluster {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Validator alpha's own node, `http://127.0.0.1:<port>`: the RPC address alpha advertises in gossip. */
  nodeUrl: string;
  /**
   * The cluster's WebSocket (pubsub) side: `ws://127.0.0.1:<port + 1>` as on an agave node (where the
   * Solana CLI and `solrpc logs` look for it), or the RPC port itself when port + 1 is taken; the RPC port
   * takes WebSocket upgrades either way.
   */
  wsUrl: string;
  /** The current slot. */
  slot(): number;
  close(): Promise<void>;
}

/** Starts the simulated cluster on a free loopback port. */
export async function startSimulatedCluster(options: SimulatedClusterOptions = {}): Promise<SimulatedCluster> {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const slot = () => SIMULATION.firstSlot + Math.floor((now() - startedAt) / SLOT_MS);
  const ledger: Ledger = { sent: new Map(), blockhashes: new Map(), self: '' };
  // The RPC node the cluster is asked through, and validator alpha's own node, which alpha advertises in
  // gossip: `check` and `catchup` ask it directly. It answers for alpha (its identity, its slot one behind
  // as alpha votes one behind) and otherwise as the cluster does.
  const pubsub = attachPubsub({
    slot,
    slotsToRoot: SLOTS_TO_ROOT,
    slotMs: SLOT_MS,
    status: (signature) => signatureStatus(ledger, signature, slot()) as ReturnType<PubsubStatus>,
    landedSince: (from, to) => landedSince(ledger, from, to),
  });
  const server = await serve((method, params) => answer(method, params, slot(), now(), ledger), pubsub.upgrade);
  const node = await serve((method, params) => {
    if (method === 'getIdentity') return { identity: NODE.identity };
    if (method === 'getSlot')
      return bankSlot(slot() - NODE.lag, (params.at(-1) as { commitment?: string })?.commitment);
    return answer(method, params, slot(), now(), ledger);
  });
  ledger.self = node.address;
  const nextPort = await listenForUpgrades(Number(server.address.split(':')[1]) + 1, pubsub.upgrade);
  return {
    url: `http://${server.address}`,
    nodeUrl: `http://${node.address}`,
    wsUrl: nextPort ? `ws://127.0.0.1:${nextPort.port}` : `ws://${server.address}`,
    slot,
    close: async () => {
      pubsub.close();
      await Promise.all([server.close(), node.close(), nextPort?.close()]);
    },
  };
}

type PubsubStatus = Parameters<typeof attachPubsub>[0]['status'];

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
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (!listening) return undefined;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A JSON-RPC server on a free loopback port, answering each call with `respond` (or its RpcFailure), and
 * handing WebSocket upgrades to `upgrade` when given (refused otherwise).
 */
async function serve(
  respond: (method: string, params: unknown[]) => unknown,
  upgrade?: (request: IncomingMessage, socket: Duplex, head: Buffer) => void,
) {
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 1_000_000) request.destroy();
    });
    request.on('end', () => {
      let id: unknown = null;
      let reply: object;
      try {
        const call = JSON.parse(body) as { id?: unknown; method?: unknown; params?: unknown };
        id = call.id ?? null;
        const params = Array.isArray(call.params) ? call.params : [];
        reply = { result: respond(String(call.method), params) };
      } catch (error) {
        reply = { error: error instanceof RpcFailure ? error.body : { code: -32700, message: 'Parse error' } };
      }
      response.setHeader('content-type', 'application/json; charset=utf-8');
      response.end(toJson({ jsonrpc: '2.0', ...reply, id }, false));
    });
  });
  server.on('upgrade', (request, socket, head) => {
    if (upgrade) upgrade(request, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
