// Subscriptions benchmark: decoded notifications per second, solrpc against @solana/kit and
// @solana/web3.js v1, over a real WebSocket on loopback to a separate push server process
// (bench/subscriptionServer.mjs) that sends each round's notifications as fast as the client reads them.
// Two kinds: accountNotification of a 165-byte token account as base64 (decoded: bytes, exact lamports),
// and slotNotification. Not a test: it prints a Markdown table for docs/performance.md. Needs dist/.
//
//   node bench/subscriptions.mjs [--count n] [--rounds n] [--clients a,b] [--json file]
//   node bench/subscriptions.mjs --quick   (a smoke run: 300 notifications, 1 round; test/bench runs it)
//
// Each round opens a fresh client, subscribes, and only then starts the clock and tells the server to
// push `count` notifications with increasing slots; it stops when the client hands over the last slot.
// Each client runs in a process of its own (this script again, with --in-process and that client alone), so
// one client's compiled code, sockets and timers never weigh on another's figures: in one process, the
// order of the clients moved solrpc's slot figure between 240,000 and 400,000 a second. With
// --in-process, the clients share this process and their rounds alternate, after one warm-up round each. Each client's decoded values are
// checked on a sample (every 97th and the last): slot, lamports, the data's bytes; parent and root for slots.
import { execSync, fork, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadSubscriptionClient, SUBSCRIPTION_CLIENTS } from './clients/subscriptions/index.mjs';
import { ACCOUNTS, ADDRESS, LAMPORTS, roundBase } from './subscriptionPayloads.mjs';
import { U64_MAX } from './workloads.mjs';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const { values: args } = parseArgs({
  options: {
    count: { type: 'string' },
    rounds: { type: 'string' },
    clients: { type: 'string' },
    json: { type: 'string' },
    quick: { type: 'boolean', default: false },
    'in-process': { type: 'boolean', default: false },
  },
});
const COUNT = Number(args.count ?? (args.quick ? 300 : 20_000));
const ROUNDS = Number(args.rounds ?? (args.quick ? 1 : 11));
const SAMPLE_EVERY = 97;
const KINDS = ['account', 'slot'];
const clientNames = args.clients ? args.clients.split(',') : SUBSCRIPTION_CLIENTS.map((c) => c.name);

if (!existsSync(here('../dist/index.js'))) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(1);
}

const git = (command) => {
  try {
    return execSync(command, { cwd: here('..'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
};
const machine = {
  date: new Date().toISOString(),
  node: process.version,
  cpu: (readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/) ?? [])[1] ?? cpus()[0]?.model,
  cores: cpus().length,
  commit: git('git rev-parse --short HEAD'),
  srcChanged: git('git status --porcelain -- src') !== '',
  loadAverageAtStart: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
  count: COUNT,
  rounds: ROUNDS,
};
const progress = (text) => process.stderr.write(`[subscriptions] ${text}\n`);

const started = performance.now();
const isolated = clientNames.length > 1 && !args['in-process'];
const results = isolated ? measureEachInItsOwnProcess() : await measureInProcess();
machine.durationSeconds = Math.round((performance.now() - started) / 1000);
machine.loadAverageAtEnd = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const summary = {};
for (const kind of KINDS) {
  summary[kind] = {};
  for (const [name, rounds] of Object.entries(results[kind])) {
    summary[kind][name] = {
      perSecond: median(rounds.map((r) => r.perSecond)),
      cpuUsPerNotification: median(rounds.map((r) => r.cpuUsPerNotification)),
      deliveredMin: Math.min(...rounds.map((r) => r.delivered)),
      failures: rounds.flatMap((r) => r.checks.failures),
      sampled: rounds.reduce((sum, r) => sum + r.checks.sampled, 0),
      rentEpoch: rounds[0]?.checks.rentEpoch,
      exactRentEpoch: rounds.every((r) => r.checks.exactRentEpoch),
    };
  }
}
if (args.json) writeFileSync(args.json, JSON.stringify({ machine, summary, results }, null, 2));
console.log(report());
const failed = KINDS.some((kind) => Object.values(summary[kind]).some((s) => s.failures.length > 0));
process.exit(failed ? 1 : 0);

function report() {
  const out = [];
  const titles = { account: 'accountNotification, 165-byte token account, base64', slot: 'slotNotification' };
  out.push(`# solrpc subscriptions benchmark, ${machine.date}`);
  out.push('');
  out.push(
    `- node ${machine.node}, ${machine.cpu}, ${machine.cores} cores; solrpc at ${machine.commit}${machine.srcChanged ? ' (src/ changed)' : ''}`,
  );
  out.push(
    `- ${COUNT.toLocaleString('en')} notifications per round, ${ROUNDS} rounds per client and kind after a warm-up round; ${machine.durationSeconds} s; load average ${machine.loadAverageAtStart} at start, ${machine.loadAverageAtEnd} at end`,
  );
  out.push('');
  for (const kind of KINDS) {
    out.push(`## ${titles[kind]}`);
    out.push('');
    out.push(
      '| client | notifications/s (median) | client CPU µs per notification | handed to the consumer (fewest in a round) | solrpc faster by | checks |',
    );
    out.push('|---|--:|--:|--:|--:|---|');
    const solrpc = summary[kind].solrpc;
    for (const [name, s] of Object.entries(summary[kind])) {
      const checks = s.failures.length
        ? `FAILED: ${s.failures.slice(0, 3).join('; ')}`
        : `${s.sampled} sampled, all correct${kind === 'account' ? `; rentEpoch ${s.exactRentEpoch ? 'exact' : `rounded to ${s.rentEpoch}`}` : ''}`;
      const faster = solrpc && name !== 'solrpc' ? `${(solrpc.perSecond / s.perSecond).toFixed(2)}x` : '';
      out.push(
        `| ${name} | ${Math.round(s.perSecond).toLocaleString('en')} | ${s.cpuUsPerNotification.toFixed(1)} | ${s.deliveredMin.toLocaleString('en')} of ${COUNT.toLocaleString('en')} | ${faster} | ${checks} |`,
      );
    }
    out.push('');
  }
  return out.join('\n');
}

async function measureInProcess() {
  const server = fork(here('subscriptionServer.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiters = [];
  server.on('message', (message) => {
    const i = waiters.findIndex((w) => w.match(message));
    if (i >= 0) waiters.splice(i, 1)[0].resolve(message);
  });
  const next = (match) => new Promise((resolve) => waiters.push({ match, resolve }));
  const { port } = await next((m) => m.port);
  const wsUrl = `ws://127.0.0.1:${port}`;
  const httpUrl = `http://127.0.0.1:${port}`;

  const clients = [];
  for (const name of clientNames) clients.push({ name, ...(await loadSubscriptionClient(name)) });

  let roundNumber = 0;
  /** One round: a fresh client, subscribed; then `count` notifications pushed and timed until the last one arrives. */
  async function round(client, kind, count) {
    const base = roundBase(roundNumber);
    server.send({ prepare: { count, round: roundNumber++ } });
    const last = base + count - 1;
    const view = client.views[kind];
    const samples = [];
    let delivered = 0;
    const onValue = (value) => {
      delivered++;
      const slot = Number(view(value).slot);
      if (delivered % SAMPLE_EVERY === 0 || slot === last) samples.push(value);
      return slot === last;
    };
    const subscribed = next((m) => m.subscribed === kind);
    const handle =
      kind === 'account'
        ? await client.subscribe.account(wsUrl, httpUrl, ADDRESS, onValue)
        : await client.subscribe.slot(wsUrl, httpUrl, onValue);
    await subscribed;
    const sent = next((m) => m.sent === kind);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    server.send({ go: kind });
    await handle.done;
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const pushed = await sent;
    if (pushed.error) throw new Error(`server: ${pushed.error}`);
    await handle.stop();
    return {
      wallMs,
      perSecond: (count / wallMs) * 1000,
      cpuUsPerNotification: (cpu.user + cpu.system) / count,
      delivered,
      checks: check(kind, samples.map(view), base),
    };
  }

  /** Every sampled value against what the server sent; returns the failures (none for a correct client). */
  function check(kind, values, base) {
    const failures = [];
    let rentEpoch;
    for (const v of values) {
      const slot = Number(v.slot);
      const i = slot - base;
      if (kind === 'slot') {
        if (Number(v.parent) !== slot - 1 || Number(v.root) !== slot - 32) failures.push(`slot ${slot}: parent/root`);
        continue;
      }
      if (BigInt(v.lamports) !== BigInt(LAMPORTS + i)) failures.push(`slot ${slot}: lamports ${v.lamports}`);
      const expected = ACCOUNTS[i % 64];
      const data = v.data;
      if (!(data instanceof Uint8Array) || Buffer.compare(Buffer.from(data), Buffer.from(expected)) !== 0) {
        failures.push(`slot ${slot}: data`);
      }
      rentEpoch = String(v.rentEpoch);
    }
    if (values.length === 0) failures.push('no value sampled');
    return { sampled: values.length, failures, rentEpoch, exactRentEpoch: kind === 'slot' || rentEpoch === U64_MAX };
  }

  const results = Object.fromEntries(KINDS.map((kind) => [kind, Object.fromEntries(clientNames.map((n) => [n, []]))]));
  try {
    for (const kind of KINDS) {
      for (const client of clients) {
        progress(`${kind}: warming up ${client.name}`);
        await round(client, kind, Math.min(COUNT, 2_000));
      }
      for (let r = 0; r < ROUNDS; r++) {
        // Alternate the order, so no client always runs right after the same one.
        const order = r % 2 ? [...clients].reverse() : clients;
        for (const client of order) {
          const result = await round(client, kind, COUNT);
          results[kind][client.name].push(result);
          progress(
            `${kind} round ${r + 1}/${ROUNDS}: ${client.name} ${Math.round(result.perSecond).toLocaleString('en')}/s, ${result.delivered} handed over`,
          );
        }
      }
    }
  } finally {
    server.kill();
  }
  return results;
}

/** Runs this script once per client, each in a process of its own, and gathers their rounds. */
function measureEachInItsOwnProcess() {
  const gathered = Object.fromEntries(KINDS.map((kind) => [kind, {}]));
  for (const name of clientNames) {
    const file = join(tmpdir(), `solrpc-subscriptions-${process.pid}-${name}.json`);
    const run = spawnSync(
      process.execPath,
      [
        fileURLToPath(import.meta.url),
        '--in-process',
        '--clients',
        name,
        '--count',
        String(COUNT),
        '--rounds',
        String(ROUNDS),
        '--json',
        file,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (run.status !== 0 || !existsSync(file)) throw new Error(`the ${name} run failed (exit ${run.status})`);
    const child = JSON.parse(readFileSync(file, 'utf8'));
    rmSync(file, { force: true });
    for (const kind of KINDS) gathered[kind][name] = child.results[kind][name];
  }
  return gathered;
}
