/**
 * A polling bot: every few seconds it reads the balances of a few addresses (`getBalance`) and the
 * accounts of others (`getAccountInfo`: lamports, owner and data), prints what changed, and stops after
 * a number of rounds, or at Ctrl-C.
 *
 *   npm run example -- bot                        offline, against the simulated cluster
 *   npm run example -- bot https://rpc.example.com --balance ADDRESS --account ADDRESS …
 *
 * Environment: RPC_URL (instead of the first argument), ROUNDS (default 5), INTERVAL_MS (default 2000),
 * TIMEOUT_MS (each call's limit, default 5000).
 *
 * In your own project, import from 'solrpc' instead of '../src/index.js'. The simulated cluster belongs
 * to this repository (it is what `solrpc demo` runs), not to the package.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { createRpc, isSolRpcError } from '../src/index.js';
import { SIMULATION, startSimulatedCluster } from '../src/testing/simulatedCluster.js';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 2000);
const TIMEOUT_MS = Number(process.env.TIMEOUT_MS ?? 5000);
const LAMPORTS_PER_SOL = 1_000_000_000n;

/** What the bot last saw at an address: its balance, and for watched accounts, owner and data. */
interface Snapshot {
  lamports: bigint;
  /** `undefined` for a balance watch; `null` when no account exists. */
  account?: { owner: string; data: Uint8Array } | null;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { balance: { type: 'string', multiple: true }, account: { type: 'string', multiple: true } },
});
const givenUrl = positionals[0] ?? (process.env.RPC_URL || undefined);
const balances = values.balance ?? [];
const accounts = values.account ?? [];
if (givenUrl && balances.length + accounts.length === 0) {
  console.error('usage: bot [RPC_URL] [--balance ADDRESS]… [--account ADDRESS]…');
  process.exit(64);
}

// No URL: start the simulated cluster on a loopback port, and watch some of its addresses.
const cluster = givenUrl ? undefined : await startSimulatedCluster();
const url = givenUrl ?? (cluster as { url: string }).url;
if (cluster) {
  const alpha = SIMULATION.validators[0] as { identity: string; vote: string };
  balances.push(SIMULATION.wallet.address, alpha.identity, alpha.vote);
  accounts.push(SIMULATION.tokenAccount);
  console.log(`simulated cluster at ${cluster.url}`);
}
const watched = [
  ...balances.map((address) => ({ address, kind: 'balance' as const })),
  ...accounts.map((address) => ({ address, kind: 'account' as const })),
];

const rpc = createRpc(url);

// Ctrl-C aborts the calls in flight and the wait between rounds; the bot then stops cleanly.
const stop = new AbortController();
process.once('SIGINT', () => stop.abort(new Error('interrupted')));

const seen = new Map<string, Snapshot>();
// The highest slot any answer came from. Passing it as minContextSlot means a node that is behind (one
// of several behind a load balancer, say) answers -32016 instead of an older state than we already saw.
let slot = 0;

async function read({ address, kind }: (typeof watched)[number]): Promise<Snapshot> {
  // `signal` cancels this call; `timeoutMs` is this call's own limit, instead of the client's 30 s.
  const call = { signal: stop.signal, timeoutMs: TIMEOUT_MS, commitment: 'confirmed', minContextSlot: slot } as const;
  if (kind === 'balance') {
    const { context, value } = await rpc.getBalance(address, call);
    slot = Math.max(slot, context.slot);
    return { lamports: value };
  }
  const { context, value } = await rpc.getAccountInfo(address, call); // data: Uint8Array (base64 on the wire)
  slot = Math.max(slot, context.slot);
  return { lamports: value?.lamports ?? 0n, account: value && { owner: value.owner, data: value.data } };
}

let rounds = 0;
try {
  while (rounds < ROUNDS && !stop.signal.aborted) {
    rounds++;
    const results = await Promise.allSettled(watched.map(read));
    if (stop.signal.aborted) break;
    const lines: string[] = [];
    results.forEach((result, index) => {
      const { address } = watched[index] as (typeof watched)[number];
      if (result.status === 'rejected') {
        const error = result.reason;
        // A failure worth another try (a timeout, a refused connection, a node behind) waits for the
        // next round; anything else (a bad address, say) is a bug to fix, so the bot stops.
        if (!isSolRpcError(error) || !error.retryable) throw error;
        lines.push(`${address}: ${error.name}: ${error.message.split('\n')[0]} (retryable: trying again next round)`);
        return;
      }
      const before = seen.get(address);
      seen.set(address, result.value);
      lines.push(...changes(address, before, result.value));
    });
    console.log(`round ${rounds} at slot ${slot}${lines.length === 0 ? ': no change' : ''}`);
    for (const line of lines) console.log(`  ${line}`);
    if (rounds < ROUNDS) await sleep(INTERVAL_MS, undefined, { signal: stop.signal }).catch(() => undefined);
  }
} finally {
  await cluster?.close();
}
console.log(`stopped after ${rounds} round${rounds === 1 ? '' : 's'}${stop.signal.aborted ? ' (interrupted)' : ''}`);

/** What differs between two snapshots, in words. Lamports are bigints, so every digit is exact. */
function changes(address: string, before: Snapshot | undefined, now: Snapshot): string[] {
  const describe = ({ lamports, account }: Snapshot) => {
    if (account === undefined) return `${sol(lamports)} SOL`;
    if (account === null) return 'no account';
    return `${sol(lamports)} SOL, owner ${account.owner}, ${account.data.length} bytes of data`;
  };
  if (!before) return [`${address}: ${describe(now)}`];
  const out: string[] = [];
  if (now.lamports !== before.lamports) {
    const delta = now.lamports - before.lamports;
    out.push(`${address}: ${sol(before.lamports)} → ${sol(now.lamports)} SOL (${delta > 0n ? '+' : ''}${sol(delta)})`);
  }
  const [was, is] = [before.account, now.account];
  if (was?.owner !== is?.owner) out.push(`${address}: ${describe(before)} → ${describe(now)}`);
  else if (was && is && !sameBytes(was.data, is.data)) out.push(`${address}: data changed (${is.data.length} bytes)`);
  return out;
}

/** Lamports as SOL, exactly: integer arithmetic on the bigint, never a float. */
function sol(lamports: bigint): string {
  const sign = lamports < 0n ? '-' : '';
  const abs = lamports < 0n ? -lamports : lamports;
  const fraction = (abs % LAMPORTS_PER_SOL).toString().padStart(9, '0').replace(/0+$/, '');
  return `${sign}${abs / LAMPORTS_PER_SOL}${fraction ? `.${fraction}` : ''}`;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
