// The subscriptions benchmark's push server: a separate process on loopback that speaks agave's pubsub
// protocol over WebSocket (ws), as much of it as the three clients use: `*Subscribe` answered with an id,
// `*Unsubscribe` with true, anything else without an id (web3.js's keep-alive `ping`) ignored. Driven by
// its parent (bench/subscriptions.mjs) over IPC:
//   parent -> { prepare: { count, round } }  the next subscription gets `count` notifications of that round
//   server -> { subscribed: kind }           a subscription of `kind` arrived and its frames are built
//   parent -> { go: kind }                   push them to the newest subscription of `kind`
//   server -> { sent: kind }                 every frame of the round handed to the socket
// Frames are built when the subscription arrives, before the parent starts its clock, and sent in batches:
// the next batch waits until the last one was written to the kernel, so the server goes as fast as the
// client reads and no faster (nothing piles up in this process).
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { accountFrame, roundBase, slotFrame } from './subscriptionPayloads.mjs';

const BATCH = 64;
const TEXT = { binary: false };
const newest = {}; // kind -> { ws, id }
let nextId = 0;
let pending; // { count, round } of the next round, set before the client subscribes

const http = createServer((_req, res) => {
  // web3.js's Connection needs an HTTP URL too; nothing here calls it.
  res.writeHead(404);
  res.end();
});
const wss = new WebSocketServer({ server: http });
wss.on('connection', (ws) => {
  ws.on('message', (raw) => {
    let message;
    try {
      message = JSON.parse(String(raw));
    } catch {
      return;
    }
    const { id, method = '' } = message;
    if (id === undefined || id === null) return;
    const reply = (result) =>
      ws.send(`{"jsonrpc":"2.0","result":${JSON.stringify(result)},"id":${JSON.stringify(id)}}`);
    if (method.endsWith('Unsubscribe')) return reply(true);
    if (method !== 'accountSubscribe' && method !== 'slotSubscribe') {
      return ws.send(JSON.stringify({ jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id }));
    }
    const kind = method === 'accountSubscribe' ? 'account' : 'slot';
    const sub = { ws, id: nextId++ };
    reply(sub.id);
    if (!pending) return;
    const base = roundBase(pending.round);
    sub.frames = Array.from({ length: pending.count }, (_, i) =>
      Buffer.from(kind === 'account' ? accountFrame(sub.id, base + i, i) : slotFrame(sub.id, base + i)),
    );
    newest[kind] = sub;
    process.send({ subscribed: kind });
  });
});

function push(kind) {
  const { ws, frames } = newest[kind];
  let next = 0;
  const batch = () => {
    const end = Math.min(frames.length, next + BATCH);
    // Text frames, as agave sends (a Buffer would go as a binary frame).
    for (; next < end - 1; next++) ws.send(frames[next], TEXT);
    ws.send(frames[next++], TEXT, (error) => {
      if (error) process.send({ sent: kind, error: String(error) });
      else if (next < frames.length) batch();
      else process.send({ sent: kind });
    });
  };
  batch();
}

process.on('message', (message) => {
  if (message.prepare) pending = message.prepare;
  if (message.go) push(message.go);
});
process.on('disconnect', () => process.exit(0));
http.listen(0, '127.0.0.1', () => process.send({ port: http.address().port }));
