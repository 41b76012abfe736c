// End-to-end benchmark: solrpc against @solana/kit, @solana/web3.js v1 and the fetch + JSON.parse floor,
// over HTTP to a separate payload server process on loopback. Not a test: it prints tables (Markdown)
// for docs/performance.md. Run with `npm run bench` (builds dist/ first). A full run takes ~9 minutes.
//
//   node bench/run.mjs [--only w1,w2] [--clients a,b] [--budget s] [--min-rounds n]
//                      [--rss key|all|none] [--json file] [--quick]
//   node bench/run.mjs --report file   (print the tables of a run saved with --json again)
//
// Each workload runs in its own child process (bench/worker.mjs): every client, in alternating rounds,
// first sequentially, then with 32 calls in flight. Peak RSS is read from further child processes, one
// per workload, client and concurrency, so each holds only the library it measures.
import { fork } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CLIENT_NAMES, runsWorkload } from './clients/index.mjs';
import { forkServer } from './loopback.mjs';
import { watchMachine } from './machine.mjs';
import { WORKLOADS, workloadById } from './workloads.mjs';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    clients: { type: 'string' },
    budget: { type: 'string' },
    'min-rounds': { type: 'string' },
    rss: { type: 'string', default: 'key' },
    json: { type: 'string' },
    quick: { type: 'boolean', default: false },
    report: { type: 'string' }, // re-print the tables of a run saved with --json, without running
  },
});
if (args.quick) {
  args.budget ??= '1';
  args['min-rounds'] ??= '2';
}

/** Ratio targets from the issue, against the floor (the decoding floor where solrpc decodes). */
const TARGETS = {
  epochInfo: 1.1,
  account165: 1.1,
  account1m: 1.3,
  account10mZstd: 1.1,
  tokenAccounts5000: 2,
  tokenAccountsMainnet5000: 2,
  transactionV0: 1.5,
  voteAccounts2100: 2,
  leaderSchedule: 2,
  clusterNodes5000: undefined, // no ratio target: only "faster than kit and web3.js"
  sendTransaction: 1.1, // "the small call"
  getSignatureStatuses256: undefined, // only "faster than kit and web3.js"
  // Issue 20: every one within 2x its floor sequentially, and faster than both peers.
  programAccounts20000: 2,
  programAccounts20000Parsed: 2,
  multipleAccounts100: 2,
  block1500: 2,
  signatures1000: 2,
};
const RSS_KEY = ['tokenAccounts5000', 'account10mZstd'];
const FLOOR = 'fetch+JSON.parse';
const DECODING_FLOOR = 'fetch+JSON.parse+decode';
const HTTP_FLOOR = 'node:http+JSON.parse(+decode)';
const referenceFor = (workload) => (workloadById[workload].decodes ? DECODING_FLOOR : FLOOR);

if (args.report) {
  const saved = JSON.parse(readFileSync(args.report, 'utf8'));
  console.log(report(saved.machine, saved.results));
  process.exit(0);
}

if (!existsSync(here('../dist/index.js'))) {
  console.error('dist/ is missing: run `npm run bench` (it builds first) or `npm run build`.');
  process.exit(1);
}

const workloads = args.only ? args.only.split(',') : WORKLOADS.map((w) => w.id);
for (const w of workloads) if (!workloadById[w]) throw new Error(`unknown workload ${w}`);
const clientNames = args.clients ? args.clients.split(',') : CLIENT_NAMES;

const watch = watchMachine();
let childCpuMs = 0; // the workers' and the payload server's, for the machine's account

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const progress = (text) => process.stderr.write(`[${elapsed()}] ${text}\n`);

function child(script, argv, execArgv = []) {
  return new Promise((resolve, reject) => {
    const proc = fork(here(script), argv, { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let message;
    proc.on('message', (m) => {
      message = m;
    });
    proc.on('error', reject);
    proc.on('exit', (code) => {
      childCpuMs += message?.selfCpuMs ?? 0;
      if (message) resolve(message);
      else reject(new Error(`${script} exited with ${code}`));
    });
  });
}

progress('starting the payload server (builds the payloads: ~2 s)');
const server = await forkServer(here('server.mjs'));
const { url } = server;
progress(`payload server on ${url} (pid ${server.pid})`);

const results = {};
try {
  for (const workload of workloads) {
    progress(`${workload}: ${workloadById[workload].title}`);
    const argv = ['--mode', 'time', '--url', url, '--workload', workload, '--clients', clientNames.join(',')];
    if (args.budget) argv.push('--budget', args.budget);
    if (args['min-rounds']) argv.push('--min-rounds', args['min-rounds']);
    results[workload] = await child('worker.mjs', argv, ['--max-old-space-size=8192']);
  }

  const rssWorkloads =
    args.rss === 'none' ? [] : args.rss === 'all' ? workloads : RSS_KEY.filter((w) => workloads.includes(w));
  for (const workload of rssWorkloads) {
    results[workload].rss = {};
    for (const name of clientNames.filter((n) => runsWorkload(n, workload))) {
      for (const inflight of [1, 32]) {
        progress(`peak RSS: ${workload}, ${name}, ${inflight === 1 ? 'sequential' : '32 in flight'}`);
        const argv = [
          '--mode',
          'rss',
          '--url',
          url,
          '--workload',
          workload,
          '--client',
          name,
          '--inflight',
          String(inflight),
        ];
        const m = await child('worker.mjs', argv, ['--max-old-space-size=8192']);
        if (m.skipped) break; // a client this build of solrpc does not have
        results[workload].rss[name] ??= {};
        results[workload].rss[name][inflight] = m;
      }
    }
  }
} finally {
  childCpuMs += server.stop();
}
const machine = watch.finish(childCpuMs);
progress('done');

if (args.json) writeFileSync(args.json, JSON.stringify({ machine, results }, null, 2));
console.log(report(machine, results));

function report(machine, results) {
  const out = [];
  const ms = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
  const ratio = (x) => `${x.toFixed(2)}x`;
  out.push(`# solrpc benchmark, ${machine.date}`);
  out.push('');
  out.push(`- command: \`${machine.command}\` (${machine.durationSeconds} s)`);
  out.push(`- node ${machine.node} (V8 ${machine.v8}), ${machine.platform}, ${machine.cpu}, ${machine.cores} cores`);
  out.push(`- solrpc at ${machine.commit}${machine.srcChanged ? ' (src/ had uncommitted changes)' : ''}`);
  out.push(
    `- machine CPU during the run: ${machine.machineBusyCoreSeconds} core-seconds busy, ${machine.benchmarkCoreSeconds} of them the benchmark's; other processes averaged ${(machine.otherProcessesCoreShare * 100).toFixed(0)}% of one core (load average ${machine.loadAverageAtStart} at start, ${machine.loadAverageAtEnd} at end)`,
  );
  out.push('');
  for (const workload of Object.keys(results)) {
    const r = results[workload];
    const ref = referenceFor(workload);
    out.push(`## ${workloadById[workload].title}`);
    out.push('');
    out.push(
      '| client | seq ms/call | seq calls/s | seq CPU ms/call | seq vs floor | 32: ms/call | 32: calls/s | 32: CPU ms/call | 32 vs floor |',
    );
    out.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|');
    for (const name of [...new Set([...Object.keys(r.modes[1]), ...Object.keys(r.modes[32])])]) {
      const cells = [name];
      for (const mode of ['1', '32']) {
        const m = r.modes[mode][name];
        const base = r.modes[mode][ref];
        if (!m) {
          cells.push('-', '-', '-', '-');
          continue;
        }
        const flag = m.requestsPerCall < 0.99 ? ` (${m.requestsPerCall.toFixed(2)} req/call!)` : '';
        cells.push(
          `${ms(m.medianMs)}${flag}`,
          m.callsPerSec.toFixed(m.callsPerSec >= 100 ? 0 : 1),
          ms(m.cpuMsPerCall),
          base ? ratio(m.medianMs / base.medianMs) : '',
        );
      }
      out.push(`| ${cells.join(' | ')} |`);
    }
    out.push('');
    out.push(
      `Floor for the ratio: ${ref}. Rounds × calls per round: ${Object.entries(r.modes[1])
        .map(([n, m]) => `${n} ${m.rounds}×${m.calls / m.rounds}`)
        .join(', ')} (sequential); ${Object.entries(r.modes[32])
        .map(([n, m]) => `${n} ${m.rounds}×${m.calls / m.rounds}`)
        .join(', ')} (32 in flight).`,
    );
    out.push('');
  }

  out.push('## Targets (solrpc / floor, same run)');
  out.push('');
  out.push(
    '| workload | target | seq | 32 in flight | met | CPU/call vs floor (seq/32) | faster than kit (seq/32) | faster than web3.js (seq/32) | with the global fetch: vs floor (seq/32) |',
  );
  out.push('|---|--:|--:|--:|---|--:|---|---|--:|');
  for (const workload of Object.keys(results)) {
    const r = results[workload];
    const ref = referenceFor(workload);
    const target = TARGETS[workload];
    const s = (mode) => r.modes[mode].solrpc;
    if (!s(1)) continue;
    const ratios = ['1', '32'].map((mode) => s(mode).medianMs / r.modes[mode][ref].medianMs);
    const met =
      target === undefined
        ? '(no ratio target)'
        : ratios.every((x) => x <= target)
          ? 'yes'
          : ratios.some((x) => x <= target)
            ? 'partly'
            : 'no';
    const faster = (other) =>
      ['1', '32']
        .map((mode) => {
          const o = r.modes[mode][other];
          if (!o) return '-';
          return `${s(mode).medianMs < o.medianMs ? 'yes' : 'NO'} ${ratio(o.medianMs / s(mode).medianMs)}`;
        })
        .join(' / ');
    const cpu = ['1', '32'].map((mode) => ratio(s(mode).cpuMsPerCall / r.modes[mode][ref].cpuMsPerCall)).join(' / ');
    const node = ['1', '32']
      .map((mode) => {
        const m = r.modes[mode]['solrpc (global fetch)'];
        return m ? ratio(m.medianMs / r.modes[mode][ref].medianMs) : '-';
      })
      .join(' / ');
    out.push(
      `| ${workload} | ${target ? `≤ ${target}x` : '-'} | ${ratio(ratios[0])} | ${ratio(ratios[1])} | ${met} | ${cpu} | ${faster('kit')} | ${faster('web3.js')} | ${node} |`,
    );
  }
  out.push('');
  out.push(
    'Ratios are of median time per call; "met" needs both modes. The CPU column is the same ratio by CPU time, which',
  );
  out.push(
    'other processes on the machine disturb less. "faster than" cells give the other client\'s time as a multiple of',
  );
  out.push("solrpc's (above 1 = solrpc faster).");
  out.push('');

  out.push(`## Per-call overhead of fetch vs node:http (both + JSON.parse, decoding where solrpc decodes)`);
  out.push('');
  out.push('| workload | fetch floor ms (seq/32) | node:http floor ms (seq/32) | node:http / fetch (seq/32) |');
  out.push('|---|--:|--:|--:|');
  for (const workload of Object.keys(results)) {
    const r = results[workload];
    const ref = referenceFor(workload);
    if (!r.modes[1][HTTP_FLOOR] || !r.modes[1][ref]) continue;
    const f = ['1', '32'].map((m) => r.modes[m][ref].medianMs);
    const h = ['1', '32'].map((m) => r.modes[m][HTTP_FLOOR].medianMs);
    out.push(
      `| ${workload} | ${ms(f[0])} / ${ms(f[1])} | ${ms(h[0])} / ${ms(h[1])} | ${ratio(h[0] / f[0])} / ${ratio(h[1] / f[1])} |`,
    );
  }
  out.push('');

  out.push('## Fidelity (what each client returned for the first call)');
  out.push('');
  const names = [...new Set(Object.values(results).flatMap((r) => Object.keys(r.fidelity)))];
  out.push(`| workload | ${names.join(' | ')} |`);
  out.push(`|---|${names.map(() => '---').join('|')}|`);
  for (const workload of Object.keys(results)) {
    const f = results[workload].fidelity;
    out.push(`| ${workload} | ${names.map((n) => (f[n] ? f[n].summary : '-')).join(' | ')} |`);
  }
  out.push('');

  const rssRows = Object.entries(results).filter(([, r]) => r.rss);
  if (rssRows.length) {
    out.push('## Peak RSS (MiB; one child process per cell: baseline after loading the client → peak)');
    out.push('');
    out.push('| workload | client | sequential (4 calls) | 32 in flight (one wave) | vs floor (seq/32) |');
    out.push('|---|---|--:|--:|--:|');
    for (const [workload, r] of rssRows) {
      const ref = r.rss[referenceFor(workload)];
      for (const [name, byMode] of Object.entries(r.rss)) {
        const cell = (m) => `${byMode[m].baselineRssMiB.toFixed(0)} → ${byMode[m].maxRssMiB.toFixed(0)}`;
        const vs = ref ? ['1', '32'].map((m) => ratio(byMode[m].maxRssMiB / ref[m].maxRssMiB)).join(' / ') : '';
        out.push(`| ${workload} | ${name} | ${cell('1')} | ${cell('32')} | ${vs} |`);
      }
    }
    out.push('');
  }
  return out.join('\n');
}
