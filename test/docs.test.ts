/**
 * The documentation, checked so it cannot rot:
 * - the API reference: typedoc generates it into docs/api (git-ignored, never edited by hand) from the
 *   TSDoc of src/index.ts's exports. typedoc.json treats every warning as an error, so an export (or a
 *   field of an exported type) without TSDoc, a broken `{@link}` or an unexported type in a public
 *   signature fails this test, and with it CI;
 * - every ```ts block in docs/ and the README compiles as a module of its own, against the source
 *   (`'solrpc'`) and the installed packages (the migration guides' web3.js and kit code). A block that is
 *   not a whole program, a signature or a fragment, is fenced ```ts signature or ```ts fragment;
 * - the Prometheus textfile script of docs/monitoring.md runs against the simulated cluster.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { SIMULATION, startSimulatedCluster } from '../src/testing/simulatedCluster.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const typedoc = join(root, 'node_modules/typedoc/bin/typedoc');
const RUN_TIMEOUT_MS = 180_000;

interface Run {
  code: number | null;
  output: string;
}

/** Runs `node <args>` from the project's root with its own deadline; never rejects. */
function runNode(args: string[], env: Record<string, string> = {}, timeout = RUN_TIMEOUT_MS): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd: root, timeout, killSignal: 'SIGKILL', env: { ...process.env, NO_COLOR: '1', ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, output: stdout + stderr });
      },
    );
  });
}

const runTypedoc = (args: string[]) => runNode([typedoc, ...args]);

/** Markdown pages whose code is checked: every page in docs/ (docs/api excepted), and the README. */
function pages(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return path === 'docs/api' ? [] : walk(path);
      return entry.name.endsWith('.md') ? [path] : [];
    });
  return ['README.md', ...walk('docs')];
}

/** The ```ts blocks of a page (not ```ts signature or ```ts fragment), with the line each starts on. */
function tsBlocks(page: string): { line: number; code: string }[] {
  const text = readFileSync(join(root, page), 'utf8');
  return [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => ({
    line: text.slice(0, match.index).split('\n').length + 1,
    code: match[1] as string,
  }));
}

/** Where snippets are written: inside the project, so that imports resolve from its node_modules. */
const cache = join(root, 'node_modules/.cache/solrpc-docs-test');

/** Every name the package's entry points (src/index.ts, src/node.ts) export, types included. */
function publicExports(): string[] {
  const entries = ['src/index.ts', 'src/node.ts'].map((entry) => join(root, entry));
  const program = ts.createProgram(entries, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  return entries.flatMap((entry) => {
    const module = checker.getSymbolAtLocation(program.getSourceFile(entry) as ts.SourceFile) as ts.Symbol;
    return checker.getExportsOfModule(module).map((symbol) => symbol.name);
  });
}

const PAGE_KINDS = new Set(['classes', 'functions', 'interfaces', 'types', 'variables']);

/** The names typedoc wrote a page for. With two entry points, pages are named `index.createRpc.html`. */
function documentedNames(dir: string): string[] {
  return [...PAGE_KINDS].flatMap((kind) =>
    existsSync(join(dir, kind))
      ? readdirSync(join(dir, kind)).map((file) => file.replace(/(-\d+)?\.html$/, '').replace(/^(index|node)\./, ''))
      : [],
  );
}

describe('the API reference (typedoc)', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'solrpc-typedoc-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it(
    'is generated into docs/api with no warning, with a page for every export of both entry points',
    async () => {
      const run = await runTypedoc([]);
      expect({ code: run.code, warnings: run.output.match(/^.*\[(warning|error)\].*$/gm) ?? [] }).toEqual({
        code: 0,
        warnings: [],
      });
      const api = join(root, 'docs/api');
      expect(existsSync(join(api, 'index.html'))).toBe(true);
      const documented = new Set(documentedNames(api));
      const exported = publicExports();
      expect(exported).toContain('createRpc');
      expect(exported).toContain('createNodeFetch');
      expect(exported.filter((name) => !documented.has(name))).toEqual([]);
    },
    RUN_TIMEOUT_MS + 10_000,
  );

  it(
    'fails when an export has no TSDoc, naming it',
    async () => {
      // test/fixtures/typedoc/typedoc.json extends the project's typedoc.json with a two-export entry point.
      const run = await runTypedoc(['--options', 'test/fixtures/typedoc/typedoc.json', '--out', scratch]);
      expect(run.code).not.toBe(0);
      expect(run.output).toMatch(/undocumentedFunction \(\w+\), defined in .* does not have any documentation/);
      expect(run.output).not.toMatch(/\bdocumentedFunction \(/);
    },
    RUN_TIMEOUT_MS + 10_000,
  );
});

describe('the code in the documentation', () => {
  it(
    'compiles: every ```ts block of docs/ and the README, each as a module of its own',
    () => {
      const dir = join(cache, 'snippets');
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const origins = new Map<string, string>();
      for (const page of pages()) {
        for (const { line, code } of tsBlocks(page)) {
          const file = join(dir, `${page.replace(/[/.]/g, '_')}_${line}.ts`);
          // 'solrpc' is the source here; `export {}` makes even an import-less block a module.
          writeFileSync(
            file,
            `${code
              .replaceAll("from 'solrpc/testing/msw'", `from '${join(root, 'src/testing/msw.js')}'`)
              .replaceAll("from 'solrpc/testing'", `from '${join(root, 'src/testing/index.js')}'`)
              .replaceAll("from 'solrpc/node'", `from '${join(root, 'src/node.js')}'`)
              .replaceAll("from 'solrpc'", `from '${join(root, 'src/index.js')}'`)}\nexport {};\n`,
          );
          origins.set(file, `${page}:${line}`);
        }
      }
      expect(origins.size).toBeGreaterThan(20);

      const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
      const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
      const program = ts.createProgram([...origins.keys()], { ...options, noEmit: true });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .filter((d) => d.file && origins.has(d.file.fileName))
        .map((d) => {
          const file = d.file as ts.SourceFile;
          const { line } = file.getLineAndCharacterOfPosition(d.start ?? 0);
          const [page, first] = (origins.get(file.fileName) as string).split(':');
          return `${page}:${Number(first) + line}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
        });
      expect(problems).toEqual([]);
    },
    RUN_TIMEOUT_MS,
  );

  it('runs: the Prometheus textfile script of docs/monitoring.md writes one gauge per check', async () => {
    const text = readFileSync(join(root, 'docs/monitoring.md'), 'utf8');
    const section = text.slice(text.indexOf('## Prometheus textfile'));
    const script = section.match(/^```ts\n([\s\S]*?)^```$/m)?.[1];
    expect(script).toContain('solrpc_validator_verdict');

    const dir = join(cache, 'textfile');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'validator-textfile.ts'), script as string);
    // Bundled as the page says, with 'solrpc' resolved to the source.
    await build({
      entryPoints: [join(dir, 'validator-textfile.ts')],
      outfile: join(dir, 'validator-textfile.mjs'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      alias: { 'solrpc/node': join(root, 'src/node.ts'), solrpc: join(root, 'src/index.ts') },
      conditions: ['solrpc-source'],
      external: ['cross-fetch'],
      logLevel: 'silent',
    });

    const cluster = await startSimulatedCluster();
    try {
      const alpha = SIMULATION.validators[0] as (typeof SIMULATION.validators)[number];
      const target = join(dir, 'solrpc.prom');
      const run = await runNode(
        [relative(root, join(dir, 'validator-textfile.mjs')), alpha.identity, alpha.vote],
        { RPC_URL: cluster.url, TEXTFILE: target },
        30_000,
      );
      expect(run).toEqual({ code: 0, output: '' });
      const id = `identity="${alpha.identity}"`;
      const metrics = readFileSync(target, 'utf8').split('\n');
      expect(metrics.filter((line) => line.startsWith('solrpc_validator_verdict{'))).toEqual(
        [
          'all',
          'visible',
          'voting',
          'staked',
          'cluster-progress',
          'vote-progress',
          'leader-slots',
          'skip-rate',
          'node-health',
          'snapshot',
        ].map((check) => `solrpc_validator_verdict{${id},check="${check}"} 0`),
      );
      expect(metrics).toContain(`solrpc_validator_activated_stake_lamports{${id}} 13822119736540281`);
      expect(metrics).toContain(`solrpc_validator_slots_behind{${id}} 1`);
      expect(metrics.find((line) => line.startsWith('solrpc_validator_last_run_timestamp_seconds'))).toMatch(
        new RegExp(`^solrpc_validator_last_run_timestamp_seconds\\{${id}\\} \\d{10}$`),
      );
      // Every sample belongs to a family declared with HELP and TYPE, as the exposition format wants.
      const families = metrics.filter((line) => line.startsWith('# TYPE ')).map((line) => line.split(' ')[2]);
      const samples = metrics.filter((line) => line !== '' && !line.startsWith('#'));
      expect(samples.every((line) => families.includes(line.split('{')[0]))).toBe(true);
      expect(readdirSync(dir).filter((file) => file.startsWith('solrpc.prom.'))).toEqual([]);
    } finally {
      await cluster.close();
    }
  }, 60_000);
});
