// One benchmark child process, started by bench/run.mjs:
//   --mode time  one workload, every client, in alternating rounds: sequential, then 32 in flight
//   --mode rss   one workload, one client, a few calls; reports the process's peak RSS
// Results go to the parent over IPC (or stdout when run by hand); progress goes to stderr.
import { parseArgs } from 'node:util';
import { CLIENT_NAMES, loadClient, runsMode, runsWorkload } from './clients/index.mjs';
import { checkFidelity, summarize } from './fidelity.mjs';
import { jsonGetter } from './loopback.mjs';
import { round } from './round.mjs';

const { values: args } = parseArgs({
  options: {
    mode: { type: 'string', default: 'time' },
    url: { type: 'string' },
    workload: { type: 'string' },
    client: { type: 'string' },
    clients: { type: 'string' },
    inflight: { type: 'string', default: '1' },
    budget: { type: 'string', default: '10' }, // seconds per mode, all clients together
    'min-rounds': { type: 'string', default: '6' }, // sequential; 32 in flight: 4 fewer, at least 2
    'round-ms': { type: 'string', default: '150' },
    gc: { type: 'boolean', default: false }, // force a full GC before each round (needs --expose-gc)
  },
});

const url = args.url;
const SLOW = 3;
const WAVE_MS = 4000;
const workload = args.workload;
const log = (text) => process.stderr.write(`  [${workload}] ${text}\n`);
const send = (message) => sendRaw({ ...message, selfCpuMs: selfCpuMs() });
const selfCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const sendRaw = (message) => (process.send ? process.send(message) : console.log(JSON.stringify(message, replacer)));
const replacer = (_key, value) => (typeof value === 'bigint' ? value.toString() : value);

const { getJson, close: closeStats } = jsonGetter();
const served = async () => (await getJson(`${url}/stats`)).served;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

async function timeMode() {
  const expect = (await getJson(`${url}/expect`))[workload];
  const names = (args.clients ? args.clients.split(',') : CLIENT_NAMES).filter((n) => runsWorkload(n, workload));
  const clients = [];
  for (const name of names) {
    const client = await loadClient(name);
    if (!client) continue; // not in this build of solrpc
    const call = client.create(url)[workload];
    if (!call) {
      log(`${name} has no call for this workload (its method is not in this build): left out`);
      continue;
    }
    clients.push({ ...client, call });
  }

  // Warm-up: JIT, lazy imports (fzstd), connection pools (32 sockets), and one result for fidelity.
  const estimate = {};
  const fidelity = {};
  for (const client of clients) {
    const first = await client.call(0);
    const checks = checkFidelity(client.views[workload], first, expect);
    fidelity[client.name] = { checks, summary: summarize(checks) };
    // Long enough for the JIT to settle: solrpc's getTransaction path needs ~1,000 calls to reach its
    // steady state, and a round measured before that would charge warm-up to the client.
    const samples = [];
    const until = performance.now() + 1500;
    while (samples.length < 3 || (performance.now() < until && samples.length < 1500)) {
      const t = performance.now();
      await client.call(samples.length + 1);
      samples.push(performance.now() - t);
    }
    estimate[client.name] = median(samples.slice(-Math.max(3, samples.length >> 2)));
    // Open the 32 sockets before measuring; for heavy calls the first measured round absorbs that.
    if (estimate[client.name] < 20) await round(client.call, 32, 32, 0);
  }
  const fastest = Math.min(...Object.values(estimate));
  log(`warm; sequential estimates ${clients.map((c) => `${c.name} ${estimate[c.name].toFixed(1)} ms`).join(', ')}`);

  // kit and web3.js run in fewer rounds, spread over the run, where they are far slower than solrpc
  // (more than SLOW x), and with 32 in flight where one 32-call wave takes them over WAVE_MS: their
  // numbers need less precision to compare, and would otherwise take most of the time budget. The
  // floors and solrpc, whose ratios are the targets, always run every round.
  const solrpcEstimate = estimate.solrpc ?? fastest;
  const isOther = (c) => !c.name.includes('JSON.parse') && !c.name.startsWith('solrpc');
  let isSlow;
  const budgetMs = Number(args.budget) * 1000;
  const roundMs = Number(args['round-ms']);
  const modes = {};
  const everyClient = clients;
  for (const inflight of [1, 32]) {
    const clients = everyClient.filter((c) => runsMode(c.name, inflight));
    // Enough calls for a round of ~roundMs for the fastest client, but few enough that the minimum
    // number of rounds fits the budget: heavy workloads get rounds of one call.
    const allEstimates = everyClient.reduce((sum, c) => sum + estimate[c.name], 0);
    const seqCap = Math.floor(budgetMs / (Number(args['min-rounds']) * allEstimates));
    const seqCalls = Math.max(1, Math.min(400, seqCap, Math.round(roundMs / fastest)));
    const calls = inflight === 1 ? seqCalls : Math.max(32, 32 * Math.round((seqCalls * 1.5) / 32));
    isSlow = (c) =>
      isOther(c) && (estimate[c.name] > SLOW * solrpcEstimate || (inflight > 1 && 32 * estimate[c.name] > WAVE_MS));
    const minRounds = inflight === 1 ? Number(args['min-rounds']) : Math.max(2, Number(args['min-rounds']) - 4);
    const slowRounds = inflight === 1 ? 3 : 1;
    const cost = (list) => list.reduce((sum, c) => sum + calls * estimate[c.name], 0);
    const normal = clients.filter((c) => !isSlow(c));
    const slow = clients.filter(isSlow);
    const rounds = Math.max(
      minRounds,
      Math.min(30, Math.floor((budgetMs - slowRounds * cost(slow)) / Math.max(1, cost(normal)))),
    );
    const stride = Math.max(1, Math.ceil(rounds / slowRounds));
    const total = rounds * cost(normal) + Math.ceil(rounds / stride) * cost(slow);
    log(
      `${inflight === 1 ? 'sequential' : '32 in flight'}: ${rounds} rounds of ${calls} calls` +
        (slow.length ? ` (${slow.map((c) => c.name).join(', ')}: ${Math.ceil(rounds / stride)})` : '') +
        `, ~${(total / 1000).toFixed(0)} s`,
    );
    const per = Object.fromEntries(
      clients.map((c) => [c.name, { perCall: [], wall: 0, cpuUs: 0, calls: 0, requests: 0 }]),
    );
    for (let r = 0; r < rounds; r++) {
      // Rotate the order each round so no client always follows the same one.
      for (let k = 0; k < clients.length; k++) {
        const client = clients[(r + k) % clients.length];
        if (isSlow(client) && r % stride !== 0) continue;
        // No forced GC between rounds: a full GC right before a round slowed the next 32 calls of
        // solrpc's getTransaction by ~1 ms each (caches refilled after it), which no app would see.
        if (args.gc) globalThis.gc?.();
        const before = await served();
        const { wall, cpuUs } = await round(client.call, calls, inflight, r * calls);
        const requests = (await served()) - before; // GET /stats is not counted
        const s = per[client.name];
        s.perCall.push(wall / calls);
        s.wall += wall;
        s.cpuUs += cpuUs;
        s.calls += calls;
        s.requests += requests;
      }
    }
    modes[inflight] = Object.fromEntries(
      Object.entries(per).map(([name, s]) => [
        name,
        {
          medianMs: median(s.perCall),
          q1Ms: quantile(s.perCall, 0.25),
          q3Ms: quantile(s.perCall, 0.75),
          callsPerSec: (s.calls / s.wall) * 1000,
          cpuMsPerCall: s.cpuUs / 1000 / s.calls,
          rounds: s.perCall.length,
          calls: s.calls,
          requestsPerCall: s.requests / s.calls,
        },
      ]),
    );
  }
  send({ workload, fidelity, modes, notes: Object.fromEntries(clients.map((c) => [c.name, c.note])) });
}

async function rssMode() {
  const client = await loadClient(args.client);
  if (!client) {
    send({ workload, client: args.client, skipped: true });
    return;
  }
  const call = client.create(url)[workload];
  const inflight = Number(args.inflight);
  const baselineRss = process.memoryUsage().rss;
  // Sequential: a few calls, each one's garbage left for the GC as in an app. 32 in flight: one wave.
  await round(call, inflight === 1 ? 4 : inflight, inflight, 0);
  send({
    workload,
    client: client.name,
    inflight,
    baselineRssMiB: baselineRss / 1048576,
    maxRssMiB: process.resourceUsage().maxRSS / 1024,
  });
}

if (args.mode === 'rss') await rssMode();
else await timeMode();
closeStats();
process.disconnect?.();
setImmediate(() => process.exit(0)); // keep-alive sockets in the clients' pools would hold the loop open
