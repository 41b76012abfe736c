// parseOnClient, build against build (issue 33): (a) jsonParsed from the node, (b) parseOnClient and (e)
// the base64+zstd bytes alone, for each build given, side by side in one process against one payload
// server (bench/clientParsingServer.mjs), each mode of each build once a round in a rotated order. What
// a change bought, measured where the machine's load falls on every build alike: compare the ratios to
// each build's own (a), and (b) and (e) across builds.
//
// A build is a directory holding solrpc's package.json and a built dist/ (`git archive <commit> | tar -x
// -C <dir>`, node_modules linked, `npx tsup`):
//
//   node bench/clientParsingBuilds.mjs [--rounds 15] [--inflight 1] <dir> <dir> ...
import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { TOKEN_ACCOUNT_FILTERS, TOKEN_PROGRAM } from './workloads.mjs';

const { values: args, positionals: dirs } = parseArgs({
  options: { rounds: { type: 'string', default: '15' }, inflight: { type: 'string', default: '1' } },
  allowPositionals: true,
});
const ROUNDS = Number(args.rounds);
const INFLIGHT = Number(args.inflight);
if (dirs.length === 0) {
  console.error('usage: node bench/clientParsingBuilds.mjs [--rounds 15] [--inflight 1] <dir> <dir> ...');
  process.exit(2);
}

process.stderr.write('starting the payload server (compresses 20,000 accounts one by one: ~15 s)\n');
const server = fork(fileURLToPath(new URL('clientParsingServer.mjs', import.meta.url)), [], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const { port } = await new Promise((done) => server.once('message', done));
const url = `http://127.0.0.1:${port}`;

const parsed = { encoding: 'jsonParsed', filters: TOKEN_ACCOUNT_FILTERS };
const modes = [];
for (const dir of dirs) {
  const { createRpc } = await import(pathToFileURL(resolve(dir, 'dist/index.js')).href);
  const rpc = createRpc(url, { coalesce: false });
  const build = dir.replace(/\/$/, '').split('/').pop();
  modes.push({ build, id: 'a', call: () => rpc.getProgramAccounts(TOKEN_PROGRAM, parsed) });
  modes.push({ build, id: 'b', call: () => rpc.getProgramAccounts(TOKEN_PROGRAM, { ...parsed, parseOnClient: true }) });
  const bytes = { encoding: 'base64+zstd', filters: TOKEN_ACCOUNT_FILTERS, withContext: true };
  modes.push({ build, id: 'e', call: () => rpc.getProgramAccounts(TOKEN_PROGRAM, bytes) });
}
for (const { call } of modes) for (let i = 0; i < 2; i++) await call();

const samples = modes.map(() => ({ wall: [], cpu: [] }));
for (let r = 0; r < ROUNDS; r++) {
  for (let k = 0; k < modes.length; k++) {
    const i = (r + k) % modes.length;
    const { call } = modes[i];
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(Array.from({ length: INFLIGHT }, () => call()));
    const cpu = process.cpuUsage(cpu0);
    samples[i].wall.push((performance.now() - t0) / INFLIGHT);
    samples[i].cpu.push((cpu.user + cpu.system) / 1000 / INFLIGHT);
  }
}
server.kill();

const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
console.log(`${ROUNDS} rounds, ${INFLIGHT} call(s) in flight; medians per call`);
console.log('');
console.log('| build | mode | ms/call | CPU ms/call | vs its (a), wall / CPU |');
console.log('|---|---|--:|--:|--:|');
modes.forEach(({ build, id }, i) => {
  const a = samples[i - ['a', 'b', 'e'].indexOf(id)];
  const wall = median(samples[i].wall);
  const cpu = median(samples[i].cpu);
  const ratio = `${(wall / median(a.wall)).toFixed(2)}x / ${(cpu / median(a.cpu)).toFixed(2)}x`;
  console.log(`| ${build} | (${id}) | ${wall.toFixed(1)} | ${cpu.toFixed(1)} | ${ratio} |`);
});
process.exit(0);
