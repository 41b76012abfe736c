// Runs the suites whose verdicts could depend on timing (faults, reliability, transport, subscriptions,
// confirmation and paging over loopback, the streaming CLI, the test cluster) while two other processes burn both cores: the
// proof that no test's verdict depends on how fast, or how idle, the machine is. `npm run test:busy`; CI runs
// it after `npm test`. Extra arguments go to vitest.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const SUITES = [
  'test/faults',
  'test/reliability',
  'test/transport',
  'test/subscriptions',
  'test/send',
  'test/history',
  // Streamed reads: backpressure, a silent server against a slow loop, memory while streaming.
  'test/reads',
  'test/cli/logs.test.ts',
  // The test cluster: its close grace, faults held and released, notifications by commitment.
  'test/testing',
];
const burners = Math.max(2, availableParallelism());

// Each burner is a bare loop in its own process, at normal priority: the tests get no more CPU than a
// machine busy with other work would give them.
const burning = Array.from({ length: burners }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stopBurners = () => {
  for (const burner of burning) burner.kill('SIGKILL');
};
process.on('exit', stopBurners);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopBurners();
    process.exit(130);
  });
}

console.log(
  `test:busy: ${burners} CPU-burning processes on ${availableParallelism()} cores; running ${SUITES.join(', ')}`,
);
const started = Date.now();
const vitest = spawn(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', ...SUITES, '--project', 'node', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
vitest.on('exit', (code, signal) => {
  stopBurners();
  console.log(
    `test:busy: vitest ${signal ? `ended by ${signal}` : `exited ${code}`} after ${Math.round((Date.now() - started) / 1000)} s, cores busy throughout`,
  );
  process.exit(code ?? 1);
});
