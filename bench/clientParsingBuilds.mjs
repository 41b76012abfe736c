// parseOnClient, build against build (issue 33): (a) jsonParsed from the node, (b) parseOnClient and (e)
// the base64+zstd bytes alone, for each build given, against one payload server
// (bench/clientParsingServer.mjs). Each mode of each build runs in a long-lived process of its own
// (bench/clientParsingChild.mjs), so it carries only its own garbage; this runner asks the processes for
// their rounds one at a time, each mode of each build once a round in a rotated order, so the machine's
// load falls on every build alike. What a change bought: compare the ratios to each build's own (a), and
// (b) and (e) across builds.
//
// A build is a directory holding solrpc's package.json and a built dist/ (`git archive <commit> | tar -x
// -C <dir>`, node_modules linked, `npx tsup`):
//
//   node bench/clientParsingBuilds.mjs [--rounds 15] [--inflight 1] <dir> <dir> ...
// (b) asks `parseOnClient: { wire: 'base64+zstd' }`, which builds before 2153996 refuse.
import { fork } from 'node:child_process';
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

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
const here = (file) => fileURLToPath(new URL(file, import.meta.url));

process.stderr.write('starting the payload server (compresses 20,000 accounts one by one: ~15 s)\n');
const server = fork(here('clientParsingServer.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const { port } = await new Promise((done) => server.once('message', done));
const url = `http://127.0.0.1:${port}`;

const modes = [];
for (const dir of dirs) {
  const build = basename(resolve(dir));
  for (const id of ['a', 'b', 'e']) {
    const child = fork(here('clientParsingChild.mjs'), [url, id, dir], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // A process that dies (a dist/ rebuilt under it, say) ends the run rather than leaving it waiting.
    child.once('exit', (code) => {
      console.error(`the timing process of ${dir} (${id}) exited with code ${code}`);
      process.exit(1);
    });
    await new Promise((done) => child.once('message', done));
    const ask = (message) =>
      new Promise((resolve, reject) => {
        child.once('message', (reply) => (reply.ok ? resolve(reply.answer) : reject(new Error(reply.error))));
        child.send(message);
      });
    modes.push({
      build,
      id,
      child,
      round: () => ask({ op: 'round', phase: 'time', id, target: '', calls: INFLIGHT, inflight: INFLIGHT }),
    });
  }
}
for (const { round } of modes) for (let i = 0; i < 2; i++) await round();

const samples = modes.map(() => ({ wall: [], cpu: [] }));
for (let r = 0; r < ROUNDS; r++) {
  for (let k = 0; k < modes.length; k++) {
    const i = (r + k) % modes.length;
    const { wall, cpuMs, count } = await modes[i].round();
    if (count !== 20_000) throw new Error(`${modes[i].build} (${modes[i].id}) returned ${count} accounts`);
    samples[i].wall.push(wall / INFLIGHT);
    samples[i].cpu.push(cpuMs / INFLIGHT);
  }
}
for (const { child } of modes) {
  child.removeAllListeners('exit');
  child.kill();
}
server.kill();

const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
console.log(
  `${ROUNDS} rounds, ${INFLIGHT} call(s) in flight, each mode of each build in a process of its own; medians per call`,
);
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
