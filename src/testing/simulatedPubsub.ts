/**
 * The simulated cluster's WebSocket side, as agave's pubsub answers: subscription ids from 0 (a fresh id
 * for every subscribe; identical requests on one socket share one), `*Unsubscribe` answered true (or
 * -32602 for an id the socket does not hold), -32601 for a method it does not serve. What it notifies
 * follows the cluster's own clock and ledger, so a notification never contradicts an HTTP answer:
 * - `slotSubscribe`, `rootSubscribe`, `slotsUpdatesSubscribe`: every slot as the clock reaches it;
 * - `signatureSubscribe`: once the transaction reaches the commitment (at once if it already has);
 * - `logsSubscribe`: each transaction sent to the cluster, as it lands (its logs as getTransaction has them);
 * - `accountSubscribe`, `programSubscribe`: accepted; the simulation's balances never change, so silent;
 * - `blockSubscribe`, `voteSubscribe`: refused with -32601, as by a node started without their flags.
 * The `behind` fault holds the notifications back as a lagging node's are; the socket faults end sockets.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { ActiveFault, FaultSet } from './faults/faultSet.js';
import { wireJson } from './wireJson.js';

/**
 * How long close() waits for clients to answer its close frame (1001, going away) before it ends their
 * sockets anyway: a client that never reads must not hold close() up.
 */
export const CLOSE_GRACE_MS = 250;

/** What the pubsub side reads from the cluster. */
export interface PubsubCluster {
  /** The current slot. */
  slot(): number;
  /** How many slots behind the tip a slot is rooted. */
  slotsToRoot: number;
  /** Milliseconds a slot lasts on the cluster's clock. */
  slotMs: number;
  /** A signature's status now, as getSignatureStatuses answers it, or null. */
  status(signature: string): { slot: number; err: unknown; confirmationStatus: string } | null;
  /** The transactions sent to the cluster that have landed by `slot`, with their logs and accounts. */
  landedSince(
    fromSlot: number,
    toSlot: number,
  ): { signature: string; slot: number; err: unknown; logs: string[]; accounts: string[] }[];
}

interface Sub {
  id: number;
  method: string;
  params: unknown[];
  socket: WebSocket;
}

const SERVED = [
  'accountSubscribe',
  'programSubscribe',
  'signatureSubscribe',
  'logsSubscribe',
  'slotSubscribe',
  'rootSubscribe',
  'slotsUpdatesSubscribe',
];
const LEVEL: Record<string, number> = { processed: 0, confirmed: 1, finalized: 2 };

/**
 * Adds the pubsub side to an HTTP server: it takes the WebSocket upgrades, and shows the socket faults
 * (lost, closed with a code) and the slow and silent faults on its replies. Returns its close(), which
 * sends every client a close frame (1001, going away).
 */
export function attachPubsub(
  cluster: PubsubCluster,
  faults: FaultSet,
): {
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
} {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1_000_000 });
  let closing = false;
  let onClose = () => {};
  const closed = new Promise<void>((resolve) => {
    onClose = resolve;
  });
  /** Ends a socket as a socket fault says: no close frame (lost), or one with the fault's code. */
  const endSocket = (socket: WebSocket, fault: ActiveFault) => {
    if (fault.kind === 'socketLost') socket.terminate();
    else {
      const { code, reason } = (fault as ActiveFault<'socketClosed'>).options;
      socket.close(code, reason ?? '');
    }
  };
  faults.onAdd((fault) => {
    if (fault.kind !== 'socketLost' && fault.kind !== 'socketClosed') return;
    for (const socket of wss.clients) {
      if (fault.handle.cleared) break;
      endSocket(socket, fault);
      faults.spend(fault);
    }
  });
  const subs = new Map<number, Sub>();
  let nextId = 0;
  let lastSlot = cluster.slot();
  const send = (sub: Sub, result: unknown) => {
    const method = `${sub.method.replace(/Subscribe$/, '')}Notification`;
    sub.socket.send(wireJson({ jsonrpc: '2.0', method, params: { result, subscription: sub.id } }));
  };
  const commitmentOf = (sub: Sub) =>
    ((sub.params.at(-1) as { commitment?: string } | undefined)?.commitment ?? 'finalized') as string;
  /** Sends a signature's status when it has reached the subscription's commitment; true once sent. */
  const settleSignature = (sub: Sub): boolean => {
    const status = cluster.status(String(sub.params[0]));
    if (!status || (LEVEL[status.confirmationStatus] ?? 0) < (LEVEL[commitmentOf(sub)] ?? 2)) return false;
    send(sub, { context: { slot: cluster.slot() }, value: { err: status.err } });
    // The node drops a signature subscription after its notification.
    subs.delete(sub.id);
    return true;
  };

  const tick = setInterval(() => {
    // A node behind notifies from its own, older bank: nothing until that bank passes the last slot notified.
    const slot = cluster.slot() - (faults.peek('behind', SERVED)?.options.slots ?? 0);
    if (slot <= lastSlot) return;
    const landed = cluster.landedSince(lastSlot, slot);
    for (const sub of [...subs.values()]) {
      if (sub.socket.readyState !== sub.socket.OPEN) continue;
      if (sub.method === 'slotSubscribe') send(sub, { slot, parent: slot - 1, root: slot - cluster.slotsToRoot });
      else if (sub.method === 'rootSubscribe') send(sub, slot - cluster.slotsToRoot);
      else if (sub.method === 'slotsUpdatesSubscribe') {
        const timestamp = Date.now();
        for (const type of ['firstShredReceived', 'completed']) send(sub, { type, slot, timestamp });
        send(sub, { type: 'createdBank', slot, parent: slot - 1, timestamp });
        send(sub, { type: 'root', slot: slot - cluster.slotsToRoot, timestamp });
      } else if (sub.method === 'signatureSubscribe') settleSignature(sub);
      else if (sub.method === 'logsSubscribe') {
        const filter = sub.params[0] as string | { mentions?: string[] };
        const mentioned = typeof filter === 'object' && filter !== null ? filter.mentions?.[0] : undefined;
        for (const tx of landed) {
          if (mentioned !== undefined && !tx.accounts.includes(mentioned)) continue;
          send(sub, { context: { slot: tx.slot }, value: { signature: tx.signature, err: tx.err, logs: tx.logs } });
        }
      }
    }
    lastSlot = slot;
  }, cluster.slotMs / 4);

  wss.on('connection', (socket: WebSocket) => {
    // A frame too large or malformed ends the socket ('close' follows); it must not end the process.
    socket.on('error', () => undefined);
    const fault = faults.take('socketLost') ?? faults.take('socketClosed');
    if (fault) return endSocket(socket, fault);
    socket.on('message', async (raw) => {
      let request: { id?: unknown; method?: unknown; params?: unknown };
      try {
        request = JSON.parse(String(raw));
      } catch {
        socket.send(wireJson({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }));
        return;
      }
      const id = request.id ?? null;
      const method = String(request.method);
      const params = Array.isArray(request.params) ? request.params : [];
      const silent = faults.take('silent', [method]);
      if (silent) await Promise.race([silent.off, closed]);
      const slow = faults.take('slow', [method]);
      if (slow) await wait(slow.options.delayMs, closed);
      if (closing || socket.readyState !== socket.OPEN) return;
      const reply = (body: object) => socket.send(wireJson({ jsonrpc: '2.0', ...body, id }));
      if (method.endsWith('Unsubscribe')) {
        const sub = subs.get(Number(params[0]));
        if (!sub || sub.socket !== socket)
          return reply({ error: { code: -32602, message: 'Invalid subscription id.' } });
        subs.delete(sub.id);
        return reply({ result: true });
      }
      if (!SERVED.includes(method)) return reply({ error: { code: -32601, message: 'Method not found' } });
      const key = JSON.stringify(params);
      const same = [...subs.values()].find(
        (sub) => sub.socket === socket && sub.method === method && JSON.stringify(sub.params) === key,
      );
      if (same) return reply({ result: same.id });
      const sub: Sub = { id: nextId++, method, params, socket };
      subs.set(sub.id, sub);
      reply({ result: sub.id });
      // A transaction that has already reached the commitment is notified at once.
      if (method === 'signatureSubscribe') settleSignature(sub);
    });
    socket.on('close', () => {
      for (const sub of [...subs.values()]) if (sub.socket === socket) subs.delete(sub.id);
    });
  });

  return {
    upgrade: (request, socket, head) => {
      if (closing) socket.destroy();
      else wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws));
    },
    async close() {
      closing = true;
      onClose();
      clearInterval(tick);
      const ends = [...wss.clients].map(
        (client) =>
          new Promise<void>((resolve) => {
            client.once('close', () => resolve());
            client.close(1001, 'going away');
          }),
      );
      await wait(
        CLOSE_GRACE_MS,
        Promise.all(ends).then(() => undefined),
      );
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}

/** Settles after `ms`, or at once when `early` settles first. */
function wait(ms: number, early: Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))), early]).finally(() =>
    clearTimeout(timer),
  );
}
