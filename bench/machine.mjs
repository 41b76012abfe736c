// What a bench report says about the machine it ran on, for bench/run.mjs, bench/rateLimit.mjs and
// bench/steering.mjs:
// the build measured (commit, whether src/ had uncommitted changes) and how busy the 2 shared cores were
// with other processes meanwhile, since only ratios measured side by side in one run compare.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function git(command) {
  try {
    return execSync(command, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

/** Busy and total jiffies of the whole machine. */
function jiffies() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields;
  return {
    busy: user + nice + system + irq + softirq + steal,
    total: user + nice + system + idle + iowait + irq + softirq + steal,
  };
}

/** CPU ms a child process has used so far (utime + stime at USER_HZ 100); 0 once it is gone. */
export function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * Starts watching the machine; `finish(childCpuMs)` returns the description the report prints (with
 * `describeMachine`, or its own lines). `childCpuMs` is the CPU of the benchmark's child processes (its
 * servers and workers); this process's own is added here.
 */
export function watchMachine() {
  const startedAt = performance.now();
  const atStart = jiffies();
  const machine = {
    date: new Date().toISOString(),
    node: process.version,
    v8: process.versions.v8,
    platform: `${process.platform} ${process.arch}`,
    cpu: (readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/) ?? [])[1] ?? cpus()[0]?.model,
    cores: cpus().length,
    command: `node ${process.argv
      .slice(1)
      .map((a) => a.replace(/^.*\/bench\//, 'bench/'))
      .join(' ')}`,
    commit: git('git rev-parse --short HEAD'),
    srcChanged: git('git status --porcelain -- src') !== '',
    loadAverageAtStart: loadAverage(),
  };
  return {
    machine,
    finish(childCpuMs) {
      const { user, system } = process.cpuUsage();
      const benchmarkCpuMs = childCpuMs + (user + system) / 1000;
      const seconds = (performance.now() - startedAt) / 1000;
      const busyMs = (jiffies().busy - atStart.busy) * 10;
      machine.durationSeconds = Math.round(seconds);
      machine.benchmarkCoreSeconds = Math.round(benchmarkCpuMs / 1000);
      machine.machineBusyCoreSeconds = Math.round(busyMs / 1000);
      // Other processes' share: the average fraction of one core they kept busy while this ran.
      machine.otherProcessesCoreShare = Math.max(0, (busyMs - benchmarkCpuMs) / 1000 / seconds);
      machine.loadAverageAtEnd = loadAverage();
      return machine;
    },
  };
}

/** The report's header lines. */
export function describeMachine(machine) {
  return [
    `- date ${machine.date}; command \`${machine.command}\` (${machine.durationSeconds} s)`,
    `- node ${machine.node}, ${machine.cpu}, ${machine.cores} cores`,
    `- solrpc at ${machine.commit}${machine.srcChanged ? ' (src/ had uncommitted changes: the dist/ built from the working tree)' : ''}`,
    `- machine CPU during the run: ${machine.machineBusyCoreSeconds} core-seconds busy, ${machine.benchmarkCoreSeconds} of them the benchmark's; other processes averaged ${(machine.otherProcessesCoreShare * 100).toFixed(0)}% of one core (load average ${machine.loadAverageAtStart} at start, ${machine.loadAverageAtEnd} at end)`,
  ];
}
