/**
 * An app whose package.json says `"type": "commonjs"` (what `npm init -y` writes since npm 11), bundled
 * for a browser by esbuild with package.test.ts's settings. esbuild reads a `.js` file there that imports
 * but exports nothing as CommonJS, and then wraps every module it reaches, solrpc's included, in lazy init
 * functions whose helpers land in a chunk of their own: two files up front and about 1 KB more gzip. An
 * entry that esbuild reads as ESM (`.mjs`, or any `export`) gets exactly the ESM app's one file. This test
 * holds both halves of what docs/tree-shaking.md ("Apps in a CommonJS package") says.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installTarball } from '../support/installTarball.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const built = existsSync(join(root, 'dist/index.js'));
/** The getBalance app of package.test.ts, as a user would write it in their own folder. */
const APP = readFileSync(join(root, 'test/package/apps/getBalance.mjs'), 'utf8');

/** How esbuild ends an entry it read as CommonJS: `export default require_app();`, minified. */
const ENTRY_AS_COMMONJS = /export default [\w$]+\(\);\s*$/;

let work: string;
let app: string;

describe.runIf(built)('a browser app in a "type": "commonjs" package', () => {
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'solrpc-commonjs-'));
    const name = execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', work], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    })
      .trim()
      .split('\n')
      .at(-1) as string;
    app = join(work, 'app');
    mkdirSync(app);
    installTarball(root, join(work, name), app);
    // What npm 11's `npm init -y` writes: the type said out loud.
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(app, 'package.json'), JSON.stringify({ ...manifest, type: 'commonjs' }, null, 2));
    writeFileSync(join(app, 'app.js'), APP);
    writeFileSync(join(app, 'app.mjs'), APP);
    writeFileSync(join(app, 'exporting.js'), `${APP}export {};\n`);
    // The same file in a folder of the app that says "type": "module": the ESM app to compare with.
    mkdirSync(join(app, 'esm'));
    writeFileSync(join(app, 'esm/package.json'), '{ "type": "module" }\n');
    copyFileSync(join(app, 'app.js'), join(app, 'esm/app.js'));
  }, 180_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('an entry that imports and exports nothing: two files up front, the second only esbuild init helpers', async () => {
    const esm = await bundle('esm/app.js');
    const cjs = await bundle('app.js');
    console.info(
      `"type": "commonjs": ${cjs.minified} B minified, ${cjs.gzip} B gzip up front in ${cjs.files.length} files`,
    );
    expect(esm.files).toHaveLength(1);
    expect(cjs.files).toHaveLength(2);
    // The second file holds no module of the app or of solrpc: only esbuild's runtime.
    expect(cjs.inputCounts[1]).toBe(0);
    // The app's own file became a CommonJS module, run by a default export (a test, not a diff of 20 KB).
    expect(ENTRY_AS_COMMONJS.test(cjs.entryText)).toBe(true);
    expect(ENTRY_AS_COMMONJS.test(esm.entryText)).toBe(false);
    // The wrappers cost every app: measured +1,006 B gzip on the entry, +105 B for the helpers' chunk.
    expect(cjs.gzip).toBeGreaterThan(esm.gzip + 500);
    expect(cjs.gzip).toBeLessThan(esm.gzip + 1_600);
  });

  it.each(['app.mjs', 'exporting.js'])('%s, read as ESM there: the ESM app exactly, one file', async (entry) => {
    const esm = await bundle('esm/app.js');
    const same = await bundle(entry);
    expect(same.files).toHaveLength(1);
    expect(same.minified).toBe(esm.minified);
    expect(same.gzip).toBe(esm.gzip);
  });
});

/**
 * Bundles one entry of the app folder as package.test.ts does, and measures what loads before the first
 * call: the entry's chunk and every chunk it imports statically.
 */
async function bundle(entry: string) {
  const outdir = join(work, `bundle-${entry.replace(/\W/g, '-')}`);
  const { metafile } = await build({
    entryPoints: [join(app, entry)],
    absWorkingDir: app,
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir,
    metafile: true,
    logLevel: 'silent',
  });
  const entryFile = Object.keys(metafile.outputs).find((file) => metafile.outputs[file]?.entryPoint === entry);
  if (!entryFile) throw new Error(`no output for ${entry}`);
  const files = [entryFile];
  for (const file of files) {
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !files.includes(imported.path)) files.push(imported.path);
    }
  }
  const texts = files.map((file) => readFileSync(join(app, file), 'utf8'));
  return {
    files,
    inputCounts: files.map((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}).length),
    entryText: texts[0] as string,
    minified: texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0),
    gzip: texts.reduce((sum, text) => sum + gzipSync(text, { level: 9 }).length, 0),
  };
}

it.skipIf(built)('says plainly that the CommonJS-app check needs a build', () => {
  console.warn('dist/ is missing: run `npm run build` (npm test does) to check an app in a CommonJS package');
  expect(built).toBe(false);
});
