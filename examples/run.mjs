#!/usr/bin/env node
/**
 * Runs one example: `npm run example -- <name> [args…]` (or `node examples/run.mjs <name> [args…]`).
 *
 * Node 20 cannot run TypeScript, so the example is bundled with the project's esbuild (resolving
 * solrpc to its source, as the tests do) into node_modules/.cache, then imported in this process with
 * its own arguments. The same runner is what test/examples.test.ts runs in CI.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const names = readdirSync(here)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.slice(0, -3));
const [name, ...args] = process.argv.slice(2);

if (!name || !names.includes(name)) {
  console.error(`usage: npm run example -- <${names.join('|')}> [args…]`);
  process.exit(64);
}

const outdir = join(here, '..', 'node_modules', '.cache', 'solrpc-examples');
mkdirSync(outdir, { recursive: true });
const outfile = join(outdir, `${name}.${process.pid}.mjs`);
await build({
  entryPoints: [join(here, `${name}.ts`)],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node18',
  // package.json's `imports` map `#fallback-fetch` to src/ under this condition.
  conditions: ['solrpc-source'],
  // CommonJS packages, which an ESM bundle cannot require: cross-fetch (loaded only where Node has no
  // global fetch) and ws (subscriptions in Node, and the simulated cluster's WebSocket side).
  external: ['cross-fetch', 'ws'],
  logLevel: 'warning',
});

// The example reads process.argv.slice(2) as if it had been run directly.
process.argv = [process.argv[0], outfile, ...args];
try {
  // Resolves once the example's top-level code (awaits included) has finished.
  await import(pathToFileURL(outfile).href);
} finally {
  rmSync(outfile, { force: true });
}
