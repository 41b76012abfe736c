/**
 * The built bin (`node dist/cli/main.js`) as a real child process, over real HTTP, against simulated
 * clusters started in this process. `npm test` builds dist first; run alone, `npm run build` first.
 * Every child has its own deadline and is killed (SIGKILL) when a test ends, whatever happened.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATION, type SimulatedCluster, startSimulatedCluster } from '../../src/testing/simulatedCluster.js';
import type { RpcReply } from '../msw/server.js';
import {
  closedPort,
  newKeypair,
  removeTempDirs,
  runCli,
  startScriptedRpc,
  tempDir,
  writeKeypairFile,
} from './helpers.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const built = existsSync(BIN);
if (!built) console.warn(`test/cli/process.test.ts skipped: ${BIN} is missing (run \`npm run build\` first)`);

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** When it exited (Date.now()). */
  exitedAt: number;
  /** The deadline passed and the child was killed. */
  timedOut: boolean;
}

const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});

/** Spawns the bin with a clean environment (an empty HOME), killing it at `timeoutMs`. */
function solrpc(
  args: string[],
  options: { timeoutMs?: number; env?: Record<string, string>; onSpawn?: (child: ChildProcess) => void } = {},
): Promise<Exit> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: tempDir('solrpc-home-'), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  options.onSpawn?.(child);
  return new Promise((resolve) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs ?? 10_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ code, signal, stdout, stderr, exitedAt: Date.now(), timedOut });
    });
  });
}

const [alpha] = SIMULATION.validators as [(typeof SIMULATION.validators)[number]];
/** Fixed clock: byte-exact output. */
let frozen: SimulatedCluster;
/** Real clock: slots advance, so `check` can see progress. */
let live: SimulatedCluster;
beforeAll(async () => {
  frozen = await startSimulatedCluster({ now: () => 1_754_900_754_000 });
  live = await startSimulatedCluster();
});
afterAll(async () => {
  await Promise.all([frozen.close(), live.close()]);
  removeTempDirs();
});

describe.skipIf(!built)('the solrpc bin', () => {
  it('--version', async () => {
    const result = await solrpc(['--version']);
    expect(result).toMatchObject({ code: 0, stdout: 'solrpc 0.1.0\n', stderr: '' });
  }, 15_000);

  it('gossip prints what run() prints in-process', async () => {
    const [child, inProcess] = await Promise.all([
      solrpc(['gossip', '--url', frozen.url]),
      runCli(['gossip', '--url', frozen.url]),
    ]);
    expect(child).toMatchObject({ code: 0, stderr: '' });
    expect(child.stdout).toBe(inProcess.out);
    expect(child.stdout.split('\n').slice(-2)).toEqual(['Nodes: 5', '']);
  }, 15_000);

  it('balance --lamports: every digit above 2^53', async () => {
    const result = await solrpc(['balance', SIMULATION.wallet.address, '--lamports', '-u', frozen.url]);
    expect(result).toMatchObject({ code: 0, stdout: '10293847561029385 lamports\n', stderr: '' });
  }, 15_000);

  it('vote-account with an address: the full Solana CLI layout', async () => {
    const [child, inProcess] = await Promise.all([
      solrpc(['vote-account', alpha.vote, '-u', frozen.url]),
      runCli(['vote-account', alpha.vote, '-u', frozen.url]),
    ]);
    expect(child).toMatchObject({ code: 0, stderr: '' });
    expect(child.stdout).toBe(inProcess.out);
    expect(child.stdout.split('\n').slice(0, 9)).toEqual([
      'Account Balance: 0.02889792 SOL',
      `Validator Identity: ${alpha.identity}`,
      `Vote Authority: ${alpha.identity}`,
      `Withdraw Authority: ${alpha.withdrawer}`,
      'Credits: 2465686428',
      'Commission: 5%',
      'Root Slot: 356139423',
      'Recent Timestamp: 2025-08-11T08:25:54Z from slot 356139454',
      'Recent Votes (using 31/31 entries):',
    ]);
  }, 15_000);

  it("vote-account with a keypair file: asks for the file's public key", async () => {
    const keypair = newKeypair();
    const path = writeKeypairFile(join(tempDir(), 'vote-account-keypair.json'), keypair);
    const result = await solrpc(['vote-account', path, '-u', frozen.url]);
    // Not one of the simulation's vote accounts, so the cluster has no such account.
    expect(result).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `Error: RPC request error: ${keypair.address} account does not exist\n`,
    });
  }, 15_000);

  it('epoch-info', async () => {
    const result = await solrpc(['epoch-info', '-u', frozen.url]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout.split('\n').slice(0, 4)).toEqual([
      '',
      // The confirmed bank's, one slot behind the tip, as a node answers getEpochInfo at confirmed.
      'Block height: 334287112',
      'Slot: 356139455',
      'Epoch: 824',
    ]);
    // Piped: no progress bar, no escape codes.
    expect(result.stdout).not.toContain('Epoch Progress');
    expect(result.stdout).not.toContain('\u001b');
  }, 15_000);

  it('check a healthy validator: exit 0', async () => {
    const result = await solrpc([
      'check',
      alpha.identity,
      '--vote-account',
      alpha.vote,
      '--interval',
      '0.5',
      '-u',
      live.url,
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(new RegExp(`^Validator ${alpha.identity}: OK at \\S+Z$`));
    expect(result.stdout.split('\n')).toHaveLength(11);
  }, 15_000);

  it('--output json parses, for gossip, balance and check', async () => {
    const [gossip, balance, check] = await Promise.all([
      solrpc(['gossip', '-u', frozen.url, '--output', 'json']),
      solrpc(['balance', SIMULATION.wallet.address, '-u', frozen.url, '--output', 'json']),
      solrpc(['check', alpha.identity, '--interval', '0.5', '-u', live.url, '--output', 'json']),
    ]);
    expect((JSON.parse(gossip.stdout) as unknown[]).length).toBe(5);
    expect(balance.stdout).toBe('{\n  "lamports": 10293847561029385\n}\n');
    expect(JSON.parse(check.stdout)).toMatchObject({ identity: alpha.identity, verdict: 'ok' });
    expect([gossip.code, balance.code, check.code]).toEqual([0, 0, 0]);
    expect(gossip.stderr + balance.stderr + check.stderr).toBe('');
  }, 15_000);

  it('an unreachable cluster: exit 69, one line naming the origin only', async () => {
    const port = await closedPort();
    const result = await solrpc(['gossip', '-u', `http://user:S3CRET@127.0.0.1:${port}/path-SECRET?api-key=SECRET`]);
    expect(result).toMatchObject({
      code: 69,
      stdout: '',
      stderr: `Error: getClusterNodes: cannot reach http://127.0.0.1:${port} (ECONNREFUSED)\n`,
    });
  }, 15_000);

  it('a closed pipe (leader-schedule, 432,000 lines): ends at once, exit 0, no message and no stack', async () => {
    let chunks = 0;
    let closedAt = 0;
    const result = await solrpc(['leader-schedule', '-u', frozen.url], {
      timeoutMs: 20_000,
      onSpawn: (child) => {
        child.stdout?.once('data', () => {
          chunks++;
          closedAt = Date.now();
          child.stdout?.destroy();
        });
      },
    });
    expect(chunks).toBe(1);
    expect(result.exitedAt - closedAt).toBeLessThan(5_000);
    expect(result.timedOut).toBe(false);
    expect(result.signal).toBeNull();
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  }, 25_000);

  // Observed: the first Ctrl-C during `check --watch` ends the watch at once (in ~tens of ms) and the
  // process exits with the last completed check's code (0 here, the validator being healthy), with
  // nothing on stderr; docs/cli.md documents exactly that.
  it('SIGINT during check --watch 60: a prompt, quiet exit with the last verdict', async () => {
    let interruptedAt = 0;
    const result = await solrpc(
      ['check', alpha.identity, '--vote-account', alpha.vote, '--interval', '0.5', '--watch', '60', '-u', live.url],
      {
        timeoutMs: 15_000,
        onSpawn: (child) => {
          let seen = '';
          child.stdout?.on('data', (chunk: string) => {
            seen += chunk;
            // After the first complete report (7 lines), during the wait before the next round.
            if (interruptedAt === 0 && seen.split('\n').length > 7) {
              interruptedAt = Date.now();
              child.kill('SIGINT');
            }
          });
        },
      },
    );
    expect(interruptedAt).toBeGreaterThan(0);
    expect(result.timedOut).toBe(false);
    expect(result.signal).toBeNull();
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    // The next round is ~59 s away: an exit within 10 s can only be the interrupt ending the wait, and
    // the bound is loose enough for a busy machine.
    expect(result.exitedAt - interruptedAt).toBeLessThan(10_000);
    expect(result.stdout.match(/^Validator .*: OK at /gm)).toHaveLength(1);
  }, 20_000);

  it.each([
    ['epoch-info', ['epoch-info'], 130],
    ['check (Nagios UNKNOWN)', ['check', alpha.identity, '--vote-account', alpha.vote], 3],
  ])(
    'SIGINT while a request of %s is in flight: exit %i at once, nothing printed',
    async (_name, argv, code) => {
      let child: ChildProcess | undefined;
      let interruptedAt = 0;
      // The node answers nothing; the request reaching it shows the child is up, its handler installed.
      const hang = () => {
        if (interruptedAt === 0) {
          interruptedAt = Date.now();
          child?.kill('SIGINT');
        }
        return new Promise<RpcReply>(() => undefined);
      };
      const rpc = await startScriptedRpc({
        getEpochInfo: hang,
        getClusterNodes: hang,
        getVoteAccounts: hang,
        getLeaderSchedule: hang,
      });
      try {
        const result = await solrpc([...argv, '-u', rpc.url], {
          timeoutMs: 8_000,
          onSpawn: (spawned) => {
            child = spawned;
          },
        });
        expect(interruptedAt).toBeGreaterThan(0);
        expect(result).toMatchObject({ code, signal: null, stdout: '', stderr: '', timedOut: false });
        // The request never ends, so without the interrupt the run would last until the 8 s deadline.
        expect(result.exitedAt - interruptedAt).toBeLessThan(5_000);
      } finally {
        await rpc.close();
      }
    },
    15_000,
  );
  // path is a regular file, so a FIFO (named pipe) as keypair path blocks the process in open(2) forever.
  // Ctrl-C does not help: main.ts installed a SIGINT handler, which cannot run while the event loop is
  // blocked. Repro: mkfifo /tmp/kp; solrpc balance /tmp/kp  (hangs; only SIGKILL/SIGQUIT ends it).
  // Expected: `Error: keypair file /tmp/kp: is not a regular file`, exit 2 (stat first, or O_NONBLOCK).
  it('a FIFO as keypair file is refused like any non-regular file, without hanging', async () => {
    const fifo = join(tempDir(), 'keypair.fifo');
    const made = await new Promise<number | null>((resolve) => {
      spawn('mkfifo', [fifo]).on('close', resolve);
    });
    expect(made).toBe(0);
    const result = await solrpc(['balance', fifo, '-u', frozen.url], { timeoutMs: 3_000 });
    expect(result.timedOut).toBe(false);
    expect(result).toMatchObject({ code: 2, stderr: `Error: keypair file ${fifo}: is not a regular file\n` });
  }, 10_000);
});
