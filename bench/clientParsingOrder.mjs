// Does the order of the modes bias bench/clientParsing.mjs's shared-heap rotation (issue 33)? In one
// process, as that rotation ran them, one sequential call of (b) parseOnClient (and, to compare, of (a)
// jsonParsed from the node) is timed after each of four preludes: a call of (a), whose garbage (some 44 MB
// a call) is then still in the heap; a call of (b); a call of (d), fetch + JSON.parse of the base64+zstd
// body (less garbage); and a forced full GC (nothing left to collect). The preludes take turns
// round by round, so the machine's load falls on all alike. If (b) after (a) is slower than (b) after a
// full GC, the shared-heap rotation, where (b) follows (a) in five rounds of six, charged (b) for (a)'s
// garbage.
//
//   npm run build && node --expose-gc bench/clientParsingOrder.mjs [--rounds 15]
import { fork } from 'node:child_process';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createRpc } from '../dist/index.js';
import { TOKEN_ACCOUNT_FILTERS, TOKEN_PROGRAM } from './workloads.mjs';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '15' } } });
const ROUNDS = Number(args.rounds);
if (typeof globalThis.gc !== 'function') {
  console.error('run with node --expose-gc');
  process.exit(2);
}
process.stderr.write('starting the payload server (~15 s)\n');
const server = fork(fileURLToPath(new URL('clientParsingServer.mjs', import.meta.url)), [], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const { port } = await new Promise((done) => server.once('message', done));
const url = `http://127.0.0.1:${port}`;
const rpc = createRpc(url, { coalesce: false });
const parsed = { encoding: 'jsonParsed', filters: TOKEN_ACCOUNT_FILTERS };
const post = async (config) => {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getProgramAccounts', params: [TOKEN_PROGRAM, config] });
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return JSON.parse(await response.text()).result;
};
const calls = {
  a: () => rpc.getProgramAccounts(TOKEN_PROGRAM, parsed),
  b: () => rpc.getProgramAccounts(TOKEN_PROGRAM, { ...parsed, parseOnClient: { wire: 'base64+zstd' } }),
  d: () => post({ encoding: 'base64+zstd', filters: TOKEN_ACCOUNT_FILTERS, withContext: true }),
};
const preludes = {
  'after (a)': calls.a,
  'after (b)': calls.b,
  'after (d)': calls.d,
  'after a full GC': async () => globalThis.gc(),
};
const gcPauses = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauses.push({ at: entry.startTime, ms: entry.duration });
}).observe({ entryTypes: ['gc'] });

for (let i = 0; i < 3; i++) for (const call of Object.values(calls)) await call();
const cases = [];
for (const target of ['b', 'a']) {
  for (const [name, prelude] of Object.entries(preludes)) {
    cases.push({ target, name, prelude, wall: [], cpu: [], spans: [] });
  }
}
for (let r = 0; r < ROUNDS; r++) {
  for (let k = 0; k < cases.length; k++) {
    const c = cases[(r + k) % cases.length];
    await c.prelude();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const result = await calls[c.target]();
    const t1 = performance.now();
    const cpu = process.cpuUsage(cpu0);
    if (result.length !== 20_000) throw new Error(`(${c.target}) returned ${result.length} accounts`);
    c.wall.push(t1 - t0);
    c.cpu.push((cpu.user + cpu.system) / 1000);
    c.spans.push([t0, t1]);
  }
}
await new Promise((done) => setTimeout(done, 100));
server.kill();
const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
console.log(
  `${ROUNDS} rounds, one sequential call timed after each prelude; medians per call, GC = pauses within the timed call (mean)`,
);
console.log('');
console.log('| timed | prelude | ms | CPU ms | GC ms | vs after a full GC (wall / CPU) |');
console.log('|---|---|--:|--:|--:|--:|');
for (const c of cases) {
  const base = cases.find((x) => x.target === c.target && x.name === 'after a full GC');
  const gcMs =
    gcPauses.filter(({ at }) => c.spans.some(([t0, t1]) => at >= t0 && at < t1)).reduce((s, p) => s + p.ms, 0) / ROUNDS;
  const ratio = `${(median(c.wall) / median(base.wall)).toFixed(2)}x / ${(median(c.cpu) / median(base.cpu)).toFixed(2)}x`;
  console.log(
    `| (${c.target}) | ${c.name} | ${median(c.wall).toFixed(1)} | ${median(c.cpu).toFixed(1)} | ${gcMs.toFixed(1)} | ${ratio} |`,
  );
}
process.exit(0);
