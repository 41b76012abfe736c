/**
 * The package as users get it: packed with `npm pack`, installed into a fresh folder, and used there
 * through `import`, `require` and the `solrpc` bin, then bundled for a browser by esbuild to prove what
 * an app carries. `npm test` builds first; without dist/ the suite says so and skips.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatedCluster } from '../../src/cli/demo/simulatedCluster.js';
import { loadCase } from '../support/conformance.js';
import { installTarball } from '../support/installTarball.js';
import { METHOD_NAMES } from '../support/methodProfiles.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const built = existsSync(join(root, 'dist/index.js')) && existsSync(join(root, 'dist/index.cjs'));
const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', timeout: 120_000, stdio: ['ignore', 'pipe', 'pipe'] });

let work: string;
let app: string;
let tarball: string;

describe.runIf(built)('the packed package', () => {
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'solrpc-package-'));
    // dist/ is built by `npm test`; packing must not build again.
    const name = run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', work], root)
      .trim()
      .split('\n')
      .at(-1) as string;
    tarball = join(work, name);
    app = join(work, 'app');
    mkdirSync(app);
    installTarball(root, tarball, app);
  }, 180_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('holds exactly the whitelisted files: dist, README, LICENSE, CHANGELOG, package.json', () => {
    const listed = run('tar', ['tzf', tarball], work)
      .trim()
      .split('\n')
      .map((path) => path.replace(/^package\//, ''))
      .sort();
    const expected = [
      ...walk(join(root, 'dist')).map((path) => relative(root, path)),
      'CHANGELOG.md',
      'LICENSE',
      'README.md',
      'package.json',
    ].sort();
    expect(listed).toEqual(expected);
  });

  it('passes publint with no problems', async () => {
    const { publint } = await import('publint');
    const tarballBytes = readFileSync(tarball);
    const { messages } = await publint({
      pack: {
        tarball: tarballBytes.buffer.slice(tarballBytes.byteOffset, tarballBytes.byteOffset + tarballBytes.length),
      },
      level: 'suggestion',
      strict: true,
    });
    expect(messages).toEqual([]);
  });

  it('passes @arethetypeswrong/cli with no problems in any resolution mode', () => {
    const attw = join(root, 'node_modules/.bin/attw');
    const report = JSON.parse(runAllowFailure(attw, [tarball, '--format', 'json'], work)) as {
      analysis: { problems: unknown[] };
    };
    expect(report.analysis.problems).toEqual([]);
  });

  it('works through import and require, zstd and the solrpc/node entry included', () => {
    const c = loadCase('getAccountInfo.base64zstd.token-account.json');
    for (const mode of ['import', 'require']) {
      const out = run(process.execPath, [join(root, 'test/package/smoke.mjs'), mode], app);
      expect(JSON.parse(out)).toEqual({
        hex: c.expect['value.data.hex'],
        nodeHex: c.expect['value.data.hex'],
        rentEpoch: '18446744073709551615',
        refused: true,
      });
    }
  });

  it('works through the solrpc bin', async () => {
    const bin = join(app, 'node_modules/.bin/solrpc');
    expect(run(bin, ['--version'], app).trim()).toMatch(/^solrpc \d+\.\d+\.\d+$/);
    const cluster = await startSimulatedCluster();
    try {
      // Asynchronously: the simulated cluster answers from this process's event loop.
      const { stdout: out } = await promisify(execFile)(bin, ['gossip', '--url', cluster.url], {
        cwd: app,
        timeout: 30_000,
      });
      expect(out).toMatch(/^IP Address {6}\| Identity/);
      expect(out.trim().split('\n').at(-1)).toBe('Nodes: 5');
    } finally {
      await cluster.close();
    }
  });

  describe('in a browser bundle', () => {
    // Up-front gzip sizes measured with this test's esbuild settings; see docs/tree-shaking.md. Raise a
    // ceiling only in the commit that causes the growth, and say why there.
    const CEILINGS = { getBalance: 8_816, getAccountInfo: 11_768, full: 26_730 };
    const NEVER = [
      'cross-fetch',
      'node-fetch',
      'XMLHttpRequest',
      'node:',
      'parseArgs',
      'solrpc demo',
      'simulated cluster',
      // Sending and confirming are separate exports (src/send/), never bound into a client.
      'TransactionExpiredError',
      'TransactionFailedError',
      'resendIntervalMs',
      // Paging an address's history is a separate export too (src/history/).
      'options.pageSize',
    ];

    async function bundle(name: keyof typeof CEILINGS) {
      const outdir = join(work, `bundle-${name}`);
      const result = await build({
        entryPoints: [join(root, `test/package/apps/${name}.mjs`)],
        absWorkingDir: app,
        nodePaths: [join(app, 'node_modules')],
        bundle: true,
        minify: true,
        splitting: true,
        format: 'esm',
        platform: 'browser',
        outdir,
        metafile: true,
        logLevel: 'silent',
      });
      return upFront(result.metafile, `${name}.mjs`);
    }

    it.each(Object.keys(CEILINGS) as (keyof typeof CEILINGS)[])('%s stays under its gzip ceiling', async (name) => {
      const { gzip, text, inputs } = await bundle(name);
      console.info(`${name}: ${gzip} bytes gzip up front`);
      expect(gzip).toBeLessThanOrEqual(CEILINGS[name]);
      for (const word of NEVER) expect(text).not.toContain(word);
      // fzstd never loads up front: it is a separate chunk, fetched with the first zstd payload.
      expect(inputs.some((input) => input.includes('fzstd'))).toBe(false);
      // Nor superstruct: it is loaded with the first refused response, to name the failing field.
      expect(inputs.some((input) => input.includes('superstruct'))).toBe(false);
      // Nor the error texts (code names, hints): they are loaded with the first RPC or HTTP error.
      expect(inputs.some((input) => input.endsWith('errors/hints.js'))).toBe(false);
      expect(text).not.toContain('--full-rpc-api');
      if (name !== 'full') {
        const own = name;
        // Every other method of the profile table: its wire name must not be in this app's bundle.
        for (const method of METHOD_NAMES.filter((m) => m !== own)) expect(text).not.toContain(`"${method}"`);
        expect(text).toContain(`"${own}"`);
      }
    });
  });
});

it.skipIf(built)('says plainly that the package checks need a build', () => {
  console.warn('dist/ is missing: run `npm run build` (npm test does) to check the packed package');
  expect(built).toBe(false);
});

/**
 * The app's entry chunk and every chunk it imports statically, directly or through another chunk: what
 * the browser loads before any call. (A lazily imported module is an entry point of its own in the
 * metafile, so the app's entry is found by its file name.)
 */
function upFront(metafile: Metafile, appFile: string) {
  const entryFile = Object.keys(metafile.outputs).find((file) =>
    metafile.outputs[file]?.entryPoint?.endsWith(`apps/${appFile}`),
  ) as string;
  const files = [entryFile];
  for (const file of files) {
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !files.includes(imported.path)) files.push(imported.path);
    }
  }
  // Metafile paths are relative to the build's working directory, the app folder.
  const texts = files.map((file) => readFileSync(join(app, file)).toString());
  const inputs = files.flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}));
  return {
    gzip: texts.reduce((sum, text) => sum + gzipSync(text, { level: 9 }).length, 0),
    text: texts.join('\n'),
    inputs,
  };
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** attw exits non-zero when it finds problems; the JSON report says which. */
function runAllowFailure(command: string, args: string[], cwd: string): string {
  try {
    return run(command, args, cwd);
  } catch (error) {
    const stdout = (error as { stdout?: string }).stdout;
    if (stdout) return stdout;
    throw error;
  }
}
