// One timing process of bench/clientParsing.mjs (issue 33): it hosts the modes named on its command line
// (one, normally; all of them with the runner's --shared-heap) and runs a round of one of them when the
// runner asks over IPC, so that each mode carries only its own garbage and compiled code, while the
// runner interleaves the rounds of all processes and the machine's load falls on every mode alike.
//
//   fork('clientParsingChild.mjs', [url, 'a,b,...', buildDir?])   (buildDir: a directory holding a built
//   dist/, as bench/clientParsingBuilds.mjs compares builds; this checkout's dist/ without it)
// Messages in: { op: 'round', phase, id, target, calls, inflight } (target '' for loopback,
// '/link/<Mbit/s>/<ms>' for a paced link, '/node' or '/link/<Mbit/s>/<ms>/node' with the node's write time), answered { wall, cpuMs, count }; { op: 'gc' }, answered with this process's GC
// pauses (main thread) within each kind of round so far, in ms, keyed `${phase}|${target}|${inflight}|${id}`.

import { resolve } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { modeCalls } from './clientParsingModes.mjs';

const [url, ids, buildDir] = process.argv.slice(2);
const { createRpc } = await import(
  buildDir ? pathToFileURL(resolve(buildDir, 'dist/index.js')).href : new URL('../dist/index.js', import.meta.url).href
);
const hosted = new Set(ids.split(','));
const clients = new Map();
/** The mode's call against loopback or a paced link, one client per target as a user would hold one. */
function callOf(id, target) {
  if (!hosted.has(id)) throw new Error(`mode ${id} is not hosted here`);
  if (!clients.has(target))
    clients.set(target, modeCalls(createRpc(`${url}${target}`, { coalesce: false }), `${url}${target}`));
  return clients.get(target)[id];
}

const gcPauses = [];
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauses.push({ at: entry.startTime, ms: entry.duration });
});
observer.observe({ entryTypes: ['gc'] });
const spans = [];

async function round({ phase, id, target, calls, inflight }) {
  const call = callOf(id, target);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let count = 0;
  if (inflight === 1) {
    for (let i = 0; i < calls; i++) {
      const result = await call();
      count = result.length ?? result.value.length;
    }
  } else {
    const results = await Promise.all(Array.from({ length: calls }, () => call()));
    count = results[0].length ?? results[0].value.length;
  }
  const t1 = performance.now();
  const cpu = process.cpuUsage(cpu0);
  spans.push({ key: `${phase}|${target}|${inflight}|${id}`, t0, t1 });
  return { wall: t1 - t0, cpuMs: (cpu.user + cpu.system) / 1000, count };
}

async function gcByKind() {
  // The observer reports late: give it a moment before charging each pause to the round it fell in.
  await new Promise((done) => setTimeout(done, 100));
  const byKey = {};
  for (const { at, ms } of gcPauses) {
    const span = spans.find(({ t0, t1 }) => at >= t0 && at < t1);
    if (span) byKey[span.key] = (byKey[span.key] ?? 0) + ms;
  }
  return byKey;
}

process.on('message', async (message) => {
  try {
    const answer = message.op === 'gc' ? await gcByKind() : await round(message);
    process.send({ ok: true, answer });
  } catch (error) {
    process.send({ ok: false, error: String(error?.stack ?? error) });
  }
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true, pid: process.pid });
