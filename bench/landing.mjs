// Landing under congestion: solrpc's landTransaction, @solana/kit and @solana/web3.js each land the same
// N transfers on the same congested cluster (same seeds): solrpc's test cluster on loopback, in a process
// of its own, whose leader drops a share of the sends, lands only transactions paying at least a market
// fee that walks, expires blockhashes after 150 blocks and shows statuses some slots late. What landed is
// read from the cluster's ledger afterwards. Not a test: it prints a Markdown table for docs/performance.md.
// Run with `npm run bench:landing` (builds dist/ first); the defaults take a few minutes on 2 cores.
//
//   node bench/landing.mjs [--n 200] [--lanes 25] [--slot-ms 100] [--seed 1] [--drop-share 0.5]
//                          [--status-lag 4] [--clients solrpc,kit,web3] [--json file]
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateKeyPairSigner } from '@solana/kit';
import { call, landedByIntent, measure, percentile, sampleMarket } from './landing/audit.mjs';
import { amountOf } from './landing/transfer.mjs';

const RUNNERS = {
  solrpc: () => import('./landing/solrpcRunner.mjs'),
  kit: () => import('./landing/kitRunner.mjs'),
  web3: () => import('./landing/web3Runner.mjs'),
};
const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '200' },
    lanes: { type: 'string', default: '25' },
    'slot-ms': { type: 'string', default: '100' },
    seed: { type: 'string', default: '1' },
    'drop-share': { type: 'string', default: '0.5' },
    'status-lag': { type: 'string', default: '4' },
    clients: { type: 'string', default: Object.keys(RUNNERS).join(',') },
    json: { type: 'string' },
  },
});
const n = Number(args.n);
const lanes = Math.min(n, Number(args.lanes));
const slotMs = Number(args['slot-ms']);
const seed = Number(args.seed);
const LIFETIME = 150;
/** Every client has two blockhash lifetimes per intent, the target. */
const deadlineSlots = 2 * LIFETIME;
const MARKET = { price: 10_000, seed, step: 0.05, min: 2_500, max: 40_000 };
const config = {
  slotMs,
  startSlot: 300_000_000,
  market: MARKET,
  dropShare: Number(args['drop-share']),
  dropSeed: seed + 1,
  statusLag: Number(args['status-lag']),
  warmupSlots: LIFETIME + 1,
};

/** Starts the cluster process for these payers; resolves with its URLs and clock. */
function startCluster(payers, recipient) {
  const child = fork(fileURLToPath(new URL('./landing/cluster.mjs', import.meta.url)), [
    JSON.stringify({ ...config, payers, recipient }),
  ]);
  return new Promise((resolve, reject) => {
    child.once('message', (info) => resolve({ ...info, child }));
    child.once('exit', (code) => reject(new Error(`cluster process exited with ${code}`)));
  });
}

/** The fixed price a kit or web3.js user sets: the median of recent fees, read once before sending. */
async function fixedUnitPrice(url) {
  const fees = (await call(url, 'getRecentPrioritizationFees', [])).map((fee) => fee.prioritizationFee);
  return BigInt(percentile(fees, 50));
}

async function runClient(key) {
  const module = await RUNNERS[key]();
  const runner = await module.createRunner({ lanes, slotMs });
  const recipient = (await generateKeyPairSigner()).address;
  const cluster = await startCluster(runner.payers, recipient);
  const slotNow = () => cluster.startSlot + Math.floor((Date.now() - cluster.originMs) / slotMs);
  try {
    runner.start(cluster);
    const unitPrice = await fixedUnitPrice(cluster.url);
    const sampler = sampleMarket(cluster.url, 50 * slotMs);
    await sampler.sample();
    const outcomes = new Array(n);
    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: lanes }, async (_, lane) => {
        while (next < n) {
          const intent = next++;
          outcomes[intent] = await runner.land({
            lane,
            lamports: amountOf(intent),
            recipient,
            deadlineMs: deadlineSlots * slotMs,
            slotNow,
            unitPrice,
          });
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const [firstSlot, lastSlot] = [slotNow() - Math.ceil((seconds * 1000) / slotMs), slotNow()];
    // A send answered lands in the next slot or never: three slots on, the ledger holds all that will land.
    await new Promise((resolve) => setTimeout(resolve, 3 * slotMs));
    await sampler.stop();
    const byIntent = await landedByIntent(cluster.url, recipient);
    const during = [...sampler.market].filter(([slot]) => slot >= firstSlot && slot <= lastSlot).map(([, fee]) => fee);
    return {
      client: module.name,
      fixedUnitPrice: key === 'solrpc' ? null : unitPrice,
      seconds,
      market: { min: Math.min(...during), p50: percentile(during, 50), max: Math.max(...during) },
      ...measure(outcomes, byIntent, sampler.market),
    };
  } finally {
    runner.close();
    cluster.child.disconnect();
  }
}

const fmt = (value, digits = 0) => (value === undefined || value === null ? '-' : value.toFixed(digits));
const results = [];
console.error(
  `landing ${n} transfers per client, ${lanes} in flight, ${slotMs} ms slots, seed ${seed}: ` +
    `${config.dropShare * 100}% of sends dropped, market ${MARKET.price} µL/CU walking ±${MARKET.step * 100}%/slot ` +
    `in [${MARKET.min}, ${MARKET.max}], statuses ${config.statusLag} slots late, ${deadlineSlots} slots per intent`,
);
for (const key of args.clients.split(',')) {
  const result = await runClient(key);
  results.push(result);
  const { min, p50, max } = result.market;
  console.error(
    `${result.client}: done in ${result.seconds.toFixed(0)} s; market fee during the run ${min} / ${p50} / ${max} µL/CU (min / p50 / max)`,
    result.errors.length ? result.errors : '',
  );
}
console.log(
  '| Client | Landed | Double lands | False outcomes | Slots to land p50 / p99 | Fee / market p50 / p99 | Attempts per intent | Fixed price (µL/CU) |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  console.log(
    `| ${r.client} | ${r.landed}/${r.intents} (${fmt(r.landedPercent, 1)}%) | ${r.doubles} | ${r.falseOutcomes} | ` +
      `${fmt(r.slotsToLand.p50)} / ${fmt(r.slotsToLand.p99)} | ${fmt(r.feeRatio.p50, 2)} / ${fmt(r.feeRatio.p99, 2)} | ` +
      `${fmt(r.attemptsPerIntent, 2)} | ${r.fixedUnitPrice ?? 'estimated'} |`,
  );
}
if (args.json)
  writeFileSync(
    args.json,
    `${JSON.stringify({ config: { n, lanes, ...config }, results }, (_k, v) => (typeof v === 'bigint' ? String(v) : v), 2)}\n`,
  );
// web3.js and kit may hold sockets and timers open past their calls: the run is over.
process.exit(0);
