/**
 * `solrpc ping` against the local test cluster, in-process: real transfers signed with the keypair file,
 * sent and confirmed over HTTP, read back from the ledger. Waits between transactions go through an
 * injected sleep that records them, so no test waits for an interval or decides anything by the clock;
 * each test's deadline only guards against a hang.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/cliError.js';
import { toJson } from '../../src/cli/format.js';
import { readKeypairSigner } from '../../src/cli/keypair.js';
import { confirmationStats, pingJson, pingLine, pingMarks, pingText, pingTimestamp } from '../../src/cli/pingReport.js';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { decodeBase58 } from '../../src/codecs/base58Text.js';
import { decodeTransaction } from '../../src/codecs/transaction.js';
import { createRpc, type Rpc } from '../../src/index.js';
import { startTestCluster, type TestCluster } from '../../src/testing/index.js';
import { type Keypair, newKeypair, removeTempDirs, runCli, tempDir, writeKeypairFile } from './helpers.js';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const LINE = /^(\d+) lamport\(s\) transferred: seq=(\d+) +time= *(\d+)ms signature=(\w+)$/;

let cluster: TestCluster;
let rpc: Rpc;
let funded: Keypair;
let fundedPath: string;

beforeAll(async () => {
  funded = newKeypair();
  // Short slots: a transfer is confirmed two slots after it lands.
  cluster = await startTestCluster({ slotMs: 20, accounts: { [funded.address]: { lamports: 10_000_000_000n } } });
  rpc = createRpc(cluster.url, { retry: false });
  fundedPath = writeKeypairFile(join(tempDir(), 'id.json'), funded);
});

afterEach(() => cluster.clearFaults());

afterAll(async () => {
  await cluster.close();
  removeTempDirs();
});

/** Runs `solrpc ping ARGS --url <cluster> -k <file>`, recording each wait instead of waiting. */
async function ping(args: string[], options: { keypair?: string; env?: Record<string, string> } = {}) {
  const sleeps: number[] = [];
  const run = await runCli([...args, '--url', cluster.url, '-k', options.keypair ?? fundedPath], {
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...(options.env ? { env: options.env } : {}),
  });
  return { ...run, sleeps };
}

/** The transaction a signature names, as the ledger holds it, decoded. */
async function landed(signature: string) {
  const found = await rpc.getTransaction(signature, { encoding: 'base64', commitment: 'confirmed' });
  if (!found) throw new Error(`${signature} is not in the ledger`);
  return { decoded: decodeTransaction(found.transaction), meta: found.meta, slot: found.slot };
}

/** Every secret form of a keypair that must never be printed: the file's JSON array, its base58, the seed's. */
function secretForms(keypair: Keypair): string[] {
  const bytes = Uint8Array.from(keypair.bytes);
  return [
    `[${keypair.bytes.join(',')}]`,
    keypair.bytes.join(','),
    encodeBase58(bytes),
    encodeBase58(bytes.subarray(0, 32)),
    Buffer.from(bytes.subarray(0, 32)).toString('base64'),
    Buffer.from(bytes.subarray(0, 32)).toString('hex'),
  ];
}

describe('solrpc ping on the test cluster', () => {
  it('sends --count self-transfers of 1, 2, 3 lamports, waits --interval between them, and reports them', async () => {
    const before = (await rpc.getBalance(funded.address, { commitment: 'confirmed' })).value;
    const run = await ping(['ping', '-c', '3', '-i', '0.25']);
    expect(run.code).toBe(0);
    // Two waits of 250 ms: between the transactions, none after the last.
    expect(run.sleeps).toEqual([250, 250]);

    const live = run.err.trimEnd().split('\n');
    expect(live).toHaveLength(3);
    const parsed = live.map((line) => LINE.exec(line));
    expect(parsed.map((match) => [match?.[1], match?.[2]])).toEqual([
      ['1', '0'],
      ['2', '1'],
      ['3', '2'],
    ]);
    const signatures = parsed.map((match) => match?.[4] as string);
    expect(new Set(signatures).size).toBe(3);

    // stdout: the report, the same lines again, the statistics, then println!'s empty line.
    const ms = parsed.map((match) => Number(match?.[3]));
    const mean = (ms[0]! + ms[1]! + ms[2]!) / 3;
    const std = Math.sqrt(ms.reduce((sum, v) => sum + (v - mean) ** 2, 0) / 2);
    const round = (value: number) => String(Math.round(value));
    expect(run.out).toBe(
      `\nSource Account: ${funded.address}\n\n${live.join('\n')}\n\n--- transaction statistics ---\n` +
        '3 transactions submitted, 3 transactions confirmed, 0.0% transaction loss\n' +
        `confirmation min/mean/max/stddev = ${Math.min(...ms)}/${round(mean)}/${Math.max(...ms)}/${round(std)} ms\n\n`,
    );

    // Each is in the ledger: one signer, a System Program transfer of n lamports from the payer to itself.
    for (const [index, signature] of signatures.entries()) {
      const { decoded, meta } = await landed(signature);
      expect(meta?.err).toBeNull();
      expect(decoded.message.header).toEqual({
        numRequiredSignatures: 1,
        numReadonlySignedAccounts: 0,
        numReadonlyUnsignedAccounts: 1,
      });
      expect(decoded.message.accountKeys).toEqual([funded.address, SYSTEM_PROGRAM]);
      const data = new Uint8Array(12);
      new DataView(data.buffer).setUint32(0, 2, true);
      new DataView(data.buffer).setBigUint64(4, BigInt(index + 1), true);
      expect(decoded.message.instructions).toEqual([{ programIdIndex: 1, accounts: [0, 0], data: encodeBase58(data) }]);
    }
    // A transfer to oneself moves nothing: the balance fell by the three fees alone.
    const after = (await rpc.getBalance(funded.address, { commitment: 'confirmed' })).value;
    expect(before - after).toBe(3n * 5000n);
  }, 30_000);

  it('--with-compute-unit-price adds SetComputeUnitPrice and a SetComputeUnitLimit of the simulated units', async () => {
    const run = await ping(['ping', '-c', '1', '--with-compute-unit-price', '250000']);
    expect(run.code).toBe(0);
    const signature = LINE.exec(run.err.trimEnd())?.[4] as string;
    const { decoded, meta } = await landed(signature);
    expect(decoded.message.accountKeys).toEqual([funded.address, SYSTEM_PROGRAM, COMPUTE_BUDGET]);
    expect(decoded.message.header.numReadonlyUnsignedAccounts).toBe(2);
    const [transfer, price, limit] = decoded.message.instructions;
    expect(transfer?.programIdIndex).toBe(1);
    const priceData = decodeBase58(price?.data as string, 9) as Uint8Array;
    expect(price?.programIdIndex).toBe(2);
    expect(priceData[0]).toBe(3);
    expect(new DataView(priceData.buffer, priceData.byteOffset).getBigUint64(1, true)).toBe(250_000n);
    const limitData = decodeBase58(limit?.data as string, 5) as Uint8Array;
    expect(limit?.programIdIndex).toBe(2);
    expect(limitData[0]).toBe(2);
    const units = new DataView(limitData.buffer, limitData.byteOffset).getUint32(1, true);
    // The limit is what the transaction consumes: simulated, then asked for exactly.
    expect(units).toBe(meta?.computeUnitsConsumed);
    // The fee: 5,000 per signature plus price × limit in micro-lamports, rounded up.
    expect(meta?.fee).toBe(5000n + (250_000n * BigInt(units) + 999_999n) / 1_000_000n);
  }, 30_000);

  it('--output json: CliPing as serde writes it, and json-compact on one line', async () => {
    const run = await ping(['ping', '-c', '2', '-i', '0', '--output', 'json']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.out);
    expect(Object.keys(report)).toEqual(['sourcePubkey', 'pings', 'transactionStats', 'confirmationStats']);
    expect(report.sourcePubkey).toBe(funded.address);
    expect(report.transactionStats).toEqual({ numTransactions: 2, numTransactionConfirmed: 2 });
    expect(report.pings).toHaveLength(2);
    for (const [index, entry] of report.pings.entries()) {
      expect(Object.keys(entry)).toEqual(['success', 'signature', 'ms', 'timestamp', 'sequence', 'lamports']);
      expect(entry).toMatchObject({ success: true, sequence: index, lamports: index + 1 });
      expect(Number.isInteger(entry.ms)).toBe(true);
      expect(entry.timestamp).toMatch(/^\[\d{10}\.\d{6}\] $/);
      expect((await landed(entry.signature)).meta?.err).toBeNull();
    }
    const ms = report.pings.map((entry: { ms: number }) => entry.ms);
    expect(report.confirmationStats).toEqual({
      min: Math.min(...ms),
      mean: (ms[0] + ms[1]) / 2,
      max: Math.max(...ms),
      stdDev: expect.closeTo(Math.abs(ms[0] - ms[1]) / Math.SQRT2, 9),
    });
    // f64s keep their point, as serde_json writes them.
    expect(run.out).toMatch(/"min": \d+\.\d+,/);
    // The lines still go to stderr, as the Solana CLI's eprint!.
    expect(run.err.trimEnd().split('\n')).toHaveLength(2);

    const compact = await ping(['ping', '-c', '1', '--output', 'json-compact']);
    expect(compact.code).toBe(0);
    expect(compact.out.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(compact.out).transactionStats).toEqual({ numTransactions: 1, numTransactionConfirmed: 1 });
  }, 30_000);

  it('counts a dropped send as loss once --timeout passes: a timeout line, 100.0% loss, no confirmation stats', async () => {
    const drops = cluster.fault('dropSends');
    const run = await ping(['ping', '-c', '2', '-i', '0', '-t', '0.3']);
    expect(drops.hits).toBe(2);
    expect(run.code).toBe(0);
    const live = run.err.trimEnd().split('\n');
    expect(live).toHaveLength(2);
    for (const [seq, line] of live.entries()) {
      const prefix = `Confirmation timeout:  seq=${String(seq).padEnd(3)}${' '.repeat(13)}signature=`;
      expect(line.startsWith(prefix)).toBe(true);
      const signature = line.split('signature=')[1] as string;
      expect((await rpc.getSignatureStatuses([signature], { searchTransactionHistory: true })).value).toEqual([null]);
    }
    expect(run.out).toBe(
      `\nSource Account: ${funded.address}\n\n${live.join('\n')}\n\n--- transaction statistics ---\n` +
        '2 transactions submitted, 0 transactions confirmed, 100.0% transaction loss\n\n',
    );

    const json = await ping(['ping', '-c', '1', '-t', '0.3', '--output', 'json']);
    const report = JSON.parse(json.out);
    expect(report.transactionStats).toEqual({ numTransactions: 1, numTransactionConfirmed: 0 });
    expect(Object.keys(report.pings[0])).toEqual(['success', 'signature', 'timestamp', 'sequence']);
    expect(report.pings[0].success).toBe(false);
    expect('confirmationStats' in report).toBe(false);
  }, 30_000);

  it('a send the node refuses: a Submit failed line with its error quoted as Rust quotes it, counted as loss', async () => {
    // The node is unhealthy for sends alone: its preflight refuses with -32005, as a node 200 slots behind.
    cluster.fault('behind', { slots: 200, methods: ['sendTransaction'] });
    const run = await ping(['ping', '-c', '1']);
    expect(run.code).toBe(0);
    const line = run.err.trimEnd();
    expect(line).toMatch(/^Submit failed: {9}seq=0 {3}error="[^"\n]*Node is behind by \d+ slots[^"\n]*"$/);
    expect(run.out).toContain(`\n\n${line}\n\n--- transaction statistics ---\n`);
    expect(run.out).toContain('1 transactions submitted, 0 transactions confirmed, 100.0% transaction loss\n\n');
    const json = await ping(['ping', '-c', '1', '--output', 'json']);
    const entry = JSON.parse(json.out).pings[0];
    expect(Object.keys(entry)).toEqual(['success', 'error', 'timestamp', 'sequence']);
    expect(entry.error).toMatch(/Node is behind/);
  }, 30_000);

  it.skipIf(process.platform === 'darwin' || process.platform === 'win32')(
    "-D stamps each line, and a UTF-8 LANG brings the Solana CLI's check mark, on both streams",
    async () => {
      const run = await ping(['ping', '-c', '1', '-D'], { env: { HOME: tempDir('solrpc-home-'), LANG: 'C.UTF-8' } });
      expect(run.code).toBe(0);
      const line = run.err.trimEnd();
      const match = /^\[(\d+)\.(\d{6})\] ✅ (1 lamport\(s\) transferred: .*)$/.exec(line);
      expect(match?.[3]).toMatch(LINE);
      // Stamped when the line was made: within this run.
      expect(Math.abs(Number(match?.[1]) - Date.now() / 1000)).toBeLessThan(600);
      expect(run.out).toContain(`\n\n${line}\n\n--- transaction statistics ---\n`);
    },
    30_000,
  );

  it('--blockhash 1111…: the cluster blockhash, kept for every transaction; a blockhash given is used as given', async () => {
    const run = await ping(['ping', '-c', '2', '-i', '0', '--blockhash', SYSTEM_PROGRAM]);
    expect(run.code).toBe(0);
    const signatures = run.err
      .trimEnd()
      .split('\n')
      .map((line) => LINE.exec(line)?.[4] as string);
    const hashes = await Promise.all(signatures.map(async (s) => (await landed(s)).decoded.message.recentBlockhash));
    expect(hashes[0]).toBe(hashes[1]);
    expect(run.out).toContain(`\nFixed blockhash is used: ${hashes[0]} (fetched from cluster)\n\n`);

    const { value } = await rpc.getLatestBlockhash({ commitment: 'confirmed' });
    const given = await ping(['ping', '-c', '1', '--blockhash', value.blockhash, '--output', 'json']);
    expect(given.code).toBe(0);
    const report = JSON.parse(given.out);
    expect(report.fixedBlockhash).toBe(value.blockhash);
    expect((await landed(report.pings[0].signature)).decoded.message.recentBlockhash).toBe(value.blockhash);
  }, 30_000);

  it('takes a new blockhash once one has served 60 s, and starts the lamports at 1 again', async () => {
    let offset = 0;
    const sleeps: number[] = [];
    const run = await runCli(['ping', '-c', '2', '-i', '61', '--url', cluster.url, '-k', fundedPath], {
      // A clock that the interval moves by 61 s; the waits for a new blockhash are real (200 ms).
      now: () => performance.timeOrigin + performance.now() + offset,
      sleep: async (ms) => {
        sleeps.push(ms);
        offset += ms;
        if (ms < 1000) await new Promise((resolve) => setTimeout(resolve, ms));
      },
    });
    expect(run.code).toBe(0);
    expect(sleeps[0]).toBe(61_000);
    const lines = run.err
      .trimEnd()
      .split('\n')
      .map((line) => LINE.exec(line));
    expect(lines.map((match) => match?.[1])).toEqual(['1', '1']);
    const hashes = await Promise.all(
      lines.map(async (match) => (await landed(match?.[4] as string)).decoded.message.recentBlockhash),
    );
    expect(hashes[0]).not.toBe(hashes[1]);
  }, 30_000);

  it('Ctrl-C during the interval: the report of what was sent, exit 130', async () => {
    const controller = new AbortController();
    const run = await runCli(['ping', '-i', '5', '--url', cluster.url, '-k', fundedPath], {
      signal: controller.signal,
      // The user interrupts while ping waits for the next transaction.
      sleep: (_ms, signal) => {
        controller.abort(new Error('interrupted'));
        return Promise.reject(signal?.reason);
      },
    });
    expect(run.code).toBe(130);
    expect(run.out).toMatch(
      /\n1 transactions submitted, 1 transactions confirmed, 0\.0% transaction loss\nconfirmation min\/mean\/max\/stddev = (\d+)\/\1\/\1\/NaN ms\n\n$/,
    );
    expect(run.err.trimEnd()).toMatch(LINE);
  }, 30_000);

  it('Ctrl-C while a transaction is awaited: that one neither listed nor counted (0 submitted: NaN% loss), exit 130', async () => {
    const drops = cluster.fault('dropSends');
    const controller = new AbortController();
    const running = runCli(['ping', '--url', cluster.url, '-k', fundedPath], { signal: controller.signal });
    while (drops.hits === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort(new Error('interrupted'));
    const run = await running;
    expect(run.code).toBe(130);
    expect(run.err).toBe('');
    expect(run.out).toBe(
      `\nSource Account: ${funded.address}\n\n\n--- transaction statistics ---\n` +
        '0 transactions submitted, 0 transactions confirmed, NaN% transaction loss\n\n',
    );
  }, 30_000);
});

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const built = existsSync(fileURLToPath(new URL('../../dist/cli/commands/ping.js', import.meta.url)));
if (!built) console.warn('test/cli/ping.test.ts: the built bin test is skipped: run `npm run build` first');

describe('the built bin', () => {
  it.skipIf(!built)(
    'SIGINT while it waits out the interval: the report on stdout, exit 130',
    async () => {
      const child = spawn(
        process.execPath,
        [BIN, 'ping', '-i', '600', '--url', cluster.url, '-k', fundedPath, '--output', 'json-compact'],
        { env: { PATH: process.env.PATH ?? '', HOME: tempDir('solrpc-home-') }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
      });
      // Interrupted once the first transaction's line is out: ping then waits its 600 s.
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        if (stderr.includes('\n')) child.kill('SIGINT');
      });
      const guard = setTimeout(() => child.kill('SIGKILL'), 25_000);
      const code = await new Promise<number | null>((resolve) => child.on('close', (exit) => resolve(exit)));
      clearTimeout(guard);
      expect(code).toBe(130);
      expect(stderr.trimEnd()).toMatch(LINE);
      const report = JSON.parse(stdout);
      expect(report.transactionStats).toEqual({ numTransactions: 1, numTransactionConfirmed: 1 });
      expect(report.pings[0].signature).toBe(LINE.exec(stderr.trimEnd())?.[4]);
    },
    30_000,
  );
});

describe('refusals', () => {
  it.each([
    [['-c', '0'], '--count must be a whole number of transactions, 1 or more'],
    [['-c', '2.5'], '--count must be a whole number of transactions, 1 or more'],
    [['--count', 'ten'], '--count must be a whole number of transactions, 1 or more'],
    [['-i', 'soon'], '--interval must be a number of seconds, such as 2 or 0.5'],
    [['--interval=-1'], '--interval must be a number of seconds, such as 2 or 0.5'],
    [['-i', '86401'], '--interval must be at most 86400 seconds (one day)'],
    [['-t', '0'], '--timeout must be above 0 seconds'],
    [['-t', '0.0001'], '--timeout must be at least 0.001 seconds (1 ms)'],
    [['--with-compute-unit-price', '1.5'], '--with-compute-unit-price must be a whole number'],
    [['--with-compute-unit-price', '18446744073709551616'], 'from 0 to 18446744073709551615'],
    [['--blockhash', 'not-a-hash'], '--blockhash not-a-hash: '],
    [['--lamports'], "option --lamports does not apply to 'ping'"],
    [['extra'], "'ping' takes at most 0 argument(s)"],
    [['-c'], 'option --count needs a value'],
  ])('%j: exit 2, one line, before any request', async (args, message) => {
    // A keypair that cannot be read and a URL nothing answers at: the flag must be refused first.
    const run = await runCli(['ping', ...args, '--url', 'http://127.0.0.1:1', '-k', '/nonexistent/id.json']);
    expect(run.code).toBe(2);
    expect(run.out).toBe('');
    expect(run.err.split('\n')).toHaveLength(2);
    expect(run.err).toContain(message);
    expect(run.err.startsWith('Error: ')).toBe(true);
  });

  it('a keypair that is missing, malformed, or not there by default: exit 2 naming the file', async () => {
    const missing = await runCli(['ping', '--url', cluster.url, '-k', '/nonexistent/id.json']);
    expect(missing).toMatchObject({ code: 2, out: '' });
    expect(missing.err).toBe('Error: keypair file /nonexistent/id.json: not found\n');

    const home = tempDir('solrpc-home-');
    const none = await runCli(['ping', '--url', cluster.url], { env: { HOME: home } });
    expect(none).toMatchObject({ code: 2, out: '' });
    expect(none.err).toBe(
      `Error: no keypair: the default keypair ${join(home, '.config', 'solana', 'id.json')} was not found; create one with solana-keygen new, or name one with --keypair or keypair_path in the config file (solrpc ping signs with it)\n`,
    );

    // The public half altered: refused, and no number of the file is repeated.
    const bad = [...funded.bytes];
    bad[40] = ((bad[40] as number) + 1) % 256;
    const path = writeKeypairFile(join(tempDir(), 'bad.json'), `[${bad.join(',')}]`);
    const mismatch = await runCli(['ping', '--url', cluster.url, '-k', path, '--verbose']);
    expect(mismatch).toMatchObject({ code: 2, out: '' });
    expect(mismatch.err).toBe(`Error: keypair file ${path}: its public half does not match its secret half\n`);
    for (const form of secretForms(funded)) expect(mismatch.err).not.toContain(form);
  });

  it.skipIf(process.getuid?.() === 0)('a keypair file it may not read: exit 2, permission denied', async () => {
    const path = writeKeypairFile(join(tempDir(), 'locked.json'), funded, 0o000);
    const run = await runCli(['ping', '--url', cluster.url, '-k', path]);
    expect(run).toMatchObject({ code: 2, out: '', err: `Error: keypair file ${path}: permission denied\n` });
  });

  it('an account that cannot pay: exit 1 with the Solana CLI words, nothing sent', async () => {
    const poor = newKeypair();
    const path = writeKeypairFile(join(tempDir(), 'poor.json'), poor);
    const run = await ping(['ping', '-c', '1'], { keypair: path });
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toBe(
      `Error: Account ${poor.address} has insufficient funds for spend (0.000000001 SOL) + fee (0.000005 SOL)\n`,
    );
    expect((await rpc.getSignaturesForAddress(poor.address)).length).toBe(0);
  });

  it('--help lists every flag and exits 0', async () => {
    const run = await runCli(['ping', '--help']);
    expect(run.code).toBe(0);
    for (const flag of [
      '-c, --count',
      '-i, --interval',
      '-t, --timeout',
      '-D, --print-timestamp',
      '--with-compute-unit-price',
      '--blockhash',
    ]) {
      expect(run.out).toContain(flag);
    }
  });
});

describe('the secret never shows', () => {
  it('in any output of a run, text and JSON, verbose, with timestamps, or in the signer itself', async () => {
    const outputs: string[] = [];
    for (const extra of [
      ['-D', '-v'],
      ['--output', 'json', '-v'],
      ['--with-compute-unit-price', '1'],
    ]) {
      const run = await ping(['ping', '-c', '1', ...extra]);
      expect(run.code).toBe(0);
      outputs.push(run.out, run.err);
    }
    const signer = readKeypairSigner(fundedPath);
    outputs.push(JSON.stringify(signer), String(signer), Object.values(signer).join(' '));
    outputs.push((await import('node:util')).inspect(signer, { showHidden: true, depth: 5 }));
    for (const output of outputs) for (const form of secretForms(funded)) expect(output).not.toContain(form);
    // It signs: the signature verifies under the public key alone.
    const message = new TextEncoder().encode('ping');
    const { createPublicKey, verify } = await import('node:crypto');
    const spki = Buffer.concat([
      Buffer.from('302a300506032b6570032100', 'hex'),
      Buffer.from(decodeBase58(funded.address, 32) as Uint8Array),
    ]);
    const key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
    expect(verify(null, message, key, signer.sign(message))).toBe(true);
    expect(signer.address).toBe(funded.address);
    expect(() => readKeypairSigner('/nonexistent/id.json')).toThrow(CliError);
  }, 30_000);
});

describe("the report's format, as cli-output's CliPing and CliPingData", () => {
  const marks = { check: '✅ ', cross: '❌ ', printTimestamp: true };
  const sig = '5'.repeat(88);
  const stamp = '[1700000000.000042] ';

  it('writes each kind of line with its mark, padding and timestamp', () => {
    expect(
      pingLine({ success: true, signature: sig, ms: 87, timestamp: stamp, sequence: 7, lamports: 3n }, marks),
    ).toBe(`${stamp}✅ 3 lamport(s) transferred: seq=7   time=  87ms signature=${sig}\n`);
    expect(
      pingLine(
        {
          success: false,
          signature: sig,
          error: 'Error processing Instruction 0: "x"\\',
          timestamp: stamp,
          sequence: 1234,
        },
        marks,
      ),
    ).toBe(
      `${stamp}❌ Transaction failed:    seq=1234 error="Error processing Instruction 0: \\"x\\"\\\\" signature=${sig}\n`,
    );
    expect(pingLine({ success: false, signature: sig, timestamp: stamp, sequence: 12 }, marks)).toBe(
      `${stamp}❌ Confirmation timeout:  seq=12              signature=${sig}\n`,
    );
    // Server text reaches the terminal without its control characters.
    expect(
      pingLine(
        { success: false, error: 'busy\u001b[2J\nnow', timestamp: stamp, sequence: 0 },
        { ...marks, printTimestamp: false },
      ),
    ).not.toMatch(/[\u001b\n].*\n/);
    expect(pingTimestamp(1_700_000_000_000_042)).toBe(stamp);
  });

  it('marks with emoji where the console crate would (LANG ending in UTF-8 off macOS and Windows), else nothing', () => {
    if (process.platform === 'darwin' || process.platform === 'win32') return;
    expect(pingMarks({ LANG: 'en_US.UTF-8' }, false)).toEqual({ check: '✅ ', cross: '❌ ', printTimestamp: false });
    expect(pingMarks({ LANG: 'C' }, true)).toEqual({ check: '', cross: '', printTimestamp: true });
    expect(pingMarks({}, false).check).toBe('');
  });

  it('rounds the loss to one decimal and the times to whole ms, as Rust does; NaN where Rust divides by zero', () => {
    const pings = [100, 101, 104].map((ms, sequence) => ({
      success: true,
      signature: sig,
      ms,
      timestamp: stamp,
      sequence,
      lamports: BigInt(sequence + 1),
    }));
    const text = pingText(
      {
        sourcePubkey: funded.address,
        blockhashFromCluster: false,
        fixedBlockhash: SYSTEM_PROGRAM,
        pings: [...pings, { success: false, signature: sig, timestamp: stamp, sequence: 3 }],
        submitted: 4,
        confirmed: 3,
      },
      { ...marks, printTimestamp: false },
      (s) => s,
    );
    expect(text).toContain(`Fixed blockhash is used: ${SYSTEM_PROGRAM} (supplied from cli arguments)\n\n✅ 1 lamport`);
    // Mean 101.666… rounds to 102; stddev sqrt(13/3 * 3/2)… = 2.0816… rounds to 2.
    expect(
      text.endsWith(
        '4 transactions submitted, 3 transactions confirmed, 25.0% transaction loss\nconfirmation min/mean/max/stddev = 100/102/104/2 ms\n\n',
      ),
    ).toBe(true);
    const third = pingText(
      { sourcePubkey: funded.address, blockhashFromCluster: false, pings: [], submitted: 3, confirmed: 2 },
      marks,
      (s) => s,
    );
    expect(third).toContain('3 transactions submitted, 2 transactions confirmed, 33.3% transaction loss\n\n');
    expect(confirmationStats([250]).stdDev).toBeNaN();
    const json = pingJson({
      sourcePubkey: funded.address,
      blockhashFromCluster: false,
      pings: pings.slice(0, 1),
      submitted: 1,
      confirmed: 1,
    });
    expect(JSON.parse(toJson(json, false)).confirmationStats).toEqual({ min: 100, mean: 100, max: 100, stdDev: null });
  });
});
