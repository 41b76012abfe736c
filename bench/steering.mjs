// What issue 34's steering (rate limits, fresh reads, endpoint health) costs a small call when no limit
// is set: solrpc now (defaults: fresh reads on), now with `freshReads: false`, now with a `rateLimit`
// far above the pace (it never waits), and solrpc as it was before issue 34 (its dist/ built from
// commit 5451f85 in a git worktree under /tmp), beside the node:http floor, kit and web3.js, in the same
// process, in alternating rounds, against a loopback server of its own process (bench/rateLimitServer.mjs,
// no limit). The claim is "no measurable cost": each round pairs every client with the before build, and
// a second copy of the before build (the A/A row) shows how far two identical clients differ by chance.
// Then the solrpc rows again with a `fetch` that answers from memory: the client's own work, without the
// network's and the server's noise.
// Not a test: prints Markdown tables for docs/performance.md. `npm run bench:steering` (builds dist/ first).
//
//   node bench/steering.mjs [--rounds 30] [--round-ms 100] [--only getBalance,epochInfo] [--network-only]
//                           [--json file]
//                           [--before-commit 5451f85] [--before-dir /tmp/solrpc-before-5451f85]
import { execFileSync } from 'node:child_process';
import { existsSync, symlinkSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createSolanaRpcFromTransport, address as kitAddress } from '@solana/kit';
import { createHttpTransportForSolanaRpc } from '@solana/rpc-transport-http';
import { Connection, PublicKey } from '@solana/web3.js';
import { createRpc } from '../dist/index.js';
import { seededRandom } from '../dist/testing/seededRandom.js';
import { forkServer, jsonGetter, keepAlivePost } from './loopback.mjs';
import { describeMachine, watchMachine } from './machine.mjs';
import { round } from './round.mjs';
import { ADDRESSES } from './workloads.mjs';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '30' },
    'round-ms': { type: 'string', default: '100' },
    only: { type: 'string' },
    'network-only': { type: 'boolean', default: false }, // skip the in-memory rounds
    json: { type: 'string' },
    'before-commit': { type: 'string', default: '5451f85' },
    'before-dir': { type: 'string' },
  },
});
const root = fileURLToPath(new URL('..', import.meta.url));
const beforeCommit = args['before-commit'];
const beforeDir = args['before-dir'] ?? `/tmp/solrpc-before-${beforeCommit}`;
const progress = (text) => process.stderr.write(`${text}\n`);

/**
 * The before build: a detached worktree at the commit, sharing this checkout's node_modules (the same
 * dependencies; nothing installed), built with tsup. Made once; later runs reuse it.
 */
function ensureBeforeBuild() {
  const dist = `${beforeDir}/dist/index.js`;
  if (existsSync(dist)) return dist;
  progress(`building solrpc at ${beforeCommit} in ${beforeDir} (~1 minute)`);
  if (!existsSync(beforeDir)) {
    execFileSync('git', ['worktree', 'add', '--detach', beforeDir, beforeCommit], { cwd: root, stdio: 'ignore' });
  }
  if (!existsSync(`${beforeDir}/node_modules`)) symlinkSync(`${root}node_modules`, `${beforeDir}/node_modules`);
  execFileSync('npx', ['tsup', '--silent'], { cwd: beforeDir, stdio: 'inherit' });
  return dist;
}
const before = await import(pathToFileURL(ensureBeforeBuild()).href);

const ACCOUNTS = ADDRESSES.account165; // 64 addresses; the server answers any getBalance the same way
const WORKLOADS = { getBalance: 'getBalance', epochInfo: 'getEpochInfo' };

/** node:http with a keep-alive Agent, Buffer.concat, toString, JSON.parse: what any client must do. */
function floor(url) {
  const post = keepAlivePost(url);
  let id = 1;
  const call = async (method, params) =>
    JSON.parse(await post(`{"jsonrpc":"2.0","id":${id++},"method":"${method}","params":${JSON.stringify(params)}}`))
      .result;
  return {
    getBalance: (i) => call('getBalance', [ACCOUNTS[i % 64]]),
    epochInfo: () => call('getEpochInfo', []),
  };
}

/** Coalescing off, as in bench/clients/solrpc.mjs: 32 calls in flight are 32 requests, like every client's. */
const solrpc = (create, options) => (url) => {
  const rpc = create(url, { coalesce: false, ...options });
  return { getBalance: (i) => rpc.getBalance(ACCOUNTS[i % 64]), epochInfo: () => rpc.getEpochInfo() };
};

function kit(url) {
  // createSolanaRpc without its same-tick coalescing, as bench/clients/kit.mjs makes it.
  const rpc = createSolanaRpcFromTransport(createHttpTransportForSolanaRpc({ url }));
  const accounts = ACCOUNTS.map((a) => kitAddress(a));
  return { getBalance: (i) => rpc.getBalance(accounts[i % 64]).send(), epochInfo: () => rpc.getEpochInfo().send() };
}

function web3(url) {
  const connection = new Connection(url, { commitment: 'finalized', disableRetryOnRateLimit: true });
  const keys = ACCOUNTS.map((a) => new PublicKey(a));
  return { getBalance: (i) => connection.getBalance(keys[i % 64]), epochInfo: () => connection.getEpochInfo() };
}

const FLOOR = 'node:http+JSON.parse';
const BEFORE = `solrpc before (${beforeCommit})`;
const AA = `solrpc before, 2nd copy (A/A)`;
const NOW = 'solrpc now (defaults: fresh reads on)';
const NOW_STALE_OK = 'solrpc now, freshReads: false';
const NOW_LIMIT = 'solrpc now, rateLimit 1,000,000/s';
const CLIENTS = [
  { name: FLOOR, create: floor },
  { name: NOW, create: solrpc(createRpc, {}) },
  { name: NOW_STALE_OK, create: solrpc(createRpc, { freshReads: false }) },
  { name: NOW_LIMIT, create: solrpc(createRpc, { rateLimit: { requestsPerSecond: 1_000_000 } }) },
  { name: BEFORE, create: solrpc(before.createRpc, {}) },
  { name: AA, create: solrpc(before.createRpc, {}) },
  { name: 'kit', create: kit },
  { name: 'web3.js', create: web3 },
];
/** The rows the claim is about, each paired with the before build in every round. */
const PAIRED = [NOW, NOW_STALE_OK, NOW_LIMIT, AA];

/**
 * The client's own work alone: solrpc's builds given a `fetch` that answers from memory (the same text
 * the server sends), so neither the network nor the server process adds its noise to the ratio. The
 * fetch path, not the Node default's node:http pool, but the steering sits above both.
 */
const ANSWERS = {
  getBalance: '{"context":{"apiVersion":"2.3.7","slot":356139496},"value":3482119554}',
  getEpochInfo:
    '{"absoluteSlot":356139496,"blockHeight":334337153,"epoch":824,"slotIndex":171496,"slotsInEpoch":432000,"transactionCount":418273992151}',
};
const JSON_HEADERS = { 'content-type': 'application/json' };
async function answerFromMemory(_url, init) {
  const body = String(init.body);
  const method = /"method":"(\w+)"/.exec(body)[1];
  const id = /"id":(\d+)/.exec(body)[1];
  return new Response(`{"jsonrpc":"2.0","result":${ANSWERS[method]},"id":${id}}`, { headers: JSON_HEADERS });
}
const IN_MEMORY = CLIENTS.filter((c) => c.name.startsWith('solrpc')).map((c) => ({
  name: c.name,
  create: c.name.startsWith('solrpc before')
    ? solrpc(before.createRpc, { fetch: answerFromMemory })
    : solrpc(createRpc, {
        fetch: answerFromMemory,
        ...(c.name === NOW_STALE_OK ? { freshReads: false } : {}),
        ...(c.name === NOW_LIMIT ? { rateLimit: { requestsPerSecond: 1_000_000 } } : {}),
      }),
}));

const { getJson, close: closeStats } = jsonGetter();

/** Seeded, so a run's orders can be repeated. */
const random = seededRandom(34);
/** A copy of `list` in a random order (Fisher-Yates). */
function shuffled(list, next) {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (at - lo);
};
const median = (xs) => quantile(xs, 0.5);

async function measure(url, workload, list) {
  const clients = list.map((c) => ({ ...c, call: c.create(url)[workload] }));
  // Warm-up: the JIT, lazy imports, and 32 open sockets in each pool.
  const estimate = {};
  for (const client of clients) {
    const samples = [];
    const until = performance.now() + 1000;
    while (samples.length < 200 || (performance.now() < until && samples.length < 3000)) {
      const t = performance.now();
      await client.call(samples.length);
      samples.push(performance.now() - t);
    }
    estimate[client.name] = median(samples.slice(-100));
    await round(client.call, 64, 32, 0);
  }
  const fastest = Math.min(...Object.values(estimate));
  const modes = {};
  for (const inflight of [1, 32]) {
    // The same number of calls for every client in a round, ~round-ms for the fastest one.
    const seq = Math.max(50, Math.round(Number(args['round-ms']) / fastest));
    const calls = inflight === 1 ? seq : 32 * Math.max(2, Math.round((seq * 2) / 32));
    const rounds = Number(args.rounds);
    progress(`  ${workload}, ${inflight === 1 ? 'sequential' : '32 in flight'}: ${rounds} rounds of ${calls} calls`);
    const per = Object.fromEntries(clients.map((c) => [c.name, { ms: [], cpu: [], requests: 0, calls: 0 }]));
    for (let r = 0; r < rounds; r++) {
      // A new order each round. Rotating one order is not enough: a client then always follows the same
      // one, and one that follows a build of the same code runs warmer (in a first run the A/A copy,
      // always right after the before build, came out 5-10% faster than it).
      for (const client of shuffled(clients, random)) {
        const served = (await getJson(`${url}/stats`)).requests;
        const { wall, cpuUs } = await round(client.call, calls, inflight, r * calls);
        const s = per[client.name];
        s.requests += (await getJson(`${url}/stats`)).requests - served;
        s.calls += calls;
        s.ms.push(wall / calls);
        s.cpu.push(cpuUs / 1000 / calls);
      }
    }
    modes[inflight] = { calls, rounds, per };
  }
  return modes;
}

const watch = watchMachine();
const server = await forkServer(fileURLToPath(new URL('./rateLimitServer.mjs', import.meta.url)));
const { url } = server;
await getJson(`${url}/configure`); // no limit
progress(`small-call server on ${url}`);

const workloads = args.only ? args.only.split(',') : Object.keys(WORKLOADS);
const results = {};
let serverCpuMs = 0;
try {
  for (const workload of workloads) {
    progress(`${workload}:`);
    results[workload] = await measure(url, workload, CLIENTS);
  }
  if (!args['network-only']) {
    for (const workload of workloads) {
      progress(`${workload}, answered from memory:`);
      results[`${workload} in memory`] = await measure(url, workload, IN_MEMORY);
    }
  }
} finally {
  serverCpuMs = server.stop();
  closeStats();
}
const machine = watch.finish(serverCpuMs);
if (args.json) writeFileSync(args.json, JSON.stringify({ machine, results }, null, 2));
console.log(report(machine, results));
setImmediate(() => process.exit(0)); // keep-alive sockets in the clients' pools would hold the loop open

function report(machine, results) {
  const ms = (x) => (x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3));
  const spread = (xs) => `${ms(median(xs))} [${ms(quantile(xs, 0.25))}–${ms(quantile(xs, 0.75))}]`;
  const pairedRatios = (a, b) => a.map((x, i) => x / b[i]);
  const ratioCell = (xs) =>
    `${median(xs).toFixed(3)} [${quantile(xs, 0.25).toFixed(3)}–${quantile(xs, 0.75).toFixed(3)}]`;
  const out = ['# Small calls with no limit set: what issue 34 costs (same run, alternating rounds)', ''];
  out.push(...describeMachine(machine));
  out.push(`- before: solrpc built from ${beforeCommit} (the last commit before issue 34), loaded by path`, '');
  const titles = {
    getBalance: 'getBalance (small call, context slot)',
    epochInfo: 'getEpochInfo (small call, no context)',
    'getBalance in memory': "getBalance answered from memory (`fetch` option): the client's own work alone",
    'epochInfo in memory': "getEpochInfo answered from memory (`fetch` option): the client's own work alone",
  };
  for (const [workload, modes] of Object.entries(results)) {
    out.push(`## ${titles[workload]}`, '');
    out.push(
      '| client | seq ms/call median [IQR] | seq CPU ms/call | seq vs floor | 32: ms/call median [IQR] | 32: CPU ms/call | 32 vs floor | requests/call |',
    );
    out.push('|---|--:|--:|--:|--:|--:|--:|--:|');
    for (const name of Object.keys(modes[1].per)) {
      const cells = [name];
      for (const inflight of [1, 32]) {
        const s = modes[inflight].per[name];
        const f = modes[inflight].per[FLOOR];
        cells.push(spread(s.ms), ms(median(s.cpu)), f ? `${(median(s.ms) / median(f.ms)).toFixed(2)}x` : '-');
      }
      const reqs = [1, 32].map((m) => modes[m].per[name].requests / modes[m].per[name].calls);
      cells.push(modes[1].per[FLOOR] ? reqs.map((x) => x.toFixed(2)).join(' / ') : '-');
      out.push(`| ${cells.join(' | ')} |`);
    }
    out.push(
      '',
      `Rounds × calls: ${modes[1].rounds} × ${modes[1].calls} sequential, ${modes[32].rounds} × ${modes[32].calls} with 32 in flight, every client every round, in a new random order each round. Median and interquartile range over the rounds; CPU is this process's${modes[1].per[FLOOR] ? ' (the server runs in another)' : ', and every call is answered from memory: no request leaves it'}.`,
      '',
    );
  }
  out.push('## Now / before, paired round by round (median [IQR] of the per-round ratios)', '');
  out.push(
    '| workload | mode | client | time now/before | CPU now/before | time ratio IQR holds 1.00 | within the A/A spread |',
  );
  out.push('|---|---|---|--:|--:|---|---|');
  for (const [workload, modes] of Object.entries(results)) {
    for (const inflight of [1, 32]) {
      const per = modes[inflight].per;
      const aa = pairedRatios(per[AA].ms, per[BEFORE].ms);
      const aaLow = quantile(aa, 0.25);
      const aaHigh = quantile(aa, 0.75);
      for (const name of PAIRED) {
        const time = pairedRatios(per[name].ms, per[BEFORE].ms);
        const cpu = pairedRatios(per[name].cpu, per[BEFORE].cpu);
        const holds = quantile(time, 0.25) <= 1 && quantile(time, 0.75) >= 1;
        const inAA = median(time) >= aaLow && median(time) <= aaHigh;
        out.push(
          `| ${workload} | ${inflight === 1 ? 'sequential' : '32 in flight'} | ${name} | ${ratioCell(time)} | ${ratioCell(cpu)} | ${holds ? 'yes' : 'no'} | ${name === AA ? '(the A/A row)' : inAA ? 'yes' : 'no'} |`,
        );
      }
    }
  }
  out.push(
    '',
    "Each round's ratio divides a client's time per call by the before build's in the same round; the A/A row divides a second, identical before client's by the first, so its spread is the noise of this method on this machine. \"Within the A/A spread\": the median ratio falls inside the A/A row's interquartile range.",
    '',
  );
  return out.join('\n');
}
