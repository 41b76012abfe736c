/**
 * The simulated cluster's WebSocket side, as agave's pubsub answers: subscription ids from 0 (a fresh id
 * for every subscribe; identical requests on one socket share one), `*Unsubscribe` answered true (or
 * -32602 for an id the socket does not hold), -32601 for a method it does not serve, and a subscribe
 * whose address, signature, filter or encoding does not parse refused as agave words it. What it notifies
 * follows the cluster's own clock and ledger, so a notification never contradicts an HTTP answer:
 * - `slotSubscribe`, `rootSubscribe`, `slotsUpdatesSubscribe`: every slot as the clock reaches it;
 * - `accountSubscribe`, `programSubscribe`, `signatureSubscribe`, `logsSubscribe`: what changed in each
 *   bank as it reaches the subscription's commitment (pubsub/commitmentWatchers.ts), accounts encoded by
 *   the HTTP side's own encoder;
 * - `blockSubscribe`, `voteSubscribe`: refused with -32601, as by a node started without their flags.
 * The `behind` fault holds the notifications back as a lagging node's are; the socket faults end sockets.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { ActiveFault, FaultSet } from './faults/faultSet.js';
import { startWatch, WATCHERS, type Watch, type WatchSource, watch } from './pubsub/commitmentWatchers.js';
import type { LedgerReader } from './pubsub/ledgerReader.js';
import { subscribeProblem } from './pubsub/subscribeParams.js';
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
  /** Accounts by bank, and what each slot wrote. */
  reader: LedgerReader;
}

interface Sub {
  id: number;
  method: string;
  params: unknown[];
  socket: WebSocket;
  /** A commitment watcher's progress (account, program, signature, logs). */
  watch?: Watch;
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
  const source: WatchSource = {
    reader: cluster.reader,
    // The `statusLag` fault: a signature is heard of only that many slots after it landed.
    status: (signature) => {
      const status = cluster.status(signature);
      const lag = faults.peek('statusLag')?.options.slots ?? 0;
      return status && cluster.slot() - status.slot >= lag ? status : null;
    },
    landedSince: cluster.landedSince,
  };
  /** The tip as this node sees it: a node behind notifies from its own, older bank. */
  const nodeTip = () => cluster.slot() - (faults.peek('behind', SERVED)?.options.slots ?? 0);
  /** Sends a watcher what reached it; a signature subscription ends with its status, as on a node. */
  const deliver = (sub: Sub, results: unknown[], done: boolean) => {
    for (const result of results) send(sub, result);
    if (done) subs.delete(sub.id);
  };

  const tick = setInterval(() => {
    // A node behind notifies from its own, older bank: nothing until that bank passes the last slot notified.
    const slot = nodeTip();
    if (slot <= lastSlot) return;
    // A cluster younger than the root distance has its root at genesis (slot 0), which no slot newly roots.
    const root = Math.max(0, slot - cluster.slotsToRoot);
    const rooted = slot - cluster.slotsToRoot > 0;
    for (const sub of [...subs.values()]) {
      if (sub.socket.readyState !== sub.socket.OPEN) continue;
      if (sub.method === 'slotSubscribe') send(sub, { slot, parent: slot - 1, root });
      else if (sub.method === 'rootSubscribe') {
        if (rooted) send(sub, root);
      } else if (sub.method === 'slotsUpdatesSubscribe') {
        const timestamp = Date.now();
        for (const type of ['firstShredReceived', 'completed']) send(sub, { type, slot, timestamp });
        send(sub, { type: 'createdBank', slot, parent: slot - 1, timestamp });
        if (rooted) send(sub, { type: 'root', slot: root, timestamp });
      } else if (sub.watch) {
        const { results, done } = watch(sub, slot, source);
        deliver(sub, results, done);
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
      const problem = subscribeProblem(method, params);
      if (problem) return reply({ error: problem });
      const key = JSON.stringify(params);
      const same = [...subs.values()].find(
        (sub) => sub.socket === socket && sub.method === method && JSON.stringify(sub.params) === key,
      );
      if (same) return reply({ result: same.id });
      const sub: Sub = { id: nextId++, method, params, socket };
      subs.set(sub.id, sub);
      // A watcher starts from the bank its commitment reads now; a transaction already there is notified at once.
      const atOnce = WATCHERS.has(method) ? startWatch(sub, nodeTip(), source) : [];
      reply({ result: sub.id });
      deliver(sub, atOnce, atOnce.length > 0);
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
