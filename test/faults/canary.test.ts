/**
 * Reliability target L, the canary scan: a client URL carrying a userinfo password, a path token and a
 * query key, plus an `x-api-key` header, across the fault scenarios × the methods (result-shape scenarios for every method, transport-level ones
 * for a sample: test/support/budget.ts; SOLRPC_FULL_MATRIX=1 runs every method), and the CLI with
 * the same URL across every scenario (with and without --verbose). No canary may appear in any view of
 * an error (message, stack, String, JSON, inspect with hidden fields, the cause chain), in a result,
 * or in the CLI's output. Keypair files: no run of 3 consecutive numbers of the file in the CLI's output.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { isSolRpcError } from '../../src/index.js';
import { type Finding, keypairRuns, scanError, scanText } from '../support/canaryScan.js';
import { CANARY, callSdk, type Harness, runCli, settle, startHarness, urlFor } from '../support/faultCase.js';
import {
  faultPlan,
  type MethodName,
  methodsOf,
  optionsFor,
  paramsOf,
  SCENARIOS,
  type Scenario,
} from '../support/faultScenarios.js';
import { CANARY_BUGS, type CanaryBug, knownBug } from './knownBugs.js';

const HEADERS = { 'x-api-key': CANARY.header };
/** The CLI's per-attempt timeout: it makes 2 attempts within 2 × timeout + 1 s. */
const CLI_TIMEOUT_S = 0.2;
const CLI_LIMIT_MS = CLI_TIMEOUT_S * 2000 + 1000 + 1000;

const PLAN = faultPlan(2);
let h: Harness;
let home: string;
const unhandledSeen: unknown[] = [];
const figures = {
  sdkCases: 0,
  cliRuns: 0,
  keypairRuns: 0,
  secrets: 0,
  knownBugSecrets: 0,
  keypairLeaks: 0,
  hangs: 0,
  bugHangs: 0,
  untyped: 0,
};

beforeAll(async () => {
  h = await startHarness();
  home = mkdtempSync(join(tmpdir(), 'solrpc-canary-'));
  process.on('unhandledRejection', collect);
  process.on('uncaughtException', collect);
});

afterAll(async () => {
  process.off('unhandledRejection', collect);
  process.off('uncaughtException', collect);
  await h.close();
  rmSync(home, { recursive: true, force: true });
  console.log(
    `canary scan: scenarios ${SCENARIOS.length}, SDK cases ${figures.sdkCases} (${PLAN.summary}), CLI runs ${figures.cliRuns}, ` +
      `keypair runs ${figures.keypairRuns}, secrets found ${figures.secrets} (plus ${figures.knownBugSecrets} in known src bugs), ` +
      `keypair number runs ${figures.keypairLeaks}, ` +
      `hangs ${figures.hangs} (plus ${figures.bugHangs} in a known src bug), untyped errors ${figures.untyped}, unhandled ${unhandledSeen.length}`,
  );
});

function collect(reason: unknown) {
  unhandledSeen.push(reason);
}

const show = (findings: Finding[]) => findings.map((f) => `${f.canary} in ${f.where}`);

describe('SDK: errors and results of every scenario × its planned methods', () => {
  describe.each(SCENARIOS.map((s) => [s.name, s] as const))('%s', (_name, scenario) => {
    beforeAll(() => {
      h.server.reset((x) => scenario.handle(x, { otherOrigin: h.other.origin }));
    });
    const limit = (optionsFor(scenario).totalTimeoutMs ?? 0) + 1000;
    // The methods of one scenario run at once (the server counts attempts per method); the SDK suite
    // measures each alone.
    const bug = CANARY_BUGS.get(scenario.name);
    const methods = methodsOf(PLAN, scenario);
    const leaking = bug ? methods.filter((m) => !bug.notIn?.includes(m)) : [];
    const clean = methods.filter((m) => !leaking.includes(m));
    const scan =
      (known: CanaryBug | undefined) =>
      async (method: MethodName, { expect }: TestContext): Promise<void> => {
        const client = { url: urlFor(h, scenario, 'canary'), headers: HEADERS };
        const outcome = await settle(callSdk(scenario, method, client), limit);
        figures.sdkCases++;
        if (!outcome.settled) {
          if (knownBug(scenario.name, method)?.mayHang) figures.bugHangs++;
          else figures.hangs++;
        }
        // A hang is the SDK suite's failure to report; here it only must not be a known bug's.
        if (!outcome.settled && !knownBug(scenario.name, method)?.mayHang) {
          expect.fail(`${scenario.name} | ${method} did not settle within ${limit} ms`);
        }
        if (outcome.settled && !outcome.ok && !isSolRpcError(outcome.error)) figures.untyped++;
        const findings = show(scanError(outcome.ok ? outcome.value : outcome.error));
        count(findings, known);
        if (known && !onlyTheKnownBug(findings, known, `${scenario.name} | ${method}`)) return;
        expect(findings).toEqual([]);
      };
    if (clean.length > 0) it.concurrent.for(clean)('%s', { timeout: limit + 1000 }, scan(undefined));
    if (leaking.length > 0) it.concurrent.fails.for(leaking)('%s', { timeout: limit + 1000 }, scan(bug));
  });
});

const ADDRESS = paramsOf('getBalance')[0] as string;
const COMMANDS: ReadonlyArray<readonly string[]> = [['balance', ADDRESS], ['epoch-info'], ['gossip']];

async function cliScan(scenario: Scenario, verbose: boolean): Promise<string[]> {
  const url = urlFor(h, scenario, 'canary');
  const runs = await Promise.all(
    COMMANDS.map(async (command): Promise<string[]> => {
      const argv = [
        ...command,
        '--url',
        url,
        '--rpc-timeout',
        String(CLI_TIMEOUT_S),
        ...(verbose ? ['--verbose'] : []),
      ];
      const outcome = await settle(runCli(argv, home), CLI_LIMIT_MS);
      figures.cliRuns++;
      if (!outcome.settled) {
        if (knownBug(scenario.name, '*')?.mayHang) {
          figures.bugHangs++;
          return [];
        }
        figures.hangs++;
        return [`HANG: ${command[0]} did not end within ${CLI_LIMIT_MS} ms`];
      }
      const output = outcome.value as { out: string; err: string };
      return show([...scanText(output.out, `${command[0]} stdout`), ...scanText(output.err, `${command[0]} stderr`)]);
    }),
  );
  return runs.flat();
}

/** Adds findings to the figures: leaks of a known src bug apart from any other. */
function count(findings: string[], bug: CanaryBug | undefined): void {
  if (bug) figures.knownBugSecrets += findings.length;
  else figures.secrets += findings.length;
}

/**
 * For an `it.fails` case of a known bug: whether every finding is that bug's. Returning normally from
 * an `it.fails` case reports it as failing, which is what a new leak, or a fixed bug, must do.
 */
function onlyTheKnownBug(findings: string[], bug: CanaryBug, label: string): boolean {
  const unexpected = findings.filter((f) => !bug.symptom.test(f));
  if (unexpected.length === 0 && findings.length > 0) return true;
  console.error(`${label}: beyond the known bug: ${unexpected.join('; ') || 'no leak at all'}`);
  return false;
}

describe('CLI: balance, epoch-info and gossip with the canary URL, every scenario', () => {
  describe.each(SCENARIOS.map((s) => [s.name, s] as const))('%s', (_name, scenario) => {
    const bug = CANARY_BUGS.get(scenario.name);
    const cliBug = bug?.cli ? bug : undefined;
    for (const verbose of [false, true]) {
      (cliBug ? it.fails : it)(
        verbose ? 'prints no canary with --verbose' : 'prints no canary',
        async () => {
          // A fresh attempt count, so each run meets the same faults.
          h.server.reset((x) => scenario.handle(x, { otherOrigin: h.other.origin }));
          const findings = await cliScan(scenario, verbose);
          count(findings, cliBug);
          if (cliBug && !onlyTheKnownBug(findings, cliBug, `CLI ${scenario.name}`)) return;
          expect(findings).toEqual([]);
        },
        CLI_LIMIT_MS + 2000,
      );
    }
  });
});

// ---------------------------------------------------------------- keypair files

function newKeypair(): number[] {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32);
  const pub = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return [...seed, ...pub];
}

interface KeypairCase {
  name: string;
  /** The file's content. */
  text: (bytes: number[]) => string | Buffer;
  mode?: number;
  exitCode: number;
}

const list = (bytes: number[]) => `[${bytes.join(',')}]`;
const KEYPAIR_CASES: readonly KeypairCase[] = [
  { name: 'valid', text: list, exitCode: 0 },
  { name: 'valid, readable by others', text: list, mode: 0o644, exitCode: 0 },
  { name: 'valid, pretty-printed', text: (b) => JSON.stringify(b, null, 2), exitCode: 0 },
  { name: '63 elements', text: (b) => list(b.slice(0, 63)), exitCode: 2 },
  { name: '65 elements', text: (b) => list([...b, 7]), exitCode: 2 },
  { name: 'an element of 256', text: (b) => list(b.map((n, i) => (i === 40 ? 256 : n))), exitCode: 2 },
  { name: 'an element of -1', text: (b) => list(b.map((n, i) => (i === 5 ? -1 : n))), exitCode: 2 },
  { name: 'an element of 1.5', text: (b) => list(b.map((n, i) => (i === 63 ? 1.5 : n))), exitCode: 2 },
  { name: 'a string element', text: (b) => `[${b.map((n, i) => (i === 10 ? `"${n}"` : n)).join(',')}]`, exitCode: 2 },
  { name: 'a null element', text: (b) => `[${b.map((n, i) => (i === 0 ? 'null' : n)).join(',')}]`, exitCode: 2 },
  { name: 'a trailing comma', text: (b) => `[${b.join(',')},]`, exitCode: 2 },
  { name: 'leading zeros', text: (b) => `[${b.map((n) => String(n).padStart(3, '0')).join(',')}]`, exitCode: 2 },
  { name: 'truncated', text: (b) => list(b).slice(0, 120), exitCode: 2 },
  { name: 'an object', text: (b) => JSON.stringify({ secretKey: b }), exitCode: 2 },
  { name: 'nested arrays', text: (b) => JSON.stringify([b.slice(0, 32), b.slice(32)]), exitCode: 2 },
  { name: 'a base58 string', text: (b) => JSON.stringify(encodeBase58(Uint8Array.from(b))), exitCode: 2 },
  { name: 'halves that do not match', text: (b) => list(b.map((n, i) => (i === 50 ? n ^ 1 : n))), exitCode: 2 },
  { name: 'over 4 KiB', text: (b) => `${list(b)}${' '.repeat(5000)}`, exitCode: 2 },
  {
    name: 'numbers after invalid UTF-8',
    text: (b) => Buffer.concat([Buffer.from([0xff]), Buffer.from(list(b))]),
    exitCode: 2,
  },
];

describe('CLI: keypair files, valid and invalid, never echoed', () => {
  it.each(KEYPAIR_CASES.map((c) => [c.name, c] as const))('%s', async (_name, keypairCase) => {
    const bytes = newKeypair();
    const path = join(home, `${keypairCase.name.replace(/\W+/g, '-')}.json`);
    writeFileSync(path, keypairCase.text(bytes), { mode: keypairCase.mode ?? 0o600 });
    const ok = SCENARIOS.find((s) => s.name === 'ok') as Scenario;
    h.server.reset((x) => ok.handle(x, { otherOrigin: h.other.origin }));
    const url = urlFor(h, ok, 'canary');
    const base58 = encodeBase58(Uint8Array.from(bytes));
    const secretBase58 = encodeBase58(Uint8Array.from(bytes.slice(0, 32)));
    for (const argv of [
      ['balance', '--keypair', path, '--url', url],
      ['balance', '--keypair', path, '--url', url, '--verbose'],
      ['balance', path, '--url', url, '--verbose'],
    ]) {
      const { code, out, err } = await runCli(argv, home);
      figures.keypairRuns++;
      const runs = keypairRuns(bytes, `${out}\n${err}`);
      figures.keypairLeaks += runs.length;
      expect(runs, `${argv.join(' ')}\n${out}${err}`).toEqual([]);
      expect(`${out}${err}`).not.toContain(base58);
      expect(`${out}${err}`).not.toContain(secretBase58);
      const findings = show([...scanText(out, 'stdout'), ...scanText(err, 'stderr')]);
      figures.secrets += findings.length;
      expect(findings).toEqual([]);
      expect(code, `${argv.join(' ')}\n${err}`).toBe(keypairCase.exitCode);
    }
  });

  it('the scan sees a run of 3 numbers (the scan itself can fail)', () => {
    const bytes = [10, 200, 33, 4, 5];
    expect(keypairRuns(bytes, 'element 1 is 200, 33, 4')).toEqual(['200,33,4']);
    expect(keypairRuns(bytes, 'found 10 200 and then 33')).toEqual(['10,200,33']);
    expect(keypairRuns(bytes, 'expected 64 elements, found 5')).toEqual([]);
  });
});

describe('process', () => {
  it('saw no unhandled rejection or uncaught exception in the whole scan', () => {
    expect(unhandledSeen).toEqual([]);
  });
});
