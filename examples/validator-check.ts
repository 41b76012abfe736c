/**
 * A validator check for Nagios, Icinga or cron: exit code 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN, and
 * the verdict on the first line of output, then one line per finding.
 *
 *   npm run example -- validator-check                  offline: the simulated validator "alpha" (OK)
 *   npm run example -- validator-check delta            offline: another one (beta, gamma, delta, epsilon)
 *   npm run example -- validator-check https://rpc.example.com IDENTITY [VOTE_ACCOUNT]
 *
 * Environment: RPC_URL (instead of the first argument), INTERVAL_MS (between the two samples, default 2000).
 *
 * In your own project, import from 'solrpc' instead of '../src/index.js'. The simulated cluster belongs
 * to this repository (it is what `solrpc demo` runs), not to the package.
 */

import {
  checkValidator,
  createHttpTransport,
  createRpcWith,
  getBlockProduction,
  getClusterNodes,
  getEpochInfo,
  getLeaderSchedule,
  getVoteAccounts,
  isSolRpcError,
  type Verdict,
} from '../src/index.js';
import { SIMULATION, startSimulatedCluster } from '../src/testing/simulatedCluster.js';

const EXIT_CODES: Record<Verdict, number> = { ok: 0, warning: 1, critical: 2, unknown: 3 };
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 2000);
const DEADLINE_MS = 60_000;

const args = process.argv.slice(2);
const givenUrl = /^https?:\/\//.test(args[0] ?? '') ? args.shift() : process.env.RPC_URL || undefined;

let identity: string | undefined;
let votePubkey: string | undefined;
// No URL: start the simulated cluster on a loopback port, and check one of its validators by name.
const cluster = givenUrl ? undefined : await startSimulatedCluster();
if (cluster) {
  const name = args[0] ?? 'alpha';
  const validator = SIMULATION.validators.find((v) => v.name === name);
  if (!validator) {
    console.log(`UNKNOWN: no simulated validator named ${name}`);
    await cluster.close();
    process.exit(3);
  }
  ({ identity, vote: votePubkey } = validator);
  console.log(`(simulated cluster at ${cluster.url}, validator ${name})`);
} else {
  [identity, votePubkey] = args;
}
if (!identity) {
  console.log('UNKNOWN: usage: validator-check [RPC_URL IDENTITY [VOTE_ACCOUNT] | SIMULATED_NAME]');
  process.exit(3);
}

// The five methods the check needs, and nothing else in the bundle. `timeoutMs` bounds each request.
// The full HTTP transport, so a passing 503 is retried before it can make a finding `unknown`; a URL alone
// would give createRpcWith's basic transport, one request per call.
const rpc = createRpcWith(createHttpTransport(givenUrl ?? (cluster as { url: string }).url, { timeoutMs: 10_000 }), {
  getClusterNodes,
  getVoteAccounts,
  getEpochInfo,
  getLeaderSchedule,
  getBlockProduction,
});

try {
  const report = await checkValidator(rpc, {
    identity,
    votePubkey,
    samples: 2,
    interval: INTERVAL_MS,
    commitment: 'confirmed',
    signal: AbortSignal.timeout(DEADLINE_MS), // the whole check
  });
  // The first line is what Nagios shows: the verdict and the worst finding's reason.
  const worst = report.findings.find((f) => f.verdict === report.verdict);
  console.log(`${report.verdict.toUpperCase()}: ${worst?.check}: ${worst?.reason}`);
  for (const f of report.findings) console.log(`${f.verdict.padEnd(8)} ${f.check}: ${f.reason}`);
  process.exitCode = EXIT_CODES[report.verdict];
} catch (error) {
  // A failed request is an `unknown` finding, not an exception. Only bad options (InvalidInputError)
  // and the deadline (AbortError) land here: no verdict.
  const why = isSolRpcError(error, 'AbortError') ? `no verdict within ${DEADLINE_MS / 1000} s` : String(error);
  console.log(`UNKNOWN: ${why.split('\n')[0]}`);
  process.exitCode = 3;
} finally {
  await cluster?.close();
}
