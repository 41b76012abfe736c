// Where solrpc's time goes, per workload: parse, validate, decode, transport. Not a test. Needs dist/
// (`npm run build`). Run with `node bench/profile.mjs [--only w1,w2] [--json file]`.
//
// Two views of the same calls, against the payload server (bench/server.mjs, started here):
// 1. Stage timings (medians, in this process, no HTTP): JSON.parse and solrpc's parseJson on the exact
//    body, then the method's validate+decode (`definition.decode` from dist/methods) on a fresh tree;
//    and over HTTP: fetch + text() alone, and a whole solrpc call. Transport = call - parse - decode.
//    Also: what a structuredClone of the result costs (coalescing clones for every caller but the first).
// 2. A CPU profile (node:inspector, 100 µs sampling) of whole solrpc calls, each sample charged to the
//    innermost frame that names a stage: dist/codecs/json.js is parse; superstruct, the schemas'
//    refiners and validate.js are validate; codecs, fzstd, decoders and the methods' decoders are
//    decode; undici, streams, sockets and the rest of dist/transport are transport; dist/ glue
//    (callMethod, prepare, input checks) is call; (garbage collector) is GC; (idle) is waiting for bytes.
//    `--client <name>` profiles another adapter's calls instead (read its top functions).
// 3. A per-call overhead ladder on getEpochInfo: the fetch floor, then one ingredient of solrpc's
//    transport at a time (signal, timer, redirect: 'manual'), solrpc's endpoint, transport and whole
//    call, and node:http with a keep-alive Agent.
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseJson } from '../dist/codecs/json.js';
import { createRpc } from '../dist/index.js';
import { createEndpoint } from '../dist/transport/endpoint.js';
import { createHttpTransport } from '../dist/transport/http.js';
import { loadClient } from './clients/index.mjs';
import { solrpc } from './clients/solrpc.mjs';
import { wireParams } from './clients/wire.mjs';
import { BLOCK_CONFIG, WORKLOADS, workloadById } from './workloads.mjs';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    json: { type: 'string' },
    seconds: { type: 'string', default: '2' },
    // Profile another adapter's whole calls instead (its top functions; stages are solrpc's).
    client: { type: 'string' },
  },
});
const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const workloads = args.only ? args.only.split(',') : WORKLOADS.map((w) => w.id);
const budgetMs = Number(args.seconds) * 1000;

const server = fork(here('server.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const { port } = await new Promise((resolve) => server.once('message', resolve));
const url = `http://127.0.0.1:${port}`;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
};

/** Median of `fn`'s time; `setup` runs untimed before each sample and its result is passed in. */
async function time(fn, setup = () => undefined) {
  for (let i = 0; i < 3; i++) await fn(setup());
  const samples = [];
  const end = performance.now() + budgetMs;
  while (samples.length < 7 || (performance.now() < end && samples.length < 200)) {
    const input = setup();
    const t = performance.now();
    await fn(input);
    samples.push(performance.now() - t);
  }
  return median(samples);
}

const STAGES = ['parse', 'validate', 'decode', 'transport', 'call', 'gc', 'idle', 'other'];

/** The stage a frame names, or undefined to look at its caller. */
function stageOf({ url, functionName }) {
  if (functionName === '(garbage collector)') return 'gc';
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(program)') return 'other';
  if (url.includes('/dist/codecs/json.js')) return 'parse';
  if (url.includes('/node_modules/superstruct/') || url.includes('/dist/schemas/validate.js')) return 'validate';
  const inDist = url.includes('/dist/');
  // Anonymous functions in dist/ are refiners (called by superstruct) or callbacks (called by a
  // decoder): their caller tells which.
  if (inDist && functionName === '') return undefined;
  if (url.includes('/dist/schemas/')) return /^(decode|to[A-Z])/.test(functionName) ? 'decode' : 'validate';
  if (url.includes('/dist/codecs/') || url.includes('/dist/decoders/') || url.includes('/node_modules/fzstd/')) {
    return 'decode';
  }
  if (url.includes('/dist/methods/')) return functionName === 'prepare' ? 'call' : 'decode';
  if (url.includes('/dist/transport/')) return 'transport';
  if (inDist) return 'call';
  if (
    /undici|webstreams|internal\/streams|node:net|stream_base|node:http|internal\/http|node:events|timers|wasm:/.test(
      url,
    )
  ) {
    return 'transport';
  }
  return undefined;
}

function breakdown(profile, calls) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stageCache = new Map();
  const stageOfNode = (id) => {
    if (stageCache.has(id)) return stageCache.get(id);
    let stage;
    for (let at = id; at !== undefined && stage === undefined; at = parent.get(at))
      stage = stageOf(byId.get(at).callFrame);
    stage ??= 'other';
    stageCache.set(id, stage);
    return stage;
  };
  const ms = Object.fromEntries(STAGES.map((s) => [s, 0]));
  const functions = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const id = profile.samples[i];
    ms[stageOfNode(id)] += delta;
    const { functionName, url: file, lineNumber } = byId.get(id).callFrame;
    const where = file.includes('/node_modules/')
      ? file.replace(/^.*\/node_modules\//, '')
      : file.replace(/^.*\/dist\//, 'dist/');
    const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + delta);
  }
  for (const s of STAGES) ms[s] /= calls;
  const top = [...functions.entries()]
    .filter(([k]) => !k.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([k, v]) => ({ fn: k, msPerCall: v / calls }));
  return { ms, top };
}

/** The public call's arguments for workload call 0 (what solrpc.mjs passes). */
const ARGS = {
  epochInfo: () => [],
  account165: () => [wireParams('account165', 0)[0], { encoding: 'base64' }],
  account1m: () => [wireParams('account1m', 0)[0], { encoding: 'base64' }],
  account10mZstd: () => [wireParams('account10mZstd', 0)[0], { encoding: 'base64+zstd' }],
  tokenAccounts5000: () => {
    const [delegate, filter] = wireParams('tokenAccounts5000', 0);
    return [delegate, filter, { encoding: 'jsonParsed' }];
  },
  tokenAccountsMainnet5000: () => {
    const [owner, filter] = wireParams('tokenAccountsMainnet5000', 0);
    return [owner, filter, { encoding: 'jsonParsed' }];
  },
  transactionV0: () => [wireParams('transactionV0', 0)[0], { maxSupportedTransactionVersion: 0 }],
  voteAccounts2100: () => [],
  leaderSchedule: () => [],
  clusterNodes5000: () => [],
  block1500: () => [wireParams('block1500', 0)[0], BLOCK_CONFIG],
  // The wire params are what solrpc's own calls take for these.
  programAccounts20000: () => wireParams('programAccounts20000', 0),
  programAccounts20000Parsed: () => wireParams('programAccounts20000Parsed', 0),
  multipleAccounts100: () => wireParams('multipleAccounts100', 0),
  signatures1000: () => wireParams('signatures1000', 0),
};

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });

const results = {};
const profiled = args.client ? await loadClient(args.client) : solrpc;
const calls = profiled.create(url);
const rpc = createRpc(url, { coalesce: false });
for (const workload of workloads) {
  process.stderr.write(`profiling ${workload}\n`);
  const method = workloadById[workload].method;
  const { [method]: definition } = await import(`../dist/methods/${method}.js`);
  const requestBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: wireParams(workload, 0) });
  const post = () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: requestBody });
  const text = await (await post()).text();
  const prepared = definition.prepare(ARGS[workload]());
  await prepared.ready;
  const context = { method, maxDecompressedBytes: 10 * 1024 * 1024 };
  const call = () => calls[workload](0);
  await rpc[method](...ARGS[workload]()); // loads what the first call loads

  const stages = {
    bodyMiB: text.length / 1048576,
    jsonParse: await time(() => JSON.parse(text)),
    parseJson: await time(() => parseJson(text)),
    decode: await time(
      (result) => definition.decode(result, context, prepared),
      () => parseJson(text).result,
    ),
    fetchText: await time(async () => (await post()).text()),
    call: await time(call),
  };
  // What coalescing pays per extra caller: solrpc's coalescing shares the transport's answer (the
  // parsed wire result), clones it for each later caller, and each caller validates and decodes its
  // copy. Sharing the decoded result instead would cost a clone of that.
  const wire = parseJson(text).result;
  stages.cloneWire = await time(() => structuredClone(wire));
  const decoded = await call();
  stages.cloneDecoded = await time(() => structuredClone(decoded));
  stages.transport = stages.call - stages.parseJson - stages.decode;

  let n = 0;
  await session.post('Profiler.start');
  const end = performance.now() + budgetMs;
  while (n < 5 || performance.now() < end) {
    await call();
    n++;
  }
  const { profile } = await session.post('Profiler.stop');
  results[workload] = { stages, profile: breakdown(profile, n), profiledCalls: n };
}
// The per-call overhead ladder, on getEpochInfo (a 150-byte answer): from the bare fetch floor, one
// ingredient of solrpc's transport at a time, up to the whole call; and node:http for comparison.
// Rounds of 200 calls alternate through the variants; medians of the per-call means, wall and CPU.
process.stderr.write('per-call overhead ladder\n');
const epochBody = '{"jsonrpc":"2.0","id":1,"method":"getEpochInfo","params":[]}';
const agent = new Agent({ keepAlive: true });
const endpoint = createEndpoint(url, { maxResponseBytes: 64 * 1024 * 1024 });
const transport = createHttpTransport(url, { coalesce: false });
const transportNoRetry = createHttpTransport(url, { coalesce: false, retry: false });
const ladder = {
  'fetch + text() + JSON.parse (the floor)': async () =>
    JSON.parse(
      await (
        await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: epochBody })
      ).text(),
    ),
  '+ an AbortController signal': async () => {
    const controller = new AbortController();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: epochBody,
      signal: controller.signal,
    });
    return JSON.parse(await response.text());
  },
  '+ signal + setTimeout/clearTimeout': async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 30_000);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: epochBody,
        signal: controller.signal,
      });
      return JSON.parse(await response.text());
    } finally {
      clearTimeout(timer);
    }
  },
  '+ signal + timer + redirect: manual + accept': async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 30_000);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: epochBody,
        signal: controller.signal,
        redirect: 'manual',
      });
      return JSON.parse(await response.text());
    } finally {
      clearTimeout(timer);
    }
  },
  'solrpc endpoint.post (the above + checks + parseJson)': () =>
    endpoint.post(epochBody, { method: 'getEpochInfo', timeoutMs: 30_000 }),
  'solrpc transport, retry: false': () => transportNoRetry({ method: 'getEpochInfo', params: [] }),
  'solrpc transport (retries on)': () => transport({ method: 'getEpochInfo', params: [] }),
  'solrpc rpc.getEpochInfo() (+ prepare, validate, decode)': () => rpc.getEpochInfo(),
  'node:http keep-alive + JSON.parse': () =>
    new Promise((resolve, reject) => {
      const req = request(
        { hostname: '127.0.0.1', port, method: 'POST', agent, headers: { 'content-type': 'application/json' } },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
        },
      );
      req.on('error', reject);
      req.end(epochBody);
    }),
};
const ladderSamples = Object.fromEntries(Object.keys(ladder).map((k) => [k, { wall: [], cpu: [] }]));
for (const fn of Object.values(ladder)) for (let i = 0; i < 500; i++) await fn();
for (let r = 0; r < 15; r++) {
  for (const [name, fn] of Object.entries(ladder)) {
    const cpu = process.cpuUsage();
    const t = performance.now();
    for (let i = 0; i < 200; i++) await fn();
    ladderSamples[name].wall.push((performance.now() - t) / 200);
    const used = process.cpuUsage(cpu);
    ladderSamples[name].cpu.push((used.user + used.system) / 1000 / 200);
  }
}
const ladderMs = Object.fromEntries(
  Object.entries(ladderSamples).map(([k, v]) => [k, { wall: median(v.wall), cpu: median(v.cpu) }]),
);
agent.destroy();
server.kill();
session.disconnect();

if (args.json) (await import('node:fs')).writeFileSync(args.json, JSON.stringify({ results, ladderMs }, null, 2));

const f = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const lines = [];
lines.push(`node ${process.version}, ${new Date().toISOString()}`);
lines.push('');
lines.push('Stage timings (ms, medians):');
lines.push('');
lines.push(
  '| workload | body MiB | JSON.parse | parseJson | validate+decode | fetch+text() | whole call | call − parse − decode | clone wire result | clone decoded result |',
);
lines.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
for (const [w, r] of Object.entries(results)) {
  const s = r.stages;
  lines.push(
    `| ${w} | ${s.bodyMiB.toFixed(2)} | ${f(s.jsonParse)} | ${f(s.parseJson)} (${(s.parseJson / s.jsonParse).toFixed(2)}x) | ${f(s.decode)} | ${f(s.fetchText)} | ${f(s.call)} | ${f(s.transport)} | ${f(s.cloneWire)} | ${f(s.cloneDecoded)} |`,
  );
}
lines.push('');
lines.push(`CPU profile of whole ${profiled.name} calls (ms per call, by stage):`);
lines.push('');
lines.push(`| workload | calls | ${STAGES.join(' | ')} |`);
lines.push(`|---|--:|${STAGES.map(() => '--:').join('|')}|`);
for (const [w, r] of Object.entries(results)) {
  lines.push(`| ${w} | ${r.profiledCalls} | ${STAGES.map((s) => f(r.profile.ms[s])).join(' | ')} |`);
}
lines.push('');
lines.push('Top self time per workload (ms per call):');
for (const [w, r] of Object.entries(results)) {
  lines.push('');
  lines.push(`- ${workloadById[w].title}: ${r.profile.top.map((t) => `${t.fn} ${f(t.msPerCall)}`).join('; ')}`);
}
lines.push('');
lines.push('Per-call overhead ladder, getEpochInfo (sequential, medians of 15 rounds of 200 calls):');
lines.push('');
lines.push('| variant | ms/call | vs floor | CPU ms/call | vs floor |');
lines.push('|---|--:|--:|--:|--:|');
const floorMs = Object.values(ladderMs)[0];
for (const [name, value] of Object.entries(ladderMs)) {
  lines.push(
    `| ${name} | ${value.wall.toFixed(3)} | ${(value.wall / floorMs.wall).toFixed(2)}x | ${value.cpu.toFixed(3)} | ${(value.cpu / floorMs.cpu).toFixed(2)}x |`,
  );
}
console.log(lines.join('\n'));
process.exit(0);
