/**
 * The examples in examples/ run as a user runs them, `node examples/run.mjs <name>` (esbuild bundles
 * the TypeScript, then Node runs it), against the simulated cluster they start themselves, so they
 * cannot rot. tsc type-checks them with the rest of the project.
 */
import { execFile } from 'node:child_process';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATION, startSimulatedCluster } from '../src/testing/simulatedCluster.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const RUN_TIMEOUT_MS = 30_000;
const TEST_TIMEOUT_MS = 45_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one example in a child process with its own deadline; never rejects. */
function runExample(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const { RPC_URL: _ignored, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['examples/run.mjs', ...args],
      { cwd: root, env: { ...inherited, ...env }, timeout: RUN_TIMEOUT_MS, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const alpha = SIMULATION.validators[0] as (typeof SIMULATION.validators)[number];

describe('examples/bot.ts', () => {
  // A server that accepts connections and never answers: every call runs into its timeout.
  let silent: Server;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it(
    'polls balances and an account for the given rounds, printing every amount exactly, then stops',
    async () => {
      const run = await runExample(['bot'], { ROUNDS: '3', INTERVAL_MS: '100' });
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      const lines = run.stdout.split('\n');
      expect(lines[0]).toMatch(/^simulated cluster at http:\/\/127\.0\.0\.1:\d+$/);
      expect(lines[1]).toMatch(/^round 1 at slot \d+$/);
      expect(lines.slice(2, 6)).toEqual([
        `  ${SIMULATION.wallet.address}: 10293847.561029385 SOL`,
        `  ${alpha.identity}: 4.22113376 SOL`,
        `  ${alpha.vote}: 0.02889792 SOL`,
        `  ${SIMULATION.tokenAccount}: 0.00203928 SOL, owner TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA, 165 bytes of data`,
      ]);
      expect(lines[6]).toMatch(/^round 2 at slot \d+: no change$/);
      expect(lines[7]).toMatch(/^round 3 at slot \d+: no change$/);
      expect(lines.slice(8)).toEqual(['stopped after 3 rounds', '']);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'ends a call that gets no answer at its timeoutMs, reports it as retryable and carries on',
    async () => {
      const { port } = silent.address() as AddressInfo;
      const run = await runExample(['bot', `http://127.0.0.1:${port}`, '--balance', SIMULATION.wallet.address], {
        ROUNDS: '1',
        TIMEOUT_MS: '200',
      });
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      expect(run.stdout).toContain(`round 1 at slot 0\n  ${SIMULATION.wallet.address}: TimeoutError: getBalance: `);
      expect(run.stdout).toContain(`(retryable: trying again next round)\nstopped after 1 round\n`);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'stops with exit code 1 on an error that retrying cannot fix (a bad address)',
    async () => {
      const run = await runExample(['bot', 'http://127.0.0.1:1', '--balance', 'not-an-address']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('getBalance: invalid address');
      expect(run.stdout).not.toContain('round 1');
    },
    TEST_TIMEOUT_MS,
  );
});

describe('examples/wallet.ts', () => {
  it(
    "lists the wallet's token accounts with exact balances, both views, its rank, and its history paged",
    async () => {
      const run = await runExample(['wallet']);
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      const lines = run.stdout.split('\n');
      expect(lines[0]).toMatch(/^simulated cluster at http:\/\/127\.0\.0\.1:\d+$/);
      expect(lines[1]).toMatch(
        new RegExp(
          `^wallet ${SIMULATION.wallet.address} at slot \\d+: 10293847.561029385 SOL \\(10293847561029385 lamports\\)$`,
        ),
      );
      expect(lines.slice(2, 14)).toEqual([
        '',
        '1 SPL Token account',
        `token account ${SIMULATION.tokenAccount} (0.00203928 SOL, 165 bytes)`,
        `  jsonParsed: mint ${SIMULATION.mint}, initialized`,
        '    balance 48.2 (48200000 base units, 6 decimals)',
        `    48.2 delegated to ${SIMULATION.delegate}`,
        '  decoded from 165 bytes: the two views agree',
        "  number 2 of the mint's 3 largest accounts (the largest holds 1250.5)",
        '',
        '0 Token-2022 accounts',
        '',
        'last 5 transactions',
      ]);
      // Newest first: the failed transfer (confirmed, or finalized once 32 slots deep), the transfer, then
      // the older ones, the newest of them with a memo.
      expect(lines[14]).toMatch(
        /^ {2}\d+ \S+Z \w{16}… failed \{"InstructionError":\[0,\{"Custom":1\}\]\}, (confirmed|finalized)$/,
      );
      expect(lines[15]).toMatch(/^ {2}\d+ \S+Z \w{16}… ok, finalized$/);
      expect(lines[16]).toMatch(/^ {2}\d+ \S+Z \w{16}… ok, finalized, memo \[12\] invoice 2400$/);
      expect(lines.slice(19)).toEqual(['2402 transactions in all, 1 failed, the oldest at slot 356050553', '']);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'stops the history count at SCAN_LIMIT and says there may be more',
    async () => {
      const run = await runExample(['wallet'], { RECENT: '1', SCAN_LIMIT: '1500' });
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      expect(run.stdout).toContain('\nlast 1 transaction\n');
      expect(run.stdout.trim().split('\n').at(-1)).toMatch(
        /^1500 transactions in all, 1 failed, the oldest at slot \d+ \(stopped at 1500; there may be more\)$/,
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'says so when the owner has no token accounts and no history',
    async () => {
      // A node of our own that knows nothing of the owner: the example must handle empty lists.
      const server = createHttpServer((request, response) => {
        let body = '';
        request.on('data', (chunk) => {
          body += chunk;
        });
        request.on('end', () => {
          const { id, method } = JSON.parse(body) as { id: unknown; method: string };
          const result =
            method === 'getSignaturesForAddress'
              ? []
              : { context: { slot: 7 }, value: method === 'getBalance' ? 0 : [] };
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify({ jsonrpc: '2.0', id, result }));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const run = await runExample(['wallet', `http://127.0.0.1:${port}`, SIMULATION.delegate]);
        expect({ code: run.code, stderr: run.stderr, stdout: run.stdout }).toEqual({
          code: 0,
          stderr: '',
          stdout: [
            `wallet ${SIMULATION.delegate} at slot 7: 0 SOL (0 lamports)`,
            '',
            '0 SPL Token accounts',
            '',
            '0 Token-2022 accounts',
            '',
            'last 0 transactions',
            '0 transactions in all, 0 failed',
            '',
          ].join('\n'),
        });
      } finally {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
    TEST_TIMEOUT_MS,
  );
});

describe('examples/validator-check.ts', () => {
  const check = (args: string[]) => runExample(['validator-check', ...args], { INTERVAL_MS: '500' });

  it(
    'exits 0 with OK first for a healthy validator, then one line per finding',
    async () => {
      const run = await check([]);
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      const lines = run.stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^\(simulated cluster at http:\/\/127\.0\.0\.1:\d+, validator alpha\)$/);
      expect(lines[1]).toMatch(/^OK: visible: in gossip at 198\.51\.100\.17:8001/);
      expect(lines.slice(2).map((line) => line.split(':')[0])).toEqual([
        'ok       visible',
        'ok       voting',
        'ok       staked',
        'ok       cluster-progress',
        'ok       vote-progress',
        'ok       leader-slots',
        'ok       skip-rate',
        'ok       node-health',
        'ok       snapshot',
      ]);
      expect(lines).toContain('ok       staked: 13822119736540281 lamports of active stake');
    },
    TEST_TIMEOUT_MS,
  );

  it.each([
    ['delta', 2, 'CRITICAL: voting: delinquent: last vote at slot '],
    ['epsilon', 1, 'WARNING: staked: no active stake'],
    ['nobody', 3, 'UNKNOWN: no simulated validator named nobody'],
  ])(
    'exits with the Nagios code of the verdict: %s → %i',
    async (name, code, firstLine) => {
      const run = await check([name]);
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code, stderr: '' });
      // The verdict comes first, after the line naming the simulated validator when there is one.
      const verdictLine = run.stdout.split('\n').find((line) => !line.startsWith('(simulated cluster'));
      expect(verdictLine?.startsWith(firstLine), verdictLine).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'exits 3 (UNKNOWN) when the node cannot be reached, with every request reported',
    async () => {
      // A port that was just free: nothing listens there, so connections are refused.
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const { port } = probe.address() as AddressInfo;
      await new Promise<void>((resolve) => probe.close(() => resolve()));

      const run = await check([`http://127.0.0.1:${port}`, alpha.identity, alpha.vote]);
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 3, stderr: '' });
      const lines = run.stdout.trim().split('\n');
      expect(lines[0]).toBe(
        `UNKNOWN: visible: could not check gossip: getClusterNodes: cannot reach http://127.0.0.1:${port} (ECONNREFUSED)`,
      );
      expect(lines.slice(1).every((line) => line.startsWith('unknown  '))).toBe(true);
      expect(lines).toHaveLength(10);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('examples/vote-account.ts', () => {
  it(
    "decodes the simulated vote account's bytes (base64+zstd) with decodeVoteAccount",
    async () => {
      const run = await runExample(['vote-account']);
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      const lines = run.stdout.split('\n');
      expect(lines[0]).toMatch(new RegExp(`^vote account ${alpha.vote} at slot (\\d+) \\(3762 bytes\\)$`));
      const slot = Number(/at slot (\d+)/.exec(lines[0] as string)?.[1]);
      expect(lines.slice(1, 5)).toEqual([
        `  validator identity: ${alpha.identity}`,
        `  withdraw authority: ${alpha.withdrawer}`,
        `  commission: ${alpha.commission}%`,
        // The simulation's validator alpha votes one slot behind, its root 31 votes before that.
        `  root slot: ${slot - 1 - 31}`,
      ]);
      expect(lines[5]).toBe(`  last vote: slot ${slot - 1}, 31 votes in the tower`);
      // The cluster's slot is read off the wall clock: the epoch is the one that slot is in.
      expect(lines[6]).toMatch(
        new RegExp(`^ {2}epoch ${Math.floor(slot / 432_000)}: \\d+ credits earned so far, \\d+ in all$`),
      );
      expect(lines.slice(7)).toEqual(['']);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'exits 1 with one line for an account that is not a vote account',
    async () => {
      const cluster = await startSimulatedCluster();
      try {
        const run = await runExample(['vote-account', cluster.url, SIMULATION.wallet.address]);
        expect(run).toEqual({ code: 1, stdout: '', stderr: `${SIMULATION.wallet.address} is not a vote account\n` });
      } finally {
        await cluster.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});

describe('examples/send-and-confirm.ts', () => {
  it(
    'builds and signs a transfer with @solana/kit, sends and confirms it against the simulated cluster',
    async () => {
      const run = await runExample(['send-and-confirm']);
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      const lines = run.stdout.split('\n');
      expect(lines[0]).toMatch(/^simulated cluster at http:\/\/127\.0\.0\.1:\d+$/);
      expect(lines[1]).toMatch(new RegExp(`^\\w{32,44} pays 1 lamport\\(s\\) to ${SIMULATION.wallet.address}$`));
      expect(lines[2]).toBe('  sent');
      expect(lines[3]).toMatch(/^ {2}processed in slot (\d+)$/);
      const slot = /(\d+)$/.exec(lines[3] as string)?.[1];
      expect(lines[4]).toBe(`  confirmed in slot ${slot}`);
      expect(lines[5]).toMatch(new RegExp(`^confirmed: \\w{64,88} in slot ${slot}$`));
      expect(lines.slice(6)).toEqual(['']);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'exits 2 with its usage when a URL comes without keypair, destination and amount',
    async () => {
      const run = await runExample(['send-and-confirm', 'http://127.0.0.1:1']);
      expect(run).toEqual({
        code: 2,
        stdout: '',
        stderr: 'usage: send-and-confirm [RPC_URL KEYPAIR_FILE DESTINATION LAMPORTS]\n',
      });
    },
    TEST_TIMEOUT_MS,
  );
});

describe('examples/subscriptions.ts', () => {
  it(
    'follows slots, then sees the logs of its payment and confirms it with signatureSubscribe racing the poll',
    async () => {
      const run = await runExample(['subscriptions']);
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      const lines = run.stdout.split('\n');
      expect(lines[0]).toMatch(
        /^simulated cluster at http:\/\/127\.0\.0\.1:\d+, subscriptions at ws:\/\/127\.0\.0\.1:\d+$/,
      );
      const slots = lines.slice(1, 4).map((line) => /^slot (\d+) \(parent (\d+), root (\d+)\)$/.exec(line));
      for (const match of slots) {
        expect(match).not.toBeNull();
        const [slot, parent, root] = (match as RegExpExecArray).slice(1).map(Number) as [number, number, number];
        expect([parent, root]).toEqual([slot - 1, slot - 32]);
      }
      const logs = /^logs of (\w{64,88}) in slot (\d+): ok$/.exec(lines[4] as string);
      expect(logs).not.toBeNull();
      const [, signature, slot] = logs as RegExpExecArray;
      expect(lines.slice(5, 7)).toEqual([
        '  Program 11111111111111111111111111111111 invoke [1]',
        '  Program 11111111111111111111111111111111 success',
      ]);
      expect(lines.slice(7)).toEqual([`confirmed: ${signature} in slot ${slot}`, '']);
    },
    TEST_TIMEOUT_MS,
  );
});
