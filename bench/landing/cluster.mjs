// The congested cluster of the landing benchmark, in a process of its own (the clients run in the parent,
// so each side has a core): solrpc's test cluster on loopback with a market fee that walks (seeded), a
// share of sends dropped (seeded), statuses that lag, and fast slots. It tells the parent its URLs and its
// clock (the slot of any moment is startSlot + floor((Date.now() - originMs) / slotMs)), then serves until
// the parent disconnects.
//
//   fork('bench/landing/cluster.mjs', [JSON.stringify(config)])
//   config: { slotMs, startSlot, payers: [address], recipient, market: { price, seed, step, min, max },
//             dropShare, dropSeed, statusLag, warmupSlots }
import { startTestCluster } from '../../dist/testing/index.js';

const config = JSON.parse(process.argv[2]);
const { slotMs, startSlot } = config;
let originMs;
let jumpMs = 0;
// The first reading of the clock is the cluster's start: slot `startSlot` at `originMs`.
const now = () => {
  const wall = Date.now();
  originMs ??= wall;
  return wall - originMs + jumpMs;
};
const accounts = Object.fromEntries(config.payers.map((payer) => [payer, { lamports: 1_000_000_000_000n }]));
accounts[config.recipient] = { lamports: 1_000_000_000n };
const cluster = await startTestCluster({ slotMs, startSlot, now, accounts });

const { price, seed, step, min, max } = config.market;
cluster.fault('marketFee', { price, walk: { seed, step, min, max } });
// The market's history fills the 150 slots a fee estimate reads before any client starts: the clock jumps.
jumpMs = config.warmupSlots * slotMs;
cluster.fault('dropSends', { share: config.dropShare, seed: config.dropSeed });
if (config.statusLag > 0) cluster.fault('statusLag', { slots: config.statusLag });

const expected = startSlot + Math.floor((Date.now() - originMs + jumpMs) / slotMs);
if (Math.abs(cluster.slot() - expected) > 1) throw new Error(`clock mismatch: ${cluster.slot()} vs ${expected}`);
process.send({ url: cluster.url, wsUrl: cluster.wsUrl, startSlot, originMs: originMs - jumpMs, slotMs });
process.on('disconnect', async () => {
  await cluster.close();
  process.exit(0);
});
