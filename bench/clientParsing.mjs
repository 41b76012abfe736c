// parseOnClient against jsonParsed (issue 33): getProgramAccounts of the Token program, the 20,000 token
// accounts of 60 mints of the programAccounts20000Parsed workload, read from dist/ seven ways
// (bench/clientParsingModes.mjs):
//   (a) solrpc, jsonParsed from the node (the run benchmark's payload, byte for byte);
//   (b) solrpc, jsonParsed with parseOnClient: { wire: 'base64+zstd' }: base64+zstd with context from the
//       node, each account's data its own zstd frame, then getMultipleAccounts of the 60 mints and the
//       clock, parsed here (what parseOnClient: true asked for scans before it asked for base64);
//   (c) the floor of (a): fetch + JSON.parse of the jsonParsed body;
//   (d) the floor of (b)'s first request: fetch + JSON.parse of the base64+zstd body (no decompression);
//   (e) solrpc asking base64+zstd itself (bytes, not parsed), to split (b) into reading and parsing;
//   (f) solrpc asking plain base64 (bytes, not parsed): what zstd costs and saves on 165-byte accounts;
//   (g) as (b), with parseOnClient: { wire: 'base64' }: plain base64 with context from the node (what
//       parseOnClient: true asks for a program's accounts).
// First it checks, in this process, that (b)'s and (g)'s results deep-equal (a)'s, and exits 1 if not.
//
// Then it times every mode, sequentially and with a few calls in flight, each mode in a long-lived
// process of its own (bench/clientParsingChild.mjs): this runner asks the processes for their rounds one
// at a time over IPC, every mode once a round in a rotated order, so the machine's load falls on all
// alike, while each process's heap holds only its own mode's garbage. Run in one heap (--shared-heap,
// one child hosting all seven, as this bench ran before), a mode's collector also cleans up after the mode
// that ran before it: with the cyclic rotation, (b) followed (a) and its 44 MB a call in five rounds of six
// (bench/clientParsingOrder.mjs measures what a prelude costs the call after it). CPU and GC are each
// timing process's own (process.cpuUsage, its main-thread GC pauses); wire bytes are counted by the server.
//
// Then (a), (b) and (g) again, each in its process, over slower links than loopback: the server paces each
// answer's body at the given rates (Mbit/s), after a round trip (--link-rtt ms, 0 by default), one call at
// a time. Then end to end: the same three on loopback and over those links, each answer held back first
// for the time a node takes to write it in its encoding (--node-us, measured by bench/nodeAnswerCost.mjs).
// Last, in this process, (b)'s ingredients without HTTP and CPU profiles of (a), (b) and (g).
// The payload server (bench/clientParsingServer.mjs) is a process of its own: a static server, so the
// node's own cost of writing each answer is in the end-to-end section only, as a wait.
//
//   npm run bench:parsing        (builds dist/ first)
//   node bench/clientParsing.mjs [--rounds 15] [--inflight 4] [--profile-calls 6] [--no-profile]
//                                [--links 100,1000] [--link-rtt 0] [--link-rounds 7] [--shared-heap]
//                                [--node-us jsonParsed=17.7,base64+zstd=22.9,base64=4.3 | none]
import { execSync, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createRpc } from '../dist/index.js';
import { modeCalls, TITLES } from './clientParsingModes.mjs';
import { TOKEN_PROGRAM } from './workloads.mjs';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '15' },
    inflight: { type: 'string', default: '4' },
    'profile-calls': { type: 'string', default: '6' },
    'no-profile': { type: 'boolean', default: false },
    links: { type: 'string', default: '100,1000' },
    'link-rtt': { type: 'string', default: '0' },
    'link-rounds': { type: 'string', default: '7' },
    'shared-heap': { type: 'boolean', default: false },
    // A node's µs an account to write a getProgramAccounts answer of token accounts, by encoding: the
    // medians of `npm run bench:node-answer` here (bench/nodeAnswerCost.mjs). 'none' skips that section.
    'node-us': { type: 'string', default: 'jsonParsed=17.7,base64+zstd=22.9,base64=4.3' },
  },
});
const NODE_US =
  args['node-us'] === 'none'
    ? undefined
    : Object.fromEntries(
        args['node-us'].split(',').map((pair) => {
          const [encoding, us] = pair.split('=');
          if (!(Number(us) >= 0)) throw new Error(`--node-us: ${pair} is not encoding=microseconds`);
          return [encoding, Number(us)];
        }),
      );

const ROUNDS = Number(args.rounds);
const INFLIGHT = Number(args.inflight);
const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const log = (text) => process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(0)} s] ${text}\n`);
const started = performance.now();
const git = (command) => {
  try {
    return execSync(command, { cwd: here('..'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
};

log('starting the payload server (compresses 20,000 accounts one by one: ~15 s)');
const server = fork(here('clientParsingServer.mjs'), [JSON.stringify(NODE_US ?? {})], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const { port, sizes } = await new Promise((resolve) => server.once('message', resolve));
const url = `http://127.0.0.1:${port}`;
const stats = async () => (await fetch(`${url}/stats`)).json();

const rpc = createRpc(url, { coalesce: false });
const MODES = Object.fromEntries(
  Object.entries(modeCalls(rpc, url)).map(([id, call]) => [id, { title: TITLES[id], call }]),
);

// 1. Correctness, before any timing: the same 20,000 accounts, to the last bigint.
const replacer = (_key, value) =>
  typeof value === 'bigint' ? `${value}n` : value instanceof Uint8Array ? `<${value.length} bytes>` : value;
{
  const before = await stats();
  const fromNode = await MODES.a.call();
  const middle = await stats();
  const failures = [];
  if (!Array.isArray(fromNode) || fromNode.length !== 20_000)
    failures.push(`(a) returned ${fromNode?.length} accounts`);
  if (middle.served - before.served !== 1) failures.push(`(a) made ${middle.served - before.served} requests, not 1`);
  // Both client-parsing modes, each against (a): the same objects, in two requests (the list, the mints).
  for (const id of ['b', 'g']) {
    const start = await stats();
    const fromClient = await MODES[id].call();
    const end = await stats();
    if (!Array.isArray(fromClient) || fromClient.length !== 20_000)
      failures.push(`(${id}) returned ${fromClient?.length} accounts`);
    if (end.served - start.served !== 2) failures.push(`(${id}) made ${end.served - start.served} requests, not 2`);
    if (end.refused.length > 0) failures.push(`the server refused: ${end.refused.join('; ')}`);
    if (failures.length === 0 && !isDeepStrictEqual(fromNode, fromClient)) {
      const i = fromNode.findIndex((item, k) => !isDeepStrictEqual(item, fromClient[k]));
      failures.push(
        `(${id}): account ${i} differs:\n  (a) ${JSON.stringify(fromNode[i], replacer)}\n  (${id}) ${JSON.stringify(fromClient[i], replacer)}`,
      );
    }
  }
  const parsed = fromNode?.filter?.((item) => item.account.data?.program === 'spl-token').length;
  if (parsed !== 20_000) failures.push(`only ${parsed} of (a)'s accounts are parsed spl-token accounts`);
  if (failures.length > 0) {
    console.error(`parseOnClient does NOT return what jsonParsed returns:\n${failures.join('\n')}`);
    server.kill();
    process.exit(1);
  }
  const big = fromNode[12_000].account.data.parsed.info.tokenAmount.amount;
  log(`correct: (b) and (g) deep-equal (a) for all 20,000 accounts (isDeepStrictEqual); account 12,000 holds ${big}`);
}

// 2. Timing: each mode in a process of its own (all in one with --shared-heap), every mode once a round,
// the order rotated round by round; warm-up first.
const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const ids = Object.keys(MODES);
const SHARED = args['shared-heap'];
/** A timing process hosting `hosted` modes; `ask` sends it a message and resolves with its answer. */
async function startChild(hosted) {
  const child = fork(here('clientParsingChild.mjs'), [url, hosted.join(',')], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // A process that dies (a dist/ rebuilt under it, say) ends the run rather than leaving it waiting.
  child.once('exit', (code) => {
    console.error(`a timing process (${hosted}) exited with code ${code}`);
    process.exit(1);
  });
  await new Promise((resolve) => child.once('message', resolve));
  const ask = (message) =>
    new Promise((resolve, reject) => {
      child.once('message', (reply) => (reply.ok ? resolve(reply.answer) : reject(new Error(reply.error))));
      child.send(message);
    });
  return { child, ask };
}
const children = {};
if (SHARED) {
  const one = await startChild(ids);
  for (const id of ids) children[id] = one;
} else {
  for (const id of ids) children[id] = await startChild([id]);
}
const processes = [...new Set(Object.values(children))];
log(
  SHARED
    ? 'timing all seven modes in one process (--shared-heap)'
    : `timing each mode in a process of its own (pids ${processes.map(({ child }) => child.pid).join(', ')})`,
);

/** One round of `calls` calls of mode `id` in its process, with the server's count of requests and bytes. */
async function timedRound(phase, id, target, calls, inflight) {
  const before = await stats();
  const { wall, cpuMs, count } = await children[id].ask({ op: 'round', phase, id, target, calls, inflight });
  const after = await stats();
  if (count !== 20_000) throw new Error(`(${id}) returned ${count} accounts`);
  return { wall, cpuMs, requests: after.served - before.served, bytes: after.bodyBytes - before.bodyBytes };
}
log('warming up (3 calls of each mode)');
for (const id of ids) await timedRound('warm', id, '', 3, 1);

const loadAtStart = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const results = {};
for (const inflight of [1, INFLIGHT]) {
  const calls = inflight;
  const per = Object.fromEntries(ids.map((id) => [id, { perCall: [], cpuMs: 0, calls: 0, requests: 0, bytes: 0 }]));
  results[inflight] = per;
  log(`${inflight === 1 ? 'sequential' : `${inflight} in flight`}: ${ROUNDS} rounds of ${calls} call(s) per mode`);
  for (let r = 0; r < ROUNDS; r++) {
    for (let k = 0; k < ids.length; k++) {
      const id = ids[(r + k) % ids.length];
      const { wall, cpuMs, requests, bytes } = await timedRound('time', id, '', calls, inflight);
      const s = per[id];
      s.perCall.push(wall / calls);
      s.cpuMs += cpuMs;
      s.calls += calls;
      s.requests += requests;
      s.bytes += bytes;
    }
  }
}
const loadAtEnd = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
/** GC pauses (ms) of the rounds of one kind, `${phase}|${target}|${inflight}|${id}`, from the process that ran them. */
async function gcOf(key) {
  const id = key.split('|')[3];
  return (await children[id].ask({ op: 'gc' }))[key] ?? 0;
}
for (const inflight of [1, INFLIGHT]) {
  for (const id of ids) {
    const s = results[inflight][id];
    results[inflight][id] = {
      gcMs: (await gcOf(`time||${inflight}|${id}`)) / s.calls,
      ms: median(s.perCall),
      cpuMs: s.cpuMs / s.calls,
      requests: s.requests / s.calls,
      bytes: s.bytes / s.calls,
    };
  }
}

// 3. The table.
const ms = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const mb = (x) => `${(x / 1e6).toFixed(2)} MB`;
const ratio = (x, y) => `${(x / y).toFixed(2)}x`;
const out = [];
out.push(
  `getProgramAccounts, 20,000 SPL token accounts of 60 mints (programAccounts20000Parsed), ${new Date().toISOString()}`,
);
out.push(
  `solrpc at ${git('git rev-parse --short HEAD')}${git('git status --porcelain -- src') ? ' (src/ had uncommitted changes)' : ''}, node ${process.version}, ${ROUNDS} rounds, load average ${loadAtStart} at start, ${loadAtEnd} at end`,
);
out.push('');
const seq = results[1];
const many = results[INFLIGHT];
out.push(
  `| mode | requests/call | wire bytes/call | vs (a) | seq ms/call | seq CPU ms/call | seq GC ms/call | seq vs (a) (wall / CPU) | ${INFLIGHT} in flight ms/call | CPU ms/call | GC ms/call | vs (a) (wall / CPU) |`,
);
out.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
for (const id of ids) {
  const s = seq[id];
  const m = many[id];
  out.push(
    `| ${MODES[id].title} | ${s.requests.toFixed(s.requests % 1 ? 2 : 0)} | ${mb(s.bytes)} | ${ratio(s.bytes, seq.a.bytes)} | ${ms(s.ms)} | ${ms(s.cpuMs)} | ${ms(s.gcMs)} | ${ratio(s.ms, seq.a.ms)} / ${ratio(s.cpuMs, seq.a.cpuMs)} | ${ms(m.ms)} | ${ms(m.cpuMs)} | ${ms(m.gcMs)} | ${ratio(m.ms, many.a.ms)} / ${ratio(m.cpuMs, many.a.cpuMs)} |`,
  );
}
out.push('');
out.push(
  `Wire bytes are the response bodies of every request of one call (b: getProgramAccounts ${mb(sizes.zstd)}, g: ${mb(sizes.base64Context)}, each + getMultipleAccounts of 60 mints and the clock). Times are medians of the rounds' per-call times; CPU is the timing process's (process.cpuUsage) over all rounds, divided by the calls; GC is its main-thread GC pauses within the rounds, per call; ${SHARED ? 'all seven modes in one process (--shared-heap)' : 'each mode in a process of its own'}, the server another.`,
);
{
  // Where the bytes saved pay for the client's extra work: over a link slower than this, (b) ends sooner.
  const saved = seq.a.bytes - seq.b.bytes;
  const extraCpu = seq.b.cpuMs - seq.a.cpuMs;
  out.push('');
  out.push(
    extraCpu > 0
      ? `(b) saves ${mb(saved)} a call and costs ${ms(extraCpu)} ms more CPU here (sequential): it ends sooner than (a) only where moving ${mb(saved)} takes longer than that, a link under ${((saved * 8) / extraCpu / 1000).toFixed(0)} Mbit/s, before counting the node's own cost of jsonParsed and (b)'s second round trip.`
      : `(b) saves ${mb(saved)} a call and ${ms(-extraCpu)} ms of CPU here (sequential).`,
  );
}
console.log(out.join('\n'));

// 3b. Over a slower link: (a), (b) and (g) one call at a time, each in its process, the server pacing
// every answer (the mints' too). 3c. The same end to end: each answer also waits for the node's time to
// write it (NODE_US), on loopback and over the same links.
/** One call at a time of (a), (b) and (g) against each target, rotated, `linkRounds` rounds: table rows. */
async function compareOver(targets, label) {
  const linkRounds = Number(args['link-rounds']);
  const lines = [];
  for (const { target, name } of targets) {
    log(`${label}, ${name}: ${linkRounds} rounds of (a), (b) and (g)`);
    const linked = ['a', 'b', 'g'];
    for (const id of linked) await timedRound('warm', id, target, 1, 1);
    const per = Object.fromEntries(linked.map((id) => [id, { walls: [], cpuMs: 0, requests: 0, bytes: 0 }]));
    for (let r = 0; r < linkRounds; r++) {
      // The order rotated round by round, so that no mode always follows the same one.
      for (let k = 0; k < linked.length; k++) {
        const id = linked[(r + k) % linked.length];
        const { wall, cpuMs, requests, bytes } = await timedRound('link', id, target, 1, 1);
        per[id].walls.push(wall);
        per[id].cpuMs += cpuMs;
        per[id].requests += requests;
        per[id].bytes += bytes;
      }
    }
    for (const id of linked) per[id].gcMs = await gcOf(`link|${target}|1|${id}`);
    const row = (id) => ({
      ms: median(per[id].walls),
      cpuMs: per[id].cpuMs / linkRounds,
      gcMs: per[id].gcMs / linkRounds,
      requests: per[id].requests / linkRounds,
      bytes: per[id].bytes / linkRounds,
    });
    const a = row('a');
    for (const id of linked) {
      const x = row(id);
      lines.push(
        `| ${name} | ${MODES[id].title} | ${x.requests.toFixed(0)} | ${mb(x.bytes)} | ${ms(x.ms)} | ${ms(x.cpuMs)} | ${ms(x.gcMs)} | ${ratio(x.ms, a.ms)} / ${ratio(x.cpuMs, a.cpuMs)} |`,
      );
    }
  }
  return lines;
}
{
  const rtt = Number(args['link-rtt']);
  const linkRounds = Number(args['link-rounds']);
  const head = [
    '| link | mode | requests/call | wire bytes/call | ms/call | CPU ms/call | GC ms/call | vs (a) (wall / CPU) |',
    '|---|---|--:|--:|--:|--:|--:|--:|',
  ];
  const rates = args.links.split(',').map(Number);
  const rateName = (mbit) => (mbit >= 1000 ? `${mbit / 1000} Gbit/s` : `${mbit} Mbit/s`);
  const lines = [
    '',
    `Over a link: the server sends each answer's body at the link's rate${rtt > 0 ? `, ${rtt} ms after the request (a round trip)` : ' (no added round-trip time)'}; one call at a time, ${linkRounds} rounds, the order rotated:`,
    '',
    ...head,
    ...(await compareOver(
      rates.map((mbit) => ({ target: `/link/${mbit}/${rtt}`, name: rateName(mbit) })),
      'over a link',
    )),
  ];
  if (NODE_US) {
    const us = Object.entries(NODE_US)
      .map(([encoding, x]) => `${encoding} ${x} µs`)
      .join(', ');
    lines.push(
      '',
      `End to end with the node's time: as above, and each answer first waits as long as a node takes to write it (an account: ${us}; bench/nodeAnswerCost.mjs), on loopback and over the links:`,
      '',
      ...head,
      ...(await compareOver(
        [
          { target: '/node', name: 'loopback + node' },
          ...rates.map((mbit) => ({ target: `/link/${mbit}/${rtt}/node`, name: `${rateName(mbit)} + node` })),
        ],
        'end to end',
      )),
    );
  }
  console.log(lines.join('\n'));
}
for (const { child } of processes) {
  child.removeAllListeners('exit');
  child.kill();
}

// 4. Where (a)'s and (b)'s time goes: a CPU profile of a few sequential calls of each, by stage and by function.
/**
 * A profile frame in the source's terms: dist/ is built with source maps, and the client parsers are one
 * bundled file (dist/clientParsers.js), so each frame is mapped back to its src/ file and line.
 */
const sourceMaps = new Map();
function source(frame) {
  if (!frame.url.startsWith('file:') || !frame.url.includes('/dist/')) return frame;
  if (!sourceMaps.has(frame.url)) {
    let map;
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(frame.url)}.map`, 'utf8')));
    } catch {}
    sourceMaps.set(frame.url, map);
  }
  const entry = sourceMaps.get(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber);
  if (!entry?.originalSource) return frame;
  const original = entry.originalSource.replace(/^.*?\/src\//, '/src/');
  return { ...frame, url: original, lineNumber: entry.originalLine };
}

function stageOf({ url: file, functionName }) {
  if (functionName === '(garbage collector)') return 'GC';
  if (functionName === '(idle)') return 'idle (waiting for bytes)';
  if (functionName === '(program)') return '(program: V8/native, unattributed)';
  if (/\/(?:dist|src)\/codecs\/zstd/.test(file)) return 'zstd decompression';
  if (/\/(?:dist|src)\/codecs\/base58Text/.test(file)) return 'base58 decoding (address checks)';
  if (/\/(?:dist|src)\/codecs\/base58/.test(file)) return 'base58 encoding';
  if (/\/(?:dist|src)\/codecs\/base64/.test(file)) return 'base64 decoding';
  if (/\/(?:dist|src)\/codecs\/(json|jsonList|listReader)/.test(file)) return 'JSON parse';
  // ByteReader's address() is where the parsers' base58 encoding runs (V8 inlines encodeBase58 into it).
  if (/\/(?:dist|src)\/codecs\/byteReader/.test(file)) return 'account parsers: addresses (base58 inlined)';
  if (/\/(?:dist|src)\/decoders\//.test(file)) return 'account parsers (reading bytes, building objects)';
  // The mint lookup's own base58 of each account's mint is inlined here too.
  if (/\/(?:dist|src)\/methods\/shared\/clientParsing/.test(file))
    return 'parseOnClient glue (mint lookup, base58 inlined)';
  if (/\/(?:dist|src)\/schemas\/|superstruct/.test(file)) return 'validation';
  if (/\/(?:dist|src)\/(methods|decoders|defineMethod)/.test(file)) return 'method decode';
  if (/\/(?:dist|src)\//.test(file)) return 'solrpc other (transport, call)';
  if (file === '' && functionName) return `builtin/native: ${functionName}`;
  return 'Node (fetch, streams, sockets)';
}
const where = ({ functionName, url: file, lineNumber }) =>
  `${functionName || '(anonymous)'} ${file.replace(/^.*\/(dist|src|node_modules)\//, '$1/')}:${lineNumber + 1}`;
const top = (map, n) => [...map].sort((x, y) => y[1] - x[1]).slice(0, n);

/** Self time by stage and by function, and inclusive time of solrpc's functions, over `calls` calls. */
async function cpuProfile(session, id, calls) {
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  for (let i = 0; i < calls; i++) await MODES[id].call();
  const { profile } = await session.post('Profiler.stop');
  await session.post('Profiler.disable');
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const stages = new Map();
  const self = new Map();
  const inclusive = new Map();
  let total = 0;
  // Each sample's time is the delta to the next one, charged to the sampled frame (self) and, once each,
  // to the solrpc functions on its stack (inclusive).
  for (let i = 0; i < profile.samples.length; i++) {
    const t = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const frame = source(byId.get(profile.samples[i]).callFrame);
    total += t;
    stages.set(stageOf(frame), (stages.get(stageOf(frame)) ?? 0) + t);
    self.set(where(frame), (self.get(where(frame)) ?? 0) + t);
    const seen = new Set();
    for (let node = profile.samples[i]; node !== undefined; node = parent.get(node)) {
      const f = source(byId.get(node).callFrame);
      if (!/\/(dist|src)\//.test(f.url)) continue;
      const key = where(f);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + t);
    }
  }
  const lines = [`CPU profile, ${(total / calls).toFixed(0)} ms sampled per call (${calls} calls):`, ''];
  lines.push('| stage (self time) | ms/call | share |', '|---|--:|--:|');
  for (const [stage, t] of top(stages, 12)) {
    lines.push(`| ${stage} | ${(t / calls).toFixed(1)} | ${((t / total) * 100).toFixed(0)} % |`);
  }
  lines.push('', '| function (self time) | ms/call |', '|---|--:|');
  for (const [key, t] of top(self, 12)) lines.push(`| \`${key}\` | ${(t / calls).toFixed(1)} |`);
  lines.push('', '| solrpc function (inclusive time) | ms/call |', '|---|--:|');
  for (const [key, t] of top(inclusive, 16)) lines.push(`| \`${key}\` | ${(t / calls).toFixed(1)} |`);
  return lines.join('\n');
}

/** Bytes allocated per call (collected or not), by the allocating function: what the GC has to clean up. */
async function allocationProfile(session, id, calls) {
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 32768,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < calls; i++) await MODES[id].call();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  await session.post('HeapProfiler.disable');
  const bytes = new Map();
  let total = 0;
  const visit = (node) => {
    const size = node.selfSize;
    if (size > 0) {
      total += size;
      const key = where(source(node.callFrame));
      bytes.set(key, (bytes.get(key) ?? 0) + size);
    }
    for (const child of node.children) visit(child);
  };
  visit(profile.head);
  const lines = [`Allocation profile (sampled), ${(total / calls / 1e6).toFixed(0)} MB allocated per call:`, ''];
  lines.push('| allocating function | MB/call |', '|---|--:|');
  for (const [key, size] of top(bytes, 8)) lines.push(`| \`${key}\` | ${(size / calls / 1e6).toFixed(1)} |`);
  return lines.join('\n');
}

/**
 * (b)'s ingredients, in this process without HTTP, over the same 20,000 accounts: each the median CPU time
 * of a few passes (each after a full GC, so a pass pays for its own garbage only), per call.
 */
async function stages() {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  const { decodeBase64 } = await import('../dist/codecs/base64.js');
  const { decompressZstd, loadZstd } = await import('../dist/codecs/zstd.js');
  const { encodeBase58 } = await import('../dist/codecs/base58.js');
  const { checkAddress } = await import('../dist/options/check.js');
  const { parseToken } = await import('../dist/decoders/token.js');
  const { parseAccountData } = await import('../dist/decoders/parseAccountData.js');
  const { AccountParser } = await import('../dist/methods/shared/clientParsing.js');
  await loadZstd();
  const { value: list } = await MODES.d.call();
  const texts = list.map((item) => item.account.data[0]);
  const frames = texts.map((text) => decodeBase64(text));
  const data = frames.map((frame) => decompressZstd(frame, 10 * 1024 * 1024));
  const pubkeys = list.map((item) => item.pubkey);
  const mintAddresses = [...new Set(data.map((bytes) => encodeBase58(bytes.subarray(0, 32))))];
  const { value: mintAccounts } = await rpc.getMultipleAccounts(mintAddresses, {
    encoding: 'base64',
    minContextSlot: (await MODES.e.call()).context.slot,
  });
  const mintOf = new Map(mintAddresses.map((address, i) => [address, mintAccounts[i].data]));
  const mints = data.map((bytes) => mintOf.get(encodeBase58(bytes.subarray(0, 32))));
  const jsonParsedText = JSON.stringify(await MODES.c.call());
  // The client path as parseOnClient runs it, the mints read from memory instead of the node.
  const mintBytesOf = new Map(mintAddresses.map((address, i) => [address, mintAccounts[i]]));
  const readMints = async (addresses) => addresses.map((address) => mintBytesOf.get(address) ?? null);
  const keyed = () =>
    data.map((bytes, i) => ({
      pubkey: pubkeys[i],
      account: { data: bytes, owner: TOKEN_PROGRAM, lamports: 2039280, executable: false, rentEpoch: 0, space: 165 },
    }));
  const n = data.length;
  const rows = [
    ['base64 text → frame bytes (decodeBase64)', () => texts.map((text) => decodeBase64(text))],
    [
      'zstd: 20,000 frames decompressed one by one (decompressZstd)',
      () => frames.map((f) => decompressZstd(f, 10485760)),
    ],
    [
      "base58 of each account's mint (encodeBase58; the mint lookup's key before 539b6e7, now only once a mint)",
      () => data.map((b) => encodeBase58(b.subarray(0, 32))),
    ],
    [
      "parseAccountData's checks of owner and address (checkAddress × 2; the client path skips them since 539b6e7)",
      () => pubkeys.map((a) => checkAddress('m', 'p', TOKEN_PROGRAM) && checkAddress('m', 'p', a)),
    ],
    [
      'parseToken with the mint (its own base58 of mint and owner, the objects)',
      () => data.map((b, i) => parseToken(b, { mint: mints[i] })),
    ],
    [
      'parseAccountData with the mint (checks + parseToken + envelope)',
      () => data.map((b, i) => parseAccountData(b, { owner: TOKEN_PROGRAM, address: pubkeys[i], mint: mints[i] })),
    ],
    [
      'the client path: AccountParser.parse of the 20,000 accounts (mint lookup, parse, envelopes; mints from memory)',
      async () => {
        const list = keyed();
        await new AccountParser(readMints).parse(list, 0);
        const left = list.filter(({ account }) => account.data instanceof Uint8Array).length;
        if (left > 0) throw new Error(`the client path left ${left} accounts as bytes`);
        return list;
      },
    ],
    [
      'reference: JSON.parse of the same 20,000 jsonParsed accounts (V8 builds like objects)',
      () => JSON.parse(jsonParsedText),
    ],
  ];
  // CPU time, not wall: on a shared machine this process gets only part of a core, and the stages take
  // turns pass by pass, so that a busier moment falls on all of them alike.
  const samples = rows.map(() => []);
  for (let pass = 0; pass < 7; pass++) {
    for (const [i, [, fn]] of rows.entries()) {
      gc();
      const cpu0 = process.cpuUsage();
      // The client path is async (its mint read); the others return at once.
      await fn();
      const cpu = process.cpuUsage(cpu0);
      samples[i].push((cpu.user + cpu.system) / 1000);
    }
  }
  const lines = [
    `(b)'s ingredients without HTTP, ${n.toLocaleString('en')} accounts, median CPU time of 7 passes each:`,
    '',
  ];
  lines.push('| stage | CPU ms per call | µs per account |', '|---|--:|--:|');
  rows.forEach(([title], i) => {
    const t = median(samples[i]);
    lines.push(`| ${title} | ${t.toFixed(1)} | ${((t * 1000) / n).toFixed(2)} |`);
  });
  return lines.join('\n');
}

if (!args['no-profile']) {
  log("timing (b)'s ingredients in this process");
  console.log('');
  console.log(await stages());
  const calls = Number(args['profile-calls']);
  const session = new Session();
  session.connect();
  for (const id of ['a', 'b', 'g']) {
    log(`profiling ${calls} sequential calls of ${MODES[id].title}`);
    console.log('');
    console.log(`### ${MODES[id].title}`);
    console.log('');
    console.log(await cpuProfile(session, id, calls));
    console.log('');
    console.log(await allocationProfile(session, id, Math.min(calls, 3)));
  }
  session.disconnect();
}

server.kill();
log('done');
process.exit(0);
